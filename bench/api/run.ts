// API speed as it matters: for each endpoint, beside the framework's floor (GET /api/health/live, a
// route handler answering a constant JSON) measured in the same run on the same server,
//   (a) the server's CPU time per request (its /proc entry, read before and after) and the ratio to
//       the floor's at the same rate, just before: what an operator pays for;
//   (b) p50/p99 latency under an open-loop load (requests sent on a schedule, not when the last one
//       returned: bench/support/open-loop.ts) at half of the endpoint's own capacity, which wrk
//       measures first, closed loop: the latency a user feels at a load the service can carry. The
//       open loop runs in `--repeats` windows, each beside a window of the floor; the p99 reported is
//       the median of the windows' p99s, so one window in which the shared machine stalled (the
//       floor's own p99 shows when) does not stand for the endpoint. Every window's p99 is printed.
// The built app (`next start`) runs on a fresh PostgreSQL database holding users with a session and
// a realistic history each; by default two servers side by side, one connected directly and one
// through PgBouncer in transaction mode, measured endpoint by endpoint in turn so that whatever else
// the machine does weighs on both alike. Exits non-zero when a target is missed (see TARGETS) or
// any request fails. Needs `npx next build`, wrk, and pgbouncer for the pooled server.
//
//   npm run bench:api
//   npm run bench:api -- --users 50 --links 60 --seconds 2 --rounds 1 --warmup 200 --open-seconds 4 --repeats 1   # CI's size
//   npm run bench:api -- --via direct --only history --cpu-prof /tmp/profiles          # one endpoint, profiled
//
// wrk (a C program) and the open-loop generator run on the same cores as the servers and
// PostgreSQL; the CPU figures are the server process's own (PostgreSQL, PgBouncer and the load
// generators excluded; PgBouncer's is printed beside). The servers run with --trace-gc, and every
// window's p99 is printed beside the server's major garbage collections during it (decision 0203).
import { writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { cpuSince, cpuSnapshot } from "@/bench/support/cpu";
import { clientAddress, send } from "@/bench/support/http-load";
import { countMajorGcs, type MajorGcCounter, TRACE_GC } from "@/bench/support/major-gcs";
import { median } from "@/bench/support/median";
import { type OpenLoopResult, runOpenLoop } from "@/bench/support/open-loop";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";
import { assertWrkInstalled, runWrk } from "@/bench/support/wrk";
import type { Prisma } from "@/lib/generated/prisma/client";
import { type AppServer, assertBuilt, freePort, startApp } from "@/tests/support/built-app";
import { type PgBouncer, startPgBouncer } from "@/tests/support/pgbouncer";

const { values } = parseArgs({
  options: {
    /** wrk's connections while it measures capacity. */
    connections: { type: "string", default: "50" },
    /** wrk's seconds per endpoint (split into rounds, each beside as much of the floor). */
    seconds: { type: "string", default: "6" },
    rounds: { type: "string", default: "2" },
    /** Requests sent to each endpoint before it is measured (JIT, route modules, caches). */
    warmup: { type: "string", default: "500" },
    /** Seconds of open-loop load counted per window, after one uncounted second. */
    "open-seconds": { type: "string", default: "10" },
    /** Open-loop windows per endpoint, each beside one of the floor: the median window's p99 counts. */
    repeats: { type: "string", default: "3" },
    users: { type: "string", default: "200" },
    links: { type: "string", default: "200" },
    /** Which servers: direct, pgbouncer, or both (the pooled one compared with the direct one). */
    via: { type: "string", default: "direct,pgbouncer" },
    /** Only the endpoints whose name contains this text (the floor always runs). */
    only: { type: "string", default: "" },
    /** A directory for the servers' CPU profiles (node --cpu-prof), written when they stop. */
    "cpu-prof": { type: "string" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  },
});

function integer(name: string, value: string | undefined, min: number, max: number): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min || parsed > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}`);
  return parsed;
}

const connections = integer("connections", values.connections, 1, 2000);
const rounds = integer("rounds", values.rounds, 1, 20);
// wrk runs whole seconds: each round gets seconds / rounds of them.
const seconds = integer("seconds", values.seconds, rounds, 600);
if (seconds % rounds !== 0) throw new Error("--seconds must be a multiple of --rounds");
const warmup = integer("warmup", values.warmup, 0, 100_000);
const openSeconds = integer("open-seconds", values["open-seconds"], 1, 600);
const repeats = integer("repeats", values.repeats, 1, 20);
const userCount = integer("users", values.users, 1, 10_000);
const linksPerUser = integer("links", values.links, 5, 1000);
type Via = "direct" | "pgbouncer";
const vias = [...new Set(values.via.split(","))].map((via): Via => {
  if (via !== "direct" && via !== "pgbouncer") throw new Error("--via takes direct, pgbouncer or both");
  return via;
});

const TARGETS = {
  /** Server CPU per request at half capacity, against the floor's at the same rate. */
  cpuRatio: 2,
  /** p99 latency at half of the endpoint's capacity, open loop. */
  p99Ms: 50,
  /** Behind PgBouncer, the CPU ratio and the p99 at most this much above the direct server's. */
  poolerDifference: 0.15,
};
const LOAD_FRACTION = 0.5;
/** Beyond this the open-loop generator itself was short of CPU, and its latencies are the machine's. */
const MAX_SEND_LAG_MS = 5;
const OPEN_WARMUP_SECONDS = 1;
const LINKS_TODAY = 5;
const CATEGORIES = ["Article", "Blog", "News", "Tutorial", "Video", "Research", "Tools", "Recipes"];
const SITES = ["example.test", "news.sample.test", "blog.demo.test", "docs.sample.test", "video.demo.test"];
// Cookie name of next-auth's database session over plain http (lib/auth/session.ts).
const SESSION_COOKIE = "next-auth.session-token";

type BenchUser = { cookie: string; address: string };
const SCRIPT = path.join(import.meta.dirname, "requests.lua");

/** Users with a session each and `linksPerUser` links: a few today, the rest one per day back. */
async function seed(): Promise<BenchUser[]> {
  const { randomBytes } = await import("node:crypto");
  const { getDb } = await import("@/lib/db/client");
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
    data: users.map((user, i) => ({
      userId: user.id,
      sessionToken: tokens[i] ?? "",
      expires: new Date(now + 30 * 86_400_000),
    })),
  });
  const BATCH = 5000;
  let batch: Prisma.LinkCreateManyInput[] = [];
  for (const [u, user] of users.entries()) {
    for (let i = 0; i < linksPerUser; i += 1) {
      const site = SITES[(u + i) % SITES.length] ?? "example.test";
      const categories = Array.from(
        { length: 1 + (i % 3) },
        (_, k) => CATEGORIES[(i + k * 3) % CATEGORIES.length] ?? "Article",
      );
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

/** `links`: how many links a list endpoint answers with (the per-link cost is told from two sizes). */
type Endpoint = { name: string; method: "GET" | "POST"; path: string; anonymous?: boolean; links?: number };

const ENDPOINTS: Endpoint[] = [
  { name: "GET /api/links/today", method: "GET", path: "/api/links/today" },
  { name: "GET /api/links/history (50 links)", method: "GET", path: "/api/links/history?limit=50", links: 50 },
  // The same queries with a tenth of the rows: what a page's size costs, apart from its round trips.
  { name: "GET /api/links/history (5 links)", method: "GET", path: "/api/links/history?limit=5", links: 5 },
  { name: "GET /api/auth/user", method: "GET", path: "/api/auth/user" },
  // Last: the saves add to today's lists. They save URLs under bench.invalid, a name the title fetcher
  // refuses, so nothing leaves the machine.
  { name: "POST /api/links", method: "POST", path: "/api/links" },
];

const FLOOR: Endpoint = {
  name: "GET /api/health/live (floor)",
  method: "GET",
  path: "/api/health/live",
  anonymous: true,
};

/** `majorGcs`: the server's major garbage collections so far (it runs with --trace-gc). */
type Server = { via: Via; app: AppServer; majorGcs: MajorGcCounter };

/** Closed-loop totals (wrk), rounds added up. */
type ClosedLoop = { requests: number; seconds: number; errors: number; cpuMs: number };

/** One open-loop window, with the server's major garbage collections during it (its first second included). */
type OpenLoopWindow = OpenLoopResult & { majorGcs: number };

/** What each window of a series is judged by: its p99, and the major collections that fell in it. */
type WindowSummary = { p99Ms: number; majorGcs: number };

/** Open-loop windows taken together: counts and CPU added up, p50 and p99 the median window's. */
type OpenLoopWindows = OpenLoopResult & { windows: WindowSummary[] };

function combineWindows(windows: OpenLoopWindow[]): OpenLoopWindows {
  const sum = (pick: (run: OpenLoopResult) => number) => windows.reduce((total, run) => total + pick(run), 0);
  const statuses: Record<string, number> = {};
  for (const run of windows)
    for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    requests: sum((run) => run.requests),
    unanswered: sum((run) => run.unanswered),
    seconds: sum((run) => run.seconds),
    errors: sum((run) => run.errors),
    statuses,
    p50Ms: median(windows.map((run) => run.p50Ms)),
    p99Ms: median(windows.map((run) => run.p99Ms)),
    maxMs: Math.max(...windows.map((run) => run.maxMs)),
    sendLagP99Ms: Math.max(...windows.map((run) => run.sendLagP99Ms)),
    cpuMs: sum((run) => run.cpuMs),
    windows: windows.map(({ p99Ms, majorGcs }) => ({ p99Ms, majorGcs })),
  };
}

type Measured = {
  endpoint: Endpoint;
  capacity: ClosedLoop;
  /** The floor's capacity run beside this endpoint's, round by round (the floor's own for the floor). */
  floorBeside: ClosedLoop;
  rate: number;
  open: OpenLoopWindows;
  /** The floor, open loop at the same rate, beside this endpoint's windows (the floor's own for the floor). */
  floorOpen: OpenLoopWindows;
};

const reqPerSecond = (loop: ClosedLoop) => loop.requests / loop.seconds;
const cpuPerRequest = (cpuMs: number, requests: number) => cpuMs / Math.max(1, requests);

/** One request as the first user, before the load: wrk counts only statuses of 400 and up as errors. */
async function assertAnswers2xx(app: AppServer, user: BenchUser, endpoint: Endpoint): Promise<void> {
  const response = await fetch(new URL(endpoint.path, app.url), {
    method: endpoint.method,
    headers: {
      cookie: user.cookie,
      "x-forwarded-for": user.address,
      origin: app.url,
      ...(endpoint.method === "POST" && { "content-type": "application/json" }),
    },
    body: endpoint.method === "POST" ? JSON.stringify({ url: `https://bench.invalid/probe/${Date.now()}` }) : undefined,
    redirect: "manual",
  });
  if (!response.ok) throw new Error(`${endpoint.name} answered ${response.status}: ${await response.text()}`);
}

