-- What an article was read from: "text/html", or "application/pdf" for a PDF (decision 0413).
-- AlterTable
ALTER TABLE "Article" ADD COLUMN     "mimeType" TEXT;
