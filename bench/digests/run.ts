// Digest dispatch benchmark. N users, each with a few links and a weekly digest due now, are seeded
// with generate_series and dispatched end to end (enqueue, claim, render, send, mark) by dispatcher
// processes against the Resend fake, which runs in a process of its own and keeps counts only, so
// the figures are the dispatcher's. Every run ends by checking the delivery rows: every user sent
// exactly once, none lost, none twice.
//
//   npm run bench:digests                                # 10,000 users, both databases
//   npm run bench:digests -- --users 1000,10000,100000   # memory and speed at each size
//   npm run bench:digests -- --users 1000000 --provider-rate 5
//       the fan-out: one cron call on PostgreSQL to --instances app instances (processes behind a
//       round-robin front at APP_URL) whose continuations land on any of them, --budget seconds
//       each (the route's), at most --workers at once, against a fake that answers 429 past
//       5 calls/s; MAIL_RATE_PER_SECOND is set to the same rate (with --db pglite: the embedded
//       scheduler, workers in one process)
//   npm run bench:digests -- --users 20000 --provider-rate 5 --processes 2
//       the shared rate: two dispatcher processes start at the same instant, each on its own
//   npm run bench:digests -- --users 1000,10000,100000 --old-links 50 --rediscover 3
//       links come back: besides, 50 unread links per user saved weeks to years before, and 3 of them
//       brought back by each digest (chosen in one statement per batch)
//   --keep-db NAME
//       PostgreSQL only: each size is seeded once into a database NAME_<users>_<links>_<old>_<rediscover>
//       kept as a template; every run copies it (CREATE DATABASE ... TEMPLATE), applies any newer
//       migrations to the copy and dispatches there. The users stay due from the seeding's instant.
//   --due K
//       only K users of each size are due (spread over the table): the cost of a batch against a
//       large table, without sending to every user
//   --no-vacuum-stand-in
//       PostgreSQL with autovacuum off (a test server's setting) gets, by default, a stand-in that
//       vacuums and analyzes the benchmark's database at the server's own autovacuum thresholds,
//       as every deployment's server would (bench/support/autovacuum-stand-in.ts); this leaves it out
//   --pooler-url postgres://postgres@127.0.0.1:6432/
//       dispatchers reach PostgreSQL through this pooler (e.g. PgBouncer in transaction mode), on
//       the benchmark's database; seeding and checking stay direct
//
// Without --provider-rate one dispatcher process sends alone (no fan-out) and the provider takes
// any rate: the figures are the dispatcher's speed and memory. Every dispatcher process is loaded
// before the slot; the figures start at the slot. A second table gives each statement's time, from
// the dispatcher's call to the answer, in milliseconds per 100 digests at each size.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { Client } from "pg";
import { startAutovacuumStandIn } from "../support/autovacuum-stand-in";
import { startBackendCpuMeter } from "../support/postgres-backends";
import type { StatementTimes } from "./counting-db";
import type { WorkerFigures } from "./worker";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "10000" },
    links: { type: "string", default: "3" },
    "old-links": { type: "string", default: "0" },
    rediscover: { type: "string", default: "3" },
    db: { type: "string" },
    "provider-rate": { type: "string" },
    processes: { type: "string", default: "1" },
    instances: { type: "string", default: "2" },
    workers: { type: "string", default: "4" },
    budget: { type: "string", default: "50" },
    latency: { type: "string", default: "0" },
    "pooler-url": { type: "string" },
    "keep-db": { type: "string" },
    "no-vacuum-stand-in": { type: "boolean", default: false },
    due: { type: "string" },
    "admin-url": {
      type: "string",
      default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
  },
});

const sizes = (values.users ?? "").split(",").map(Number);
const linksEach = Number(values.links);
const oldLinks = Number(values["old-links"]);
const providerRate = values["provider-rate"] ? Number(values["provider-rate"]) : undefined;
const processes = Number(values.processes);
const budgetSeconds = Number(values.budget);
if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error("--users takes whole numbers, comma-separated");
if (providerRate !== undefined && !(providerRate > 0)) throw new Error("--provider-rate must be more than 0");
const databases = values.db ? [values.db] : providerRate ? ["postgres"] : ["pglite", "postgres"];
if (databases.some((db) => db !== "pglite" && db !== "postgres")) throw new Error("--db is pglite or postgres");
const dueCount = values.due ? Number(values.due) : undefined;
if (dueCount !== undefined && !(Number.isInteger(dueCount) && dueCount > 0 && sizes.every((n) => dueCount <= n)))
  throw new Error("--due takes a whole number, at most every size");
