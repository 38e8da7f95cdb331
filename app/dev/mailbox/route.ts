import { env } from "@/lib/env";
import { notFound } from "@/lib/http/errors";
import { listMailbox } from "@/lib/mail/mailbox";
import { mailboxListPage } from "@/lib/mail/mailbox-page";
import { withRouteErrors } from "@/lib/http/route-errors";

export const GET = withRouteErrors(async (req: Request): Promise<Response> => {
  if (!env.mailboxEnabled) throw notFound();
  const params = new URL(req.url).searchParams;
  const messages = await listMailbox(params.get("to"));
  if (params.get("format") === "json") return Response.json(messages, { headers: { "cache-control": "no-store" } });
  return mailboxListPage(messages, params.get("to"));
});
