import { env } from "@/lib/env";
import { notFound } from "@/lib/http/errors";
import { getMailboxMessage } from "@/lib/mail/mailbox";
import { mailboxMessagePage } from "@/lib/mail/mailbox-page";
import { withRouteErrors } from "@/lib/http/route-errors";

export const GET = withRouteErrors(
  async (_req: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> => {
    const message = env.mailboxEnabled ? await getMailboxMessage((await params).id) : null;
    if (!message) throw notFound();
    return mailboxMessagePage(message);
  },
);
