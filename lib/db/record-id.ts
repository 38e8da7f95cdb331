import { randomBytes } from "node:crypto";

/** An id for rows inserted with SQL, shaped like the cuids Prisma gives them: "c", the time in
 *  base 36, then 72 random bits (base64url), so ids sort roughly by creation and pass isRecordId. */
export function newRecordId(): string {
  return `c${Date.now().toString(36)}${randomBytes(9).toString("base64url")}`;
}
