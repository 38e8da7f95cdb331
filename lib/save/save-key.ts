import "server-only";
import { isSignatureOf, sign } from "@/lib/auth/signatures";

// A user's save key, carried by their bookmarklet (lib/save/bookmarklet.ts). Any site can open
// /save?url=… in a window; only with the signed-in user's own key does the page save at once,
// otherwise it asks first, so no other site can slip a link into someone's stash (and so into
// their digest). A signature of the user id (lib/auth/signatures.ts): nothing is stored, and it changes
// when AUTH_SECRET does (an old bookmarklet then asks before saving until it is dragged again).

const message = (userId: string) => `save-key:${userId}`;

export function saveKey(userId: string): string {
  return sign(message(userId)).toString("base64url");
}

export function isSaveKey(userId: string, key: string | null | undefined): boolean {
  return typeof key === "string" && isSignatureOf(key, message(userId));
}
