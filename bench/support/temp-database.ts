// A fresh PostgreSQL database for one benchmark run: created, migrated as a deployment would
// (`npm run db:migrate`) before the server starts, handed to the benchmark, dropped at the end
// whatever happened. The benchmark process itself may then use the app's modules (getDb) on it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";

export const DEFAULT_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export type TempDatabase = { databaseUrl: string; dataDir: string };

async function admin(adminUrl: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function withTempDatabase<T>(
  adminUrl: string,
  prefix: string,
  run: (database: TempDatabase) => Promise<T>,
): Promise<T> {
  const databaseName = `${prefix}_${process.pid}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix.replaceAll("_", "-")}-`));
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const databaseUrl = url.toString();
  await admin(adminUrl, `CREATE DATABASE "${databaseName}"`);
  try {
    process.env.DATABASE_URL = databaseUrl;
    process.env.DATA_DIR = dataDir;
    const { migrate } = await import("@/lib/db/migrate");
    await migrate();
    return await run({ databaseUrl, dataDir });
  } finally {
    const { closeDb } = await import("@/lib/db/client");
    await closeDb();
    await admin(adminUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
