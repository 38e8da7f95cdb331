import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { readyUnreadLinks } from "@/lib/offline/queries";
import { entryVersion, type OfflineEntry, offlineChanges } from "@/lib/offline/sync-buckets";
import type { OfflineSyncAnswer, OfflineSyncQuery } from "@/lib/offline/schemas";

/**
 * What changed in the caller's newest `keep` unread links whose article is ready since the device's
 * cursor: one read along the newest-first index until it has `keep` (at most 500), and an answer as small as the change
 * (lib/offline/sync-buckets.ts). A link whose article is pending, unavailable or failed is left out
 * (docs/decisions/0385): offline it would open to no article. Once its article turns ready it joins
 * the list, which changes its bucket's hash, so the next sync fetches it.
 */
export async function offlineSync(user: Pick<User, "id">, query: OfflineSyncQuery): Promise<OfflineSyncAnswer> {
  const links = await readyUnreadLinks(user.id, query.keep);
  const entries: OfflineEntry[] = links.map((link) => ({
    id: link.id,
    title: link.article?.title ?? link.title ?? link.url,
    savedAt: link.createdAt.toISOString(),
    // Everything the reader page shows of the link, and its article's extraction (the status, always
    // ready here, stays a part: the versions of pages devices hold already do not change).
    version: entryVersion([
      link.url,
      link.title,
      link.notes,
      link.categories,
      link.readAt,
      link.remindOn,
      link.archivedAt,
      link.readingMinutes,
      link.article?.status ?? null,
      link.article?.extractedAt ?? null,
    ]),
  }));
  return { keep: query.keep, total: entries.length, ...offlineChanges(entries, query.since) };
}
