// The reading figures' statement (lib/stats/queries.ts) on a user with 30,000 links, on both
// databases: the embedded one (PGlite on a new data directory) and PostgreSQL (a new database on
// the server of TEST_DATABASE_URL, or --admin-url). The user's links span three years, about half
// of them read some days after they were saved; other users' links share the table. Prints p50 /
// p95 / max of readingStats (the weeks' bounds and the statement) over --runs calls, after warm-up.
//
//   npm run bench:reading
//   npm run bench:reading -- --modes embedded --links 30000 --others 4 --runs 50
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";

const { values } = parseArgs({
  options: {
    modes: { type: "string", default: "embedded,postgres" },
    /** Set by this script when it runs one mode in a child process (the database is chosen at start). */
    mode: { type: "string" },
    links: { type: "string", default: "30000" },
    others: { type: "string", default: "4" },
    runs: { type: "string", default: "50" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  },
});

const LINKS = Number(values.links);
const OTHERS = Number(values.others);
const RUNS = Number(values.runs);
const WARM_UP = 5;
const DAY_MS = 86_400_000;

async function seed(): Promise<{ id: string; timezone: string }> {
  const { getDb } = await import("@/lib/db/client");
  const db = getDb();
  const users = [];
  for (let i = 0; i <= OTHERS; i++) {
    users.push(
      await db.user.create({
        data: { email: `reader${i}@example.test`, onboarded: true, timezone: "Pacific/Auckland" },
      }),
    );
  }
  const now = Date.now();
  for (const user of users) {
    // Saved uniformly over three years; every other link read 0 to 60 days later (not after now).
    await db.$executeRaw`
      INSERT INTO "Link" (id, "userId", url, "createdAt", "readAt")
      SELECT ${user.id} || '-' || n, ${user.id}, 'https://example.test/' || n, saved,
        CASE WHEN n % 2 = 0 THEN LEAST(saved + (n % 61) * interval '1 day', ${new Date(now)}::timestamp) END
      FROM generate_series(1, ${LINKS}) AS n,
        LATERAL (SELECT ${new Date(now - 3 * 365 * DAY_MS)}::timestamp + (n::float8 / ${LINKS}) * interval '1095 days' AS saved) AS s`;
  }
  await db.$executeRawUnsafe(`VACUUM ANALYZE "Link"`);
  const [measured] = users;
  if (!measured) throw new Error("no user seeded");
  return measured;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(mode: string): Promise<void> {
  const user = await seed();
  const { readingStats } = await import("@/lib/stats/reading");
  const times: number[] = [];
  let totals = { saved: 0, read: 0 };
  for (let run = 0; run < WARM_UP + RUNS; run++) {
    const started = performance.now();
    const { weeks } = await readingStats(user);
    const took = performance.now() - started;
    if (run >= WARM_UP) times.push(took);
    totals = weeks.reduce((sum, week) => ({ saved: sum.saved + week.saved, read: sum.read + week.read }), totals);
  }
  times.sort((a, b) => a - b);
  const perCall = { saved: totals.saved / (WARM_UP + RUNS), read: totals.read / (WARM_UP + RUNS) };
  console.log(
    `| ${mode} | ${LINKS} (+${OTHERS} × ${LINKS} others) | ${perCall.saved} saved, ${perCall.read} read | ` +
      `${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${(times.at(-1) ?? NaN).toFixed(1)} |`,
  );
}

async function runMode(mode: string): Promise<void> {
  if (mode === "postgres") {
    await withTempDatabase(values["admin-url"], "bench_reading", () => measure(mode));
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-reading-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  try {
    const { migrate } = await import("@/lib/db/migrate");
    await migrate();
    await measure(mode);
  } finally {
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (values.mode) {
  await runMode(values.mode);
} else {
  console.log(`readingStats, ${RUNS} calls after ${WARM_UP} to warm up (ms)\n`);
  console.log("| database | links of the user | in the 12 weeks | p50 | p95 | max |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const mode of values.modes.split(",").map((name) => name.trim())) {
    if (mode !== "embedded" && mode !== "postgres") throw new Error(`--modes: embedded and/or postgres, not ${mode}`);
    // One process per database: the app's database client is chosen once, when it starts.
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, process.argv[1] ?? "", ...process.argv.slice(2), "--mode", mode],
      { stdio: "inherit" },
    );
    if (child.status !== 0) throw new Error(`the ${mode} run failed`);
  }
}
