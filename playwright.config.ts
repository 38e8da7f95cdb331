import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { billingWebServers } from "./tests/e2e/billing-servers";
import { fakeClockEnv } from "./tests/e2e/fake-clock";

// Browser tests run Debian's Chromium against the built app (`next start`), started here on its own
// port with a fresh embedded database and the local mailbox, where the tests read magic links.
// E2E_PORT_BASE moves all seven ports (this server, the clock server, the billing server, the Stripe
// fake, the reader's article pages, this server's SMTP listener and another site's images take
// seven consecutive ones), so two checkouts can run their browser tests side by side.
export const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
const port = portBase;
const baseURL = `http://localhost:${port}`;
const dataDir = path.join(tmpdir(), `linkstash-e2e-${port}`);

// A second server runs under libfaketime so a test can move its clock forward (the digest journey
// waits for a scheduled hour without waiting): the test writes an offset such as "+86400" into
// this file (tests/e2e/fake-clock.ts).
export const clockPort = portBase + 1;
// The reader's journeys serve their article pages here (tests/e2e/reader.spec.ts), the one private
// address the app may fetch pages from.
export const articlePagesPort = portBase + 4;
// Save by email's SMTP listener on the app server, which the mail journey sends to.
export const inboundSmtpPort = portBase + 5;
// The HTTPS server of another site's images (tests/e2e/offline-many.spec.ts).
export const imagesPort = portBase + 6;
export const clockFile = path.join(tmpdir(), `linkstash-e2e-${clockPort}.faketime`);
export const clockCronSecret = "e2e-cron-secret";
const clockDataDir = path.join(tmpdir(), `linkstash-e2e-${clockPort}`);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: [
    {
      command: `rm -rf "${dataDir}" && npx next start -p ${port}`,
      url: `${baseURL}/api/auth/check`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      // The tests stand in for the one proxy in front (TRUSTED_PROXY_HOPS=1): each test user signs in
      // from an X-Forwarded-For address of its own (tests/e2e/support.ts).
      env: {
        DATA_DIR: dataDir,
        APP_URL: baseURL,
        PORT: String(port),
        MAIL_TRANSPORT: "mailbox",
        DATABASE_URL: "",
        TRUSTED_PROXY_HOPS: "1",
        UNFURL_ALLOWED_HOSTS: `127.0.0.1:${articlePagesPort}`,
        // Each test user fetches all its article pages at once: the offline journey reads 200 (no
        // journey waits on the budget of 60 a server has by default).
        PAGE_FETCH_BUDGET_PER_10_MINUTES: "1000",
        // Save by email: the address in Settings, and the listener a journey mails a newsletter to.
        INBOUND_EMAIL_DOMAIN: "save.linkstash.test",
        INBOUND_SMTP_PORT: String(inboundSmtpPort),
        INBOUND_SMTP_HOST: "127.0.0.1",
      },
    },
    {
      command: `rm -rf "${clockDataDir}" && npx next start -p ${clockPort}`,
      url: `http://localhost:${clockPort}/api/auth/check`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        DATA_DIR: clockDataDir,
        APP_URL: `http://localhost:${clockPort}`,
        PORT: String(clockPort),
        MAIL_TRANSPORT: "mailbox",
        DATABASE_URL: "",
        CRON_SECRET: clockCronSecret,
        DIGEST_SCHEDULER: "external",
        TRUSTED_PROXY_HOPS: "1",
        ...fakeClockEnv(clockFile),
      },
    },
    ...billingWebServers,
  ],
});