function usersFileFor(usersFile: string, endpoint: Endpoint): string {
  return endpoint.anonymous ? usersFile.replace(/\.tsv$/, "-anonymous.tsv") : usersFile;
}

/** wrk, closed loop, for `duration` seconds; the server's CPU time over it. */
async function closedLoop(
  app: AppServer,
  usersFile: string,
  endpoint: Endpoint,
  duration: number,
): Promise<ClosedLoop> {
  const before = cpuSnapshot([app.pid]);
  const result = await runWrk({
    url: app.url,
    connections,
    seconds: duration,
    script: SCRIPT,
    scriptArgs: [usersFileFor(usersFile, endpoint), endpoint.method, endpoint.path, app.url, `r${Date.now()}`],
  });
  const cpuMs = cpuSince(before, [app.pid]);
  if (result.statusErrors + result.socketErrors > 0)
    console.error(
      `${endpoint.name}: wrk counted ${result.statusErrors} answers of 400 or more and ${result.socketErrors} socket errors or timeouts`,
    );
  return {
    requests: result.requests,
    seconds: result.seconds,
    errors: result.statusErrors + result.socketErrors,
    cpuMs,
  };
}

function add(into: ClosedLoop, more: ClosedLoop): void {
  into.requests += more.requests;
  into.seconds += more.seconds;
  into.errors += more.errors;
  into.cpuMs += more.cpuMs;
}

