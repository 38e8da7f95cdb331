-- Highlights (docs/decisions/0336): passages of a link's article its owner marked, with a note,
-- anchored by quote, prefix and suffix and, as a fallback, by offsets in the article's text.
-- CreateEnum
CREATE TYPE "HighlightColor" AS ENUM ('yellow', 'green', 'blue', 'pink', 'purple');

-- AlterTable
ALTER TABLE "User" ADD COLUMN "digestHighlights" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "Highlight" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "linkId" TEXT NOT NULL,
    "quote" TEXT NOT NULL,
    "prefix" TEXT NOT NULL DEFAULT '',
    "suffix" TEXT NOT NULL DEFAULT '',
    "start" INTEGER,
    "end" INTEGER,
    "note" TEXT,
    "color" "HighlightColor" NOT NULL DEFAULT 'yellow',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Highlight_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Highlight_linkId_createdAt_idx" ON "Highlight"("linkId", "createdAt");

-- CreateIndex
CREATE INDEX "Highlight_userId_createdAt_idx" ON "Highlight"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "Highlight" ADD CONSTRAINT "Highlight_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "Link"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Highlight" ADD CONSTRAINT "Highlight_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Full-text search over the highlighted text and its note, in the same 'simple' configuration as the
-- links' and the articles' (decision 0338); both are bounded by the API, so no cut is needed.
ALTER TABLE "Highlight" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "quote" || ' ' || coalesce("note", ''))) STORED;

CREATE INDEX "Highlight_search_idx" ON "Highlight" USING GIN ("searchVector");
