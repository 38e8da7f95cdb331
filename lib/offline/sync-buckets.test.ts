import { describe, expect, it } from "vitest";
import {
  BUCKET_TOKEN_LENGTH,
  bucketOf,
  CURSOR_LENGTH,
  entryVersion,
  OFFLINE_BUCKETS,
  type OfflineEntry,
  offlineChanges,
} from "./sync-buckets";

const entry = (n: number, version = "v1"): OfflineEntry => ({
  id: `link${n}`,
  title: `Title ${n}`,
  savedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
  version,
});
const window = Array.from({ length: 200 }, (_, n) => entry(200 - n));

describe("offline sync buckets", () => {
  it("answers every bucket to a device that holds nothing, and none to one that holds it all", () => {
    const first = offlineChanges(window, undefined);
    expect(first.cursor).toHaveLength(CURSOR_LENGTH);
    expect(first.buckets).toHaveLength(OFFLINE_BUCKETS);
    expect(first.buckets.flatMap((bucket) => bucket.links)).toHaveLength(200);
    expect(offlineChanges(window, first.cursor)).toEqual({ cursor: first.cursor, buckets: [] });
  });

  it("answers only the bucket of a changed link, with all its links", () => {
    const { cursor } = offlineChanges(window, undefined);
    const changed = window.map((link) => (link.id === "link7" ? { ...link, version: "v2" } : link));
    const answer = offlineChanges(changed, cursor);
    expect(answer.buckets.map((bucket) => bucket.bucket)).toEqual([bucketOf("link7")]);
    const links = answer.buckets[0]?.links ?? [];
    expect(links.find((link) => link.id === "link7")?.version).toBe("v2");
    expect(links.every((link) => bucketOf(link.id) === bucketOf("link7"))).toBe(true);
    expect(links.length).toBeLessThan(30);
  });

  it("a link leaving the list (read or deleted) answers its bucket without it", () => {
    const { cursor } = offlineChanges(window, undefined);
    const answer = offlineChanges(
      window.filter((link) => link.id !== "link50"),
      cursor,
    );
    expect(answer.buckets).toHaveLength(1);
    expect(answer.buckets[0]?.links.some((link) => link.id === "link50")).toBe(false);
  });

  it("a link joining the list (its article now ready) answers its bucket with it, the others unchanged", () => {
    const without = window.filter((link) => link.id !== "link90");
    const { cursor } = offlineChanges(without, undefined);
    const answer = offlineChanges(window, cursor);
    expect(answer.buckets.map((bucket) => bucket.bucket)).toEqual([bucketOf("link90")]);
    expect(answer.buckets[0]?.links.filter((link) => link.id === "link90")).toHaveLength(1);
    expect(answer.cursor).toBe(offlineChanges(window, undefined).cursor);
  });

  it("asks again for a bucket the device marked unknown", () => {
    const { cursor } = offlineChanges(window, undefined);
    const unknown = `${cursor.slice(0, 3 * BUCKET_TOKEN_LENGTH)}------${cursor.slice(4 * BUCKET_TOKEN_LENGTH)}`;
    expect(offlineChanges(window, unknown).buckets.map((bucket) => bucket.bucket)).toEqual([3]);
  });

  it("spreads ids over all buckets and versions follow every part", () => {
    expect(new Set(window.map((link) => bucketOf(link.id))).size).toBe(OFFLINE_BUCKETS);
    expect(entryVersion(["a", null])).not.toBe(entryVersion(["a", ""]));
    expect(entryVersion(["a", 1])).toBe(entryVersion(["a", 1]));
  });
});
