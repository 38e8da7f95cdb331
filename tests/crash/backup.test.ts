// `npm run backup` and `npm run restore` on the built app, for the embedded database and for
// PostgreSQL: a backup taken while a burst of saves goes on, restored into a new data directory or
// database, holds every link the server had acknowledged (201) before the backup began. Also the
// refusals: a target that is not new, a damaged file, a killed server's directory. Needs
// `npx next build` and PostgreSQL (TEST_DATABASE_URL, else the local server).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type AppServer,
  assertBuilt,
  freePort,
  historyUrls,
  REPO_ROOT,
  signInOverHttp,
  startApp,
  postLink,
} from "@/tests/support/built-app";

const SAVERS = 6;
// Each saver pauses between saves: 4 a second stays under the per-user limit of 300 a minute however
// long the backup takes, and 6 savers still keep saves arriving throughout it.
const PAUSE_MS = 250;
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

type Saver = { cookie: string; ip: string; acknowledged: string[] };

async function signInSavers(app: AppServer, label: string): Promise<Saver[]> {
  const savers: Saver[] = [];
  for (let i = 0; i < SAVERS; i += 1) {
    const ip = `203.0.113.${i + 1}`;
    savers.push({ ip, cookie: await signInOverHttp(app.url, `${label}-${i}@example.com`, ip), acknowledged: [] });
  }
  return savers;
}

type Burst = { acknowledged: () => number; unexpected: string[]; stop: () => Promise<void> };

/** Every saver saves continuously until stopped; a save counts once its 201 (sent after the commit) arrives. */
function startBurst(app: AppServer, savers: Saver[], label: string): Burst {
  let stopping = false;
  let acknowledged = 0;
  const unexpected: string[] = [];
  const worker = async (saver: Saver, index: number) => {
    for (let n = 0; !stopping && unexpected.length === 0; n += 1) {
      // 127.0.0.1 is refused by the title fetcher, so nothing leaves the machine.
      const url = `http://127.0.0.1:9/${label}/w${index}/${n}`;
      const res = await postLink(app.url, saver.cookie, saver.ip, url);
      if (res.status === 201) {
        saver.acknowledged.push(url);
        acknowledged += 1;
      } else unexpected.push(`${res.status} ${await res.text().catch(() => "")}`);
      await res.arrayBuffer().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  const done = Promise.all(savers.map(worker));
  return {
    acknowledged: () => acknowledged,
    unexpected,
    stop: async () => {
      stopping = true;
      await done;
    },
  };
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

type Run = { code: number | null; stdout: string; stderr: string };

/** `npm run <script> -- <args>` with only the given configuration (none of the caller's app settings). */
function npmRun(script: "backup" | "restore", args: string[], env: Record<string, string>): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "DIRECT_DATABASE_URL", "DATA_DIR", "AUTH_SECRET", "APP_URL"]) {
    delete childEnv[name];
  }
  Object.assign(childEnv, env);
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", script, "--", ...args], {
      cwd: REPO_ROOT,
      env: childEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The acknowledged URLs the restored server does not list, over all savers. */
async function missingOn(app: AppServer, expected: Map<Saver, string[]>): Promise<string[]> {
  const missing: string[] = [];
  for (const [saver, urls] of expected) {
    const present = new Set(await historyUrls(app.url, saver.cookie));
    missing.push(...urls.filter((url) => !present.has(url)));
  }
  return missing;
}

/**
 * The shared scenario: a burst of saves, a backup taken in the middle of it, the burst carried on
 * until the backup is written; returns what had been acknowledged before the backup began.
 */
async function backupDuringBurst(
  app: AppServer,
  label: string,
  file: string,
  env: Record<string, string>,
): Promise<{ before: Map<Saver, string[]>; during: number; run: Run }> {
  const savers = await signInSavers(app, label);
  const burst = startBurst(app, savers, label);
  await waitUntil(() => burst.acknowledged() >= 60 || burst.unexpected.length > 0, 60_000, "60 saves");
  const before = new Map(savers.map((saver) => [saver, [...saver.acknowledged]]));
  const atStart = burst.acknowledged();
  const startedAt = performance.now();
  const run = await npmRun("backup", [file], env);
  console.log(`${label}: npm run backup took ${Math.round(performance.now() - startedAt)} ms`);
  const during = burst.acknowledged() - atStart;
  await burst.stop();
  expect(burst.unexpected).toEqual([]);
  return { before, during, run };
}

const dirs: string[] = [];
const running: AppServer[] = [];
const databases: string[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "linkstash-backup-"));
  dirs.push(dir);
  return dir;
}

async function start(env: Record<string, string>): Promise<AppServer> {
  const app = await startApp({ port: await freePort(), env });
  running.push(app);
  return app;
}

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

