// API load and integrity benchmark against the built app on PostgreSQL: a fresh database, migrated,
// the production server (`next start`) on it, one signed-in user per client (each from its own
// X-Forwarded-For address, so no abuse limit is shared), and N clients that alternate
// POST /api/links and GET /api/links/today for S seconds. Prints req/s and p50/p99 latency per
// endpoint and the errors, then checks that the database holds exactly one link per 2xx save.
// Exits non-zero on any error or mismatch. Needs `npx next build` first.
//
//   npm run bench:load                                    # 200 clients, 60 s
//   npm run bench:load -- --clients 50 --seconds 10
//
// The load generator is node:http with one keep-alive connection per client (closed loop: a client
// sends its next request when the previous one has answered), in this process, on the same cores
// as the server and PostgreSQL.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHistogram, type RecordableHistogram } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Client } from "pg";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    "admin-url": { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});

const clients = Number(values.clients);
const seconds = Number(values.seconds);
if (!Number.isInteger(clients) || clients < 1 || clients > 5000) throw new Error("--clients must be an integer from 1 to 5000");
if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) throw new Error("--seconds must be a number from 0 to 3600");
const SIGN_IN_CONCURRENCY = 8;
// Requests still open when the time is up get this long to finish before the run counts as failed.
const DRAIN_MS = 30_000;

type Endpoint = "POST /api/links" | "GET /api/links/today";

type Stats = { histogram: RecordableHistogram; ok: number; statuses: Map<string, number> };

const stats: Record<Endpoint, Stats> = {
  "POST /api/links": { histogram: createHistogram(), ok: 0, statuses: new Map() },
  "GET /api/links/today": { histogram: createHistogram(), ok: 0, statuses: new Map() },
};

/** A client address per user in 198.18.0.0/15, the range set aside for benchmarks (RFC 2544). */
function clientAddress(index: number): string {
  return `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

async function admin<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: values["admin-url"] });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** One request; resolves with the status once the whole body has arrived, or "network error". */
function send(agent: http.Agent, base: URL, method: string, path: string, headers: Record<string, string>, body?: string): Promise<string> {
  return new Promise((resolve) => {
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method, path, headers: body ? { ...headers, "content-length": Buffer.byteLength(body) } : headers },
      (res) => {
        res.resume();
        res.on("end", () => resolve(String(res.statusCode)));
        res.on("error", () => resolve("network error"));
      },
    );
    req.on("error", () => resolve("network error"));
    req.end(body);
  });
}

async function timed(endpoint: Endpoint, request: () => Promise<string>): Promise<void> {
  const started = performance.now();
  const status = await request();
  const entry = stats[endpoint];
  entry.histogram.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  if (status.startsWith("2")) entry.ok += 1;
}

async function signInAll(app: AppServer): Promise<string[]> {
  const cookies: string[] = new Array(clients);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < clients; i = next++) cookies[i] = await signInOverHttp(app.url, `load-${i}@example.com`, clientAddress(i));
  };
  await Promise.all(Array.from({ length: Math.min(SIGN_IN_CONCURRENCY, clients) }, worker));
  return cookies;
}

async function runLoad(app: AppServer, cookies: string[]): Promise<number> {
  const base = new URL(app.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async (index: number) => {
    const headers = { cookie: cookies[index] ?? "", "x-forwarded-for": clientAddress(index) };
    const saveHeaders = { ...headers, origin: app.url, "content-type": "application/json" };
    for (let n = 0; performance.now() < deadline; n += 1) {
      // A loopback URL: the title fetcher refuses it, so saving sends no request off the machine.
      const body = JSON.stringify({ url: `http://127.0.0.1:9/load/${index}/${n}` });
      await timed("POST /api/links", () => send(agent, base, "POST", "/api/links", saveHeaders, body));
      if (performance.now() >= deadline) break;
      await timed("GET /api/links/today", () => send(agent, base, "GET", "/api/links/today", headers));
    }
  };
  const run = Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  const drained = await Promise.race([
    run.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), seconds * 1000 + DRAIN_MS).unref()),
  ]);
  agent.destroy();
  if (!drained) throw new Error(`requests still open ${DRAIN_MS} ms after the end of the run`);
  return (performance.now() - started) / 1000;
}

// The histograms hold microseconds.
const ms = (micros: number) => Number((micros / 1000).toFixed(1));

function report(elapsed: number, stored: number): boolean {
  const rows = Object.entries(stats).map(([endpoint, { histogram, ok, statuses }]) => ({
    endpoint,
    requests: histogram.count,
    "req/s": Math.round(histogram.count / elapsed),
    "p50 ms": ms(histogram.percentile(50)),
    "p99 ms": ms(histogram.percentile(99)),
    "max ms": ms(histogram.max),
    errors: histogram.count - ok,
    statuses: [...statuses].map(([status, count]) => `${status}: ${count}`).join(", "),
  }));
  const total = rows.reduce((sum, row) => sum + row.requests, 0);
  const errors = rows.reduce((sum, row) => sum + row.errors, 0);
  const saves = stats["POST /api/links"].ok;
  console.log(`API load on PostgreSQL: ${clients} clients for ${elapsed.toFixed(1)} s, each alternating POST /api/links and GET /api/links/today`);
  console.table(rows);
  console.log(`total: ${total} requests, ${Math.round(total / elapsed)} req/s, ${errors} errors`);
  console.log(`integrity: ${stored} links in the database, ${saves} saves answered 2xx: ${stored === saves ? "equal" : "MISMATCH"}`);
  return errors === 0 && stored === saves;
}

async function main(): Promise<boolean> {
  assertBuilt();
  const databaseName = `linkstash_load_${process.pid}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-load-"));
  const url = new URL(values["admin-url"]);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  await admin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  let app: AppServer | undefined;
  try {
    // Migrated here, as a deployment would (`npm run db:migrate`), before the server starts.
    process.env.DATABASE_URL = databaseUrl;
    process.env.DATA_DIR = dataDir;
    const { migrate } = await import("@/lib/migrate");
    const { closeDb } = await import("@/lib/db");
    await migrate();
    await closeDb();

    app = await startApp({ port: await freePort(), env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } });
    const signInStarted = performance.now();
    const cookies = await signInAll(app);
    console.log(`${clients} users signed in through the magic link in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`);

    const elapsed = await runLoad(app, cookies);
    const counter = new Client({ connectionString: databaseUrl });
    await counter.connect();
    const { rows } = await counter.query<{ count: string }>(`SELECT count(*) AS count FROM "Link"`).finally(() => counter.end());
    const stored = Number(rows[0]?.count ?? 0);
    const passed = report(elapsed, stored);
    if (!passed) console.error(`server log (tail):\n${app.log().slice(-4000)}`);
    return passed;
  } finally {
    await app?.stop("SIGTERM");
    await admin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = (await main()) ? 0 : 1;
