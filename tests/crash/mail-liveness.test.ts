// Save by email cannot stall or hold the built app (docs/decisions/0348, 0351), run in a 512 MB
// memory group as the smallest promised machine: mails that made the old rules backtrack for
// seconds are read in the extractor's children while /api/health/live keeps answering within 2 s,
// and each gets a definite SMTP answer; fifty slow connections from one address hold only that
// address's few, so another client is served at once, and a session past its deadline is closed
// whatever it sends; nothing in the group is ever killed. Needs `npx next build` and root.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";
import { sendPathologicalMails } from "@/tests/support/hostile-mail";
import { INBOUND_DOMAIN } from "@/tests/support/inbound-mail";
import { createMemoryCgroup, type MemoryCgroup } from "@/tests/support/memory-cgroup";
import { SmtpConversation } from "@/tests/support/smtp-conversation";

const OWNER = "liveness-owner@example.com";
/** The liveness bound the acceptance list states for the crash suite. */
const LIVENESS_MS = 2000;
/** The session deadline this app is started with. */
const SESSION_SECONDS = 20;
/** The per-address connection cap (lib/inbound-mail/smtp-listener.ts). */
const PER_ADDRESS = 5;

let app: AppServer;
let cgroup: MemoryCgroup;
let dataDir: string;
let smtpPort: number;
let address: string;

beforeAll(async () => {
  assertBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-mail-liveness-"));
  smtpPort = await freePort();
  cgroup = createMemoryCgroup("linkstash-mail-liveness", 512 * 1024 * 1024);
  app = await startApp({
    port: await freePort(),
    env: {
      DATA_DIR: dataDir,
      INBOUND_EMAIL_DOMAIN: INBOUND_DOMAIN,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: "127.0.0.1",
      INBOUND_SMTP_SESSION_SECONDS: String(SESSION_SECONDS),
    },
    cgroupProcs: cgroup.procs,
  });
  const cookie = await signInOverHttp(app.url, OWNER, "203.0.113.80");
  const res = await fetch(`${app.url}/api/user/save-address`, { headers: { cookie } });
  expect(res.status).toBe(200);
  ({ address } = await res.json());
}, 120_000);

afterAll(async () => {
  await app?.stop("SIGKILL");
  await cgroup?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Polls /api/health/live every 100 ms while `work` runs; the slowest answer, in ms. */
async function slowestProbeDuring<T>(work: () => Promise<T>): Promise<{ result: T; slowest: number; probes: number }> {
  let running = true;
  let slowest = 0;
  let probes = 0;
  const poll = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${app.url}/api/health/live`, { signal: AbortSignal.timeout(30_000) });
      expect(res.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      probes += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  try {
    return { result: await work(), slowest, probes };
  } finally {
    running = false;
    await poll;
  }
}

describe("mail the old rules backtracked over", () => {
  it("is read while the server answers its liveness probe within 2 s, and each mail gets a definite answer", async () => {
    // The probe's route is loaded on its first request: that load is not what is measured.
    expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
    const { result, slowest, probes } = await slowestProbeDuring(() =>
      sendPathologicalMails(smtpPort, { from: OWNER, to: address }),
    );
    console.log(`liveness during the pathological mails: slowest ${Math.round(slowest)} ms over ${probes} probes`);
    for (const [name, answer] of result) expect(answer, name).toMatch(/^(250|5\d\d) /);
    expect(probes).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(LIVENESS_MS);
  });
});

describe("slow SMTP clients", () => {
  it("hold only their own address's few connections: another client is served at once", async () => {
    const started = performance.now();
    const opened = await Promise.all(Array.from({ length: 50 }, () => SmtpConversation.open(smtpPort)));
    const held = opened.filter(({ greeting }) => greeting.startsWith("220 ")).map(({ conversation }) => conversation);
    const refused = opened.filter(({ greeting }) => !greeting.startsWith("220 ")).map(({ greeting }) => greeting);
    // One byte every few seconds keeps each held connection from its idle timeout.
    const drip = setInterval(() => {
      for (const conversation of held) conversation.write(Buffer.from("N"));
    }, 3000);
    try {
      expect(held).toHaveLength(PER_ADDRESS);
      expect(refused).toHaveLength(50 - PER_ADDRESS);
      for (const greeting of refused) expect(greeting).toMatch(/^421 .*Too many connections from your address/);

      const other = await SmtpConversation.open(smtpPort, "127.0.0.2");
      expect(other.greeting).toMatch(/^220 /);
      expect(await other.conversation.command("EHLO other.example.test")).toMatch(/^250[ -]/);
      expect(await other.conversation.command("QUIT")).toMatch(/^221 /);
      other.conversation.close();
      // All of it well within the session deadline: the held connections were still open.
      expect(performance.now() - started).toBeLessThan(SESSION_SECONDS * 1000);
    } finally {
      clearInterval(drip);
    }
    for (const conversation of held) conversation.close();
  });

  it("closes a session past its deadline, whatever it sends, with 421", async () => {
    const { conversation, greeting } = await SmtpConversation.open(smtpPort, "127.0.0.3");
    expect(greeting).toMatch(/^220 /);
    // Commands the whole time: the idle timeout never fires, the deadline does.
    let last = "";
    for (let second = 0; second < SESSION_SECONDS + 5 && !last.startsWith("421"); second += 1) {
      last = await conversation.command("NOOP");
      if (!last.startsWith("421")) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(last).toMatch(/^421 .*Session time limit reached/);
    conversation.close();
  }, 60_000);
});

describe("the 512 MB group", () => {
  it("never had anything killed by the kernel, and the server is still up", async () => {
    expect(cgroup.oomKills()).toBe(0);
    expect(app.child.exitCode).toBeNull();
    expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
  });
});
