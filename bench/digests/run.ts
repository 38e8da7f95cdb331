// Digest dispatch benchmark: N users (default 10,000) with a few links each and a schedule due now,
// dispatched end to end (enqueue, claim, render, send, mark) against the local Resend fake, on the
// embedded database and on PostgreSQL. Prints digests/s, SQL statements per 100 digests, provider
// calls and peak memory.
//
//   npm run bench:digests                 # both databases, 10,000 users
//   npm run bench:digests -- --users 500  # smaller
//   npm run bench:digests -- --db postgres
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "10000" },
    links: { type: "string", default: "3" },
    db: { type: "string" },
    "admin-url": { type: "string", default: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
  },
});

const users = Number(values.users);
const linksEach = Number(values.links);

type Figures = { db: string; users: number; seconds: number; digestsPerSecond: number; sent: number; statementsPer100: number; providerCalls: number; peakRssMb: number };

async function runOne(db: "pglite" | "postgres"): Promise<Figures> {
  const { Client } = await import("pg");
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-bench-"));
  process.env.DATA_DIR = dataDir;
  process.env.EMAIL_FROM = "LinkStash <digest@linkstash.test>";
  const databaseName = `linkstash_bench_${process.pid}`;
  const adminUrl = values["admin-url"];
  if (db === "postgres") {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    process.env.DATABASE_URL = url.toString();
  } else {
    delete process.env.DATABASE_URL;
  }

  const { startResendFake } = await import("@/tests/fakes/resend-fake");
  const fake = await startResendFake();
  process.env.RESEND_API_KEY = "re_bench";
  process.env.RESEND_BASE_URL = fake.url;

  // Count every SQL statement the app sends, by giving lib/db an instrumented connection first.
  let statements = 0;
  let closePool = async () => {};
  // lib/db keeps its client on globalThis.linkstashDb: put the instrumented one there first.
  const store: NonNullable<typeof globalThis.linkstashDb> = (globalThis.linkstashDb ??= {});
  const { PrismaClient } = await import("@/lib/generated/prisma/client");
  if (db === "postgres") {
    const pg = await import("pg");
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    closePool = () => pool.end();
    pool.on("connect", (client) => {
      const originalQuery = client.query.bind(client);
      Object.assign(client, {
        query: (...args: unknown[]) => {
          statements += 1;
          return Reflect.apply(originalQuery, client, args);
        },
      });
    });
    store.prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  } else {
    const { PGlite } = await import("@electric-sql/pglite");
    const { PrismaPGlite } = await import("pglite-prisma-adapter");
    const pglite = new PGlite(path.join(dataDir, "db"));
    const originalQuery = pglite.query.bind(pglite);
    const originalExec = pglite.exec.bind(pglite);
    pglite.query = (...args: Parameters<typeof originalQuery>) => {
      statements += 1;
      return originalQuery(...args);
    };
    pglite.exec = (...args: Parameters<typeof originalExec>) => {
      statements += 1;
      return originalExec(...args);
    };
    store.pglite = pglite;
    store.prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  }

  const { migrate } = await import("@/lib/migrate");
  const { closeDb } = await import("@/lib/db");
  const { dispatchDigests } = await import("@/lib/digests/dispatch");
  const { createDueUsers } = await import("@/tests/support/digest-fixtures");
  await migrate();
  const due = new Date(Date.now() - 60_000);
  for (let done = 0; done < users; done += 2000) await createDueUsers(Math.min(2000, users - done), due, linksEach, `bench${done}`);

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  statements = 0;
  fake.reset();
  const started = performance.now();
  let sent = 0;
  for (;;) {
    const result = await dispatchDigests({ budgetMs: 10 * 60_000 });
    sent += result.sent;
    if (result.left === 0) break;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);

  const figures: Figures = {
    db,
    users,
    seconds: Number(seconds.toFixed(2)),
    digestsPerSecond: Math.round(sent / seconds),
    sent,
    statementsPer100: Number(((statements / Math.max(sent, 1)) * 100).toFixed(1)),
    providerCalls: fake.requests.length,
    peakRssMb: Math.round(peakRss / 1024 / 1024),
  };
  await closeDb();
  await closePool();
  await fake.close();
  if (db === "postgres") {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
  return figures;
}

if (values.db === "pglite" || values.db === "postgres") {
  console.log(JSON.stringify(await runOne(values.db)));
} else {
  // Each database in a fresh process: the configuration is read once per process.
  const rows: Figures[] = [];
  for (const db of ["pglite", "postgres"]) {
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1] ?? "", "--db", db, "--users", String(users), "--links", String(linksEach)], {
      encoding: "utf8",
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    if (child.status !== 0) throw new Error(`benchmark on ${db} failed`);
    const last = child.stdout.trim().split("\n").at(-1) ?? "{}";
    rows.push(JSON.parse(last));
  }
  console.log(`Digest dispatch, ${users} users x ${linksEach} links, Resend fake, NODE_ENV=${process.env.NODE_ENV}`);
  console.table(rows);
}
