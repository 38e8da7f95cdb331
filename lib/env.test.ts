import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "linkstash-env-"));

describe("loadEnv", () => {
  it("runs with the embedded defaults and nothing set", () => {
    const dir = dataDir();
    const env = loadEnv({ NODE_ENV: "production", DATA_DIR: dir });
    expect(env.appUrl).toBe("http://localhost:3000");
    expect(env.databaseUrl).toBeUndefined();
    expect(env.mailTransport).toBe("mailbox");
    expect(env.mailboxEnabled).toBe(true);
    expect(env.digestScheduler).toBe("internal");
    expect(env.billingEnabled).toBe(false);
    expect(env.emailFrom).toBe("LinkStash <digest@localhost>");
    // The generated secret is kept, so sessions survive a restart.
    expect(readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(env.authSecret);
    expect(loadEnv({ NODE_ENV: "production", DATA_DIR: dir }).authSecret).toBe(env.authSecret);
  });

  it("derives the PostgreSQL defaults", () => {
    const env = loadEnv({ DATABASE_URL: "postgres://u@db/app", DATA_DIR: dataDir() });
    expect(env.digestScheduler).toBe("external");
  });

  it("picks the mail transport from the keys present", () => {
    expect(loadEnv({ RESEND_API_KEY: "re_x", SMTP_URL: "smtp://h:25", DATA_DIR: dataDir() }).mailTransport).toBe("resend");
    expect(loadEnv({ SMTP_URL: "smtp://h:25", DATA_DIR: dataDir() }).mailTransport).toBe("smtp");
    expect(loadEnv({ SMTP_URL: "smtp://h:25", MAIL_TRANSPORT: "mailbox", DATA_DIR: dataDir() }).mailTransport).toBe("mailbox");
  });

  it("turns the mailbox off for a public origin unless enabled", () => {
    const base = { NODE_ENV: "production", APP_URL: "https://stash.example", AUTH_SECRET: "a-long-enough-secret", DATA_DIR: dataDir() };
    expect(loadEnv(base).mailboxEnabled).toBe(false);
    expect(loadEnv(base).secureCookies).toBe(true);
    expect(loadEnv({ ...base, MAILBOX_ENABLED: "true" }).mailboxEnabled).toBe(true);
  });

  it.each([
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ MAIL_TRANSPORT: "pigeon" }, "MAIL_TRANSPORT"],
    [{ MAIL_TRANSPORT: "resend" }, "RESEND_API_KEY"],
    [{ MAIL_TRANSPORT: "smtp" }, "SMTP_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ PORT: "eighty" }, "PORT"],
    [{ DIGEST_SCHEDULER: "sometimes" }, "DIGEST_SCHEDULER"],
    [{ MAILBOX_ENABLED: "maybe" }, "MAILBOX_ENABLED"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ NODE_ENV: "production", APP_URL: "https://stash.example" }, "AUTH_SECRET"],
  ])("fails naming the variable for %o", (source, variable) => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...source })).toThrow(variable);
  });
});
