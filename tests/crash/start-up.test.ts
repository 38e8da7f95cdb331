// Start-up of the built app (decision 0164): a missing AUTH_SECRET on a public origin must
// stop the process with a message naming the variable (it used to stay up answering 500 to every
// request), and a DATA_DIR that does not exist yet must be created for the embedded database.
// Needs `npx next build`.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, assertBuilt, type Exit, freePort, spawnServer, startApp } from "@/tests/support/built-app";

const EXIT_TIMEOUT_MS = 60_000;

const dataDirs: string[] = [];
const running: AppServer[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "linkstash-start-up-"));
  dataDirs.push(dir);
  return dir;
}

beforeAll(() => {
  assertBuilt();
});

afterEach(async () => {
  for (const app of running.splice(0)) await app.stop("SIGKILL");
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("start-up", () => {
  it("stops with a message naming AUTH_SECRET when it is missing on a public origin", async () => {
    const port = await freePort();
    const server = spawnServer({
      port,
      env: { APP_URL: "https://stash.example", DATA_DIR: newDataDir(), MAIL_TRANSPORT: "mailbox" },
    });
    const timeout = new Promise<"still running">((resolve) =>
      setTimeout(() => resolve("still running"), EXIT_TIMEOUT_MS),
    );
    let outcome: Exit | "still running";
    try {
      outcome = await Promise.race([server.exited, timeout]);
    } finally {
      if (server.child.exitCode === null) server.child.kill("SIGKILL");
    }
    expect(outcome, server.log()).not.toBe("still running");
    expect(outcome).toMatchObject({ code: 1 });
    expect(server.log()).toMatch(/AUTH_SECRET: required when APP_URL is a public origin/);
  });

  it("creates a DATA_DIR that does not exist yet", async () => {
    const dataDir = path.join(newDataDir(), "not", "there", "yet");
    expect(existsSync(dataDir)).toBe(false);
    // With AUTH_SECRET given, nothing else (the generated secret) creates the directory first.
    const app = await startApp({
      port: await freePort(),
      env: { DATA_DIR: dataDir, AUTH_SECRET: "a-secret-of-the-operator" },
    });
    running.push(app);
    const health = await fetch(`${app.url}/api/health`);
    expect(health.status, await health.text()).toBe(200);
    expect(existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(true);
  });

  it("serves no email test page on a public origin by default", async () => {
    const app = await startApp({
      port: await freePort(),
      env: { APP_URL: "https://stash.example", AUTH_SECRET: "a-secret-of-the-operator", DATA_DIR: newDataDir() },
    });
    running.push(app);
    expect((await fetch(`${app.url}/email-test`)).status).toBe(404);
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
  });
});
