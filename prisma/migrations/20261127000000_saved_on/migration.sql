-- The owner's local calendar day a link was saved on, so that the same address saved again that day
-- is found by the save's own INSERT … ON CONFLICT instead of a second row. Links saved before this
-- migration, and imported links, have none and take no part.
ALTER TABLE "Link" ADD COLUMN "savedOn" DATE;

CREATE UNIQUE INDEX "Link_savedOn_key" ON "Link"("userId", url, "savedOn") WHERE "savedOn" IS NOT NULL;