const keepDb = values["keep-db"];
if (keepDb !== undefined && (!/^[a-z][a-z0-9_]{0,30}$/.test(keepDb) || databases.includes("pglite")))
  throw new Error("--keep-db takes a lower-case name of letters, digits and _, with --db postgres");
if (processes > 1 && databases.includes("pglite"))
  throw new Error("--processes needs PostgreSQL: PGlite has one owner");

const here = path.dirname(process.argv[1] ?? "bench/digests/run.ts");
const root = path.resolve(here, "../..");

type Scenario = { db: "pglite" | "postgres"; users: number };

type Figures = Record<string, string | number | boolean | null>;

/** Runs a TypeScript file of this repository in a child process (the same tsx loader); resolves with its stdout. */
function script(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, path.join(root, file), ...args], {
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${file} exited with ${code}`))));
  });
}

function lastJson(out: string): Record<string, number> {
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}");
}

type Child = { child: ChildProcess; url: string };

/** Starts a TypeScript file that prints `{"url": ...}` once it listens. */
async function startServerProcess(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<Child> {
  const child = spawn(process.execPath, [...process.execArgv, path.join(root, file), ...args], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString().split("\n")[0] ?? "{}").url));
    child.once("exit", (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return { child, url };
}

type InstanceFigures = Record<string, number | null> & { statementTimes?: StatementTimes };

async function getJson(url: string): Promise<InstanceFigures> {
  return (await fetch(url)).json();
}

/** APP_URL of the fan-out: hands each request to the next instance, as a platform's router does. */
async function startFront(): Promise<{ url: string; targets: string[]; close: () => void }> {
  const targets: string[] = [];
  let next = 0;
  const server = createServer((req, res) => {
    const target = targets[next++ % targets.length] ?? "";
    fetch(`${target}${req.url ?? "/"}`, { headers: { authorization: req.headers.authorization ?? "" } })
      .then(async (answer) => {
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(Buffer.from(await answer.arrayBuffer()));
      })
      .catch((error: unknown) => {
        res.writeHead(502);
        res.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("front: no TCP address");
  return { url: `http://127.0.0.1:${address.port}`, targets, close: () => server.close() };
}

/**
 * A database for one scenario, seeded: a fresh PostgreSQL database or embedded directory, dropped
 * afterwards. With --keep-db, a copy of the size's template, seeded the first time.
 */
