// Crash safety of the embedded database (PGlite), on the built app: the server is SIGKILLed in the
// middle of a burst of saves, restarted on the same data directory, and every save it had answered
// 201 must be there. SIGTERM and SIGINT must close PGlite cleanly and exit 0. Needs `npx next build`.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type AppServer,
  assertBuilt,
  freePort,
  historyUrls,
  signInOverHttp,
  startApp,
  postLink,
} from "@/tests/support/built-app";

const KILL_ROUNDS = 3;
const WORKERS = 8;
// Bounds every worker loop; a burst is cut by the signal long before.
const MAX_SAVES_PER_WORKER = 400;

// pg_control's DBState (PostgreSQL's src/include/catalog/pg_control.h), a 4-byte field at offset 16.
const DB_SHUTDOWNED = 1;
const DB_IN_PRODUCTION = 6;

function databaseState(dataDir: string): number {
  return readFileSync(path.join(dataDir, "db", "global", "pg_control")).readInt32LE(16);
}

type Saver = { email: string; ip: string; cookie: string; acknowledged: string[] };

async function signInSavers(app: AppServer, count: number, label: string): Promise<Saver[]> {
  const savers: Saver[] = [];
  for (let i = 0; i < count; i += 1) {
    const email = `${label}-${i}@example.com`;
    // Each saver comes from its own address, so no per-address limit is shared between them.
    const ip = `203.0.113.${i + 1}`;
    savers.push({ email, ip, cookie: await signInOverHttp(app.url, email, ip), acknowledged: [] });
  }
  return savers;
}

type Burst = { acknowledged: () => number; unexpected: string[]; done: Promise<void> };

/**
 * One worker per saver, each saving continuously until the server goes away. A save counts as
 * acknowledged when its 201 arrives: the server answers only after the commit. Saved URLs point at
 * 127.0.0.1, which the title fetcher refuses, so no request leaves the machine.
 */
function startBurst(app: AppServer, savers: Saver[], label: string): Burst {
  let acknowledged = 0;
  const unexpected: string[] = [];
  const worker = async (saver: Saver, index: number) => {
    for (let n = 0; n < MAX_SAVES_PER_WORKER; n += 1) {
      const url = `http://127.0.0.1:9/${label}/w${index}/${n}`;
      let res: Response;
      try {
        res = await postLink(app.url, saver.cookie, saver.ip, url);
      } catch {
        return; // The server is gone: this save was never answered.
      }
      if (res.status === 201) {
        saver.acknowledged.push(url);
        acknowledged += 1;
      } else {
        unexpected.push(`${res.status} ${await res.text().catch(() => "")}`);
        return;
      }
      await res.arrayBuffer().catch(() => undefined);
    }
  };
  const done = Promise.all(savers.map(worker)).then(() => undefined);
  return { acknowledged: () => acknowledged, unexpected, done };
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function expectAllPresent(
  app: AppServer,
  savers: Saver[],
): Promise<{ acknowledged: number; lost: string[]; stored: number }> {
  let acknowledged = 0;
  let stored = 0;
  const lost: string[] = [];
  for (const saver of savers) {
    const present = new Set(await historyUrls(app.url, saver.cookie));
    stored += present.size;
    acknowledged += saver.acknowledged.length;
    lost.push(...saver.acknowledged.filter((url) => !present.has(url)));
  }
  return { acknowledged, lost, stored };
}

const dataDirs: string[] = [];
const running: AppServer[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "linkstash-crash-"));
  dataDirs.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<AppServer> {
  const app = await startApp({ port: await freePort(), env: { DATA_DIR: dataDir } });
  running.push(app);
  return app;
}

beforeAll(() => {
  assertBuilt();
});

afterEach(async () => {
  for (const app of running.splice(0)) await app.stop("SIGKILL");
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the embedded database under a killed server", () => {
  it("keeps every acknowledged save through SIGKILLs in the middle of a burst", async () => {
    const dataDir = newDataDir();
    let app = await start(dataDir);
    const savers = await signInSavers(app, WORKERS, "kill");
    let committedUnanswered = 0;

    for (let round = 1; round <= KILL_ROUNDS; round += 1) {
      const burst = startBurst(app, savers, `kill/r${round}`);
      // Somewhere between 40 and 160 answered saves into the burst, with saves in flight.
      const target = 40 + Math.floor(Math.random() * 120);
      await waitUntil(() => burst.acknowledged() >= target || burst.unexpected.length > 0, 30_000, `${target} saves`);
      process.kill(app.pid, "SIGKILL");
      expect(await app.exited).toEqual({ code: null, signal: "SIGKILL" });
      await burst.done;
      expect(burst.unexpected).toEqual([]);
      // Killed while running: PGlite never wrote its shutdown checkpoint.
      expect(databaseState(dataDir)).toBe(DB_IN_PRODUCTION);

      app = await start(dataDir);
      const { acknowledged, lost, stored } = await expectAllPresent(app, savers);
      expect(lost).toEqual([]);
      committedUnanswered = stored - acknowledged;
    }

    const acknowledged = savers.reduce((sum, saver) => sum + saver.acknowledged.length, 0);
    console.log(
      `crash: ${KILL_ROUNDS} rounds, ${acknowledged} acknowledged saves, 0 lost (${committedUnanswered} more committed but cut off before their answer)`,
    );
    expect(await app.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  });
});

describe("stopping the server with a signal", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "%s during a burst of saves closes PGlite cleanly and exits 0 promptly",
    async (signal) => {
      const dataDir = newDataDir();
      const app = await start(dataDir);
      const savers = await signInSavers(app, 4, signal.toLowerCase());
      const burst = startBurst(app, savers, signal);
      await waitUntil(() => burst.acknowledged() >= 20 || burst.unexpected.length > 0, 30_000, "20 saves");

      const sentAt = performance.now();
      process.kill(app.pid, signal);
      const exit = await app.exited;
      const elapsedMs = performance.now() - sentAt;
      await burst.done;
      expect(burst.unexpected).toEqual([]);
      expect(exit, app.log()).toEqual({ code: 0, signal: null });
      expect(elapsedMs).toBeLessThan(5_000);
      // The control file says "shut down": PGlite was closed before the process left.
      expect(databaseState(dataDir)).toBe(DB_SHUTDOWNED);

      const again = await start(dataDir);
      const { lost, acknowledged } = await expectAllPresent(again, savers);
      expect(acknowledged).toBeGreaterThanOrEqual(20);
      expect(lost).toEqual([]);
      expect(await again.stop(signal)).toEqual({ code: 0, signal: null });
      expect(databaseState(dataDir)).toBe(DB_SHUTDOWNED);
    },
  );
});
