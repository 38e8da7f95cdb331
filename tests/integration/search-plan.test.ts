import { beforeAll, describe, expect, it } from "vitest";
import { GET as history } from "@/app/api/links/history/route";
import { getDb, queryRows } from "@/lib/db/client";
import { Prisma, type User } from "@/lib/generated/prisma/client";
import { parseDayTotals } from "@/lib/links/day-totals";
import { linkPageSql, linksPerDaySql, type LinkFilter } from "@/lib/links/queries";
import { buildSearchQuery } from "@/lib/links/search";
import { localDay } from "@/lib/time/local-day";
import { apiRequest, signedInUser } from "@/tests/support/factories";

// A large library where one common word matches a whole day of saves: the search's plan must find
// the matching links once, through the full-text indexes, then sort, page and count that set.

const ON_THE_DAY = 3_000;
// Noon (UTC, the user's zone) two days ago: every link of the day is on the same local day.
const DAY_START = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 2 * 86_400_000);
const NOON = new Date(DAY_START.getTime() + 12 * 3_600_000);

type LinkJson = { id: string; url: string; createdAt: string };
type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Actual Loops": number;
  "Subplan Name"?: string;
  "CTE Name"?: string;
  Filter?: string;
  "Index Cond"?: string;
  "Recheck Cond"?: string;
  Plans?: PlanNode[];
};

let user: User;
let cookie: string;

/** Links `first`..`last` of `userId`, one a second from `start`, titled after `word` and their number. */
async function insertLinks(userId: string, first: number, last: number, start: Date, word: string) {
  await getDb().$executeRaw`
    INSERT INTO "Link" (id, "userId", url, title, category, categories, "createdAt")
    SELECT 'plan' || ${word} || lpad(i::text, 6, '0'), ${userId}, 'https://example.test/' || ${word} || '/' || i,
      initcap(${word}) || ' number ' || i, 'Uncategorized', ARRAY['Uncategorized'],
      ${start}::timestamp + make_interval(secs => i)
    FROM generate_series(${first}::int, ${last}::int) AS i`;
}

function filterFor(words: string): LinkFilter {
  const query = buildSearchQuery(words);
  if (!query.ok) throw new Error(query.message);
  return { userId: user.id, category: null, tsquery: query.tsquery, unreadOnly: false };
}

async function plan(sql: Prisma.Sql): Promise<PlanNode> {
  const [row] = await queryRows<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    Prisma.sql`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
  );
  if (!row) throw new Error("EXPLAIN gave no row");
  return row["QUERY PLAN"][0].Plan;
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

/** The plan's nodes that evaluate the full-text match (as an index condition or a filter). */
function searchNodes(root: PlanNode): PlanNode[] {
  return nodes(root).filter((node) =>
    [node.Filter, node["Index Cond"], node["Recheck Cond"]].some((text) => text?.includes("@@")),
  );
}

beforeAll(async () => {
  ({ user, cookie } = await signedInUser({ timezone: "UTC" }));
  // The day of the 3,000 "book" links, the days before with other words, and another user's books.
  await insertLinks(user.id, 1, ON_THE_DAY, NOON, "book");
  await insertLinks(user.id, 1, 500, new Date(NOON.getTime() - 3 * 86_400_000), "garden");
  const stranger = await signedInUser();
  await insertLinks(stranger.user.id, 1, 200, NOON, "bookstranger");
  await getDb().$executeRaw`UPDATE "Link" SET title = 'Book of the stranger' WHERE "userId" = ${stranger.user.id}`;
});

describe("history search on a large day", () => {
  it("evaluates the full-text search once for the page and for the day's count", async () => {
    const filter = filterFor("book");
    const page = await plan(linkPageSql(filter, null, 51));
    const day = localDay("UTC", NOON);
    const counts = await plan(linksPerDaySql(filter, [day]));
    for (const root of [page, counts]) {
      const search = searchNodes(root);
      // The link's words, its article's and its highlights'.
      expect(search.length).toBeGreaterThanOrEqual(3);
      for (const node of search) expect(node["Actual Loops"], node["Node Type"]).toBe(1);
      // The matching ids are read once, not once per link of the user (a nested loop around them).
      const reads = nodes(root).filter((node) => node["CTE Name"] === "matching_ids");
      expect(reads).toHaveLength(1);
      expect(reads[0]?.["Actual Loops"]).toBe(1);
      // No subplan but the CTE of matching ids (run once) evaluates the search.
      const subplans = nodes(root).filter((n) => n["Subplan Name"] !== undefined);
      expect(subplans.map((n) => n["Subplan Name"])).toContain("CTE matching_ids");
      for (const node of subplans.filter((n) => n["Subplan Name"] !== "CTE matching_ids")) {
        expect(searchNodes(node), node["Subplan Name"]).toEqual([]);
      }
    }
  });

  it("reads the links' full-text index with the owner's word, whatever the planner knows", async () => {
    const root = await plan(linkPageSql(filterFor("garden 250"), null, 51));
    const scans = searchNodes(root).filter((node) => node["Index Name"] === "Link_search_idx");
    expect(scans).toHaveLength(1);
    expect(scans[0]?.["Index Cond"]).toContain(`'~${user.id}'`);
  });

  it("answers the newest 50 with the day's true total, and the cursor pages on through the day", async () => {
    const first = await history(apiRequest("GET", "/api/links/history?q=book", { cookie }));
    expect(first.status).toBe(200);
    const links: LinkJson[] = await first.json();
    expect(links.map((link) => link.url)).toEqual(
      Array.from({ length: 50 }, (_, i) => `https://example.test/book/${ON_THE_DAY - i}`),
    );
    expect(parseDayTotals(first.headers.get("X-Day-Totals"))).toEqual(
      new Map([[DAY_START.toISOString().slice(0, 10), ON_THE_DAY]]),
    );

    const next = first.headers.get("link")?.match(/<([^>]+)>; rel="next"/)?.[1];
    expect(next).toBeDefined();
    const second = await history(apiRequest("GET", next ?? "", { cookie }));
    expect(second.status).toBe(200);
    const more: LinkJson[] = await second.json();
    expect(more.map((link) => link.url)).toEqual(
      Array.from({ length: 50 }, (_, i) => `https://example.test/book/${ON_THE_DAY - 50 - i}`),
    );
    expect(parseDayTotals(second.headers.get("X-Day-Totals")).get(DAY_START.toISOString().slice(0, 10))).toBe(
      ON_THE_DAY,
    );
  });

  it("finds a rare word of the large library, and nothing of another user's", async () => {
    const res = await history(apiRequest("GET", "/api/links/history?q=garden%20250", { cookie }));
    expect(((await res.json()) as LinkJson[]).map((link) => link.url)).toEqual(["https://example.test/garden/250"]);
    const stranger = await history(apiRequest("GET", "/api/links/history?q=stranger", { cookie }));
    expect(await stranger.json()).toEqual([]);
  });
});
