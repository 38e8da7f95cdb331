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

  it("paces mail at Resend's documented default and reads a configured rate and worker cap", () => {
    const defaults = loadEnv({ DATA_DIR: dataDir() });
    expect(defaults.mailRatePerSecond).toBe(2);
    expect(defaults.digestMaxWorkers).toBe(4);
    const configured = loadEnv({ MAIL_RATE_PER_SECOND: "12.5", DIGEST_MAX_WORKERS: "8", DATA_DIR: dataDir() });
    expect(configured.mailRatePerSecond).toBe(12.5);
    expect(configured.digestMaxWorkers).toBe(8);
  });

  it("leaves the memory limit to the machine and allows 60 page fetches per user unless configured", () => {
    const defaults = loadEnv({ DATA_DIR: dataDir() });
    expect(defaults.memoryLimitMb).toBeUndefined();
    expect(defaults.pageFetchBudgetPer10Minutes).toBe(60);
    const configured = loadEnv({
      MEMORY_LIMIT_MB: "512",
      PAGE_FETCH_BUDGET_PER_10_MINUTES: "500",
      DATA_DIR: dataDir(),
    });
    expect(configured.memoryLimitMb).toBe(512);
    expect(configured.pageFetchBudgetPer10Minutes).toBe(500);
  });

  it("derives the PostgreSQL defaults", () => {
    const env = loadEnv({ DATABASE_URL: "postgres://u@db/app", DATA_DIR: dataDir() });
    expect(env.digestScheduler).toBe("external");
    expect(env.directDatabaseUrl).toBe("postgres://u@db/app");
  });

  it("migrates through DIRECT_DATABASE_URL when a pooler serves DATABASE_URL", () => {
    const env = loadEnv({
      DATABASE_URL: "postgres://u@pooler:6432/app",
      DIRECT_DATABASE_URL: "postgres://u@db:5432/app",
      DATA_DIR: dataDir(),
    });
    expect(env.databaseUrl).toBe("postgres://u@pooler:6432/app");
    expect(env.directDatabaseUrl).toBe("postgres://u@db:5432/app");
  });

  it("picks the mail transport from the keys present", () => {
    expect(loadEnv({ RESEND_API_KEY: "re_x", SMTP_URL: "smtp://h:25", DATA_DIR: dataDir() }).mailTransport).toBe(
      "resend",
    );
    expect(loadEnv({ SMTP_URL: "smtp://h:25", DATA_DIR: dataDir() }).mailTransport).toBe("smtp");
    expect(loadEnv({ SMTP_URL: "smtp://h:25", MAIL_TRANSPORT: "mailbox", DATA_DIR: dataDir() }).mailTransport).toBe(
      "mailbox",
    );
  });

  it("turns the mailbox off for a public origin unless enabled", () => {
    const base = {
      NODE_ENV: "production",
      APP_URL: "https://stash.example",
      AUTH_SECRET: "a-long-enough-secret",
      DATA_DIR: dataDir(),
    };
    expect(loadEnv(base).mailboxEnabled).toBe(false);
    expect(loadEnv(base).secureCookies).toBe(true);
    expect(loadEnv({ ...base, MAILBOX_ENABLED: "true" }).mailboxEnabled).toBe(true);
  });

  it("turns the public email test off for a public origin unless enabled", () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).testEmailEnabled).toBe(true);
    expect(loadEnv({ APP_URL: "http://127.0.0.1:4000", DATA_DIR: dataDir() }).testEmailEnabled).toBe(true);
    const base = { APP_URL: "https://stash.example", DATA_DIR: dataDir() };
    expect(loadEnv(base).testEmailEnabled).toBe(false);
    expect(loadEnv({ ...base, TEST_EMAIL_ENABLED: "true" }).testEmailEnabled).toBe(true);
    expect(loadEnv({ DATA_DIR: dataDir(), TEST_EMAIL_ENABLED: "off" }).testEmailEnabled).toBe(false);
  });

  it("trusts no proxy unless told how many there are", () => {
    expect(loadEnv({ DATA_DIR: dataDir() }).trustedProxyHops).toBe(0);
    expect(loadEnv({ DATA_DIR: dataDir(), TRUSTED_PROXY_HOPS: "1" }).trustedProxyHops).toBe(1);
    expect(loadEnv({ DATA_DIR: dataDir(), TRUSTED_PROXY_HOPS: " 2 " }).trustedProxyHops).toBe(2);
  });

  it("requires AUTH_SECRET in production on a public origin, and says how to set it", () => {
    const source = { NODE_ENV: "production", APP_URL: "https://stash.example", DATA_DIR: dataDir() };
    expect(() => loadEnv(source)).toThrow(/AUTH_SECRET: required when APP_URL is a public origin/);
    expect(loadEnv({ ...source, AUTH_SECRET: "a-long-enough-secret" }).authSecret).toBe("a-long-enough-secret");
  });

  it("leaves save by email off unless a domain is set, and reads its listener and webhook settings", () => {
    const off = loadEnv({ DATA_DIR: dataDir() });
    expect(off.inboundEmailDomain).toBeUndefined();
    expect(off.inboundSmtp).toBeUndefined();
    expect(off.mailgunSigningKey).toBeUndefined();
    const on = loadEnv({
      DATA_DIR: dataDir(),
      INBOUND_EMAIL_DOMAIN: "Save.Example.com",
      INBOUND_SMTP_PORT: "2525",
      MAILGUN_WEBHOOK_SIGNING_KEY: "key-123",
    });
    expect(on.inboundEmailDomain).toBe("save.example.com");
    expect(on.inboundSmtp).toEqual({ port: 2525, host: "0.0.0.0", sessionSeconds: 600 });
    expect(on.mailgunSigningKey).toBe("key-123");
    const local = loadEnv({
      DATA_DIR: dataDir(),
      INBOUND_EMAIL_DOMAIN: "save.example.com",
      INBOUND_SMTP_PORT: "2525",
      INBOUND_SMTP_HOST: "127.0.0.1",
      INBOUND_SMTP_SESSION_SECONDS: "120",
    });
    expect(local.inboundSmtp).toEqual({ port: 2525, host: "127.0.0.1", sessionSeconds: 120 });
  });

  it.each([
    [{ TRUSTED_PROXY_HOPS: "-1" }, "TRUSTED_PROXY_HOPS"],
    [{ INBOUND_SMTP_SESSION_SECONDS: "ten minutes" }, "INBOUND_SMTP_SESSION_SECONDS"],
    [{ INBOUND_SMTP_SESSION_SECONDS: "0" }, "INBOUND_SMTP_SESSION_SECONDS"],
    [{ TRUSTED_PROXY_HOPS: "one" }, "TRUSTED_PROXY_HOPS"],
    [{ TRUSTED_PROXY_HOPS: "11" }, "TRUSTED_PROXY_HOPS"],
    [{ TEST_EMAIL_ENABLED: "sometimes" }, "TEST_EMAIL_ENABLED"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ DATABASE_URL: "postgres://u@db/app", DIRECT_DATABASE_URL: "mysql://x" }, "DIRECT_DATABASE_URL"],
    [{ DIRECT_DATABASE_URL: "postgres://u@db/app" }, "DIRECT_DATABASE_URL"],
    [{ APP_URL: "not a url" }, "APP_URL"],
    [{ MAIL_TRANSPORT: "pigeon" }, "MAIL_TRANSPORT"],
    [{ MAIL_TRANSPORT: "resend" }, "RESEND_API_KEY"],
    [{ MAIL_TRANSPORT: "smtp" }, "SMTP_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ PORT: "eighty" }, "PORT"],
    [{ DIGEST_SCHEDULER: "sometimes" }, "DIGEST_SCHEDULER"],
    [{ MAIL_RATE_PER_SECOND: "0" }, "MAIL_RATE_PER_SECOND"],
    [{ MAIL_RATE_PER_SECOND: "fast" }, "MAIL_RATE_PER_SECOND"],
    [{ DIGEST_MAX_WORKERS: "0" }, "DIGEST_MAX_WORKERS"],
    [{ DIGEST_MAX_WORKERS: "2.5" }, "DIGEST_MAX_WORKERS"],
    [{ MAILBOX_ENABLED: "maybe" }, "MAILBOX_ENABLED"],
    [{ MEMORY_LIMIT_MB: "512M" }, "MEMORY_LIMIT_MB"],
    [{ MEMORY_LIMIT_MB: "128" }, "MEMORY_LIMIT_MB"],
    [{ PAGE_FETCH_BUDGET_PER_10_MINUTES: "0" }, "PAGE_FETCH_BUDGET_PER_10_MINUTES"],
    [{ PAGE_FETCH_BUDGET_PER_10_MINUTES: "lots" }, "PAGE_FETCH_BUDGET_PER_10_MINUTES"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ NODE_ENV: "production", APP_URL: "https://stash.example" }, "AUTH_SECRET"],
    [{ INBOUND_EMAIL_DOMAIN: "https://save.example.com" }, "INBOUND_EMAIL_DOMAIN"],
    [{ INBOUND_EMAIL_DOMAIN: "me@save.example.com" }, "INBOUND_EMAIL_DOMAIN"],
    [{ INBOUND_EMAIL_DOMAIN: "save.example.com:25" }, "INBOUND_EMAIL_DOMAIN"],
    [{ INBOUND_EMAIL_DOMAIN: "localhost" }, "INBOUND_EMAIL_DOMAIN"],
    [{ INBOUND_EMAIL_DOMAIN: "save.example.com", INBOUND_SMTP_PORT: "smtp" }, "INBOUND_SMTP_PORT"],
    [{ INBOUND_EMAIL_DOMAIN: "save.example.com", INBOUND_SMTP_PORT: "70000" }, "INBOUND_SMTP_PORT"],
    [{ INBOUND_SMTP_PORT: "2525" }, "INBOUND_SMTP_PORT: set INBOUND_EMAIL_DOMAIN too"],
    [{ MAILGUN_WEBHOOK_SIGNING_KEY: "key" }, "MAILGUN_WEBHOOK_SIGNING_KEY: set INBOUND_EMAIL_DOMAIN too"],
  ])("fails naming the variable for %o", (source, variable) => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), ...source })).toThrow(variable);
  });
});
