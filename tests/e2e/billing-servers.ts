import { tmpdir } from "node:os";
import path from "node:path";
import type { PlaywrightTestConfig } from "@playwright/test";
import { fakeClockEnv } from "./fake-clock";

// A third app server with billing on, its STRIPE_API_BASE pointing at the Stripe fake, which runs as
// a process of its own and delivers its signed events to this server's webhook. playwright.config.ts
// adds both to its webServer list; billing.spec.ts runs against billingBaseURL.

type WebServer = Extract<NonNullable<PlaywrightTestConfig["webServer"]>, unknown[]>[number];

const portBase = Number(process.env.E2E_PORT_BASE ?? 3100);
export const billingPort = portBase + 2;
export const stripeFakePort = portBase + 3;
export const billingBaseURL = `http://localhost:${billingPort}`;

const webhookSecret = "whsec_e2e_billing";

// The billing server runs under libfaketime too, so a test can end a trial (careful-user.spec.ts):
// it writes an offset such as "+1296000" into this file and puts back "+0" when it is done. The
// Stripe fake keeps real time, so no test moves this clock while it checks out.
export const billingClockFile = path.join(tmpdir(), `linkstash-e2e-${billingPort}.faketime`);
const dataDir = path.join(tmpdir(), `linkstash-e2e-${billingPort}`);

export const billingWebServers: WebServer[] = [
  {
    command: "npx tsx tests/fakes/stripe-fake-server.ts",
    url: `http://127.0.0.1:${stripeFakePort}/health`,
    timeout: 30_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      STRIPE_FAKE_PORT: String(stripeFakePort),
      STRIPE_FAKE_WEBHOOK_URL: `${billingBaseURL}/api/stripe/webhook`,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
    },
  },
  {
    command: `rm -rf "${dataDir}" && npx next start -p ${billingPort}`,
    url: `${billingBaseURL}/api/auth/check`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      DATA_DIR: dataDir,
      APP_URL: billingBaseURL,
      PORT: String(billingPort),
      MAIL_TRANSPORT: "mailbox",
      DATABASE_URL: "",
      STRIPE_SECRET_KEY: "sk_test_e2e_billing",
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_ID: "price_e2e_pro_yearly",
      STRIPE_API_BASE: `http://127.0.0.1:${stripeFakePort}`,
      TRUSTED_PROXY_HOPS: "1",
      ...fakeClockEnv(billingClockFile),
    },
  },
];
