-- What an article was read from: "text/html", or "application/pdf" for a PDF (decision 0415).
-- AlterTable
ALTER TABLE "Article" ADD COLUMN     "mimeType" TEXT;
