// A PgBouncer of a test's own, in transaction mode in front of the local PostgreSQL (or the server
// of `serverUrl`), started with scripts/pgbouncer.sh on a free port: for tests that must choose its
// pool size, and for the many-instances test and the benchmarks, which also read its CPU time (pid).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort, REPO_ROOT } from "@/tests/support/built-app";

const run = promisify(execFile);
const SCRIPT = path.join(REPO_ROOT, "scripts", "pgbouncer.sh");

export type PgBouncer = {
  port: number;
  pid: number;
  /** `serverUrl` (a database on the PostgreSQL behind it) as reached through this PgBouncer. */
  urlFor: (serverUrl: string) => string;
  stop: () => Promise<void>;
};

export async function startPgBouncer({
  poolSize,
  serverUrl,
}: {
  poolSize: number;
  serverUrl?: string;
}): Promise<PgBouncer> {
  const dir = mkdtempSync(path.join(tmpdir(), "linkstash-pgbouncer-"));
  const port = await freePort();
  const server = serverUrl ? new URL(serverUrl) : undefined;
  await run(SCRIPT, ["start", dir, String(port)], {
    env: {
      ...process.env,
      PGBOUNCER_POOL_SIZE: String(poolSize),
      ...(server && { PGBOUNCER_TARGET: `${server.hostname}:${server.port || "5432"}` }),
    },
  });
  return {
    port,
    pid: Number(readFileSync(path.join(dir, "pgbouncer.pid"), "utf8").trim()),
    urlFor: (serverUrl) => {
      const url = new URL(serverUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    stop: async () => {
      await run(SCRIPT, ["stop", dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
