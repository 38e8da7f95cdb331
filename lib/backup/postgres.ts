import "server-only";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, rename, rm, stat } from "node:fs/promises";
import { Client } from "pg";
import { BackupError, syncFile } from "@/lib/backup/errors";

// PostgreSQL's backup is pg_dump's custom format, one consistent snapshot taken in a single
// repeatable-read transaction while the app keeps serving; its restore is pg_restore.

/** The URL without its password (which would show in `ps`), and the environment that carries it. */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          error.code === "ENOENT"
            ? `${program} was not found: install PostgreSQL's client programs of the server's major version or ` +
                "newer (Debian and Ubuntu: apt-get install postgresql-client)."
            : `${program} could not start: ${error.message}`,
        ),
      ),
    );
    child.once("close", (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${program} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

/** `npm run backup` on PostgreSQL. */
export async function backupPostgres(url: string, target: string): Promise<{ bytes: number }> {
  if (existsSync(target)) throw new BackupError(`${target} exists already: name a new file.`);
  const { url: safeUrl, env } = connection(url);
  const partial = `${target}.partial`;
  try {
    await run("pg_dump", ["--format=custom", `--file=${partial}`, `--dbname=${safeUrl}`], env);
    // pg_dump's file has the umask's mode; it holds every user's data.
    await chmod(partial, 0o600);
    await syncFile(partial);
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { bytes: (await stat(target)).size };
}

/** The tables, views and sequences outside PostgreSQL's own schemas: none in a new database. */
async function userRelations(url: string): Promise<number> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the database: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
         AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

/** `npm run restore FILE` on PostgreSQL: into a new, empty database. */
export async function restorePostgres(file: string, url: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file.`);
  const relations = await userRelations(url);
  if (relations > 0) {
    throw new BackupError(
      `The database holds ${relations} tables, views or sequences already: create a new, empty database ` +
        "(createdb) and point DATABASE_URL at it.",
    );
  }
  const { url: safeUrl, env } = connection(url);
  // One transaction: a damaged file or a failed statement leaves the database as empty as it was.
  await run(
    "pg_restore",
    ["--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges", `--dbname=${safeUrl}`, file],
    env,
  );
}
