import "server-only";
import { pingDatabase, type PingableDatabase } from "@/lib/db/ping";
import packageJson from "@/package.json";
import { HEALTH_OPERATIONS } from "@/lib/health/contract";
import { operationRoute } from "@/lib/http/operation-route";
import { logRequestError } from "@/lib/http/route-errors";

// GET /api/health (public): can the app reach its database, and how much memory does this process
// hold? The app's own database unless another is given (a test's).

/** The process's resident memory and V8 heap, in bytes, for a monitor to graph and alert on. */
type MemoryReport = { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number };

type HealthReport =
  | { status: "ok"; database: "reachable"; version: string; memory: MemoryReport }
  | {
      status: "degraded";
      database: "unreachable";
      version: string;
      memory: MemoryReport;
      code: "unavailable";
      message: string;
    };

function memory(): MemoryReport {
  const { rss, heapUsed, heapTotal } = process.memoryUsage();
  return { rssBytes: rss, heapUsedBytes: heapUsed, heapTotalBytes: heapTotal };
}

export function healthRoute(database?: () => PingableDatabase) {
  return operationRoute(HEALTH_OPERATIONS.ready, async (): Promise<Response> => {
    const { version } = packageJson;
    try {
      await pingDatabase(database?.());
    } catch (error) {
      logRequestError(error);
      // What is wrong, not why: the driver's message can name hosts and users.
      const report: HealthReport = {
        status: "degraded",
        database: "unreachable",
        version,
        memory: memory(),
        code: "unavailable",
        message: "The database is not reachable.",
      };
      return Response.json(report, { status: 503 });
    }
    const report: HealthReport = { status: "ok", database: "reachable", version, memory: memory() };
    return Response.json(report);
  });
}
