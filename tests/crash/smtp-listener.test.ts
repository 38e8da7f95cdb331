// Save by email's SMTP listener on the built app (docs/decisions/0327), spoken to by a real SMTP
// client (nodemailer's SMTP transport) and by a raw one that says what no library would: a link
// mail is saved and listed, a forwarded newsletter is an item of its own; an unknown recipient is refused at RCPT (550); a message over 10 MB
// is refused (552) whether its SIZE says so or only its bytes do; malformed input is answered and
// the listener and the app both keep answering. Needs `npx next build`.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AppServer,
  assertBuilt,
  freePort,
  historyUrls,
  REPO_ROOT,
  signInOverHttp,
  startApp,
} from "@/tests/support/built-app";
import { INBOUND_DOMAIN, plainMail, unknownSaveAddress } from "@/tests/support/inbound-mail";
import { SmtpConversation } from "@/tests/support/smtp-conversation";

const OWNER = "smtp-owner@example.com";
const TEN_MB = 10 * 1024 * 1024;

let app: AppServer;
let dataDir: string;
let smtpPort: number;
let cookie: string;
let address: string;

beforeAll(async () => {
  assertBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-smtp-"));
  smtpPort = await freePort();
  app = await startApp({
    port: await freePort(),
    env: {
      DATA_DIR: dataDir,
      INBOUND_EMAIL_DOMAIN: INBOUND_DOMAIN,
      INBOUND_SMTP_PORT: String(smtpPort),
      INBOUND_SMTP_HOST: "127.0.0.1",
    },
  });
  cookie = await signInOverHttp(app.url, OWNER, "203.0.113.70");
  const res = await fetch(`${app.url}/api/user/save-address`, { headers: { cookie } });
  expect(res.status).toBe(200);
  ({ address } = await res.json());
});

