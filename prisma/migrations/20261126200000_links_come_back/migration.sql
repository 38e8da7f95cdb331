-- Links come back (docs/decisions/0319): a reminder day per link, "Not interested", the first open
-- in the reader and the last time a digest brought a link back; the digest settings for it; and the
-- links each digest carries besides its new ones, chosen once per delivery.

-- CreateEnum
CREATE TYPE "DigestSection" AS ENUM ('reminder', 'rediscovered');

-- AlterTable
ALTER TABLE "User" ADD COLUMN "rediscoverCount" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN "digestWithoutNewLinks" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Link" ADD COLUMN "remindOn" DATE,
ADD COLUMN "archivedAt" TIMESTAMP(3),
ADD COLUMN "openedAt" TIMESTAMP(3),
ADD COLUMN "resurfacedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "DigestDelivery" ADD COLUMN "selectedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "DigestItem" (
    "deliveryId" TEXT NOT NULL,
    "linkId" TEXT NOT NULL,
    "section" "DigestSection" NOT NULL,
    "day" DATE NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "DigestItem_pkey" PRIMARY KEY ("deliveryId","linkId")
);

-- CreateIndex
CREATE UNIQUE INDEX "DigestItem_linkId_day_key" ON "DigestItem"("linkId", "day");

-- AddForeignKey
ALTER TABLE "DigestItem" ADD CONSTRAINT "DigestItem_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "DigestDelivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DigestItem" ADD CONSTRAINT "DigestItem_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "Link"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The scans a digest's selection makes per user, each over the rows it looks for only (partial
-- indexes are not declared in schema.prisma; a schema-to-schema diff leaves them alone): links due
-- back by a day, and unread links not set aside, longest waiting first.
CREATE INDEX "Link_remindOn_idx" ON "Link" ("userId", "remindOn") WHERE "remindOn" IS NOT NULL;

CREATE INDEX "Link_waiting_idx" ON "Link" ("userId", "resurfacedAt" NULLS FIRST, "createdAt", id)
  WHERE "readAt" IS NULL AND "archivedAt" IS NULL;

-- A digest's line of progress counts the links read in the period it covers.
CREATE INDEX "Link_read_idx" ON "Link" ("userId", "readAt") WHERE "readAt" IS NOT NULL;
