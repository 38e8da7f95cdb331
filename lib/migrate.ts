import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { embeddedDatabase } from "@/lib/db";
import { env } from "@/lib/env";

// Applies prisma/migrations/*/migration.sql in order and records them in Prisma's own
// `_prisma_migrations` table, so `prisma migrate deploy` stays compatible where its engine exists.
// One code path for PGlite and PostgreSQL; on PostgreSQL an advisory lock keeps two instances
// starting at once from both migrating.

type Sql = {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  exec: (text: string) => Promise<void>;
};

const MIGRATIONS_LOCK_ID = 727_073_690;

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

async function applyPending(sql: Sql, migrations: Migration[]): Promise<string[]> {
  await sql.exec(CREATE_MIGRATIONS_TABLE);
  const { rows } = await sql.query(
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Set(rows.map((row) => String(row.migration_name)));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    await sql.exec("BEGIN");
    try {
      await sql.exec(migration.sql);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
         VALUES ($1, $2, now(), $3, 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      await sql.exec("COMMIT");
    } catch (error) {
      await sql.exec("ROLLBACK");
      throw new Error(`Migration ${migration.name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    applied.push(migration.name);
  }
  return applied;
}

export async function migratePostgres(connectionString: string, migrations = readMigrations()): Promise<string[]> {
  const client = new Client({ connectionString });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATIONS_LOCK_ID]);
    try {
      return await applyPending(
        {
          query: async (text, params) => ({ rows: (await client.query(text, params)).rows }),
          exec: async (text) => {
            await client.query(text);
          },
        },
        migrations,
      );
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATIONS_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

export async function migrateEmbedded(migrations = readMigrations()): Promise<string[]> {
  const pglite = embeddedDatabase();
  return applyPending(
    {
      query: async (text, params) => ({ rows: (await pglite.query<Record<string, unknown>>(text, params)).rows }),
      exec: async (text) => {
        await pglite.exec(text);
      },
    },
    migrations,
  );
}

/** Brings whichever database is configured up to date. */
export function migrate(): Promise<string[]> {
  return env.databaseUrl ? migratePostgres(env.databaseUrl) : migrateEmbedded();
}
