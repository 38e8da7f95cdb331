import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

// A user's save key, carried by their bookmarklet (lib/bookmarklet.ts). Any site can open
// /save?url=… in a window; only with the signed-in user's own key does the page save at once,
// otherwise it asks first, so no other site can slip a link into someone's stash (and so into
// their digest). An HMAC of the user id with AUTH_SECRET: nothing is stored, and it changes when
// AUTH_SECRET does (an old bookmarklet then asks before saving until it is dragged again).

const KEY = /^[A-Za-z0-9_-]{43}$/;

function keyFor(userId: string): Buffer {
  return createHmac("sha256", env.authSecret).update(`save-key:${userId}`).digest();
}

export function saveKey(userId: string): string {
  return keyFor(userId).toString("base64url");
}

export function isSaveKey(userId: string, key: string | null | undefined): boolean {
  if (typeof key !== "string" || !KEY.test(key)) return false;
  const given = Buffer.from(key, "base64url");
  const expected = keyFor(userId);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
