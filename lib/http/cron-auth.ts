import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";

/** `Authorization: Bearer $CRON_SECRET`, compared in constant time; no secret configured, no access. */
export function isCronAuthorized(req: Request): boolean {
  const secret = env.cronSecret;
  const header = req.headers.get("authorization");
  if (!secret || !header?.startsWith("Bearer ")) return false;
  // Hash both sides so the comparison takes the same time whatever the lengths.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(header.slice("Bearer ".length)), digest(secret));
}
