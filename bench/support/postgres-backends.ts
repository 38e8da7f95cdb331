// The PostgreSQL server processes serving one database, to weigh the database's CPU per request
// beside the app's (bench/support/cpu.ts reads their /proc entries; the server runs on this machine).
import { Client } from "pg";

export async function backendPids(adminUrl: string, database: string): Promise<number[]> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
      [database],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}
