// History search (`GET /api/links/history?q=`, its service: the page of 50 and the counts of the
// days it cuts) on one user's library of each --links size, on both databases: the embedded one
// (PGlite on a new data directory) and PostgreSQL (a new database on the server of
// TEST_DATABASE_URL, or --admin-url). The links are saved 100 a day; "book" is in every other
// link's title (the common word: a day holds 50 matches, more than a page), "zephyr" in one link
// in 5,000 (the rare word). Another user's links share the table. No ANALYZE: the embedded
// database never gathers statistics, and the plan must not need them. Prints p50 / p95 / max over
// --runs searches of each word, after warm-up.
//
//   npm run bench:search -- --links 20000,100000
//   npm run bench:search -- --modes embedded --links 20000 --runs 20
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";

const { values } = parseArgs({
  options: {
    modes: { type: "string", default: "embedded,postgres" },
    /** Set by this script when it runs one mode and size in a child process (the database is chosen at start). */
    mode: { type: "string" },
    links: { type: "string", default: "20000,100000" },
    runs: { type: "string", default: "30" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  },
});

const RUNS = Number(values.runs);
const WARM_UP = 3;
const PER_DAY = 100;
const DAY_MS = 86_400_000;
const WORDS = { common: "book", rare: "zephyr" } as const;
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 1000) throw new Error("--runs must be an integer from 1 to 1000");

async function seed(links: number) {
  const { getDb } = await import("@/lib/db/client");
  const db = getDb();
  const user = await db.user.create({ data: { email: "searcher@example.test", onboarded: true } });
  const other = await db.user.create({ data: { email: "other@example.test", onboarded: true } });
  const newest = Date.now() - DAY_MS;
  for (const [owner, count] of [
    [user, links],
    [other, Math.ceil(links / 4)],
  ] as const) {
    // Link n is saved on day n / 100 before yesterday, spread over the day's hours.
    await db.$executeRaw`
      INSERT INTO "Link" (id, "userId", url, title, notes, category, categories, "createdAt")
      SELECT ${owner.id} || '-' || n, ${owner.id}, 'https://site' || (n % 300) || '.example/article/' || n,
        'Saved page ' || n || CASE WHEN n % 2 = 0 THEN ' about a book' ELSE ' about cooking' END
          || CASE WHEN n % 5000 = 0 THEN ' zephyr' ELSE '' END,
        CASE WHEN n % 3 = 0 THEN 'Read this on the train' END, 'Uncategorized', ARRAY['Uncategorized'],
        ${new Date(newest)}::timestamp - (n / ${PER_DAY}) * interval '1 day' - (n % ${PER_DAY}) * interval '10 minutes'
      FROM generate_series(1, ${count}::int) AS n`;
  }
  return user;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(mode: string, links: number): Promise<void> {
  const user = await seed(links);
  const { listHistoryPage } = await import("@/lib/links/service");
  const { buildSearchQuery } = await import("@/lib/links/search");
  for (const [kind, word] of Object.entries(WORDS)) {
    const query = buildSearchQuery(word);
    if (!query.ok || !query.tsquery) throw new Error(`no search for ${word}`);
    const times: number[] = [];
    let found = 0;
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      const started = performance.now();
      const page = await listHistoryPage(user, { q: query.tsquery });
      const took = performance.now() - started;
      if (run >= WARM_UP) times.push(took);
      found = page.links.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${mode} | ${links} | ${kind} (${word}) | ${found} | ` +
        `${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${(times.at(-1) ?? NaN).toFixed(1)} |`,
    );
  }
}

async function runMode(mode: string, links: number): Promise<void> {
  if (mode === "postgres") {
    await withTempDatabase(values["admin-url"], "bench_search", () => measure(mode, links));
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-search-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  try {
    const { migrate } = await import("@/lib/db/migrate");
    await migrate();
    await measure(mode, links);
  } finally {
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sizes = values.links.split(",").map((size) => Number(size.trim()));
for (const size of sizes) {
  if (!Number.isInteger(size) || size < PER_DAY || size > 1_000_000)
    throw new Error(`--links: sizes from ${PER_DAY} to 1000000, not ${size}`);
}

if (values.mode) {
  const [size] = sizes;
  if (size === undefined || sizes.length !== 1) throw new Error("--mode runs one size");
  await runMode(values.mode, size);
} else {
  console.log(`History search (first page of 50 and its day counts), ${RUNS} searches after ${WARM_UP} (ms)\n`);
  console.log("| database | links of the user | word | on the page | p50 | p95 | max |");
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const mode of values.modes.split(",").map((name) => name.trim())) {
    if (mode !== "embedded" && mode !== "postgres") throw new Error(`--modes: embedded and/or postgres, not ${mode}`);
    for (const size of sizes) {
      // One process per database and size: the app's database client is chosen once, when it starts.
      const child = spawnSync(
        process.execPath,
        [
          ...process.execArgv,
          process.argv[1] ?? "",
          "--mode",
          mode,
          "--links",
          String(size),
          "--runs",
          String(RUNS),
          "--admin-url",
          values["admin-url"],
        ],
        { stdio: "inherit" },
      );
      if (child.status !== 0) throw new Error(`the ${mode} run of ${size} links failed`);
    }
  }
}
