import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { Prisma, User } from "@/lib/generated/prisma/client";

// Billing's own rows, through Prisma: nothing here needs SQL. The subscription's sync
// (lib/billing/subscription-sync.ts) runs these inside its transaction, on the locked user's row.

/** The subscription fields billing keeps on a user. */
export type StoredSubscription = Pick<
  User,
  "stripeCustomerId" | "stripeSubscriptionId" | "stripeSubscriptionStatus" | "stripeCurrentPeriodEnd"
>;

/** The id of the first user matching `where`, or null. */
export async function subscriptionOwnerId(db: Db, where: Prisma.UserWhereInput): Promise<string | null> {
  const found = await db.user.findFirst({ where, select: { id: true } });
  return found?.id ?? null;
}

/** The whole user row, as it is now. */
export function userRow(db: Db, id: string): Promise<User | null> {
  return db.user.findUnique({ where: { id } });
}

/** Writes the subscription onto the user; returns the row after. */
export function writeSubscription(db: Db, userId: string, subscription: StoredSubscription): Promise<User> {
  return db.user.update({ where: { id: userId }, data: subscription });
}

/** Records a Stripe event as processed, once ever; whether this call recorded it. */
export async function recordStripeEvent(id: string, type: string, db: Db = getDb()): Promise<boolean> {
  const { count } = await db.stripeEvent.createMany({ data: [{ id, type }], skipDuplicates: true });
  return count > 0;
}
