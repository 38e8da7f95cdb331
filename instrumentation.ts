// Runs once when the server starts: the database is migrated before the first request, and the
// embedded default starts its in-process jobs. NEXT_RUNTIME is a build-time constant set by Next.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("@/lib/server-start");
    await startServer();
  }
}
