import "server-only";
import { columnList, queryRows } from "@/lib/db/client";
import { Prisma, type User } from "@/lib/generated/prisma/client";

// The session lookup every signed-in request makes: the session joined with its user in one
// statement through the driver (Prisma's include sends two, at several times the CPU; decision 0041).

const USER_COLUMNS = columnList(Prisma.UserScalarFieldEnum, "u");

export async function selectSessionUser(sessionToken: string): Promise<(User & { sessionExpires: Date }) | null> {
  const [row] = await queryRows<User & { sessionExpires: Date }>(Prisma.sql`
    SELECT ${USER_COLUMNS}, s."expires" AS "sessionExpires"
    FROM "Session" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."sessionToken" = ${sessionToken}`);
  return row ?? null;
}
