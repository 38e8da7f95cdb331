-- Owed page fetches (docs/decisions/0301): one row per link whose page is to be fetched (after a save)
-- or whose article is to be extracted (the reader's first open, a refresh), taken oldest first by a
-- bounded runner in each app process, claimed with a lease so a stopped process's work is taken again.
-- CreateEnum
CREATE TYPE "PageWorkKind" AS ENUM ('save', 'extract');

-- CreateTable
CREATE TABLE "PageWork" (
    "linkId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" "PageWorkKind" NOT NULL,
    "keepTitle" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "requests" INTEGER NOT NULL DEFAULT 1,
    "runAfter" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "claimedBy" TEXT,
    "claimedUntil" TIMESTAMP(3),

    CONSTRAINT "PageWork_pkey" PRIMARY KEY ("linkId")
);

-- CreateIndex
CREATE INDEX "PageWork_runAfter_createdAt_idx" ON "PageWork"("runAfter", "createdAt");

-- CreateIndex
CREATE INDEX "PageWork_userId_idx" ON "PageWork"("userId");

-- AddForeignKey
ALTER TABLE "PageWork" ADD CONSTRAINT "PageWork_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "Link"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PageWork" ADD CONSTRAINT "PageWork_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
