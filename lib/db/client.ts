import "server-only";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { setImmediate as nextTurnOfTheEventLoop } from "node:timers/promises";
import { type ExecProtocolOptions, PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { Pool, type QueryResultRow, types } from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/lib/env";
import { Prisma, PrismaClient } from "@/lib/generated/prisma/client";

// One Prisma client per process. Next may load this module in several bundles (instrumentation and
// routes), and a PGlite directory must be opened by one instance only, so both live on globalThis.
declare global {
  var linkstashDb: { prisma?: PrismaClient; pglite?: PGlite; pool?: Pool } | undefined;
}
const store = (globalThis.linkstashDb ??= {});

export function pgliteDataPath(): string {
  return path.join(env.dataDir, "db");
}

// PostgreSQL's memory settings inside PGlite, for a small machine. Its defaults (shared_buffers
// 128 MB) are sized for a dedicated server: every page the buffer pool touches grows the
// WebAssembly memory, which is never given back. Measured in decision 0316.
export const EMBEDDED_SETTINGS = [
  "shared_buffers = 16MB",
  "work_mem = 2MB",
  "maintenance_work_mem = 16MB",
  "wal_buffers = 1MB",
];

/**
 * PGlite whose every protocol message waits for the next turn of the event loop first. The embedded
 * database runs on the server's own thread, and its calls resolve as promise callbacks: without the
 * wait, a handler's statements, and the next handler's after it, run as one chain of callbacks, and
 * a request that arrives meanwhile (another user's, the liveness probe) is not even read until the
 * chain ends. With it, requests interleave statement by statement.
 */
class InterleavedPGlite extends PGlite {
  override async execProtocolStream(message: Uint8Array, options?: ExecProtocolOptions) {
    await nextTurnOfTheEventLoop();
    return super.execProtocolStream(message, options);
  }
}

/** The embedded database; its directory was given its database first (prepareEmbeddedDataDir). */
export function embeddedDatabase(): PGlite {
  if (!store.pglite) {
    // PGlite creates its own directory but not the ones above it: a fresh DATA_DIR may not exist yet.
    mkdirSync(env.dataDir, { recursive: true, mode: 0o700 });
    store.pglite = new InterleavedPGlite(pgliteDataPath(), { postgresqlconf: EMBEDDED_SETTINGS });
  }
  return store.pglite;
}

/** PostgreSQL's connection pool, shared by Prisma and queryRows. */
function pool(databaseUrl: string): Pool {
  if (!store.pool) {
    store.pool = new Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection the server closed (a restart, a terminated backend): the pool drops it and
    // opens another when needed. Without a listener the error would end the process.
    store.pool.on("error", () => undefined);
  }
  return store.pool;
}

// Prisma's default waits 2 s for a pooled connection before failing a transaction (a 503). Requests
// serialised on one user's row each hold a connection while they wait, so a burst from one user
// can keep the pool busy longer than that: they wait their turn instead.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

function createClient(): PrismaClient {
  if (env.databaseUrl) {
    return new PrismaClient({
      adapter: new PrismaPg(pool(env.databaseUrl)),
      transactionOptions: TRANSACTION_OPTIONS,
    });
  }
  return new PrismaClient({ adapter: new PrismaPGlite(embeddedDatabase()), transactionOptions: TRANSACTION_OPTIONS });
}

/**
 * What a queries function runs on: the client, or the transaction a service opened (inTransaction),
 * so one service can compose several queries in one transaction.
 */
export type Db = PrismaClient | Prisma.TransactionClient;

export function getDb(): PrismaClient {
  store.prisma ??= createClient();
  return store.prisma;
}

// Prisma keeps DateTime in `timestamp(3)` columns holding UTC; read and written the same way here,
// whatever the server's time zone.
const TIMESTAMP_OID = 1114;
const parseUtcTimestamp = (value: string): Date => new Date(`${value.replace(" ", "T")}Z`);
// A `date` column is a calendar day: read as its UTC midnight, as Prisma and PGlite read it (the
// driver's own parser would take midnight in the process's zone).
const DATE_OID = 1082;
const parseUtcDate = (value: string): Date => new Date(`${value}T00:00:00Z`);
const driverValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

const getTypeParser: typeof types.getTypeParser = (oid: number, format?: "text" | "binary") =>
  oid === TIMESTAMP_OID ? parseUtcTimestamp : oid === DATE_OID ? parseUtcDate : types.getTypeParser(oid, format);
const driverTypes = { getTypeParser };

/**
 * The rows of one SQL statement (written with Prisma.sql), read through the driver itself. For the
 * per-request hot paths (the session lookup, the link lists, the rate limits, the save): Prisma's
 * query layer costs 1.6 to 5 times the driver's CPU per statement (bench/api). Columns come back as
 * the driver parses them, which for the app's types (text, integers, booleans, arrays, JSON,
 * timestamps, dates) is what Prisma returns.
 *
 * The statement is sent unnamed (parsed, bound and run in one round trip) and leaves nothing behind
 * on the connection: DATABASE_URL may be a transaction-mode pooler, which hands each transaction
 * whichever server connection is free, so a statement prepared by name on one would be missing, or
 * already there, on the next (decision 0180).
 */
export async function queryRows<T extends QueryResultRow>(query: Prisma.Sql): Promise<T[]> {
  const values = query.values.map(driverValue);
  if (env.databaseUrl) {
    const result = await pool(env.databaseUrl).query<T>({ text: query.text, values, types: driverTypes });
    return result.rows;
  }
  const result = await embeddedDatabase().query<T>(query.text, values, {
    parsers: { [TIMESTAMP_OID]: parseUtcTimestamp, [DATE_OID]: parseUtcDate },
  });
  return result.rows;
}

/**
 * A model's columns, quoted (`table` qualifies them): a row read with them holds exactly the fields
 * of the model's type, even while a newer instance's migration has added a column.
 */
export function columnList(fields: Record<string, string>, table?: string): Prisma.Sql {
  const prefix = table ? `${table}.` : "";
  return Prisma.raw(
    Object.values(fields)
      .map((field) => `${prefix}"${field}"`)
      .join(", "),
  );
}

/** Closes the database cleanly (PGlite flushes its files); used on SIGINT/SIGTERM. */
export async function closeDb(): Promise<void> {
  await store.prisma?.$disconnect();
  store.prisma = undefined;
  await store.pool?.end();
  store.pool = undefined;
  if (store.pglite && !store.pglite.closed) await store.pglite.close();
  store.pglite = undefined;
}
