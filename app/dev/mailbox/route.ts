import { env } from "@/lib/env";
import { badRequest, notFound } from "@/lib/http/errors";
import { listMailbox } from "@/lib/mail/mailbox";
import { mailboxListPage } from "@/lib/mail/mailbox-page";
import { withRouteErrors } from "@/lib/http/route-errors";

export const GET = withRouteErrors(async (req: Request): Promise<Response> => {
  if (!env.mailboxEnabled) throw notFound();
  const params = new URL(req.url).searchParams;
  const to = params.get("to");
  // No stored address holds a NUL, and the database cannot compare text that does.
  if (to?.includes("\u0000")) throw badRequest("The recipient address contains a NUL character.");
  const messages = await listMailbox(to);
  if (params.get("format") === "json") return Response.json(messages, { headers: { "cache-control": "no-store" } });
  return mailboxListPage(messages, params.get("to"));
});