async function withDatabase<T>(
  db: Scenario["db"],
  users: number,
  run: (env: NodeJS.ProcessEnv, seedSeconds: number) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-bench-digests-"));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir };
  const adminUrl = values["admin-url"] ?? "";
  const name = `linkstash_bench_digests_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    return client.query(sql).finally(() => client.end());
  };
  const urlOf = (database: string) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const seedArgs = [
    "seed",
    ...["--users", String(users), "--links", String(linksEach)],
    ...["--old-links", String(oldLinks), "--rediscover", String(values.rediscover)],
  ];
  const started = performance.now();
  if (db === "postgres" && keepDb) {
    const template = `${keepDb}_${users}_${linksEach}_${oldLinks}_${values.rediscover}`;
    const found = await admin(`SELECT 1 FROM pg_database WHERE datname = '${template}'`);
    if (found.rowCount === 0) {
      await admin(`CREATE DATABASE "${template}"`);
      await script("bench/digests/database.ts", seedArgs, { ...env, DATABASE_URL: urlOf(template) });
    }
    await admin(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    env.DATABASE_URL = urlOf(name);
  } else if (db === "postgres") {
    await admin(`CREATE DATABASE "${name}"`);
    env.DATABASE_URL = urlOf(name);
  } else {
    delete env.DATABASE_URL;
  }
  try {
    // A copy of a template gets the migrations added since it was seeded.
    await script("bench/digests/database.ts", env.DATABASE_URL && keepDb ? ["migrate"] : seedArgs, env);
    if (dueCount !== undefined) {
      await script("bench/digests/database.ts", ["due", "--users", String(users), "--due", String(dueCount)], env);
    }
    return await run(env, (performance.now() - started) / 1000);
  } finally {
    if (db === "postgres") await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

type ProcessFigures = {
  sent: number;
  statements: number;
  statementTimes: StatementTimes;
  peakRssMb: number;
  peakHeapMb: number;
  /** From the slot to the end (dispatcher processes only; app instances do not report it). */
  cpuMs?: number;
};
type Run = { slot: number; ended: number; processes: ProcessFigures[]; cronCalls?: number; continuations?: number };

/** Dispatcher processes (worker.ts), all loaded first, then started at one instant: the slot. */
async function runDispatchers(count: number, launch: string, env: NodeJS.ProcessEnv): Promise<Run> {
  const dir = mkdtempSync(path.join(tmpdir(), "linkstash-bench-results-"));
  try {
    const args = ["--results", dir, "--launch", launch, "--budget-ms", String(3_600_000)];
    const exits = Array.from({ length: count }, () => {
      const child = spawn(process.execPath, [...process.execArgv, path.join(here, "worker.ts"), ...args], {
        env,
        stdio: ["ignore", "ignore", "inherit"],
      });
      return new Promise<number | null>((resolve) => child.once("exit", resolve));
    });
    let exited = false;
    void Promise.race(exits).then(() => (exited = true));
    while (readdirSync(dir).filter((file) => file.endsWith(".ready")).length < count) {
      if (exited) throw new Error("a dispatcher process ended before it was ready");
      await sleep(100);
    }
    const slot = Date.now();
    writeFileSync(path.join(dir, "go"), "");
    if ((await Promise.all(exits)).some((code) => code !== 0)) throw new Error("a dispatcher process failed");
    const figures: WorkerFigures[] = readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => JSON.parse(readFileSync(path.join(dir, file), "utf8")));
    return { slot, ended: Math.max(...figures.map((f) => f.endedAt)), processes: figures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The hosted fan-out: app instances behind a front at APP_URL, one cron call at the slot. Should
 * every worker stop with digests left (none did in our runs), the next cron call is made early.
 */
async function runInstances(count: number, env: NodeJS.ProcessEnv): Promise<Run> {
  const front = await startFront();
  const secret = "bench-cron-secret";
  const instanceEnv = { ...env, APP_URL: front.url, CRON_SECRET: secret };
  const args = ["--budget-ms", String(budgetSeconds * 1000)];
  const instances = await Promise.all(
    Array.from({ length: count }, () => startServerProcess("bench/digests/instance.ts", args, instanceEnv)),
  );
  front.targets.push(...instances.map((instance) => instance.url));
  const db = new Client({ connectionString: env.DATABASE_URL });
  await db.connect();
  try {
    const slot = Date.now();
    let cronCalls = 0;
    let cronRunning = false;
    const cron = () => {
      cronCalls += 1;
      cronRunning = true;
      void fetch(`${front.url}/api/cron/digests`, { headers: { authorization: `Bearer ${secret}` } })
        .then((answer) => answer.arrayBuffer())
        .finally(() => (cronRunning = false));
    };
    cron();
    for (;;) {
      await sleep(1000);
      const { rows } = await db.query<{ left: number; busy: number }>(`
        SELECT (SELECT count(*) FROM "User" WHERE "nextDigestAt" <= now() AT TIME ZONE 'UTC')::int
          + (SELECT count(*) FROM "DigestDelivery" WHERE status IN ('pending', 'sending'))::int AS left,
          (SELECT count(*) FROM "DigestWorker" WHERE "leasedUntil" >= now())::int AS busy`);
      const active = (await Promise.all(instances.map(({ url }) => getJson(`${url}/_bench/figures`)))).reduce(
        (sum, figures) => sum + Number(figures.active),
        0,
      );
      const idle = active === 0 && !cronRunning && rows[0]?.busy === 0;
      if (idle && rows[0]?.left === 0) break;
      if (idle) cron();
    }
    const ended = Date.now();
    const figures = await Promise.all(instances.map(({ url }) => getJson(`${url}/_bench/figures`)));
    return {
      slot,
      ended,
      cronCalls,
      continuations: figures.reduce((sum, f) => sum + Number(f.continuations), 0),
      processes: figures.map((f) => ({
        sent: Number(f.sent),
        statements: Number(f.statements),
        statementTimes: f.statementTimes ?? {},
        peakRssMb: Number(f.peakRssMb),
        peakHeapMb: Number(f.peakHeapMb),
      })),
    };
  } finally {
    await db.end();
    for (const { child } of instances) child.kill("SIGTERM");
    front.close();
  }
}

/**
 * CPU milliseconds per 100 digests of the dispatchers and of the database's server processes (the
 * vacuum stand-in's included: autovacuum's work is the database's), and the digests one CPU second
 * of both sends: the measure of speed that a busy machine does not change.
 */
function cpuFigures(processes: ProcessFigures[], databaseCpuMs: number | undefined, sent: number): Figures {
  const dispatcherCpuMs = processes.every((p) => p.cpuMs !== undefined)
    ? processes.reduce((sum, p) => sum + (p.cpuMs ?? 0), 0)
    : undefined;
  const per100 = (ms: number | undefined) => (ms === undefined ? null : round((ms / Math.max(sent, 1)) * 100, 0));
  const both =
    dispatcherCpuMs !== undefined && databaseCpuMs !== undefined ? dispatcherCpuMs + databaseCpuMs : undefined;
  return {
    dispatcherCpuMsPer100: per100(dispatcherCpuMs),
    databaseCpuMsPer100: per100(databaseCpuMs),
    digestsPerCpuSecond: both ? Math.round(sent / (both / 1000)) : null,
  };
}

async function runScenario({ db, users }: Scenario): Promise<{ figures: Figures; times: StatementTimes }> {
  const fakeArgs = [...(providerRate ? ["--rate", String(providerRate)] : []), "--latency", String(values.latency)];
  const fake = await startServerProcess("tests/fakes/resend-fake-process.ts", fakeArgs, process.env);
  try {
    return await withDatabase(db, users, async (baseEnv, seedSeconds) => {
      const env: NodeJS.ProcessEnv = {
        ...baseEnv,
        RESEND_API_KEY: "re_bench",
        RESEND_BASE_URL: fake.url,
        EMAIL_FROM: "LinkStash <digest@linkstash.test>",
        // Without a provider limit the pace is set far above what a dispatcher sends: it measures the dispatcher.
        MAIL_RATE_PER_SECOND: String(providerRate ?? 10_000),
        DIGEST_MAX_WORKERS: values.workers,
      };
      const dispatchEnv = { ...env, DATABASE_URL: throughPooler(env.DATABASE_URL) };
      const vacuum =
        db === "postgres" && env.DATABASE_URL && !values["no-vacuum-stand-in"]
          ? await startAutovacuumStandIn(env.DATABASE_URL)
          : undefined;
      // CPU time, unlike digests per second, does not depend on what else the machine runs.
      const databaseCpu =
        db === "postgres" && env.DATABASE_URL
          ? await startBackendCpuMeter(values["admin-url"] ?? "", new URL(env.DATABASE_URL).pathname.slice(1))
          : undefined;

      const run = await (
        !providerRate
          ? runDispatchers(1, "none", dispatchEnv)
          : processes > 1
            ? runDispatchers(processes, "none", dispatchEnv)
            : db === "postgres"
              ? runInstances(Number(values.instances), dispatchEnv)
              : runDispatchers(1, "in-process", dispatchEnv)
      ).finally(() => vacuum?.stop());
      const vacuumed = vacuum?.active ? await vacuum.stop() : undefined;
      const databaseCpuMs = await databaseCpu?.stop();
      const stats = await getJson(`${fake.url}/_fake/stats`);
      const check = lastJson(await script("bench/digests/database.ts", ["verify"], env));

      const seconds = (run.ended - run.slot) / 1000;
      const dueUsers = dueCount ?? users;
      const sent = run.processes.reduce((sum, p) => sum + p.sent, 0);
      const statements = run.processes.reduce((sum, p) => sum + p.statements, 0);
      const lastAccepted = Number(stats.lastAcceptedAt ?? run.slot);
      const figures: Figures = {
        db,
        users,
        due: dueUsers,
        seedSeconds: round(seedSeconds, 1),
        seconds: round(seconds, 1),
        digestsPerSecond: Math.round(sent / seconds),
        lastAcceptedAfterSlotSeconds: round((lastAccepted - run.slot) / 1000, 1),
        providerCalls: Number(stats.requests),
        rateLimited429: Number(stats.rateLimited),
        peakCallsPerSecond: Number(stats.peakRequestsPerSecond),
        statementsPer100: round((statements / Math.max(sent, 1)) * 100, 1),
        ...cpuFigures(run.processes, databaseCpuMs, sent),
        processes: run.processes.length,
        pooler: Boolean(values["pooler-url"]),
        peakDispatcherRssMb: Math.max(...run.processes.map((p) => p.peakRssMb)),
        peakDispatcherHeapMb: Math.max(...run.processes.map((p) => p.peakHeapMb)),
        sentRows: check.sent ?? 0,
        cameBack: check.cameBack ?? 0,
        accepted: Number(stats.acceptedEmails),
        duplicates: Number(stats.duplicateRecipients) + (check.repeated ?? 0),
        lost: check.lost ?? 0,
        // "server": the server's own autovacuum; "off": none; else the stand-in's VACUUMs / ANALYZEs.
        vacuum: vacuumed ? `${vacuumed.vacuums} / ${vacuumed.analyzes}` : vacuum ? "server" : "off",
        firstFifthPerSecond: check.firstFifthPerSecond ?? null,
        lastFifthPerSecond: check.lastFifthPerSecond ?? null,
      };
      if (run.cronCalls !== undefined) figures.cronCalls = run.cronCalls;
      if (run.continuations !== undefined) figures.continuations = run.continuations;
      if (providerRate) {
        // The provider's rate, used from the slot to the last accepted call.
        figures.providerRateUsedPercent = round(
          (Number(stats.acceptedCalls) / (providerRate * Math.max((lastAccepted - run.slot) / 1000, 0.001))) * 100,
          1,
        );
      }
      // With old links, every digest brings back its full count.
      const cameBackExpected = oldLinks > 0 ? dueUsers * Math.min(Number(values.rediscover), oldLinks) : 0;
      if (
        figures.lost !== 0 ||
        figures.duplicates !== 0 ||
        figures.sentRows !== dueUsers ||
        figures.accepted !== dueUsers ||
        figures.cameBack !== cameBackExpected
      ) {
        throw new Error(`digests lost or repeated: ${JSON.stringify(figures)}`);
      }
      const times: StatementTimes = {};
      for (const [label, { calls, ms }] of run.processes.flatMap((p) => Object.entries(p.statementTimes))) {
        const entry = (times[label] ??= { calls: 0, ms: 0 });
        entry.calls += calls;
        entry.ms += ms;
      }
      return { figures, times: perHundred(times, sent) };
    });
  } finally {
    fake.child.kill("SIGTERM");
  }
}

/** The same database through --pooler-url, when one is given. */
function throughPooler(databaseUrl: string | undefined): string | undefined {
  const pooler = values["pooler-url"];
  if (!pooler || !databaseUrl) return databaseUrl;
  const url = new URL(pooler);
  url.pathname = new URL(databaseUrl).pathname;
  return url.toString();
}

/** Calls and milliseconds per 100 digests. */
function perHundred(times: StatementTimes, sent: number): StatementTimes {
  const scale = 100 / Math.max(sent, 1);
  return Object.fromEntries(
    Object.entries(times).map(([label, { calls, ms }]) => [label, { calls: calls * scale, ms: ms * scale }]),
  );
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}

const rows: Figures[] = [];
const timings: { scenario: string; times: StatementTimes }[] = [];
for (const users of sizes) {
  for (const db of databases) {
    if (db !== "pglite" && db !== "postgres") continue;
    const { figures, times } = await runScenario({ db, users });
    console.log(JSON.stringify(figures));
    rows.push(figures);
    timings.push({ scenario: `${db} ${users}`, times });
    // Each size's statements as soon as it ends: a long run shows what it has.
    printTimes(timings.slice(-1));
  }
}
const mode = providerRate
  ? processes > 1
    ? `${processes} dispatchers at once, one shared rate of ${providerRate} calls/s`
    : `fan-out, provider ${providerRate} calls/s, ${budgetSeconds} s per invocation, at most ${values.workers} workers`
  : "one dispatcher, provider unlimited";
const comeBack = oldLinks > 0 ? `, ${oldLinks} old links per user, ${values.rediscover} brought back per digest` : "";
console.log(`Digest dispatch, ${linksEach} links per user${comeBack}, ${mode}, Resend fake in its own process`);
console.table(rows);
printTimes(timings);

/** Every statement that took at least 1 ms per 100 digests in a scenario, the slowest first. */
function printTimes(scenarios: { scenario: string; times: StatementTimes }[]): void {
  const labels = [...new Set(scenarios.flatMap(({ times }) => Object.keys(times)))]
    .map((label) => ({ label, most: Math.max(...scenarios.map(({ times }) => times[label]?.ms ?? 0)) }))
    .filter(({ most }) => most >= 1)
    .sort((a, b) => b.most - a.most);
  console.log("Statements: calls and milliseconds per 100 digests (from the call to the answer)");
  console.table(
    labels.map(({ label }) =>
      Object.fromEntries([
        ["statement", label],
        ...scenarios.flatMap(({ scenario, times }) => [
          [`${scenario} calls`, round(times[label]?.calls ?? 0, 1)],
          [`${scenario} ms`, round(times[label]?.ms ?? 0, 1)],
        ]),
      ]),
    ),
  );
}
