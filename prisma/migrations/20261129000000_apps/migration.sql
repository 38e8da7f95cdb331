-- The apps people already have. Favorites (a link's star); a whole number per user, link and
-- highlight for the apps whose protocol numbers them (the wallabag-compatible API: existing rows
-- are numbered in table order, new ones by each sequence); the time of a link's last visible
-- change, for apps that sync what changed since they last asked; app passwords, kept with the API
-- tokens by kind, and the OAuth grants apps are given for them.
-- CreateEnum
CREATE TYPE "ApiTokenKind" AS ENUM ('token', 'app_password');

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "serial" SERIAL NOT NULL;

-- AlterTable
ALTER TABLE "Link" ADD COLUMN     "favoritedAt" TIMESTAMP(3),
ADD COLUMN     "serial" SERIAL NOT NULL,
ADD COLUMN     "updatedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Highlight" ADD COLUMN     "serial" SERIAL NOT NULL;

-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "kind" "ApiTokenKind" NOT NULL DEFAULT 'token';

-- CreateTable
CREATE TABLE "AppGrant" (
    "id" TEXT NOT NULL,
    "tokenId" TEXT NOT NULL,
    "accessHash" TEXT NOT NULL,
    "accessExpiresAt" TIMESTAMP(3) NOT NULL,
    "refreshHash" TEXT NOT NULL,
    "refreshExpiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AppGrant_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AppGrant_accessHash_key" ON "AppGrant"("accessHash");

-- CreateIndex
CREATE UNIQUE INDEX "AppGrant_refreshHash_key" ON "AppGrant"("refreshHash");

-- CreateIndex
CREATE INDEX "AppGrant_tokenId_refreshExpiresAt_idx" ON "AppGrant"("tokenId", "refreshExpiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "User_serial_key" ON "User"("serial");

-- CreateIndex
CREATE UNIQUE INDEX "Link_serial_key" ON "Link"("serial");

-- CreateIndex
CREATE UNIQUE INDEX "Highlight_serial_key" ON "Highlight"("serial");

-- AddForeignKey
ALTER TABLE "AppGrant" ADD CONSTRAINT "AppGrant_tokenId_fkey" FOREIGN KEY ("tokenId") REFERENCES "ApiToken"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- History's Favorites filter: a user's favorites newest first, without reading their other links.
-- Partial, so not declared in schema.prisma.
CREATE INDEX "Link_favorites_idx" ON "Link" ("userId", "createdAt" DESC, id DESC) WHERE "favoritedAt" IS NOT NULL;

-- "updatedAt" follows every change of what the owner sees, whichever statement makes it (raw SQL
-- included). Only an UPDATE naming one of these columns runs the trigger, so the digests' own
-- writes ("resurfacedAt", "remindOn") cost nothing more.
CREATE FUNCTION link_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updatedAt" := now();
  RETURN NEW;
END
$$;

CREATE TRIGGER "Link_touch"
  BEFORE UPDATE OF "url", "title", "notes", "category", "categories", "readAt", "archivedAt", "favoritedAt" ON "Link"
  FOR EACH ROW
  WHEN (OLD."url" IS DISTINCT FROM NEW."url" OR OLD."title" IS DISTINCT FROM NEW."title"
    OR OLD."notes" IS DISTINCT FROM NEW."notes" OR OLD."categories" IS DISTINCT FROM NEW."categories"
    OR OLD."category" IS DISTINCT FROM NEW."category" OR OLD."readAt" IS DISTINCT FROM NEW."readAt"
    OR OLD."archivedAt" IS DISTINCT FROM NEW."archivedAt" OR OLD."favoritedAt" IS DISTINCT FROM NEW."favoritedAt")
  EXECUTE FUNCTION link_touch();
