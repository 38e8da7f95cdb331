import { createServer, type Socket } from "node:net";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GET as liveness } from "@/app/api/health/live/route";
import { GET as health } from "@/app/api/health/route";
import { getDb } from "@/lib/db/client";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { healthRoute } from "@/lib/health/health-route";
import packageJson from "@/package.json";
import { captureErrorLog, closedPort } from "@/tests/support/error-log";
import { apiRequest } from "@/tests/support/factories";

let log: ReturnType<typeof captureErrorLog>;
beforeEach(() => {
  log = captureErrorLog();
});
afterEach(() => log.restore());

function clientAt(port: number): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg({ connectionString: `postgres://linkstash:secret-password@127.0.0.1:${port}/linkstash` }),
  });
}

// The process's memory in bytes: whole numbers above zero, the heap in use within the heap reserved.
const processMemory = {
  rssBytes: expect.any(Number),
  heapUsedBytes: expect.any(Number),
  heapTotalBytes: expect.any(Number),
};

function expectMemoryFigures(memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number }) {
  for (const [name, value] of Object.entries(memory)) {
    expect(Number.isSafeInteger(value), name).toBe(true);
    expect(value, name).toBeGreaterThan(0);
  }
  expect(memory.heapUsedBytes).toBeLessThanOrEqual(memory.heapTotalBytes);
}

describe("GET /api/health", () => {
  it("answers 200 with the version and the process's memory when the database answers", async () => {
    // The check allows 3 s; a first connection through a pooler on a busy machine can take longer.
    await getDb().$queryRaw`SELECT 1`;
    const res = await health(apiRequest("GET", "/api/health"));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: "ok", database: "reachable", version: packageJson.version, memory: processMemory });
    expectMemoryFigures(body.memory);
    expect(log.lines()).toEqual([]);
  });

  it("answers 503 'degraded' for a database that refuses connections, naming neither host nor credentials", async () => {
    const port = await closedPort();
    const db = clientAt(port);
    try {
      const res = await healthRoute(() => db)(
        apiRequest("GET", "/api/health", { headers: { "x-request-id": "req-refused" } }),
      );
      expect(res.status).toBe(503);
      const text = await res.text();
      const body = JSON.parse(text);
      expect(body).toEqual({
        status: "degraded",
        database: "unreachable",
        version: packageJson.version,
        memory: processMemory,
        code: "unavailable",
        message: "The database is not reachable.",
      });
      // A monitor still sees the memory of a process that has lost its database.
      expectMemoryFigures(body.memory);
      for (const secret of [String(port), "127.0.0.1", "secret-password", "linkstash:"])
        expect(text).not.toContain(secret);
      expect(log.lines()).toEqual([
        expect.objectContaining({ level: "error", requestId: "req-refused", path: "/api/health" }),
      ]);
    } finally {
      await db.$disconnect();
    }
  });

  it("answers 503 within seconds for a database that accepts the connection and never answers", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    const db = clientAt(address.port);
    try {
      const started = Date.now();
      const res = await healthRoute(() => db)(apiRequest("GET", "/api/health"));
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(log.lines()).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await db.$disconnect();
    }
  });
});

describe("GET /api/health/live", () => {
  it("answers 200 {status: ok} and logs nothing", async () => {
    const res = await liveness(apiRequest("GET", "/api/health/live"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
    expect(log.lines()).toEqual([]);
  });
});
