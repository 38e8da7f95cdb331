import "server-only";
import { startPageWork } from "@/lib/articles/service";
import { serveBackups } from "@/lib/backup/server";
import { closeDb } from "@/lib/db/client";
import { secureDataDir } from "@/lib/db/private-files";
import { startDigestScheduler } from "@/lib/digests/in-process-cron";
import { startFeedScheduler } from "@/lib/subscriptions/feed-scheduler";
import { env } from "@/lib/env";
import { logFailure, logInfo } from "@/lib/log/log";
import { migrate } from "@/lib/db/migrate";
import { captureSocketAddresses } from "@/lib/http/socket-address";
import { startSmtpListener } from "@/lib/inbound-mail/smtp-listener";

const SIGNALS = ["SIGINT", "SIGTERM"] as const;
// A close that hangs must not keep a stopping server alive until the supervisor's SIGKILL.
const SHUTDOWN_TIMEOUT_MS = 10_000;

let started = false;

export async function startServer(): Promise<void> {
  if (started) return;
  started = true;
  // First, so that as few requests as possible arrive without their socket's address.
  captureSocketAddresses();
  if (!env.databaseUrl) {
    // What PGlite (and the backup snapshots) create from now on is the server's user's alone,
    // whatever umask the service was started with (decision 0358).
    process.umask(0o077);
  }
  // Before the database opens: fix what a copy, an older version or an operator left readable.
  secureDataDir(env.dataDir);
  const applied = await migrate();
  if (applied.length) logInfo("migrations applied", { applied });
  const stopDigests = env.digestScheduler === "internal" ? startDigestScheduler() : async () => {};
  // Subscribed feeds are read on the same schedule as the digests (decision 0416).
  const stopFeeds = env.digestScheduler === "internal" ? startFeedScheduler() : async () => {};
  // Owed page fetches, this process's share (decision 0301); what a stop interrupts is taken again.
  const stopPageWork = await startPageWork();
  // Save by email's own MX listener, when INBOUND_SMTP_PORT is set (decision 0327).
  const stopSmtp = await startSmtpListener();
  const stopBackground = async () => {
    await Promise.all([stopDigests(), stopFeeds(), stopPageWork(), stopSmtp()]);
  };
  if (env.databaseUrl) {
    // PostgreSQL needs no goodbye: Next's own handler drains the open requests and exits.
    for (const signal of SIGNALS) process.once(signal, () => void stopBackground());
  } else {
    closeEmbeddedDatabaseOnSignals(stopBackground);
    // Without it the server still serves; only `npm run backup` would say it cannot reach it.
    await serveBackups().catch((error: unknown) => {
      logFailure("backup socket not started", { error: error instanceof Error ? error.message : String(error) });
    });
  }
}

/**
 * Next's handler (registered before instrumentation runs) exits as soon as its HTTP server has
 * closed, without waiting for other listeners: measured, the process was gone before PGlite had
 * closed (its control file still said "in production", so the next start ran crash recovery). So
 * for the embedded database this handler replaces Next's: it closes PGlite, which first lets the
 * statement or transaction in progress finish, then exits 0. Requests still open then fail; none
 * of them had been answered, so nothing acknowledged is lost.
 */
function closeEmbeddedDatabaseOnSignals(stopBackground: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    // A second Ctrl+C (the shell signals the whole process group) must not start a second close.
    if (stopping) return;
    stopping = true;
    // The runs in progress are not awaited: closing the database lets its statement finish first.
    void stopBackground();
    setTimeout(() => {
      logFailure("database close timed out", { signal });
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    closeDb().then(
      () => process.exit(0),
      (error: unknown) => {
        logFailure("database close failed", { signal, error: String(error) });
        process.exit(1);
      },
    );
  };
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) process.removeListener(signal, listener);
    process.on(signal, stop);
  }
}
