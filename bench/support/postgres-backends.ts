// The PostgreSQL server processes serving one database, to weigh the database's CPU per request
// beside the app's (bench/support/cpu.ts reads their /proc entries; the server runs on this machine).
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "pg";
import { ownCpuMs } from "./cpu";

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

/**
 * Meters the CPU time of every server process serving `database` from now until stop(): sampled
 * twice a second, so a connection that closes loses at most its last half second. Its own
 * connection is left out.
 */
export async function startBackendCpuMeter(
  adminUrl: string,
  database: string,
): Promise<{ stop: () => Promise<number> }> {
  const baseline = new Map<number, number>();
  const latest = new Map<number, number>();
  const sample = async (first: boolean) => {
    for (const pid of await backendPids(adminUrl, database)) {
      const cpu = ownCpuMs(pid);
      if (cpu === null) continue;
      // A backend that started after the meter counts from zero.
      if (!baseline.has(pid)) baseline.set(pid, first ? cpu : 0);
      latest.set(pid, cpu);
    }
  };
  await sample(true);
  const stopSignal = new AbortController();
  const loop = (async () => {
    while (!stopSignal.signal.aborted) {
      await sleep(500, undefined, { signal: stopSignal.signal }).catch(() => undefined);
      if (!stopSignal.signal.aborted) await sample(false);
    }
  })();
  return {
    stop: async () => {
      stopSignal.abort();
      await loop;
      await sample(false);
      return [...latest].reduce((sum, [pid, cpu]) => sum + cpu - (baseline.get(pid) ?? 0), 0);
    },
  };
}
