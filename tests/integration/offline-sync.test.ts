import { describe, expect, it } from "vitest";
import { GET as offlineRoute } from "@/app/api/links/offline/route";
import { getDb } from "@/lib/db/client";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";

// GET /api/links/offline (docs/product.md, "Offline"): the changes to the newest unread links
// whose article is ready that a device keeps, as buckets since its cursor: everything the first
// time, nothing when nothing changed, one bucket for one change; a link joins once its article is
// ready; owner-scoped and bounded to 500.

type Answer = {
  keep: number;
  total: number;
  cursor: string;
  buckets: { bucket: number; links: { id: string; title: string; savedAt: string; version: string }[] }[];
};

const sync = async (cookie: string | undefined, query: string) => {
  const res = await offlineRoute(apiRequest("GET", `/api/links/offline${query}`, { cookie }), routeParams({}));
  return { status: res.status, body: (await res.json()) as Answer };
};

/** `count` unread links, each with a ready article unless `notReady` says otherwise (pending: no article). */
async function ownerWithLinks(
  count: number,
  notReady: (n: number) => "pending" | "unavailable" | "failed" | null = () => null,
) {
  const owner = await signedInUser();
  const start = Date.UTC(2026, 0, 1);
  const ids = Array.from({ length: count }, (_, n) => `offlinelink${n}x${owner.user.id}`);
  await getDb().link.createMany({
    data: ids.map((id, n) => ({
      id,
      userId: owner.user.id,
      url: `https://offline.example/${n}`,
      title: `Story ${n}`,
      createdAt: new Date(start + n * 60_000),
    })),
  });
  await getDb().article.createMany({
    data: ids.flatMap((linkId, n) => {
      const status = notReady(n) ?? "ready";
      return status === "pending" ? [] : [{ linkId, userId: owner.user.id, status }];
    }),
  });
  return { ...owner, ids };
}

const ids = (answer: Answer) => answer.buckets.flatMap((bucket) => bucket.links.map((link) => link.id));

describe("GET /api/links/offline", () => {
  it("answers the newest `keep` unread links, then nothing while nothing changes", async () => {
    const { cookie } = await ownerWithLinks(230);
    const first = await sync(cookie, "?keep=200");
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(200);
    expect(ids(first.body)).toHaveLength(200);
    const titles = first.body.buckets.flatMap((bucket) => bucket.links.map((link) => link.title));
    expect(titles).toContain("Story 229");
    expect(titles).toContain("Story 30");
    expect(titles).not.toContain("Story 29");

    const again = await sync(cookie, `?keep=200&since=${first.body.cursor}`);
    expect(again.body).toEqual({ keep: 200, total: 200, cursor: first.body.cursor, buckets: [] });
  });

  it("answers only the bucket of a link changed, and drops one read", async () => {
    const { cookie, user } = await ownerWithLinks(120);
    const { body: first } = await sync(cookie, "?keep=100");
    const [edited, read] = await getDb().link.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: "desc" },
      take: 2,
    });
    if (!edited || !read) throw new Error("no links");

    await getDb().link.update({ where: { id: edited.id }, data: { notes: "Read on the train" } });
    const { body: second } = await sync(cookie, `?keep=100&since=${first.cursor}`);
    expect(second.buckets).toHaveLength(1);
    const bucket = second.buckets[0]?.links ?? [];
    const before = first.buckets.find((b) => b.bucket === second.buckets[0]?.bucket)?.links ?? [];
    expect(bucket.map((link) => link.id)).toEqual(before.map((link) => link.id));
    expect(bucket.find((link) => link.id === edited.id)?.version).not.toBe(
      before.find((link) => link.id === edited.id)?.version,
    );

    await getDb().link.update({ where: { id: read.id }, data: { readAt: new Date() } });
    const { body: third } = await sync(cookie, `?keep=100&since=${second.cursor}`);
    // Read: its bucket comes without it, and the 101st link takes its place in the list (a second bucket at most).
    expect(third.total).toBe(100);
    expect(third.buckets.length).toBeGreaterThanOrEqual(1);
    expect(third.buckets.length).toBeLessThanOrEqual(2);
    expect(ids(third)).not.toContain(read.id);
  });

  it("answers only links whose article is ready, and counts only those", async () => {
    const states = ["pending", "unavailable", "failed"] as const;
    const { cookie, ids: all } = await ownerWithLinks(120, (n) => (n % 4 === 3 ? null : (states[n % 4] ?? null)));
    const ready = all.filter((_, n) => n % 4 === 3);
    const { body } = await sync(cookie, "?keep=50");
    // Every ready one (30 of 120), none of the others, and each once.
    expect(body.total).toBe(30);
    expect(ids(body).sort()).toEqual([...ready].sort());
    expect((await sync(cookie, "?keep=50")).body.cursor).toBe(body.cursor);
  });

  it("a link whose article turns ready joins at the next sync, in its bucket alone", async () => {
    const { cookie, user, ids: all } = await ownerWithLinks(80, (n) => (n === 70 ? "pending" : null));
    const waiting = all[70] ?? "";
    const { body: first } = await sync(cookie, "?keep=100");
    expect(first.total).toBe(79);
    expect(ids(first)).not.toContain(waiting);
    expect((await sync(cookie, `?keep=100&since=${first.cursor}`)).body.buckets).toEqual([]);

    await getDb().article.create({ data: { linkId: waiting, userId: user.id, status: "ready", title: "Story 70" } });
    const { body: second } = await sync(cookie, `?keep=100&since=${first.cursor}`);
    expect(second.total).toBe(80);
    expect(second.buckets).toHaveLength(1);
    const joined = second.buckets[0]?.links ?? [];
    expect(joined.filter((link) => link.id === waiting)).toHaveLength(1);
    const before = first.buckets.find((b) => b.bucket === second.buckets[0]?.bucket)?.links ?? [];
    // The rest of its bucket comes again unchanged: the device keeps each link once.
    expect(joined.filter((link) => link.id !== waiting)).toEqual(before);
    expect((await sync(cookie, `?keep=100&since=${second.cursor}`)).body.buckets).toEqual([]);
  });

  it("keeps to the caller's own links", async () => {
    const { cookie } = await ownerWithLinks(60);
    const other = await ownerWithLinks(3);
    const mine = await sync(cookie, "?keep=50");
    const theirs = await sync(other.cookie, "?keep=50");
    expect(theirs.body.total).toBe(3);
    expect(ids(theirs.body).some((id) => ids(mine.body).includes(id))).toBe(false);
    expect((await sync(undefined, "?keep=50")).status).toBe(401);
  });

  it("refuses a count outside 50 to 500 and a cursor it did not give", async () => {
    const { cookie } = await ownerWithLinks(1);
    for (const query of ["?keep=49", "?keep=501", "?keep=abc", "?since=short", `?since=${"%00".repeat(192)}`]) {
      const res = await sync(cookie, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: "validation_failed" });
    }
    expect((await sync(cookie, "")).body.keep).toBe(50);
  });
});
