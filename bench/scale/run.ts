// Scaling out: the save-and-list load of bench:load against 1, 2 and 3 instances of the built app
// behind HAProxy (round-robin), all through one PgBouncer in transaction mode on a fresh PostgreSQL
// database each time (tests/support/cluster.ts). Prints, per instance count, req/s and the CPU time
// per request of the instances together (also less what they spend idle, measured just before), of
// PgBouncer, of HAProxy and of the database's server processes, with the errors and the integrity
// check (links in the database = 2xx saves). Exits non-zero on any error or mismatch. Needs
// `npx next build`, haproxy and pgbouncer.
//
//   npm run bench:scale                                   # 50 clients, 15 s, 1 to 3 instances
//   npm run bench:scale -- --clients 20 --seconds 5 --max-instances 2
//
// On a machine of few cores the total rate cannot grow with the instances (they share the cores,
// and with PostgreSQL and the load generator); what must hold is correctness, and the CPU per
// request staying flat: an instance added costs no more per request than the first.
import { parseArgs } from "node:util";
import { CLIENT_PROXY_HOPS, countLinks, runSaveAndList, signInClients, summarize } from "@/bench/load/load";
import { cpuSince, cpuSnapshot } from "@/bench/support/cpu";
import { backendPids } from "@/bench/support/postgres-backends";
import { DEFAULT_ADMIN_URL, withTempDatabase } from "@/bench/support/temp-database";
import { assertBuilt } from "@/tests/support/built-app";
import { startCluster } from "@/tests/support/cluster";

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "50" },
    seconds: { type: "string", default: "15" },
    "max-instances": { type: "string", default: "3" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
  },
});

const clients = Number(values.clients);
const seconds = Number(values.seconds);
const maxInstances = Number(values["max-instances"]);
if (!Number.isInteger(clients) || clients < 1 || clients > 2000)
  throw new Error("--clients must be an integer from 1 to 2000");
if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600)
  throw new Error("--seconds must be a number from 0 to 600");
if (!Number.isInteger(maxInstances) || maxInstances < 1 || maxInstances > 8)
  throw new Error("--max-instances must be an integer from 1 to 8");

type Row = {
  instances: number;
  requests: number;
  "req/s": number;
  "app CPU ms/req": number;
  "app, less idle": number;
  "idle ms/s": number;
  "PgBouncer ms/req": number;
  "HAProxy ms/req": number;
  "PostgreSQL ms/req": number;
  errors: number;
  "links = 2xx saves": string;
};

const IDLE_SECONDS = 3;

const perRequest = (cpuMs: number, requests: number) => Number((cpuMs / Math.max(1, requests)).toFixed(3));

async function measure(instances: number): Promise<{ row: Row; passed: boolean }> {
  return withTempDatabase(values["admin-url"], "linkstash_scale", async ({ databaseUrl, dataDir }) => {
    const database = new URL(databaseUrl).pathname.slice(1);
    const cluster = await startCluster({
      instances,
      directUrl: databaseUrl,
      env: { DATA_DIR: dataDir, TRUSTED_PROXY_HOPS: CLIENT_PROXY_HOPS.balanced },
    });
    try {
      const cookies = await signInClients(cluster.url, clients);
      const appPids = cluster.instances.map((instance) => instance.pid);
      // What the instances spend doing nothing (timers, the runtime's own housekeeping) is paid per
      // instance-second, not per request: measured first, and taken out of the per-request figure.
      const idleBefore = cpuSnapshot(appPids);
      await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
      const idleMsPerSecond = cpuSince(idleBefore, appPids) / IDLE_SECONDS;
      const databasePidsBefore = await backendPids(values["admin-url"], database);
      const before = cpuSnapshot([...appPids, cluster.pgbouncer.pid, cluster.balancer.pid, ...databasePidsBefore]);
      const result = await runSaveAndList(cluster.url, cookies, seconds);
      const databasePids = [...new Set([...databasePidsBefore, ...(await backendPids(values["admin-url"], database))])];
      const { requests, errors, saves } = summarize(result);
      const stored = await countLinks(databaseUrl);
      const row: Row = {
        instances,
        requests,
        "req/s": Math.round(requests / result.elapsed),
        "app CPU ms/req": perRequest(cpuSince(before, appPids), requests),
        "app, less idle": perRequest(cpuSince(before, appPids) - idleMsPerSecond * result.elapsed, requests),
        "idle ms/s": Math.round(idleMsPerSecond),
        "PgBouncer ms/req": perRequest(cpuSince(before, [cluster.pgbouncer.pid]), requests),
        "HAProxy ms/req": perRequest(cpuSince(before, [cluster.balancer.pid]), requests),
        "PostgreSQL ms/req": perRequest(cpuSince(before, databasePids), requests),
        errors,
        "links = 2xx saves": `${stored} = ${saves}${stored === saves ? "" : " MISMATCH"}`,
      };
      console.log(`${instances} instance(s): ${row["req/s"]} req/s, ${errors} errors`);
      const passed = errors === 0 && stored === saves;
      if (!passed)
        for (const instance of cluster.instances)
          console.error(`${instance.url} (tail):\n${instance.log().slice(-3000)}`);
      return { row, passed };
    } finally {
      await cluster.stop();
    }
  });
}

async function main(): Promise<boolean> {
  assertBuilt();
  const rows: Row[] = [];
  let passed = true;
  for (let instances = 1; instances <= maxInstances; instances += 1) {
    const result = await measure(instances);
    rows.push(result.row);
    passed &&= result.passed;
  }
  console.log(
    `\nScaling out: ${clients} clients for ${seconds} s against 1-${maxInstances} instances behind HAProxy (round-robin),` +
      ` through PgBouncer (transaction mode), each client alternating POST /api/links and GET /api/links/today;` +
      ` CPU time per request from /proc, everything on the same cores`,
  );
  console.table(rows);
  const change = (key: "app CPU ms/req" | "app, less idle") => {
    const first = rows[0]?.[key] ?? 0;
    const last = rows.at(-1)?.[key] ?? 0;
    return first ? `${Math.round((last / first) * 100)} %` : "n/a";
  };
  console.log(
    `app CPU per request, ${maxInstances} instance(s) against 1: ${change("app CPU ms/req")} (${change("app, less idle")} less idle);` +
      ` errors and integrity: ${passed ? "ok" : "FAILED"}`,
  );
  return passed;
}

process.exitCode = (await main()) ? 0 : 1;
