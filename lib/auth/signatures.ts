import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// Signed credentials handed out in links and bookmarklets (unsubscribe, mark as read, the save
// key): an HMAC-SHA256 with AUTH_SECRET, so nothing is stored and every one of them stops working
// when the secret changes. Each message starts with its purpose ("unsubscribe:…"), so a signature
// made for one use is never valid for another.

export function sign(message: string): Buffer {
  return createHmac("sha256", env.authSecret).update(message).digest();
}

/**
 * Whether `given` is sign(message) in base64url, compared in constant time. Only the canonical
 * encoding is accepted (no padding, no stray characters), so each message has exactly one form.
 */
export function isSignatureOf(given: string, message: string): boolean {
  const bytes = Buffer.from(given, "base64url");
  if (bytes.toString("base64url") !== given) return false;
  const expected = sign(message);
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}
