-- Articles extracted from saved pages (docs/decisions/0260-0262): one row per link, owned by the
-- link's user, and the reading time copied onto the link so every link JSON carries it without a join.
-- CreateEnum
CREATE TYPE "ArticleStatus" AS ENUM ('ready', 'unavailable', 'failed');

-- AlterTable
ALTER TABLE "Link" ADD COLUMN     "readingMinutes" INTEGER;

-- CreateTable
CREATE TABLE "Article" (
    "linkId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "status" "ArticleStatus" NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "title" TEXT,
    "byline" TEXT,
    "siteName" TEXT,
    "excerpt" TEXT,
    "lang" TEXT,
    "dir" TEXT,
    "publishedTime" TEXT,
    "contentHtml" TEXT,
    "textContent" TEXT,
    "wordCount" INTEGER,
    "readingMinutes" INTEGER,
    "extractedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Article_pkey" PRIMARY KEY ("linkId")
);

-- CreateIndex
CREATE INDEX "Article_userId_idx" ON "Article"("userId");

-- AddForeignKey
ALTER TABLE "Article" ADD CONSTRAINT "Article_linkId_fkey" FOREIGN KEY ("linkId") REFERENCES "Link"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Article" ADD CONSTRAINT "Article_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Full-text search over the article's text (decision 0262), beside Link_search_idx: the same 'simple'
-- configuration as link_search_document. The first 200,000 characters are indexed, which keeps
-- every document far under PostgreSQL's 1 MB tsvector limit.
ALTER TABLE "Article" ADD COLUMN "searchVector" tsvector
  GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, left(coalesce("textContent", ''), 200000))) STORED;

CREATE INDEX "Article_search_idx" ON "Article" USING GIN ("searchVector");
