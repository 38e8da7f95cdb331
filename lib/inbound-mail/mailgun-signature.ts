import { createHmac, timingSafeEqual } from "node:crypto";

// Mailgun's webhook signature (its "Securing Webhooks"): hex HMAC-SHA256 of the timestamp and the
// token joined with nothing between, keyed with the HTTP webhook signing key. Pure (no I/O).

/** How far a signature's timestamp may be from now, either way, in seconds. */
export const SIGNATURE_FRESHNESS_SECONDS = 5 * 60;

export type SignatureCheck = "valid" | "forged" | "stale";

export function mailgunSignature(signingKey: string, timestamp: string, token: string): string {
  return createHmac("sha256", signingKey)
    .update(timestamp + token)
    .digest("hex");
}

export function checkMailgunSignature(
  signingKey: string,
  fields: { timestamp: string; token: string; signature: string },
  now: Date,
): SignatureCheck {
  const expected = Buffer.from(mailgunSignature(signingKey, fields.timestamp, fields.token), "utf8");
  const given = Buffer.from(fields.signature.toLowerCase(), "utf8");
  // Compared in constant time; only the length (always 64 for a real one) shows earlier.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "forged";
  if (!/^\d{1,12}$/.test(fields.timestamp)) return "forged";
  const age = now.getTime() / 1000 - Number(fields.timestamp);
  return Math.abs(age) <= SIGNATURE_FRESHNESS_SECONDS ? "valid" : "stale";
}
