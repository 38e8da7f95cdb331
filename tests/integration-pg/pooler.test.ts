import { Client, Pool } from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";

// The app behind a transaction-mode PgBouncer of this file's own, as managed PostgreSQL for serverless
// apps hands it out (decision 0180): two server connections for this database, handed out in turn, so
// consecutive transactions of one client connection land on different server connections. Anything
// that leaves state on a connection (a statement prepared by name, a session-level lock) breaks here.
const { pooler, serverUrl } = await vi.hoisted(async () => {
  const { startPgBouncer } = await import("@/tests/support/pgbouncer");
  const started = await startPgBouncer({ poolSize: 2 });
  const direct = process.env.DATABASE_URL ?? "";
  process.env.DATABASE_URL = started.urlFor(direct);
  return { pooler: started, serverUrl: direct };
});

const { GET: history } = await import("@/app/api/links/history/route");
const { PATCH: patchLink } = await import("@/app/api/links/[id]/route");
const { POST: saveLink } = await import("@/app/api/links/route");
const { GET: today } = await import("@/app/api/links/today/route");
const { GET: authUser } = await import("@/app/api/auth/user/route");
const { closeDb, getDb } = await import("@/lib/db/client");
const { migratePostgres, readMigrations } = await import("@/lib/db/migrate");
const { apiRequest, routeParams, signedInUser } = await import("@/tests/support/factories");

const poolerUrl = process.env.DATABASE_URL ?? "";
const probe = new Pool({ connectionString: poolerUrl, max: 4 });

afterAll(async () => {
  await probe.end();
  await closeDb();
  await pooler.stop();
});

async function serverPids(client: Pick<Client, "query">, rounds: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < rounds; i += 1) {
    pids.add((await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid ?? 0);
  }
  return pids;
}

describe("behind a transaction-mode pooler", () => {
  it("consecutive transactions of one client connection use different server connections", async () => {
    // Both server connections open, then one client connection asks which one answers it.
    await Promise.all(Array.from({ length: 4 }, () => probe.query("SELECT pg_sleep(0.05)")));
    const client = await probe.connect();
    try {
      expect((await serverPids(client, 6)).size).toBe(2);
    } finally {
      client.release();
    }
  });

  it("loses a statement prepared by name, the failure the app's data path must not meet", async () => {
    const client = new Client({ connectionString: poolerUrl });
    await client.connect();
    const prepared = { name: "named_probe", text: "SELECT 1 AS one" };
    const failures: string[] = [];
    try {
      for (let i = 0; i < 4; i += 1) {
        await client.query(prepared).catch((error: unknown) => {
          failures.push(error instanceof Error ? error.message : String(error));
        });
      }
    } finally {
      await client.end();
    }
    expect(failures[0]).toMatch(/prepared statement "named_probe" (does not exist|already exists)/);
  });

  it("serves every hot path, many requests at once, also after a migration adds columns", async () => {
    const { cookie } = await signedInUser();
    const everyHotPath = async (round: number) => {
      const saved = await saveLink(
        apiRequest("POST", "/api/links", { cookie, json: { url: `https://pooler.test/${round}` } }),
      );
      expect(saved.status).toBe(201);
      const { link } = await saved.json();
      const read = await patchLink(
        apiRequest("PATCH", `/api/links/${link.id}`, { cookie, json: { read: true } }),
        routeParams({ id: link.id }),
      );
      expect(read.status).toBe(200);
      for (const [route, path] of [
        [today, "/api/links/today"],
        [history, "/api/links/history"],
        [authUser, "/api/auth/user"],
      ] as const) {
        expect((await route(apiRequest("GET", path, { cookie }))).status).toBe(200);
      }
    };
    // More at once than the app's pool has connections, over two server connections.
    await Promise.all(Array.from({ length: 12 }, (_, i) => everyHotPath(i)));
    const db = getDb();
    await db.$executeRawUnsafe(`ALTER TABLE "User" ADD COLUMN "addedLater" TEXT`);
    await db.$executeRawUnsafe(`ALTER TABLE "Link" ADD COLUMN "addedLater" TEXT`);
    await db.$executeRawUnsafe(`ALTER TABLE "Session" ADD COLUMN "addedLater" TEXT`);
    await Promise.all(Array.from({ length: 12 }, (_, i) => everyHotPath(12 + i)));
    const res = await history(apiRequest("GET", "/api/links/history", { cookie }));
    const links: Record<string, unknown>[] = await res.json();
    expect(links).toHaveLength(24);
    expect(links.every((link) => link.readAt !== null)).toBe(true);
    expect(Object.keys(links[0] ?? {}).sort()).toEqual(
      [
        "archivedAt",
        "categories",
        "category",
        "createdAt",
        "description",
        "faviconUrl",
        "favoritedAt",
        "id",
        "notes",
        "readAt",
        "readingMinutes",
        "remindOn",
        "siteName",
        "title",
        "url",
      ].sort(),
    );
  });

  it("three migrators starting at once on an empty database apply each migration once", async () => {
    const name = `linkstash_pooler_migrate_${process.pid}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
      const url = new URL(poolerUrl);
      url.pathname = `/${name}`;
      const runs = await Promise.all([1, 2, 3].map(() => migratePostgres(url.toString())));
      const all = readMigrations().map((migration) => migration.name);
      expect(runs.flat().sort()).toEqual(all);
      const check = new Client({ connectionString: url.toString() });
      await check.connect();
      try {
        const { rows } = await check.query<{ migration_name: string }>(
          `SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`,
        );
        expect(rows.map((row) => row.migration_name)).toEqual(all);
      } finally {
        await check.end();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});
