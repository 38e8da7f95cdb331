import { createHash } from "node:crypto";
import { BUCKET_TOKEN_LENGTH, OFFLINE_BUCKETS } from "@/lib/offline/sync-limits";

// The offline sync's bookkeeping (docs/decisions/0346): the links a device keeps offline are
// spread over a fixed number of buckets by their id, and the device's cursor is one short hash per
// bucket of what it holds. A sync answers only the buckets whose hash differs, each with all its
// links: a link saved, read, deleted or changed moves one bucket, so a sync with one change
// answers about a 32nd of the list, and one with none answers the cursor alone. Removals need no
// record of their own: a bucket answered replaces what the device held in it.

export { BUCKET_TOKEN_LENGTH, CURSOR_LENGTH, OFFLINE_BUCKETS } from "@/lib/offline/sync-limits";

/** What the offline page lists and the version the device compares: one link as kept offline. */
export type OfflineEntry = { id: string; title: string; savedAt: string; version: string };

export type OfflineBucket = { bucket: number; links: OfflineEntry[] };

/** The bucket of a link id (FNV-1a: stable across processes and releases). */
export function bucketOf(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i += 1) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % OFFLINE_BUCKETS;
}

const digest = (text: string) => createHash("sha256").update(text).digest("base64url");

/** A version of what a reader page shows of a link: it changes when the page would. */
export function entryVersion(parts: readonly unknown[]): string {
  return digest(JSON.stringify(parts)).slice(0, 11);
}

function bucketToken(links: readonly OfflineEntry[]): string {
  return digest(links.map((link) => `${link.id}:${link.version}`).join("\n")).slice(0, BUCKET_TOKEN_LENGTH);
}

/**
 * The answer to a device holding `since` (a cursor from an earlier answer, or none): the new cursor
 * and the buckets whose links differ from what it holds, in the order given (newest first).
 */
export function offlineChanges(
  entries: readonly OfflineEntry[],
  since: string | undefined,
): { cursor: string; buckets: OfflineBucket[] } {
  const buckets: OfflineEntry[][] = Array.from({ length: OFFLINE_BUCKETS }, () => []);
  for (const entry of entries) buckets[bucketOf(entry.id)]?.push(entry);
  const tokens = buckets.map(bucketToken);
  const changed = buckets.flatMap((links, bucket) =>
    since?.slice(bucket * BUCKET_TOKEN_LENGTH, (bucket + 1) * BUCKET_TOKEN_LENGTH) === tokens[bucket]
      ? []
      : [{ bucket, links }],
  );
  return { cursor: tokens.join(""), buckets: changed };
}
