// Runs once when the server starts: the database is migrated before the first request, and the
// embedded default starts its in-process jobs. NEXT_RUNTIME is a build-time constant set by Next.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    try {
      const { startServer } = await import("@/lib/server-start");
      await startServer();
    } catch (error) {
      // Next would log this and stay up answering 500 to every request. A bad configuration (it
      // names the variable) or an unreachable database must stop the process, where a supervisor
      // or the operator sees it.
      const { logFailure } = await import("@/lib/log/log");
      logFailure("start-up failed", { error: error instanceof Error ? error.message : String(error) });
      process.exit(1);
    }
  }
}
