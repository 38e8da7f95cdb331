import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// Browser tests run Debian's Chromium against the built app (`next start`), started here on its own
// port with a fresh embedded database and the local mailbox, where the tests read magic links.
const port = 3100;
const baseURL = `http://localhost:${port}`;
const dataDir = path.join(tmpdir(), `linkstash-e2e-${port}`);

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
  webServer: {
    command: `rm -rf "${dataDir}" && npx next start -p ${port}`,
    url: `${baseURL}/api/auth/check`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { DATA_DIR: dataDir, APP_URL: baseURL, PORT: String(port), MAIL_TRANSPORT: "mailbox", DATABASE_URL: "" },
  },
});
