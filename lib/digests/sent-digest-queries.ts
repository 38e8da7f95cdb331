import "server-only";
import { type Db, getDb } from "@/lib/db/client";
import type { Link } from "@/lib/generated/prisma/client";

// Sent digests as their owner looks back at them (the OPDS catalog's Recent digests): reads only,
// each scoped to the owner. What a digest's new links were is linksFor's, in queries.ts.

const SENT_DIGEST = { id: true, kind: true, slot: true, windowEnd: true, sentAt: true, linkCount: true } as const;

/** The user's last `take` sent digests, the newest first. */
export function recentSentDigests(userId: string, take: number, db: Db = getDb()) {
  return db.digestDelivery.findMany({
    where: { userId, status: "sent" },
    orderBy: [{ sentAt: "desc" }, { id: "desc" }],
    take,
    select: SENT_DIGEST,
  });
}

/** One of the user's sent digests; null for another user's, or one not sent. */
export function sentDigestOf(userId: string, id: string, db: Db = getDb()) {
  return db.digestDelivery.findFirst({ where: { id, userId, status: "sent" }, select: SENT_DIGEST });
}

/** The links a digest brought back (DigestItem), in its order: reminders, then links from the stash. */
export function digestItemsOf(deliveryId: string, db: Db = getDb()) {
  return db.digestItem.findMany({
    where: { deliveryId },
    orderBy: [{ section: "asc" }, { position: "asc" }],
    select: { linkId: true, section: true },
  });
}

/** The user's links with these ids (others are not found), in no particular order. */
export function ownLinksByIds(userId: string, ids: string[], db: Db = getDb()): Promise<Link[]> {
  return db.link.findMany({ where: { userId, id: { in: ids } } });
}
