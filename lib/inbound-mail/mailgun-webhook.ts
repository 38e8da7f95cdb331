import "server-only";
import { env } from "@/lib/env";
import { errorResponse } from "@/lib/http/errors";
import { hitRateLimit, type RateLimitRule } from "@/lib/http/rate-limit";
import { deliverMail, MAX_MAIL_BYTES, TOO_LARGE_MESSAGE } from "@/lib/inbound-mail/deliver-mail";
import { checkMailgunSignature } from "@/lib/inbound-mail/mailgun-signature";
import { SAVE_BY_EMAIL_OFF_MESSAGE } from "@/lib/inbound-mail/save-address";
import { mailgunInboundSchema } from "@/lib/validations/mailgun-inbound";

// POST /api/inbound/mailgun/mime (docs/decisions/0327): a Mailgun route's forward() to this URL posts
// each received message as its raw MIME with the envelope and a signature. Answers follow Mailgun's
// retry rules: 200 saved (done), 406 refused (never retried: the mail will never be saved), any
// other status (a bad signature, too many mails now, the database down) is retried for 8 hours.

/** The whole request: a 10 MB message, form-encoded (which can grow it), and the other fields. */
const MAX_REQUEST_BYTES = 3 * MAX_MAIL_BYTES + 1024 * 1024;

/** A token is taken once: a replayed request (same timestamp, token and signature) is refused. */
const TOKEN_SEEN: RateLimitRule = { name: "mailgun-token", limit: 1, windowSeconds: 15 * 60 };

export const INVALID_SIGNATURE_MESSAGE = "Invalid signature";
export const STALE_SIGNATURE_MESSAGE = "The signature's timestamp is more than 5 minutes from now.";
export const REPLAYED_SIGNATURE_MESSAGE = "This signature was used before.";

/** The body, or null once it passes `limit` bytes (the rest is not read). */
async function readCapped(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!req.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.length;
  }
  return body;
}

async function readForm(req: Request, body: Uint8Array<ArrayBuffer>): Promise<FormData | null> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType)) return null;
  return new Response(body, { headers: { "content-type": contentType } }).formData().catch(() => null);
}

const formText = (form: FormData) =>
  Object.fromEntries(
    [...form.keys()].map((key) => [key, form.get(key)]).filter(([, value]) => typeof value === "string"),
  );

export async function handleMailgunInbound(req: Request, now = new Date()): Promise<Response> {
  const signingKey = env.mailgunSigningKey;
  if (!signingKey || !env.inboundEmailDomain) return errorResponse(404, "not_found", SAVE_BY_EMAIL_OFF_MESSAGE);
  const body = await readCapped(req, MAX_REQUEST_BYTES);
  if (body === null) return errorResponse(406, "mail_refused", TOO_LARGE_MESSAGE);
  const form = await readForm(req, body);
  const parsed = form ? mailgunInboundSchema.safeParse(formText(form)) : null;
  if (!parsed?.success) return errorResponse(401, "invalid_signature", INVALID_SIGNATURE_MESSAGE);
  const fields = parsed.data;

  const check = checkMailgunSignature(signingKey, fields, now);
  if (check === "forged") return errorResponse(401, "invalid_signature", INVALID_SIGNATURE_MESSAGE);
  if (check === "stale") return errorResponse(401, "invalid_signature", STALE_SIGNATURE_MESSAGE);
  if (!(await hitRateLimit(TOKEN_SEEN, fields.token)).allowed)
    return errorResponse(401, "invalid_signature", REPLAYED_SIGNATURE_MESSAGE);

  const outcome = await deliverMail(
    { recipient: fields.recipient, envelopeSender: fields.sender, source: Buffer.from(fields["body-mime"], "utf8") },
    now,
  );
  switch (outcome.status) {
    case "saved":
      return Response.json({ received: true, saved: outcome.saved.kind, linkId: outcome.saved.link.id });
    case "refused":
      return errorResponse(406, "mail_refused", outcome.message);
    case "deferred":
      return outcome.reason === "limit"
        ? errorResponse(429, "rate_limited", outcome.message, { "Retry-After": String(outcome.retryAfterSeconds) })
        : errorResponse(503, "unavailable", outcome.message);
  }
}
