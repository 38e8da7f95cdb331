// API speed against the framework's floor: the built app (`next start`) on a fresh PostgreSQL
// database, users with sessions and a realistic history each (links across categories, a few
// saved today), and for each endpoint C keep-alive connections for S seconds, interleaved in
// rounds with the floor, GET /api/health/live (a route handler answering a constant JSON), so that
// whatever else the machine does weighs on both alike. Prints req/s, p50/p99 latency, the server's
// CPU time per request and the ratio to the floor measured beside it; exits non-zero when an
// endpoint is under half the floor's req/s, has a p99 of 100 ms or more, or answers anything but
// 2xx. Needs `npm run build` first, and wrk (apt-get install -y wrk).
//
//   npm run bench:api                                     # 50 connections, 10 s per endpoint
//   npm run bench:api -- --connections 50 --seconds 3 --warmup 1
//   npm run bench:api -- --only history --cpu-prof /tmp/profiles   # one endpoint, profiled
//
// The load generator is wrk, on the same cores as the server and PostgreSQL; its Lua script
// (requests.lua) sends each request as the next user in turn.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { clientAddress } from "@/bench/support/http-load";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";
import { assertWrkInstalled, runWrk, type WrkResult } from "@/bench/support/wrk";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type AppServer, assertBuilt, freePort, startApp } from "@/tests/support/built-app";

