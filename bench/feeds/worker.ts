// The feed benchmark's checker process (see run.ts): a fresh PostgreSQL database, N users following
// 5 feeds each over N/2 addresses of the local feed server, then three check cycles. Prints one JSON
// line: the figures of each cycle. Fails when a cycle delivers other than exactly what it should.
import { parseArgs } from "node:util";
import { getHeapStatistics } from "node:v8";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "../support/temp-database";

export type CycleFigures = {
  name: string;
  feeds: number;
  requests: number;
  notModified: number;
  ms: number;
  cpuMs: number;
  peakRssMb: number;
  peakHeapMb: number;
  delivered: number;
  links: number;
};

const { values } = parseArgs({ options: { users: { type: "string" }, port: { type: "string" } } });
const users = Number(values.users);
const port = Number(values.port);
const FEEDS_EACH = 5;
const STASHED_EACH = 3;
const feeds = Math.ceil(users / 2);
if (!(feeds >= FEEDS_EACH) || !port) throw new Error("worker.ts needs --users (10 or more) and --port");
const server = `http://127.0.0.1:${port}`;

type Counts = { requests: number; notModified: number; full: number };
const serverCounts = async (): Promise<Counts> => (await fetch(`${server}/__counts`)).json() as Promise<Counts>;

const figures = await withTempDatabase(DEFAULT_ADMIN_URL, "bench_feeds", async () => {
  const { getDb } = await import("@/lib/db/client");
  const { checkDueFeeds } = await import("@/lib/subscriptions/check-feeds");
  const db = getDb();
  const trialEnds = new Date(Date.now() + 10 * 86_400_000);
  await db.$executeRaw`
    INSERT INTO "User" (id, email, onboarded, timezone, "trialEndsAt", "updatedAt")
    SELECT 'bench-user-' || g, 'reader-' || g || '@bench.example', true, 'UTC', ${trialEnds}, now()
    FROM generate_series(1, ${users}::int) AS g`;
  await db.$executeRaw`
    INSERT INTO "FeedSource" (id, url, "nextCheckAt")
    SELECT 'bench-feed-' || f, ${server} || '/feeds/' || f || '.xml', now() - interval '1 minute'
    FROM generate_series(0, ${feeds - 1}::int) AS f`;
  // Consecutive addresses (mod the count): each user's five are distinct, each address has ten subscribers.
  await db.$executeRaw`
    INSERT INTO "Subscription" (id, "userId", "sourceId", "into")
    SELECT 'bench-sub-' || g || '-' || j, 'bench-user-' || g, 'bench-feed-' || (((g - 1) * ${FEEDS_EACH} + j) % ${feeds}),
      (CASE WHEN j < ${STASHED_EACH} THEN 'stash' ELSE 'digest' END)::"SubscriptionInto"
    FROM generate_series(1, ${users}::int) AS g, generate_series(0, ${FEEDS_EACH - 1}::int) AS j`;
  await db.$executeRawUnsafe(`VACUUM ANALYZE`);

  const totals = async () => ({
    delivered: await db.feedDelivery.count(),
    links: await db.link.count(),
  });

  async function cycle(name: string): Promise<CycleFigures> {
    await db.$executeRaw`UPDATE "FeedSource" SET "nextCheckAt" = now() - interval '1 minute'`;
    const before = { ...(await serverCounts()), ...(await totals()) };
    let peakRss = process.memoryUsage.rss();
    let peakHeap = getHeapStatistics().used_heap_size;
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
      peakHeap = Math.max(peakHeap, getHeapStatistics().used_heap_size);
    }, 20);
    const cpu = process.cpuUsage();
    const started = performance.now();
    const checked = await checkDueFeeds({ budgetMs: 30 * 60_000 });
    const ms = performance.now() - started;
    const cpuUsed = process.cpuUsage(cpu);
    clearInterval(sampler);
    const after = { ...(await serverCounts()), ...(await totals()) };
    if (checked !== feeds) throw new Error(`${name}: ${checked} feeds checked, ${feeds} due`);
    return {
      name,
      feeds,
      requests: after.requests - before.requests,
      notModified: after.notModified - before.notModified,
      ms,
      cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      peakHeapMb: Math.round(peakHeap / 1024 / 1024),
      delivered: after.delivered - before.delivered,
      links: after.links - before.links,
    };
  }

  const subscriptions = users * FEEDS_EACH;
  const first = await cycle("first");
  const unchanged = await cycle("unchanged");
  await fetch(`${server}/__generation?to=1`);
  const newItem = await cycle("new item");
  const expected = [
    [first, 5 * subscriptions, 5 * users * STASHED_EACH],
    [unchanged, 0, 0],
    [newItem, subscriptions, users * STASHED_EACH],
  ] as const;
  for (const [figures, delivered, links] of expected) {
    if (figures.delivered !== delivered || figures.links !== links || figures.requests !== feeds)
      throw new Error(
        `${figures.name}: ${figures.requests} requests, ${figures.delivered} delivered, ${figures.links} links; expected ${feeds}, ${delivered}, ${links}`,
      );
  }
  return [first, unchanged, newItem];
});
console.log(JSON.stringify(figures));
