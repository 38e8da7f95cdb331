import "server-only";
import { getDb } from "@/lib/db/client";

// What a digest's book for Kindle needs to know of its delivery and user.

/** A delivery's status and what its book for Kindle needs of its user. */
export function deliveryForBook(deliveryId: string) {
  return getDb().digestDelivery.findUnique({
    where: { id: deliveryId },
    select: { status: true, user: { select: { id: true, timezone: true, kindleEmail: true, kindleWithDigest: true } } },
  });
}

/** Of these deliveries, those whose user wants the digest's book on their Kindle. */
export function deliveriesWantingBooks(ids: string[]) {
  return getDb().digestDelivery.findMany({
    where: { id: { in: ids }, user: { kindleWithDigest: true, kindleEmail: { not: null } } },
    select: { id: true },
  });
}
