import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Billing on: the free plan's daily save limit applies once the trial is over.
  process.env.STRIPE_SECRET_KEY = "sk_test_feeds";
});

const { POST: subscribeRoute } = await import("@/app/api/feeds/route");
const { getDb } = await import("@/lib/db/client");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");

// A subscription to a feed read before shares its stored items without a read of its own (no
// network here). On a free account past its trial the items are owed to the digest instead of the
// stash (decision 0416); an item at an address the user has already is that link.

const HOUR = 3_600_000;

/** A feed read before, with 7 items dated an hour apart (item 7 the newest). */
async function readFeed(name: string) {
  const source = await getDb().feedSource.create({
    data: { url: `https://feeds.example/${name}.xml`, title: `Feed ${name}`, succeededAt: new Date() },
  });
  await getDb().feedItem.createMany({
    data: Array.from({ length: 7 }, (_, i) => ({
      sourceId: source.id,
      guid: `${name}-${i + 1}`,
      url: `https://blog.example/${name}/${i + 1}`,
      title: `Item ${i + 1}`,
      publishedAt: new Date(Date.UTC(2026, 10, 1) + (i + 1) * HOUR),
    })),
  });
  return source;
}

const subscribe = (cookie: string, url: string) =>
  subscribeRoute(apiRequest("POST", "/api/feeds", { cookie, json: { url, category: "Reading" } }));

describe("a subscription to a feed read before", () => {
  it("on a free account past its trial owes the newest 5 to the digest and makes no links", async () => {
    const { user, cookie } = await signedInUser({ trialEndsAt: new Date(Date.now() - 86_400_000) });
    const source = await readFeed("free");
    const res = await subscribe(cookie, source.url);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ into: "stash", title: "Feed free", category: "Reading" });
    const owed = await getDb().feedDelivery.findMany({ where: { userId: user.id }, include: { item: true } });
    expect(owed.map((delivery) => delivery.item.title).sort()).toEqual([
      "Item 3",
      "Item 4",
      "Item 5",
      "Item 6",
      "Item 7",
    ]);
    expect(owed.every((delivery) => delivery.into === "digest")).toBe(true);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(0);
  });

  it("in the trial brings the newest 5 as links, an address already stashed as that link", async () => {
    const { user, cookie } = await signedInUser();
    const source = await readFeed("trial");
    const earlier = await getDb().link.create({
      data: { userId: user.id, url: "https://blog.example/trial/7", title: "Saved by hand" },
    });
    expect((await subscribe(cookie, source.url)).status).toBe(201);
    const links = await getDb().link.findMany({ where: { userId: user.id }, orderBy: { url: "asc" } });
    expect(links.map((link) => link.url)).toEqual([3, 4, 5, 6, 7].map((n) => `https://blog.example/trial/${n}`));
    expect(links.find((link) => link.id === earlier.id)?.title).toBe("Saved by hand");
    expect(links.filter((link) => link.id !== earlier.id).every((link) => link.category === "Reading")).toBe(true);
    const delivered = await getDb().feedDelivery.findFirstOrThrow({
      where: { userId: user.id, item: { guid: "trial-7" } },
    });
    expect(delivered).toMatchObject({ linkId: earlier.id, into: "stash" });
    expect(delivered.stashedAt).toBeInstanceOf(Date);
  });
});
