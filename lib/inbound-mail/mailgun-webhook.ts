import "server-only";
import { env } from "@/lib/env";
import { errorResponse } from "@/lib/http/errors";
import { hitRateLimit } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { deliverMail, MAX_MAIL_BYTES, TOO_LARGE_MESSAGE } from "@/lib/inbound-mail/deliver-mail";
import { checkMailgunSignature } from "@/lib/inbound-mail/mailgun-signature";
import { TurnGate } from "@/lib/http/turn-gate";
import { SAVE_BY_EMAIL_OFF_MESSAGE } from "@/lib/inbound-mail/save-address";
import { mailgunInboundSchema } from "@/lib/inbound-mail/schemas";

// POST /api/inbound/mailgun/mime (docs/decisions/0327): a Mailgun route's forward() to this URL posts
// each received message as its raw MIME with the envelope and a signature. Answers follow Mailgun's
// retry rules: 200 saved (done), 406 refused (never retried: the mail will never be saved), any
// other status (a bad signature, too many mails now, the database down) is retried for 8 hours.
// The signature sits in the same form as the message, in no promised order, so the body is read
// before it can be checked: only a form is read at all, a few bodies at a time for the process,
// each within a deadline (decision 0350).

/** The whole request: a 10 MB message, form-encoded (which can grow it), and the other fields. */
const MAX_REQUEST_BYTES = 3 * MAX_MAIL_BYTES + 1024 * 1024;

/** Unsigned bodies read at once by this process, and how many more may wait (they hold nothing yet). */
const UNSIGNED_AT_ONCE = 2;
const UNSIGNED_WAITING = 32;
/** The most time one body may take to arrive: a sender that drips its bytes gives up its turn. */
const READ_DEADLINE_MS = 60_000;

const unsignedBodies = new TurnGate(UNSIGNED_AT_ONCE, UNSIGNED_WAITING);

export const BUSY_MESSAGE = "Too many messages are being received right now. Please try again later.";

/** A token is taken once: a replayed request (same timestamp, token and signature) is refused. */
const TOKEN_SEEN: RateLimitRule = { name: "mailgun-token", limit: 1, windowSeconds: 15 * 60 };

export const INVALID_SIGNATURE_MESSAGE = "Invalid signature";
export const STALE_SIGNATURE_MESSAGE = "The signature's timestamp is more than 5 minutes from now.";
export const REPLAYED_SIGNATURE_MESSAGE = "This signature was used before.";

/** The body, or null once it passes `limit` bytes or READ_DEADLINE_MS (the rest is not read). */
async function readCapped(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) return null;
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  // Cut short, the body is not a whole form: refused as unsigned (401), which Mailgun retries.
  const deadline = setTimeout(() => void reader.cancel(), READ_DEADLINE_MS);
  try {
    return await readAll(reader, limit);
  } finally {
    clearTimeout(deadline);
  }
}

async function readAll(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const chunks: Uint8Array[] = [];
  let total = 0;
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

const isForm = (contentType: string) =>
  /^(multipart\/form-data|application\/x-www-form-urlencoded)\b/i.test(contentType);

async function readForm(contentType: string, body: Uint8Array<ArrayBuffer>): Promise<FormData | null> {
  return new Response(body, { headers: { "content-type": contentType } }).formData().catch(() => null);
}

const formText = (form: FormData) =>
  Object.fromEntries(
    [...form.keys()].map((key) => [key, form.get(key)]).filter(([, value]) => typeof value === "string"),
  );

/** The form's fields once its signature holds, or the answer that refuses it. */
async function readSigned(req: Request, contentType: string, signingKey: string, now: Date) {
  const body = await readCapped(req, MAX_REQUEST_BYTES);
  if (body === null) return errorResponse(406, "mail_refused", TOO_LARGE_MESSAGE);
  const form = await readForm(contentType, body);
  const parsed = form ? mailgunInboundSchema.safeParse(formText(form)) : null;
  if (!parsed?.success) return errorResponse(401, "invalid_signature", INVALID_SIGNATURE_MESSAGE);
  const fields = parsed.data;

  const check = checkMailgunSignature(signingKey, fields, now);
  if (check === "forged") return errorResponse(401, "invalid_signature", INVALID_SIGNATURE_MESSAGE);
  if (check === "stale") return errorResponse(401, "invalid_signature", STALE_SIGNATURE_MESSAGE);
  if (!(await hitRateLimit(TOKEN_SEEN, fields.token)).allowed)
    return errorResponse(401, "invalid_signature", REPLAYED_SIGNATURE_MESSAGE);
  return fields;
}

export async function handleMailgunInbound(req: Request, now = new Date()): Promise<Response> {
  const signingKey = env.mailgunSigningKey;
  if (!signingKey || !env.inboundEmailDomain) return errorResponse(404, "not_found", SAVE_BY_EMAIL_OFF_MESSAGE);
  // Not a form: no signature can be in it, and nothing of it is read.
  const contentType = req.headers.get("content-type") ?? "";
  if (!isForm(contentType)) return errorResponse(401, "invalid_signature", INVALID_SIGNATURE_MESSAGE);
  const turn = await unsignedBodies.enter();
  if (!turn) return errorResponse(503, "unavailable", BUSY_MESSAGE, { "Retry-After": "60" });
  let signed: Awaited<ReturnType<typeof readSigned>>;
  try {
    signed = await readSigned(req, contentType, signingKey, now);
  } finally {
    turn();
  }
  if (signed instanceof Response) return signed;
  const fields = signed;

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
