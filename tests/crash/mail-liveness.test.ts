// Save by email cannot stall or hold the built app (docs/decisions/0348, 0351): mails that made the
// old rules backtrack for seconds are read in the extractor's children while /api/health/live keeps
// answering within 2 s, and each gets a definite SMTP answer; fifty slow connections from one address
// hold only that address's few, so another client is served at once, and a session past its
// deadline is closed whatever it sends. Needs `npx next build`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";
import { INBOUND_DOMAIN } from "@/tests/support/inbound-mail";
import { SmtpConversation } from "@/tests/support/smtp-conversation";

const OWNER = "liveness-owner@example.com";
/** The liveness bound the acceptance list states for the crash suite. */
const LIVENESS_MS = 2000;
/** The session deadline this app is started with. */
const SESSION_SECONDS = 20;
/** The per-address connection cap (lib/inbound-mail/smtp-listener.ts). */
const PER_ADDRESS = 5;

let app: AppServer;
let dataDir: string;
let smtpPort: number;
let address: string;

beforeAll(async () => {
  assertBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-mail-liveness-"));
  smtpPort = await freePort();
  app = await startApp({
    port: await freePort(),
    env: {
      DATA_DIR: dataDir,
      INBOUND_EMAIL_DOMAIN: INBOUND_DOMAIN,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: "127.0.0.1",
      INBOUND_SMTP_SESSION_SECONDS: String(SESSION_SECONDS),
    },
  });
  const cookie = await signInOverHttp(app.url, OWNER, "203.0.113.80");
  const res = await fetch(`${app.url}/api/user/save-address`, { headers: { cookie } });
  expect(res.status).toBe(200);
  ({ address } = await res.json());
}, 120_000);

afterAll(async () => {
  await app?.stop("SIGKILL");
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

const headers = (subject: string) => [
  `From: Owner <${OWNER}>`,
  `To: ${address}`,
  `Subject: ${subject}`,
  "Date: Fri, 27 Nov 2026 09:00:00 +0000",
  "MIME-Version: 1.0",
];

/** The mails that stalled the server when read on its thread. */
const pathologicalMails = (): Record<string, Buffer> => ({
  "a text part with one URL and an HTML part of '<a ' × 60,000": Buffer.from(
    [
      ...headers("Anchors"),
      'Content-Type: multipart/alternative; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain; charset=utf-8",
      "",
      "https://example.test/anchors",
      "--b",
      "Content-Type: text/html; charset=utf-8",
      "",
      "<a ".repeat(60_000),
      "--b--",
      "",
    ].join("\r\n"),
  ),
  "60 KB of http://example.org/ then dots": Buffer.from(
    [
      ...headers("Dots"),
      "Content-Type: text/plain; charset=utf-8",
      "",
      `http://example.org/${".".repeat(60_000)}`,
      "",
    ].join("\r\n"),
  ),
  "3 MB of inline markup": Buffer.from(
    [
      ...headers("Inline"),
      "Content-Type: text/html; charset=utf-8",
      "",
      `<p><a href="https://example.test/inline">x</a>${"<b><i>x</i></b>".repeat(200_000)}</p>`,
      "",
    ].join("\r\n"),
  ),
});

/** Sends `source` to the owner's save address; the final reply to DATA. */
async function send(source: Buffer): Promise<string> {
  const { conversation, greeting } = await SmtpConversation.open(smtpPort);
  expect(greeting).toMatch(/^220 /);
  await conversation.command("EHLO liveness.example.test");
  expect(await conversation.command(`MAIL FROM:<${OWNER}>`)).toMatch(/^250 /);
  expect(await conversation.command(`RCPT TO:<${address}>`)).toMatch(/^250 /);
  expect(await conversation.command("DATA")).toMatch(/^354 /);
  const answer = await conversation.data(source);
  conversation.close();
  return answer;
}

describe("mail the old rules backtracked over", () => {
  it("is read while the server answers its liveness probe within 2 s, and each mail gets a definite answer", async () => {
    const mails = pathologicalMails();
    // The probe's route is loaded on its first request: that load is not what is measured.
    expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
    const { result, slowest, probes } = await slowestProbeDuring(() =>
      Promise.all(Object.entries(mails).map(async ([name, source]) => [name, await send(source)] as const)),
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
