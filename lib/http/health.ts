import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import packageJson from "@/package.json";
import { logRequestError, withRouteErrors } from "@/lib/http/route-errors";

// GET /api/health (public): can the app reach its database, and how much memory does this process
// hold? Built around whichever database it is given; app/api/health/route.ts gives it the app's own.

type Database = Pick<PrismaClient, "$queryRaw">;

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

/** A database that neither answers nor fails (a dropped connection) must not hang the check. */
const TIMEOUT_MS = 3000;

async function ping(db: Database): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
  });
  try {
    await Promise.race([db.$queryRaw`SELECT 1`, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoute(database: () => Database) {
  return withRouteErrors(async (): Promise<Response> => {
    const { version } = packageJson;
    try {
      await ping(database());
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
