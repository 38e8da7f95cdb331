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
import http from "node:http";
import { parseArgs } from "node:util";
import { Client } from "pg";
import { clientAddress, closedLoop, ms, newStats, send, type Stats, statusSummary, timed } from "@/bench/support/http-load";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
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

const stats: Record<Endpoint, Stats> = {
  "POST /api/links": newStats(),
  "GET /api/links/today": newStats(),
};

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
  try {
    return await closedLoop({
      connections: clients,
      seconds,
      drainMs: DRAIN_MS,
      // Each client alternates a save and a look at today's list.
      step: async (index, n) => {
        const headers = { cookie: cookies[index] ?? "", "x-forwarded-for": clientAddress(index) };
        if (n % 2 === 1) return timed(stats["GET /api/links/today"], () => send(agent, base, { method: "GET", path: "/api/links/today", headers }));
        // A loopback URL: the title fetcher refuses it, so saving sends no request off the machine.
        const body = JSON.stringify({ url: `http://127.0.0.1:9/load/${index}/${n}` });
        const saveHeaders = { ...headers, origin: app.url, "content-type": "application/json" };
        return timed(stats["POST /api/links"], () => send(agent, base, { method: "POST", path: "/api/links", headers: saveHeaders, body }));
      },
    });
  } finally {
    agent.destroy();
  }
}

function report(elapsed: number, stored: number): boolean {
  const rows = Object.entries(stats).map(([endpoint, entry]) => ({
    endpoint,
    requests: entry.histogram.count,
    "req/s": Math.round(entry.histogram.count / elapsed),
    "p50 ms": ms(entry.histogram.percentile(50)),
    "p99 ms": ms(entry.histogram.percentile(99)),
    "max ms": ms(entry.histogram.max),
    errors: entry.histogram.count - entry.ok,
    statuses: statusSummary(entry),
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
  return withTempDatabase(values["admin-url"], "linkstash_load", async ({ databaseUrl, dataDir }) => {
    const app = await startApp({ port: await freePort(), env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir } });
    try {
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
      await app.stop("SIGTERM");
    }
  });
}

process.exitCode = (await main()) ? 0 : 1;
