import { env } from "@/lib/env";
import { getMailboxMessage } from "@/lib/mailbox";
import { mailboxMessagePage } from "@/lib/mailbox-page";

export async function GET(_req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const message = env.mailboxEnabled ? await getMailboxMessage((await params).id) : null;
  if (!message) return Response.json({ message: "Not found" }, { status: 404 });
  return mailboxMessagePage(message);
}