afterAll(async () => {
  await app?.stop("SIGKILL");
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const transport = () =>
  nodemailer.createTransport({
    host: "127.0.0.1",
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
    name: "client.example.test",
  });

/** nodemailer's error for a refused message: the reply's code and the command it answered. */
type SmtpError = { responseCode?: number; command?: string };

async function refusal(send: Promise<unknown>): Promise<SmtpError> {
  try {
    await send;
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    return {
      responseCode: "responseCode" in error && typeof error.responseCode === "number" ? error.responseCode : undefined,
      command: "command" in error && typeof error.command === "string" ? error.command : undefined,
    };
  }
  throw new Error("the message was accepted");
}

async function stillAnswers(): Promise<void> {
  const { conversation, greeting } = await SmtpConversation.open(smtpPort);
  expect(greeting).toMatch(/^220 /);
  expect(await conversation.command("EHLO check.example.test")).toMatch(/^250[ -]/);
  expect(await conversation.command("QUIT")).toMatch(/^221 /);
  conversation.close();
}

describe("the SMTP listener of the built app", () => {
  it("saves a link mailed from the owner's address; it appears in the owner's list", async () => {
    const url = "https://example.test/mailed-over-smtp";
    const info = await transport().sendMail({
      envelope: { from: OWNER, to: address },
      raw: plainMail({ from: `Owner <${OWNER}>`, to: address, subject: "Read later", text: `${url}\nFrom my phone.` }),
    });
    expect(info.accepted).toEqual([address]);
    expect(info.response).toMatch(/^250 .*saved to LinkStash \(link\)/);
    expect(await historyUrls(app.url, cookie)).toContain(url);
  });

  it("saves a forwarded newsletter (a fixture as a mail client wrote it) as an item of its own", async () => {
    // The fixture's From is its reader's own address: that reader's account, with its own save address.
    const readerCookie = await signInOverHttp(app.url, "ada@reader.test", "203.0.113.71");
    const res = await fetch(`${app.url}/api/user/save-address`, { headers: { cookie: readerCookie } });
    const { address: readerAddress }: { address: string } = await res.json();
    const raw = readFileSync(path.join(REPO_ROOT, "tests/fixtures/inbound-mail/gmail-forwarded-newsletter.eml"));
    const info = await transport().sendMail({ envelope: { from: "ada@reader.test", to: readerAddress }, raw });
    expect(info.response).toMatch(/^250 .*saved to LinkStash \(newsletter\)/);
    expect(await historyUrls(app.url, readerCookie)).toEqual(["https://tidetable.example/archive/42"]);
  });

  it("refuses an unknown recipient and another domain at RCPT with 550", async () => {
    for (const recipient of [unknownSaveAddress(), "someone@elsewhere.example"]) {
      const error = await refusal(
        transport().sendMail({
          envelope: { from: OWNER, to: recipient },
          raw: plainMail({ from: OWNER, to: recipient, subject: "Hi", text: "https://example.test/nobody" }),
        }),
      );
      expect(error.responseCode, recipient).toBe(550);
      expect(error.command, recipient).toBe("RCPT TO");
    }
    const { conversation } = await SmtpConversation.open(smtpPort);
    await conversation.command("EHLO raw.example.test");
    expect(await conversation.command(`MAIL FROM:<${OWNER}>`)).toMatch(/^250 /);
    expect(await conversation.command(`RCPT TO:<${unknownSaveAddress()}>`)).toMatch(/^550 .*No such save address/);
    // One save address per message: a second recipient waits for its own transaction.
    expect(await conversation.command(`RCPT TO:<${address}>`)).toMatch(/^250 /);
    expect(await conversation.command(`RCPT TO:<${address.replace("@", "+again@")}>`)).toMatch(/^452 /);
    conversation.close();
  });

  it("refuses a message over 10 MB with 552: announced by SIZE, or only by its bytes", async () => {
    const { conversation } = await SmtpConversation.open(smtpPort);
    const ehlo = await conversation.command("EHLO raw.example.test");
    expect(ehlo).toContain(`SIZE ${TEN_MB}`);
    expect(ehlo).not.toContain("STARTTLS");
    expect(ehlo).not.toContain("AUTH");
    expect(await conversation.command(`MAIL FROM:<${OWNER}> SIZE=${TEN_MB + 1}`)).toMatch(/^552 /);
    // Without SIZE, the stream itself: the whole message is read, then refused.
    expect(await conversation.command(`MAIL FROM:<${OWNER}>`)).toMatch(/^250 /);
    expect(await conversation.command(`RCPT TO:<${address}>`)).toMatch(/^250 /);
    expect(await conversation.command("DATA")).toMatch(/^354 /);
    const head = plainMail({ from: OWNER, to: address, subject: "Huge", text: "https://example.test/huge" });
    const line = `${"x".repeat(998)}\r\n`;
    const body = Buffer.from(head + line.repeat(Math.ceil(TEN_MB / line.length) + 10), "latin1");
    expect(body.length).toBeGreaterThan(TEN_MB);
    expect(await conversation.data(body)).toMatch(/^552 /);
    // The connection goes on.
    expect(await conversation.command("NOOP")).toMatch(/^250 /);
    conversation.close();

    const error = await refusal(
      transport().sendMail({ envelope: { from: OWNER, to: address }, raw: body.toString("latin1") }),
    );
    expect(error.responseCode).toBe(552);
    expect(await historyUrls(app.url, cookie)).not.toContain("https://example.test/huge");
  });

  it("answers malformed input and a mail with nothing to save, and keeps answering", async () => {
    const { conversation } = await SmtpConversation.open(smtpPort);
    expect(await conversation.command("NONSENSE \u0000\u00ff")).toMatch(/^5\d\d /);
    expect(await conversation.command("DATA")).toMatch(/^503 /);
    expect(await conversation.command("EHLO raw.example.test")).toMatch(/^250[ -]/);
    expect(await conversation.command("MAIL FROM:<not an address")).toMatch(/^5\d\d /);
    expect(await conversation.command(`RCPT TO:<${address}>`)).toMatch(/^503 /);
    expect(await conversation.command(`MAIL FROM:<${OWNER}>`)).toMatch(/^250 /);
    expect(await conversation.command(`RCPT TO:<${address}>`)).toMatch(/^250 /);
    expect(await conversation.command("DATA")).toMatch(/^354 /);
    // Not a mail at all: binary bytes, no headers.
    const garbage = Buffer.from(
      Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256).filter((b) => b !== 13 && b !== 10 && b !== 46),
    );
    expect(await conversation.data(garbage)).toMatch(/^55[04] /);
    // A mail from the owner with no link: refused with the reason.
    expect(await conversation.command(`MAIL FROM:<${OWNER}>`)).toMatch(/^250 /);
    expect(await conversation.command(`RCPT TO:<${address}>`)).toMatch(/^250 /);
    expect(await conversation.command("DATA")).toMatch(/^354 /);
    const noLink = Buffer.from(
      plainMail({ from: OWNER, to: address, subject: "Hello", text: "Nothing to save here." }),
    );
    expect(await conversation.data(noLink)).toMatch(/^550 .*no link/i);
    // A stranger's mail, by default refused.
    expect(await conversation.command("MAIL FROM:<news@newsletter.example>")).toMatch(/^250 /);
    expect(await conversation.command(`RCPT TO:<${address}>`)).toMatch(/^250 /);
    expect(await conversation.command("DATA")).toMatch(/^354 /);
    const stranger = Buffer.from(
      plainMail({ from: "news@newsletter.example", to: address, subject: "News", text: "https://example.test/news" }),
    );
    expect(await conversation.data(stranger)).toMatch(/^550 .*only accepts mail from its owner/);
    conversation.close();

    // A client that sends raw bytes and hangs up mid-command.
    const { conversation: rude } = await SmtpConversation.open(smtpPort);
    rude.write(Buffer.from([0, 1, 2, 255, 254, 13, 10, 0x45, 0x48]));
    rude.close();
    await stillAnswers();
  });

  it("defers mail past the rate of its address with 450", async () => {
    const { conversation } = await SmtpConversation.open(smtpPort);
    await conversation.command("EHLO raw.example.test");
    const replies: string[] = [];
    // Earlier tests used some of the 30 per 10 minutes; each RCPT of a transaction counts one.
    for (let i = 0; i < 31; i += 1) {
      await conversation.command(`MAIL FROM:<${OWNER}>`);
      replies.push(await conversation.command(`RCPT TO:<${address}>`));
      await conversation.command("RSET");
    }
    expect(replies.at(-1)).toMatch(/^450 .*Too many messages/);
    expect(replies.filter((reply) => reply.startsWith("250"))).not.toHaveLength(0);
    conversation.close();
  });

  it("leaves the app answering HTTP", async () => {
    await stillAnswers();
    expect((await fetch(`${app.url}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${app.url}/api/user/save-address`, { headers: { cookie } })).status).toBe(200);
    expect(app.log()).not.toMatch(/uncaught|unhandled/i);
  });
});
