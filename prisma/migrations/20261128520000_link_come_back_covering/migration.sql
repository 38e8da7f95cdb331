-- The links a digest may bring back from the stash, read from the index alone (decision 0387): the
-- rediscovery pool's predicate exactly, in its order, carrying the two columns its ranking reads, so
-- each user's longest-waiting links are an index-only scan instead of a heap page per link (a user's
-- links, saved over months, lie on as many pages). It replaces Link_waiting_idx, whose predicate
-- left reminders in and whose rows sent every candidate to the heap. Not declared in schema.prisma
-- (Prisma cannot say a partial index); a schema-to-schema diff leaves it alone.
CREATE INDEX "Link_come_back_idx" ON "Link" ("userId", "resurfacedAt" NULLS FIRST, "createdAt", id)
  INCLUDE (categories, "openedAt")
  WHERE "readAt" IS NULL AND "archivedAt" IS NULL AND "remindOn" IS NULL;

DROP INDEX "Link_waiting_idx";
