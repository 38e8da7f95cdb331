import { Prisma } from "@/lib/generated/prisma/client";

const UNIQUE_VIOLATION = "23505";

/** The SQLSTATE a driver adapter's error carries: `code` from PGlite, `originalCode` from pg. */
function driverErrorCode(error: unknown): unknown {
  if (!(error instanceof Error)) return undefined;
  const cause: unknown = error.cause;
  if (typeof cause !== "object" || cause === null) return undefined;
  if ("originalCode" in cause) return cause.originalCode;
  return "code" in cause ? cause.code : undefined;
}

// A unique violation surfaces as Prisma's P2002 through the PostgreSQL adapter, but as the raw
// driver error (SQLSTATE 23505 in `cause`) through the PGlite adapter; a raw query's surfaces as
// P2010 on both, with the driver's error in `meta`. Recognise all of them.
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    if (error.code === "P2002") return true;
    return error.code === "P2010" && driverErrorCode(error.meta?.driverAdapterError) === UNIQUE_VIOLATION;
  }
  return driverErrorCode(error) === UNIQUE_VIOLATION;
}
