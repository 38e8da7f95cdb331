// API load and integrity benchmark against the built app on PostgreSQL: a fresh database, migrated,
// the production server (`next start`) on it, one signed-in user per client (each from its own
// X-Forwarded-For address, so no abuse limit is shared), and N clients that alternate
// POST /api/links and GET /api/links/today for S seconds. Prints req/s and p50/p99 latency per
// endpoint and the errors, then checks that the database holds exactly one link per 2xx save.
// Exits non-zero on any error or mismatch. Needs `npx next build` first.
//
//   npm run bench:load                                    # 200 clients, 60 s, one server
//   npm run bench:load -- --clients 50 --seconds 10
//   npm run bench:load -- --instances 3                   # 3 servers behind HAProxy, through PgBouncer
//
// With --instances the servers run as tests/support/cluster.ts starts them (needs haproxy and
// pgbouncer). The load generator is node:http with one keep-alive connection per client (closed
// loop: a client sends its next request when the previous one has answered), in this process, on the
// same cores as the servers and PostgreSQL.
import { parseArgs } from "node:util";
import { CLIENT_PROXY_HOPS, countLinks, printLoadReport, runSaveAndList, signInClients } from "@/bench/load/load";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";
import { assertBuilt, freePort, startApp } from "@/tests/support/built-app";
import { startCluster } from "@/tests/support/cluster";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "200" },
    seconds: { type: "string", default: "60" },
    instances: { type: "string", default: "0" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  },
});

const clients = Number(values.clients);
const seconds = Number(values.seconds);
const instances = Number(values.instances);
if (!Number.isInteger(clients) || clients < 1 || clients > 5000)
  throw new Error("--clients must be an integer from 1 to 5000");
if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 3600)
  throw new Error("--seconds must be a number from 0 to 3600");
if (!Number.isInteger(instances) || instances < 0 || instances > 8)
  throw new Error("--instances must be an integer from 0 (one server, no balancer) to 8");

/** The app's URL and how to stop it: one server on the database, or a cluster behind a balancer. */
async function start(
  databaseUrl: string,
  dataDir: string,
): Promise<{ url: string; stop: () => Promise<unknown>; log: () => string }> {
  if (instances === 0) {
    const app = await startApp({
      port: await freePort(),
      env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: CLIENT_PROXY_HOPS.direct },
    });
    return { url: app.url, stop: () => app.stop("SIGTERM"), log: app.log };
  }
  const cluster = await startCluster({
    instances,
    directUrl: databaseUrl,
    env: { DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: CLIENT_PROXY_HOPS.balanced },
  });
  const log = () => cluster.instances.map((instance) => `${instance.url}:\n${instance.log().slice(-2000)}`).join("\n");
  return { url: cluster.url, stop: cluster.stop, log };
}

async function main(): Promise<boolean> {
  assertBuilt();
  return withTempDatabase(values["admin-url"], "linkstash_load", async ({ databaseUrl, dataDir }) => {
    const app = await start(databaseUrl, dataDir);
    try {
      const signInStarted = performance.now();
      const cookies = await signInClients(app.url, clients);
      console.log(
        `${clients} users signed in through the magic link in ${((performance.now() - signInStarted) / 1000).toFixed(1)} s`,
      );
      const result = await runSaveAndList(app.url, cookies, seconds);
      const where =
        instances === 0 ? "one server on PostgreSQL" : `${instances} servers behind HAProxy, through PgBouncer`;
      console.log(
        `API load, ${where}: ${clients} clients for ${result.elapsed.toFixed(1)} s, each alternating POST /api/links and GET /api/links/today`,
      );
      const passed = printLoadReport(result, await countLinks(databaseUrl));
      if (!passed) console.error(`server log (tail):\n${app.log().slice(-4000)}`);
      return passed;
    } finally {
      await app.stop();
    }
  });
}

process.exitCode = (await main()) ? 0 : 1;
