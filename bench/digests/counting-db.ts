// Gives lib/db/client a database connection that counts every SQL statement the app sends: the
// client kept on globalThis.linkstashDb is put there before the app first asks for it. PostgreSQL
// when DATABASE_URL is set, else the embedded database in DATA_DIR.
import path from "node:path";

export type CountingDb = { statements: () => number; close: () => Promise<void> };

export async function installCountingDb(): Promise<CountingDb> {
  let statements = 0;
  const store: NonNullable<typeof globalThis.linkstashDb> = (globalThis.linkstashDb ??= {});
  const { PrismaClient } = await import("@/lib/generated/prisma/client");
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const pg = await import("pg");
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    pool.on("connect", (client) => {
      const originalQuery = client.query.bind(client);
      Object.assign(client, {
        query: (...args: unknown[]) => {
          statements += 1;
          return Reflect.apply(originalQuery, client, args);
        },
      });
    });
    store.prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return {
      statements: () => statements,
      async close() {
        await store.prisma?.$disconnect();
        store.prisma = undefined;
        await pool.end();
      },
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { PrismaPGlite } = await import("pglite-prisma-adapter");
  const pglite = new PGlite(path.join(process.env.DATA_DIR ?? ".data", "db"));
  const originalQuery = pglite.query.bind(pglite);
  const originalExec = pglite.exec.bind(pglite);
  pglite.query = (...args: Parameters<typeof originalQuery>) => {
    statements += 1;
    return originalQuery(...args);
  };
  pglite.exec = (...args: Parameters<typeof originalExec>) => {
    statements += 1;
    return originalExec(...args);
  };
  store.pglite = pglite;
  store.prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    statements: () => statements,
    async close() {
      const { closeDb } = await import("@/lib/db/client");
      await closeDb();
    },
  };
}
