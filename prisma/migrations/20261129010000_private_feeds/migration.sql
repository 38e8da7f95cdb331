-- The secret in the addresses of each user's private Atom feeds (decision 0410).
-- AlterTable
ALTER TABLE "User" ADD COLUMN     "feedKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "User_feedKey_key" ON "User"("feedKey");