const emptyLoop = (): ClosedLoop => ({ requests: 0, seconds: 0, errors: 0, cpuMs: 0 });

const WARMUP_CONCURRENCY = 8;

/** `warmup` requests, a few at a time: a count rather than seconds, so that a slow machine warms up as much. */
async function warmUp(app: AppServer, users: BenchUser[], endpoint: Endpoint): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: WARMUP_CONCURRENCY });
  const base = new URL(app.url);
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < warmup; n = next++) {
      const user = users[n % users.length];
      const headers: Record<string, string> = { "x-forwarded-for": user?.address ?? "" };
      if (user && !endpoint.anonymous) headers.cookie = user.cookie;
      const body =
        endpoint.method === "POST"
          ? JSON.stringify({ url: `https://bench.invalid/warmup/${Date.now()}/${n}` })
          : undefined;
      if (body) Object.assign(headers, { origin: app.url, "content-type": "application/json" });
      const status = await send(agent, base, { method: endpoint.method, path: endpoint.path, headers, body });
      if (!status.startsWith("2")) throw new Error(`${endpoint.name} answered ${status} while warming up`);
    }
  };
  try {
    await Promise.all(Array.from({ length: WARMUP_CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
}

/** Capacity (beside the floor), then the open-loop run at half of it. */
async function measure(
  server: Server,
  users: BenchUser[],
  usersFile: string,
  endpoint: Endpoint,
  label: string,
): Promise<Measured> {
  const { app } = server;
  await warmUp(app, users, endpoint);
  const capacity = emptyLoop();
  const floorBeside = endpoint === FLOOR ? capacity : emptyLoop();
  for (let round = 0; round < rounds; round += 1) {
    if (endpoint !== FLOOR) add(floorBeside, await closedLoop(app, usersFile, FLOOR, seconds / rounds));
    add(capacity, await closedLoop(app, usersFile, endpoint, seconds / rounds));
  }
  const rate = Math.max(1, Math.round(reqPerSecond(capacity) * LOAD_FRACTION));
  const openLoop = async (target: Endpoint): Promise<OpenLoopWindow> => {
    const gcsBefore = server.majorGcs.count();
    const run = await runOpenLoop({
      url: app.url,
      rate,
      seconds: openSeconds,
      warmup: OPEN_WARMUP_SECONDS,
      method: target.method,
      path: target.path,
      usersFile: usersFileFor(usersFile, target),
      serverPids: [app.pid],
      tag: `${server.via}-${label}-${Date.now()}`,
    });
    return { ...run, majorGcs: server.majorGcs.count() - gcsBefore };
  };
  // Each window beside one of the floor at the same rate, just before: the floor's CPU per request is
  // what this endpoint's is weighed against, and its p99 shows what the machine allowed meanwhile.
  const floorWindows: OpenLoopWindow[] = [];
  const windows: OpenLoopWindow[] = [];
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    if (endpoint !== FLOOR) floorWindows.push(await openLoop(FLOOR));
    windows.push(await openLoop(endpoint));
  }
  const open = combineWindows(windows);
  const floorOpen = endpoint === FLOOR ? undefined : combineWindows(floorWindows);
  const reportErrors = (name: string, run: OpenLoopResult) => {
    if (run.errors > 0)
      console.error(`${name}: open loop at ${rate} req/s: ${run.errors} errors (${JSON.stringify(run.statuses)})`);
  };
  if (floorOpen) reportErrors(FLOOR.name, floorOpen);
  reportErrors(endpoint.name, open);
  process.stdout.write(
    `${server.via}: ${endpoint.name}: ${Math.round(reqPerSecond(capacity))} req/s capacity; at ${rate} req/s p99 ${open.p99Ms.toFixed(1)} ms (windows: ${windowList(open)})\n`,
  );
  return { endpoint, capacity, floorBeside, rate, open, floorOpen: floorOpen ?? open };
}

type Verdict = { cpuRatio: number; cpuMet: boolean; p99Met: boolean; errors: number; passed: boolean };

function verdict(row: Measured): Verdict {
  const cpuRatio =
    cpuPerRequest(row.open.cpuMs, row.open.requests) / cpuPerRequest(row.floorOpen.cpuMs, row.floorOpen.requests);
  const cpuMet = cpuRatio <= TARGETS.cpuRatio;
  const p99Met = row.open.p99Ms <= TARGETS.p99Ms;
  const errors = row.capacity.errors + row.open.errors;
  return { cpuRatio, cpuMet, p99Met, errors, passed: cpuMet && p99Met && errors === 0 };
}

const fixed = (value: number, digits = 2) => Number(value.toFixed(digits));
const windowList = (run: OpenLoopWindows) => run.windows.map((w) => w.p99Ms.toFixed(1)).join(" / ");
const gcList = (run: OpenLoopWindows) => run.windows.map((w) => w.majorGcs).join(" / ");

/** Major collections per 10,000 requests sent in the windows (their uncounted first seconds included). */
function gcsPer10k(run: OpenLoopWindows, rate: number): number {
  const sent = rate * (openSeconds + OPEN_WARMUP_SECONDS) * run.windows.length;
  return (run.windows.reduce((sum, w) => sum + w.majorGcs, 0) / sent) * 10_000;
}

/** The highest p99 of the windows in which the server ran no major collection (decision 0203's proposal). */
function p99WithoutGcs(run: OpenLoopWindows): string {
  const quiet = run.windows.filter((w) => w.majorGcs === 0).map((w) => w.p99Ms);
  return quiet.length === 0 ? "no such window" : `${fixed(Math.max(...quiet), 1)} (${quiet.length})`;
}

/** Prints one server's table; true when every endpoint met its targets. */
function reportServer(via: Via, rows: Measured[], pgbouncerCpuMs: number | null): boolean {
  const [floor] = rows;
  if (!floor) return false;
  console.log(
    `\n${via === "direct" ? "Direct to PostgreSQL" : "Through PgBouncer (transaction mode)"}:` +
      ` capacity with wrk (${connections} connections, ${seconds} s in ${rounds} round(s), each beside as much of the floor),` +
      ` then ${repeats} window(s) of ${openSeconds} s open loop at ${LOAD_FRACTION * 100} % of it, each beside as much of the floor at the same rate` +
      ` (p50 and p99: the median window's);` +
      ` CPU is the server process's at that rate`,
  );
  console.table(
    rows.map((row) => {
      const result = verdict(row);
      return {
        endpoint: row.endpoint.name,
        "capacity req/s": Math.round(reqPerSecond(row.capacity)),
        "floor beside req/s": Math.round(reqPerSecond(row.floorBeside)),
        "rate req/s": row.rate,
        "p50 ms": fixed(row.open.p50Ms, 1),
        "p99 ms": fixed(row.open.p99Ms, 1),
        "p99 per window": windowList(row.open),
        "major GCs per window": gcList(row.open),
        "floor's p99 at that rate": row === floor ? "" : windowList(row.floorOpen),
        "floor's major GCs": row === floor ? "" : gcList(row.floorOpen),
        "p99 ms without a major GC (windows)": p99WithoutGcs(row.open),
        "major GCs per 10k req": fixed(gcsPer10k(row.open, row.rate), 1),
        "floor's GCs per 10k req": row === floor ? "" : fixed(gcsPer10k(row.floorOpen, row.rate), 1),
        "CPU ms/req": fixed(cpuPerRequest(row.open.cpuMs, row.open.requests)),
        "floor's at that rate": row === floor ? "" : fixed(cpuPerRequest(row.floorOpen.cpuMs, row.floorOpen.requests)),
        "CPU vs floor": row === floor ? "" : `${fixed(result.cpuRatio)}x`,
        "CPU ms/req at capacity": fixed(cpuPerRequest(row.capacity.cpuMs, row.capacity.requests)),
        "sender lag p99 ms": fixed(row.open.sendLagP99Ms, 1),
        errors: result.errors,
        result: result.passed ? "pass" : `FAIL${result.cpuMet ? "" : " cpu"}${result.p99Met ? "" : " p99"}`,
      };
    }),
  );
  reportPerLink(rows);
  if (pgbouncerCpuMs !== null) {
    // Only the endpoints' own requests went through PgBouncer; the floor never reaches the database.
    const requests = rows.slice(1).reduce((sum, row) => sum + row.capacity.requests + row.open.requests, 0);
    console.log(`PgBouncer's own CPU: ${fixed(cpuPerRequest(pgbouncerCpuMs, requests), 3)} ms per request through it`);
  }
  return rows.every((row) => verdict(row).passed);
}

/** History at two page sizes: its fixed cost against the floor's, and what each further link adds. */
function reportPerLink(rows: Measured[]): void {
  const sized = rows
    .filter((row) => row.endpoint.links !== undefined)
    .sort((a, b) => (a.endpoint.links ?? 0) - (b.endpoint.links ?? 0));
  const small = sized.at(0);
  const large = sized.at(-1);
  if (!small || !large || small === large) return;
  const cpu = (row: Measured) => cpuPerRequest(row.open.cpuMs, row.open.requests);
  const perLinkUs = ((cpu(large) - cpu(small)) / ((large.endpoint.links ?? 0) - (small.endpoint.links ?? 0))) * 1000;
  console.log(
    `History's cost: ${fixed(cpu(small))} ms a request for ${small.endpoint.links} links (${fixed(verdict(small).cpuRatio)}x the floor's),` +
      ` and ${fixed(perLinkUs, 1)} µs for each further link (from the ${large.endpoint.links}-link page)`,
  );
}

/**
 * Latency says nothing about the app when the machine could not serve even the floor in time, or the
 * generator could not send on schedule: then the p99 targets were not measurable, and this says so.
 */
function warnIfMachineBusy(rows: Measured[]): void {
  const floorP99 = Math.max(...rows.filter((row) => row.endpoint === FLOOR).map((row) => row.open.p99Ms));
  const lagP99 = Math.max(...rows.map((row) => row.open.sendLagP99Ms));
  if (floorP99 <= TARGETS.p99Ms && lagP99 <= MAX_SEND_LAG_MS) return;
  console.log(
    `\nThe machine was too busy for the p99 targets to mean anything: the floor (a constant JSON answer) had a p99` +
      ` of ${fixed(floorP99, 1)} ms, and the load generator sent requests up to ${fixed(lagP99, 1)} ms late (p99;` +
      ` ${MAX_SEND_LAG_MS} ms is its limit). The CPU figures stand; measure latency again on a quiet machine.`,
  );
}

/**
 * Every open-loop window of the run (endpoints' and floor's, both servers), grouped by whether the
 * server ran a major garbage collection during it: what a p99 over target had in common.
 */
function reportLatencyAndCollections(rows: Measured[]): void {
  const windows = rows.flatMap((row) => {
    const runs = row.floorOpen === row.open ? [row.open] : [row.open, row.floorOpen];
    return runs.flatMap((run) => run.windows);
  });
  const describe = (group: WindowSummary[]) =>
    group.length === 0
      ? "none"
      : `${group.length}: p99 median ${fixed(median(group.map((w) => w.p99Ms)), 1)} ms, max ${fixed(Math.max(...group.map((w) => w.p99Ms)), 1)} ms,` +
        ` ${group.filter((w) => w.p99Ms > TARGETS.p99Ms).length} over ${TARGETS.p99Ms} ms`;
  console.log(
    `\nOpen-loop windows (endpoints' and floor's), by the server's major garbage collections (Mark-Compact) during them:` +
      `\n  none: ${describe(windows.filter((w) => w.majorGcs === 0))}` +
      `\n  at least one: ${describe(windows.filter((w) => w.majorGcs > 0))}`,
  );
}

/** The pooled server's figures against the direct one's: CPU ratio and p99 within the allowance. */
function reportPooler(direct: Measured[], pooled: Measured[]): boolean {
  const within = (pooledValue: number, directValue: number) =>
    pooledValue <= directValue * (1 + TARGETS.poolerDifference);
  const percent = (pooledValue: number, directValue: number) =>
    `${pooledValue >= directValue ? "+" : ""}${Math.round((pooledValue / directValue - 1) * 100)} %`;
  let passed = true;
  const rows = direct.slice(1).map((directRow, i) => {
    const pooledRow = pooled[i + 1];
    if (!pooledRow) throw new Error(`no pooled figures for ${directRow.endpoint.name}`);
    const directRatio = verdict(directRow).cpuRatio;
    const pooledRatio = verdict(pooledRow).cpuRatio;
    const cpuMet = within(pooledRatio, directRatio);
    const p99Met = within(pooledRow.open.p99Ms, directRow.open.p99Ms);
    passed &&= cpuMet && p99Met;
    return {
      endpoint: directRow.endpoint.name,
      "CPU vs floor, direct": `${fixed(directRatio)}x`,
      "through PgBouncer": `${fixed(pooledRatio)}x`,
      "CPU difference": percent(pooledRatio, directRatio),
      "p99 ms, direct": fixed(directRow.open.p99Ms, 1),
      "p99 through PgBouncer": fixed(pooledRow.open.p99Ms, 1),
      "p99 difference": percent(pooledRow.open.p99Ms, directRow.open.p99Ms),
      result: cpuMet && p99Met ? "pass" : `FAIL${cpuMet ? "" : " cpu"}${p99Met ? "" : " p99"}`,
    };
  });
  console.log(`\nThrough PgBouncer against direct (target: at most ${TARGETS.poolerDifference * 100} % above)`);
  console.table(rows);
  return passed;
}

async function main(): Promise<boolean> {
  assertBuilt();
  assertWrkInstalled();
  const adminUrl = values["admin-url"];
  return withTempDatabase(adminUrl, "linkstash_api", async ({ databaseUrl, dataDir }) => {
    const seedStarted = performance.now();
    const users = await seed();
    console.log(
      `${userCount} users with ${linksPerUser} links each seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const usersFile = path.join(dataDir, "bench-users.tsv");
    writeFileSync(usersFile, users.map((user) => `${user.cookie}\t${user.address}\n`).join(""));
    writeFileSync(usersFile.replace(/\.tsv$/, "-anonymous.tsv"), users.map((user) => `\t${user.address}\n`).join(""));
    const firstUser = users[0];
    if (!firstUser) throw new Error("no users seeded");
    // --trace-gc: each window's p99 is printed beside the server's major collections during it.
    const nodeArgs = [TRACE_GC, ...(values["cpu-prof"] ? ["--cpu-prof", `--cpu-prof-dir=${values["cpu-prof"]}`] : [])];

    let pgbouncer: PgBouncer | undefined;
    const servers: Server[] = [];
    try {
      if (vias.includes("pgbouncer")) pgbouncer = await startPgBouncer({ poolSize: 20, serverUrl: databaseUrl });
      for (const via of vias) {
        const url = via === "direct" ? databaseUrl : (pgbouncer?.urlFor(databaseUrl) ?? databaseUrl);
        const env = { DATABASE_URL: url, DIRECT_DATABASE_URL: databaseUrl, DATA_DIR: dataDir };
        const app = await startApp({ port: await freePort(), env, nodeArgs });
        servers.push({ via, app, majorGcs: countMajorGcs(app.child) });
      }
      const selected = ENDPOINTS.filter(({ name }) => name.includes(values.only));
      if (selected.length === 0) throw new Error(`--only ${values.only} names no endpoint`);
      const results = new Map<Via, Measured[]>(vias.map((via) => [via, []]));
      const pgbouncerBefore = pgbouncer ? cpuSnapshot([pgbouncer.pid]) : undefined;
      // Endpoint by endpoint, each server in turn, so that both see the same machine.
      for (const [index, endpoint] of [FLOOR, ...selected].entries()) {
        for (const server of servers) {
          await assertAnswers2xx(server.app, firstUser, endpoint);
          results.get(server.via)?.push(await measure(server, users, usersFile, endpoint, String(index)));
        }
      }
      const pgbouncerCpuMs = pgbouncer && pgbouncerBefore ? cpuSince(pgbouncerBefore, [pgbouncer.pid]) : null;

      console.log(
        `\nAPI speed: ${userCount} users with ${linksPerUser} links each (${LINKS_TODAY} today);` +
          ` targets: CPU per request at most ${TARGETS.cpuRatio}x the floor's, p99 at most ${TARGETS.p99Ms} ms at ${LOAD_FRACTION * 100} % of capacity, no errors`,
      );
      let passed = true;
      for (const via of vias)
        passed = reportServer(via, results.get(via) ?? [], via === "pgbouncer" ? pgbouncerCpuMs : null) && passed;
      const direct = results.get("direct");
      const pooled = results.get("pgbouncer");
      if (direct && pooled) passed = reportPooler(direct, pooled) && passed;
      warnIfMachineBusy([...results.values()].flat());
      reportLatencyAndCollections([...results.values()].flat());
      console.log(`targets: ${passed ? "all met" : "NOT MET"}`);
      if (!passed)
        for (const { via, app } of servers) console.error(`${via} server log (tail):\n${app.log().slice(-3000)}`);
      return passed;
    } finally {
      for (const { app } of servers) await app.stop("SIGTERM");
      await pgbouncer?.stop();
    }
  });
}

process.exitCode = (await main()) ? 0 : 1;