const { values } = parseArgs({
  options: {
    connections: { type: "string", default: "50" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    rounds: { type: "string", default: "2" },
    users: { type: "string", default: "200" },
    links: { type: "string", default: "200" },
    /** Only the endpoints whose name contains this text (the floor always runs). */
    only: { type: "string", default: "" },
    /** A directory for the server's CPU profile (node --cpu-prof), written when it stops. */
    "cpu-prof": { type: "string" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  },
});

function integer(name: string, value: string | undefined, min: number, max: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max) throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return parsed;
}

const connections = integer("connections", values.connections, 1, 2000);
const rounds = integer("rounds", values.rounds, 1, 20);
// wrk runs whole seconds: each round gets seconds / rounds of them.
const seconds = integer("seconds", values.seconds, rounds, 600);
if (seconds % rounds !== 0) throw new Error("--seconds must be a multiple of --rounds");
const warmup = integer("warmup", values.warmup, 0, 60);
const userCount = integer("users", values.users, 1, 10_000);
const linksPerUser = integer("links", values.links, 5, 1000);

const MIN_RATIO = 0.5;
const MAX_P99_MS = 100;
const LINKS_TODAY = 5;
const CATEGORIES = ["Article", "Blog", "News", "Tutorial", "Video", "Research", "Tools", "Recipes"];
const SITES = ["example.com", "news.example.org", "blog.example.net", "docs.example.io", "video.example.tv"];
// Cookie name of next-auth's database session over plain http (lib/session.ts).
const SESSION_COOKIE = "next-auth.session-token";

type BenchUser = { cookie: string; address: string };
const SCRIPT = path.join(import.meta.dirname, "requests.lua");

/** Users with a session each and `linksPerUser` links: a few today, the rest one per day back. */
async function seed(): Promise<BenchUser[]> {
  const { randomBytes } = await import("node:crypto");
  const { getDb } = await import("@/lib/db");
  const db = getDb();
  const now = Date.now();
  const users = await db.user.createManyAndReturn({
    data: Array.from({ length: userCount }, (_, i) => ({
      email: `api-bench-${i}@example.com`,
      name: `Bench User ${i}`,
      onboarded: true,
      emailVerified: new Date(now),
      trialEndsAt: new Date(now + 14 * 86_400_000),
    })),
    select: { id: true },
  });
  const tokens = users.map(() => randomBytes(32).toString("hex"));
  await db.session.createMany({
    data: users.map((user, i) => ({ userId: user.id, sessionToken: tokens[i] ?? "", expires: new Date(now + 30 * 86_400_000) })),
  });
  const BATCH = 5000;
  let batch: Prisma.LinkCreateManyInput[] = [];
  for (const [u, user] of users.entries()) {
    for (let i = 0; i < linksPerUser; i += 1) {
      const site = SITES[(u + i) % SITES.length] ?? "example.com";
      const categories = Array.from({ length: 1 + (i % 3) }, (_, k) => CATEGORIES[(i + k * 3) % CATEGORIES.length] ?? "Article");
      const ageMs = i < LINKS_TODAY ? (i + 1) * 1000 : (i - LINKS_TODAY + 1) * 86_400_000;
      batch.push({
        userId: user.id,
        url: `https://${site}/articles/${u}/${i}/a-reasonably-long-slug-for-a-saved-page`,
        title: `A saved page about topic ${i} from ${site}`,
        description: `The description the page gave of itself: a sentence or two about topic ${i}, as sites put in their meta tags.`,
        siteName: site,
        faviconUrl: `https://${site}/favicon.ico`,
        notes: i % 4 === 0 ? `Read this before the meeting on ${i % 7 === 0 ? "Monday" : "Friday"}.` : null,
        category: categories[0] ?? "Article",
        categories,
        readAt: i % 5 === 0 ? new Date(now - ageMs + 3_600_000) : null,
        createdAt: new Date(now - ageMs),
      });
      if (batch.length === BATCH) {
        await db.link.createMany({ data: batch });
        batch = [];
      }
    }
  }
  if (batch.length) await db.link.createMany({ data: batch });
  await db.$executeRawUnsafe(`ANALYZE`);
  return tokens.map((token, i) => ({ cookie: `${SESSION_COOKIE}=${token}`, address: clientAddress(i) }));
}

type Endpoint = { name: string; method: "GET" | "POST"; path: string; anonymous?: boolean };

const ENDPOINTS: Endpoint[] = [
  { name: "GET /api/links/today", method: "GET", path: "/api/links/today" },
  { name: "GET /api/links/history", method: "GET", path: "/api/links/history" },
  { name: "GET /api/auth/user", method: "GET", path: "/api/auth/user" },
  // Last: the saves add to today's lists. requests.lua posts to a name that cannot resolve, so the
  // title fetch after the response fails at once and nothing leaves the machine.
  { name: "POST /api/links", method: "POST", path: "/api/links" },
];

const FLOOR: Endpoint = { name: "GET /api/health/live (floor)", method: "GET", path: "/api/health/live", anonymous: true };

/** The server's CPU time so far (user + system), in ms; null where /proc is not available. */
function serverCpuMs(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name; in ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The rounds of one endpoint, added up; latency percentiles are the worst round's. */
type Measured = { requests: number; seconds: number; p50Ms: number; p99Ms: number; errors: number; cpuMs: number | null };

function emptyMeasure(): Measured {
  return { requests: 0, seconds: 0, p50Ms: 0, p99Ms: 0, errors: 0, cpuMs: 0 };
}

function add(into: Measured, more: Measured): void {
  into.requests += more.requests;
  into.seconds += more.seconds;
  into.p50Ms = Math.max(into.p50Ms, more.p50Ms);
  into.p99Ms = Math.max(into.p99Ms, more.p99Ms);
  into.errors += more.errors;
  into.cpuMs = into.cpuMs === null || more.cpuMs === null ? null : into.cpuMs + more.cpuMs;
}

function measured(result: WrkResult, cpuMs: number | null): Measured {
  const { requests, seconds, p50Ms, p99Ms } = result;
  return { requests, seconds, p50Ms, p99Ms, errors: result.statusErrors + result.socketErrors, cpuMs };
}

/** One request as the first user, before the load: wrk counts only statuses of 400 and up as errors. */
async function assertAnswers2xx(app: AppServer, users: BenchUser[], endpoint: Endpoint): Promise<void> {
  const user = users[0];
  if (!user) throw new Error("no users seeded");
  const response = await fetch(new URL(endpoint.path, app.url), {
    method: endpoint.method,
    headers: {
      cookie: user.cookie,
      "x-forwarded-for": user.address,
      origin: app.url,
      ...(endpoint.method === "POST" && { "content-type": "application/json" }),
    },
    body: endpoint.method === "POST" ? JSON.stringify({ url: "https://bench.invalid/probe" }) : undefined,
    redirect: "manual",
  });
  if (!response.ok) throw new Error(`${endpoint.name} answered ${response.status}: ${await response.text()}`);
}

/** Drives the endpoint for `duration` seconds with wrk. */
async function drive(app: AppServer, usersFile: string, endpoint: Endpoint, duration: number, into: Measured): Promise<void> {
  const cpuBefore = serverCpuMs(app.pid);
  const result = await runWrk({
    url: app.url,
    connections,
    seconds: duration,
    script: SCRIPT,
    scriptArgs: [endpoint.anonymous ? usersFile.replace(/\.tsv$/, "-anonymous.tsv") : usersFile, endpoint.method, endpoint.path, app.url],
  });
  const cpuAfter = serverCpuMs(app.pid);
  add(into, measured(result, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore));
}

type Row = { endpoint: string; measured: Measured; floor: Measured };

function reqPerSecond(measured: Measured): number {
  return measured.requests / measured.seconds;
}

function verdict(row: Row): { ratio: number; passed: boolean } {
  const ratio = reqPerSecond(row.measured) / reqPerSecond(row.floor);
  return { ratio, passed: row.measured.errors === 0 && ratio >= MIN_RATIO && row.measured.p99Ms < MAX_P99_MS };
}

function report(rows: Row[], overallFloor: Measured): boolean {
  const line = (endpoint: string, measured: Measured, row?: Row) => {
    const result = row ? verdict(row) : null;
    return {
      endpoint,
      requests: measured.requests,
      "req/s": Math.round(reqPerSecond(measured)),
      "p50 ms": Number(measured.p50Ms.toFixed(1)),
      "p99 ms": Number(measured.p99Ms.toFixed(1)),
      "server CPU ms/req": measured.cpuMs === null ? "n/a" : Number((measured.cpuMs / measured.requests).toFixed(2)),
      "floor req/s": row ? Math.round(reqPerSecond(row.floor)) : "",
      ratio: result ? `${Math.round(result.ratio * 100)} %` : "",
      errors: measured.errors,
      result: result ? (result.passed ? "pass" : "FAIL") : "",
    };
  };
  console.log(
    `\nAPI speed on PostgreSQL: ${connections} keep-alive connections (wrk), ${seconds} s per endpoint in ${rounds} round(s), each beside as much of the floor;` +
      ` ${userCount} users with ${linksPerUser} links each (${LINKS_TODAY} today); p50 and p99 are the worst round's`,
  );
  console.table([line(FLOOR.name, overallFloor), ...rows.map((row) => line(row.endpoint, row.measured, row))]);
  const passed = rows.every((row) => verdict(row).passed);
  console.log(
    `targets: each endpoint ≥ ${MIN_RATIO * 100} % of the floor's req/s, p99 < ${MAX_P99_MS} ms, no errors: ${passed ? "all met" : "NOT MET"}`,
  );
  return passed;
}

async function main(): Promise<boolean> {
  assertBuilt();
  assertWrkInstalled();
  return withTempDatabase(values["admin-url"], "linkstash_api", async ({ databaseUrl, dataDir }) => {
    const seedStarted = performance.now();
    const users = await seed();
    console.log(`${userCount} users with ${linksPerUser} links each seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
    const usersFile = path.join(dataDir, "bench-users.tsv");
    writeFileSync(usersFile, users.map((user) => `${user.cookie}\t${user.address}\n`).join(""));
    writeFileSync(usersFile.replace(/\.tsv$/, "-anonymous.tsv"), users.map((user) => `\t${user.address}\n`).join(""));
    const nodeArgs = values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${values["cpu-prof"]}`] : [];
    const app = await startApp({ port: await freePort(), env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, nodeArgs });
    try {
      const overallFloor = emptyMeasure();
      const rows: Row[] = [];
      await assertAnswers2xx(app, users, FLOOR);
      if (warmup > 0) await drive(app, usersFile, FLOOR, warmup, emptyMeasure());
      const selected = ENDPOINTS.filter(({ name }) => name.includes(values.only));
      if (selected.length === 0) throw new Error(`--only ${values.only} names no endpoint`);
      for (const endpoint of selected) {
        const row: Row = { endpoint: endpoint.name, measured: emptyMeasure(), floor: emptyMeasure() };
        await assertAnswers2xx(app, users, endpoint);
        if (warmup > 0) await drive(app, usersFile, endpoint, warmup, emptyMeasure());
        for (let round = 0; round < rounds; round += 1) {
          await drive(app, usersFile, FLOOR, seconds / rounds, row.floor);
          await drive(app, usersFile, endpoint, seconds / rounds, row.measured);
        }
        rows.push(row);
        process.stdout.write(`${endpoint.name}: ${Math.round(reqPerSecond(row.measured))} req/s\n`);
      }
      for (const { floor } of rows) add(overallFloor, floor);
      const passed = report(rows, overallFloor);
      if (!passed) console.error(`server log (tail):\n${app.log().slice(-4000)}`);
      return passed;
    } finally {
      await app.stop("SIGTERM");
    }
  });
}

process.exitCode = (await main()) ? 0 : 1;
