-- Why an unavailable page is not shown as an article (docs/decisions/0300): "not an article", "too
-- complex to read", "too large to read", "took too long" or "could not be read". Null for rows
-- stored before, and for every other status.
-- AlterTable
ALTER TABLE "Article" ADD COLUMN "reason" TEXT;
