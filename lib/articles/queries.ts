import "server-only";
import { queryRows } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";

// The articles' SQL that Prisma's query API cannot say in one statement; everything else about
// articles goes through Prisma (lib/articles/service.ts).

/**
 * Counts a fetch of the link's page that failed, in one atomic statement: a first failure creates
 * the failed article; a later one adds to its count, and stamps the time only while the article is
 * still failed (a ready article stays readable, with the time it was extracted). Every save of a
 * page that does not answer ends here, after the response.
 */
export async function recordArticleFailure(link: { id: string; userId: string }, now: Date): Promise<void> {
  await queryRows(Prisma.sql`
    INSERT INTO "Article" ("linkId", "userId", status, failures, "extractedAt")
    VALUES (${link.id}, ${link.userId}, 'failed', 1, ${now})
    ON CONFLICT ("linkId") DO UPDATE SET
      failures = "Article".failures + 1,
      "extractedAt" = CASE WHEN "Article".status = 'failed' THEN EXCLUDED."extractedAt" ELSE "Article"."extractedAt" END`);
}
