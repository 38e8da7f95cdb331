import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { embeddedDatabase, pgliteDataPath } from "@/lib/db/client";
import { prepareEmbeddedDataDir } from "@/lib/db/embedded-template";
import { env } from "@/lib/env";

// Applies prisma/migrations/*/migration.sql in order and records them in Prisma's own
// `_prisma_migrations` table, so `prisma migrate deploy` stays compatible where its engine exists.
// One code path for PGlite and PostgreSQL. On PostgreSQL each migration's transaction first takes
// a transaction-level advisory lock and checks again that the migration is still pending, so
// instances starting at once never both apply one. The lock ends with its transaction, so this
// works through a transaction-mode pooler as well as on a direct connection (decision 0180).

type Sql = {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  exec: (text: string) => Promise<void>;
  /** Run first in every transaction: the lock that serialises migrators (none for PGlite, one process). */
  lock: string | null;
};

const MIGRATIONS_LOCK = "SELECT pg_advisory_xact_lock(727073690)";

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export type Migration = { name: string; sql: string; checksum: string };

export function readMigrations(dir = path.join(process.cwd(), "prisma", "migrations")): Migration[] {
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

async function inTransaction<T>(sql: Sql, run: () => Promise<T>): Promise<T> {
  await sql.exec("BEGIN");
  try {
    if (sql.lock) await sql.exec(sql.lock);
    const result = await run();
    await sql.exec("COMMIT");
    return result;
  } catch (error) {
    await sql.exec("ROLLBACK");
    throw error;
  }
}

const FINISHED = `finished_at IS NOT NULL AND rolled_back_at IS NULL`;

async function applyPending(sql: Sql, migrations: Migration[]): Promise<string[]> {
  const done = await inTransaction(sql, async () => {
    await sql.exec(CREATE_MIGRATIONS_TABLE);
    const { rows } = await sql.query(`SELECT migration_name FROM "_prisma_migrations" WHERE ${FINISHED}`);
    return new Set(rows.map((row) => String(row.migration_name)));
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    const ran = await inTransaction(sql, async () => {
      // Another instance may have applied it while this one waited for the lock.
      const { rows } = await sql.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = $1 AND ${FINISHED}`, [
        migration.name,
      ]);
      if (rows.length > 0) return false;
      await sql.exec(migration.sql);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
         VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      return true;
    }).catch((error: unknown) => {
      throw new Error(`Migration ${migration.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}

export async function migratePostgres(connectionString: string, migrations = readMigrations()): Promise<string[]> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    return await applyPending(
      {
        query: async (text, params) => ({ rows: (await client.query(text, params)).rows }),
        exec: async (text) => {
          await client.query(text);
        },
        lock: MIGRATIONS_LOCK,
      },
      migrations,
    );
  } finally {
    await client.end();
  }
}

export async function migrateEmbedded(migrations = readMigrations()): Promise<string[]> {
  // The first thing to open the embedded database at start-up: a new data directory gets its
  // database here, made outside this process.
  await prepareEmbeddedDataDir(pgliteDataPath());
  const pglite = embeddedDatabase();
  return applyPending(
    {
      query: async (text, params) => ({ rows: (await pglite.query<Record<string, unknown>>(text, params)).rows }),
      exec: async (text) => {
        await pglite.exec(text);
      },
      lock: null,
    },
    migrations,
  );
}

/** Brings whichever database is configured up to date, on PostgreSQL through DIRECT_DATABASE_URL when set. */
export function migrate(): Promise<string[]> {
  return env.directDatabaseUrl ? migratePostgres(env.directDatabaseUrl) : migrateEmbedded();
}
