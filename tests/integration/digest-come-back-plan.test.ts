import { beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/lib/db/client";
import { comingBackSql } from "@/lib/digests/queries";
import { Prisma } from "@/lib/generated/prisma/client";

// Each user's links that may come back are read from Link_come_back_idx alone (decision 0387): a
// user's links, saved over months, lie on a heap page each, and a large stash no longer fits the
// database's cache, so a pool read through the heap cost a page read per link.

const USERS = 30;
const OLD_LINKS = 60;
const DIGESTS = 10;
const DAY = 86_400_000;
const NOW = new Date(Math.floor(Date.now() / DAY) * DAY + 8 * 3_600_000);

type PlanNode = {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Heap Fetches"?: number;
  "Actual Rows": number;
  "Actual Loops": number;
  Plans?: PlanNode[];
};

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

let ids: string[] = [];

beforeAll(async () => {
  const db = getDb();
  const prefix = `plan-${Math.random().toString(36).slice(2, 8)}`;
  const previous = new Date(NOW.getTime() - 7 * DAY);
  // Interleaved as a stash saved over months is: each user's links on pages of their own.
  await db.$executeRaw`
    INSERT INTO "User" (id, email, onboarded, "emailFrequency", "emailDays", "emailHours", timezone,
      "trialEndsAt", "nextDigestAt", "digestCursor", "rediscoverCount", "updatedAt")
    SELECT ${prefix} || '-' || g, ${prefix} || '-' || g || '@plan.example', true, 'weekly', ARRAY[4],
      '{"4": 8}'::jsonb, 'UTC', ${new Date(NOW.getTime() + 30 * DAY)}, ${NOW}, ${previous}, 3, ${NOW}
    FROM generate_series(1, ${USERS}::int) AS g`;
  await db.$executeRaw`
    INSERT INTO "Link" (id, "userId", url, title, categories, "createdAt")
    SELECT ${prefix} || '-' || g || '-' || i, ${prefix} || '-' || g, 'https://old.example/' || g || '/' || i,
      'Old link ' || i, ARRAY['Category ' || (i % 5)], ${NOW}::timestamp - make_interval(days => 21 + i * 13)
    FROM generate_series(0, ${OLD_LINKS - 1}::int) AS i, generate_series(1, ${USERS}::int) AS g`;
  await db.$executeRawUnsafe(`VACUUM ANALYZE "Link"`);
  await db.digestDelivery.createMany({
    data: Array.from({ length: DIGESTS }, (_, index) => ({
      id: `${prefix}-digest-${index + 1}`,
      userId: `${prefix}-${index + 1}`,
      kind: "scheduled" as const,
      slot: NOW,
      windowStart: previous,
      windowEnd: NOW,
      status: "sending" as const,
      batchId: `${prefix}-batch`,
      claimedAt: NOW,
    })),
  });
  ids = Array.from({ length: DIGESTS }, (_, index) => `${prefix}-digest-${index + 1}`);
});

describe("the links a digest brings back", () => {
  it("are chosen from the covering index, without reading a link's row until it is chosen", async () => {
    const [row] = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      // The statement writes what it chooses; EXPLAIN ANALYZE runs it, as a batch would.
      Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${comingBackSql(ids)}`,
    );
    if (!row) throw new Error("EXPLAIN gave no row");
    const links = nodes(row["QUERY PLAN"][0].Plan).filter((node) => node["Relation Name"] === "Link");
    // The pool, once per digest: its up to REDISCOVERY_POOL candidates from the index, none from the heap.
    const pool = links.find((node) => node["Actual Loops"] === DIGESTS && node["Actual Rows"] > 3);
    expect(pool?.["Node Type"]).toBe("Index Only Scan");
    expect(pool?.["Index Name"]).toBe("Link_come_back_idx");
    expect(pool?.["Heap Fetches"]).toBe(0);
    const chosen = await getDb().digestItem.count({ where: { deliveryId: { in: ids } } });
    expect(chosen).toBe(DIGESTS * 3);
  });
});
