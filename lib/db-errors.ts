import { Prisma } from "@/lib/generated/prisma/client";

// A unique violation surfaces as Prisma's P2002 through the PostgreSQL adapter, but as the raw
// driver error (SQLSTATE 23505 in `cause`) through the PGlite adapter: recognise both.
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) return error.code === "P2002";
  if (!(error instanceof Error)) return false;
  const cause: unknown = error.cause;
  return typeof cause === "object" && cause !== null && "code" in cause && cause.code === "23505";
}
