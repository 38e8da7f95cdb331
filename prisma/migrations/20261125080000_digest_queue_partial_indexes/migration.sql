-- The digest queue's two scans, each over the rows it looks for only (docs/decisions/0224). On the
-- (status, "createdAt") index they walked past an entry for every delivery that had once been
-- pending or sending: measured at 700,000 sent in one slot, the stalled-batch check read 689,000
-- index entries (220 ms) and each claim took ~80 ms. Partial indexes are not declared in
-- schema.prisma (Prisma cannot say them); a schema-to-schema diff leaves them alone.

CREATE INDEX "DigestDelivery_pending_idx" ON "DigestDelivery" ("createdAt", id)
  WHERE status = 'pending' AND kind = 'scheduled';

CREATE INDEX "DigestDelivery_sending_idx" ON "DigestDelivery" ("claimedAt")
  WHERE status = 'sending' AND kind = 'scheduled';