async function newDatabase(label: string): Promise<string> {
  const name = `backup_${label}_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  databases.push(name);
  return Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
}

beforeAll(() => {
  assertBuilt();
});

afterEach(async () => {
  for (const app of running.splice(0)) await app.stop("SIGKILL");
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const name of databases.splice(0)) await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe("backups of the embedded database", () => {
  it("taken through the server during a burst of saves, restore every link acknowledged before", async () => {
    const dataDir = path.join(tempDir(), "data");
    const app = await start({ DATA_DIR: dataDir });
    const file = path.join(tempDir(), "linkstash.tar");

    const { before, during, run } = await backupDuringBurst(app, "embedded", file, { DATA_DIR: dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/from the running server/);
    // The server went on answering saves while the backup ran.
    expect(during).toBeGreaterThan(0);

    const restoredDir = path.join(tempDir(), "restored");
    const restore = await npmRun("restore", [file], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    // A second restore over it is refused: the target holds a database now.
    const again = await npmRun("restore", [file], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty/);

    // The restored copy keeps the sessions and the auth secret: the same cookies sign in there.
    const restored = await start({ DATA_DIR: restoredDir });
    expect(await missingOn(restored, before)).toEqual([]);
    const acknowledged = [...before.values()].reduce((sum, urls) => sum + urls.length, 0);
    console.log(
      `backup (embedded): ${acknowledged} saves acknowledged before it began, 0 missing; ${during} during it`,
    );
    expect(await restored.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(await app.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  });

  it("copies a cleanly stopped directory itself, and refuses a killed server's", async () => {
    const dataDir = path.join(tempDir(), "data");
    const app = await start({ DATA_DIR: dataDir });
    const [saver] = await signInSavers(app, "stopped");
    if (!saver) throw new Error("no saver");
    const saved = await postLink(app.url, saver.cookie, saver.ip, "http://127.0.0.1:9/stopped");
    expect(saved.status).toBe(201);

    process.kill(app.pid, "SIGKILL");
    await app.exited;
    const refused = await npmRun("backup", [path.join(tempDir(), "killed.tar")], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Start the server/);

    // Started again (crash recovery) and stopped cleanly: now nothing holds the directory.
    const again = await start({ DATA_DIR: dataDir });
    expect(await again.stop("SIGTERM")).toEqual({ code: 0, signal: null });
    const file = path.join(tempDir(), "stopped.tar");
    const run = await npmRun("backup", [file], { DATA_DIR: dataDir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/from the stopped data directory/);

    // A damaged copy is refused, and leaves no directory behind.
    const damaged = path.join(tempDir(), "damaged.tar");
    const bytes = readFileSync(file);
    writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const damagedTarget = path.join(tempDir(), "from-damaged");
    const failed = await npmRun("restore", [damaged], { DATA_DIR: damagedTarget });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/truncated/);
    expect(existsSync(damagedTarget)).toBe(false);

    // An existing empty directory (a mounted volume, say) is a new target too.
    const restoredDir = tempDir();
    const restore = await npmRun("restore", [file], { DATA_DIR: restoredDir });
    expect(restore.code, restore.stderr).toBe(0);
    const restored = await start({ DATA_DIR: restoredDir });
    expect(await historyUrls(restored.url, saver.cookie)).toEqual(["http://127.0.0.1:9/stopped"]);
  });

  it("says so when there is no database to back up or no file to restore", async () => {
    const empty = tempDir();
    const none = await npmRun("backup", [path.join(empty, "x.tar")], { DATA_DIR: path.join(empty, "absent") });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/There is no database/);
    const missing = await npmRun("restore", [path.join(empty, "absent.tar")], { DATA_DIR: path.join(empty, "new") });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no such file/);
  });
});

describe("backups of PostgreSQL", () => {
  it("taken with pg_dump during a burst of saves, restore every link acknowledged before", async () => {
    const source = await newDatabase("source");
    const dataDir = tempDir();
    const app = await start({ DATABASE_URL: source, DATA_DIR: dataDir });
    const file = path.join(tempDir(), "linkstash.dump");

    const { before, during, run } = await backupDuringBurst(app, "postgres", file, { DATABASE_URL: source });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/pg_dump custom format/);

    // Refused: a database that is not new (the source itself).
    const notEmpty = await npmRun("restore", [file], { DATABASE_URL: source });
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr).toMatch(/holds \d+ tables/);
    // Refused: a file that is not a dump, leaving the new database empty for the real restore.
    const target = await newDatabase("target");
    const bogus = path.join(tempDir(), "bogus.dump");
    writeFileSync(bogus, "not a dump");
    const failed = await npmRun("restore", [bogus], { DATABASE_URL: target });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/pg_restore failed/);

    const restore = await npmRun("restore", [file], { DATABASE_URL: target });
    expect(restore.code, restore.stderr).toBe(0);
    const restored = await start({ DATABASE_URL: target, DATA_DIR: dataDir });
    expect(await missingOn(restored, before)).toEqual([]);
    const acknowledged = [...before.values()].reduce((sum, urls) => sum + urls.length, 0);
    console.log(
      `backup (PostgreSQL): ${acknowledged} saves acknowledged before it began, 0 missing; ${during} during it`,
    );
  });
});
