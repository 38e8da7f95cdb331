import "server-only";
import { type Db, getDb } from "@/lib/db/client";

// Billing's own rows, through Prisma: nothing here needs SQL (the subscription's sync on the user's
// row is lib/billing/subscription-sync.ts).

/** Records a Stripe event as processed, once ever; whether this call recorded it. */
export async function recordStripeEvent(id: string, type: string, db: Db = getDb()): Promise<boolean> {
  const { count } = await db.stripeEvent.createMany({ data: [{ id, type }], skipDuplicates: true });
  return count > 0;
}
