import { env } from "@/lib/env";
import { listMailbox } from "@/lib/mailbox";
import { mailboxListPage } from "@/lib/mailbox-page";

export async function GET(req: Request): Promise<Response> {
  if (!env.mailboxEnabled) return Response.json({ message: "Not found" }, { status: 404 });
  const params = new URL(req.url).searchParams;
  const messages = await listMailbox(params.get("to"));
  if (params.get("format") === "json") return Response.json(messages, { headers: { "cache-control": "no-store" } });
  return mailboxListPage(messages, params.get("to"));
}
