import "server-only";
import { closeDb } from "@/lib/db";
import { startDigestScheduler } from "@/lib/digests/scheduler";
import { env } from "@/lib/env";
import { migrate } from "@/lib/migrate";

let started = false;

export async function startServer(): Promise<void> {
  if (started) return;
  started = true;
  const applied = await migrate();
  if (applied.length) console.log(JSON.stringify({ level: "info", message: "migrations applied", applied }));
  const stopScheduler = env.digestScheduler === "internal" ? startDigestScheduler() : () => {};
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      stopScheduler();
      // Close the embedded database cleanly before the process goes.
      void closeDb().finally(() => process.exit(0));
    });
  }
}
