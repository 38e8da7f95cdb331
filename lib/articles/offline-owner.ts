import "server-only";
import { sign } from "@/lib/auth/signatures";

/**
 * Names the user whose reader pages a browser keeps for reading offline (public/sw.js drops the
 * pages of anyone else): the same key on every visit of theirs, and not their id.
 */
export function offlineReaderOwner(userId: string): string {
  return sign(`offline-reader:${userId}`).toString("base64url").slice(0, 22);
}
