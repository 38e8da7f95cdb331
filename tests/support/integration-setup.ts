// Gives every integration test file its own fresh database, migrated by the app's own migrator:
// an embedded PGlite in a temporary directory by default, or, when TEST_DATABASE_URL names a
// PostgreSQL server, a database created for this file and dropped afterwards. With
// TEST_POOLER_DATABASE_URL too (a transaction-mode PgBouncer in front of that server), the database
// is still created on the server, and the app, its migrator included, reaches it through the pooler.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { afterAll, inject, vi } from "vitest";

vi.mock("next/server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("next/server")>();
  const { queueAfterTask } = await import("./after-tasks");
  return { ...actual, after: queueAfterTask };
});

const adminUrl = process.env.TEST_DATABASE_URL;
const poolerUrl = process.env.TEST_POOLER_DATABASE_URL;
if (poolerUrl && !adminUrl) {
  throw new Error("TEST_POOLER_DATABASE_URL needs TEST_DATABASE_URL: the server the pooler is in front of");
}
const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-test-"));
process.env.DATA_DIR = dataDir;
process.env.APP_URL = "http://localhost:3000";
process.env.UNFURL_ALLOWED_HOSTS =
  "127.0.0.1:29873,127.0.0.1:29874,127.0.0.1:29875,127.0.0.1:29876,127.0.0.1:29881,127.0.0.1:29882,127.0.0.1:29883,127.0.0.1:29887,127.0.0.1:29888";
delete process.env.STRIPE_SECRET_KEY;
delete process.env.RESEND_API_KEY;
delete process.env.SMTP_URL;
delete process.env.MAIL_TRANSPORT;
// A file may set these (vi.hoisted); a worker runs several files, so each starts from the defaults.
delete process.env.TRUSTED_PROXY_HOPS;
delete process.env.TEST_EMAIL_ENABLED;
delete process.env.DIRECT_DATABASE_URL;
delete process.env.INBOUND_EMAIL_DOMAIN;
delete process.env.INBOUND_SMTP_PORT;
delete process.env.MAILGUN_WEBHOOK_SIGNING_KEY;
delete process.env.DOWNLOAD_STALL_SECONDS;

let databaseName: string | undefined;

async function admin<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

if (adminUrl) {
  databaseName = `linkstash_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await admin((client) => client.query(`CREATE DATABASE "${databaseName}"`));
  const url = new URL(poolerUrl ?? adminUrl);
  url.pathname = `/${databaseName}`;
  process.env.DATABASE_URL = url.toString();
} else {
  delete process.env.DATABASE_URL;
  cpSync(inject("pgliteTemplateDir"), path.join(dataDir, "db"), { recursive: true });
}

const { migrate } = await import("@/lib/db/migrate");
await migrate();
// A test file may change the configuration (vi.hoisted) before its own imports read it afresh;
// the database handle survives on globalThis.
vi.resetModules();

afterAll(async () => {
  // What routes scheduled after their responses (a saved link's page fetch) ends before the
  // database goes: it would fail, and log after the test file's output is closed.
  const { flushAfterTasks } = await import("./after-tasks");
  await flushAfterTasks();
  const { closeDb } = await import("@/lib/db/client");
  await closeDb();
  if (databaseName) await admin((client) => client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
  rmSync(dataDir, { recursive: true, force: true });
});
