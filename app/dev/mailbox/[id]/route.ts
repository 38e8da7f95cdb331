import { env } from "@/lib/env";
import { notFound } from "@/lib/errors";
import { getMailboxMessage } from "@/lib/mailbox";
import { mailboxMessagePage } from "@/lib/mailbox-page";
import { withRouteErrors } from "@/lib/route-errors";

export const GET = withRouteErrors(async (_req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> => {
  const message = env.mailboxEnabled ? await getMailboxMessage((await params).id) : null;
  if (!message) throw notFound();
  return mailboxMessagePage(message);
});
