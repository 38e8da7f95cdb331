import "server-only";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { env } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";

// One Prisma client per process. Next may load this module in several bundles (instrumentation and
// routes), and a PGlite directory must be opened by one instance only, so both live on globalThis.
declare global {
  var linkstashDb: { prisma?: PrismaClient; pglite?: PGlite } | undefined;
}
const store = (globalThis.linkstashDb ??= {});

export function pgliteDataPath(): string {
  return path.join(env.dataDir, "db");
}

export function embeddedDatabase(): PGlite {
  store.pglite ??= new PGlite(pgliteDataPath());
  return store.pglite;
}

function createClient(): PrismaClient {
  if (env.databaseUrl) {
    return new PrismaClient({ adapter: new PrismaPg({ connectionString: env.databaseUrl, max: 10 }) });
  }
  return new PrismaClient({ adapter: new PrismaPGlite(embeddedDatabase()) });
}

export function getDb(): PrismaClient {
  store.prisma ??= createClient();
  return store.prisma;
}

/** Closes the database cleanly (PGlite flushes its files); used on SIGINT/SIGTERM. */
export async function closeDb(): Promise<void> {
  await store.prisma?.$disconnect();
  store.prisma = undefined;
  if (store.pglite && !store.pglite.closed) await store.pglite.close();
  store.pglite = undefined;
}
