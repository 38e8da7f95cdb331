// Gives lib/db/client a database connection that counts every SQL statement the app sends and sums
// the time each statement text takes: the client kept on globalThis.linkstashDb is put there before
// the app first asks for it. PostgreSQL when DATABASE_URL is set, else the embedded database in DATA_DIR.
import path from "node:path";

/** Per statement text: how many times it ran and its milliseconds in all, from the call to its answer. */
export type StatementTimes = Record<string, { calls: number; ms: number }>;

export type CountingDb = { statements: () => number; times: () => StatementTimes; close: () => Promise<void> };

const LABEL_CHARS = 90;

/**
 * A statement's text as one label: parameters and lists of them collapsed (a batch of 100 and one
 * of 37 are the same statement), spaces squeezed, cut to LABEL_CHARS.
 */
export function statementLabel(text: string): string {
  return text
    .replace(/\$\d+(::[\w"]+)?/g, "$")
    .replace(/\$(\s*,\s*\$)+/g, "$…")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, LABEL_CHARS);
}

function textOf(args: unknown[]): string {
  const [first] = args;
  if (typeof first === "string") return first;
  if (typeof first === "object" && first !== null && "text" in first && typeof first.text === "string") {
    return first.text;
  }
  return "(other)";
}

export async function installCountingDb(): Promise<CountingDb> {
  let statements = 0;
  const times: StatementTimes = {};
  function record(text: string, started: number): void {
    const entry = (times[statementLabel(text)] ??= { calls: 0, ms: 0 });
    entry.calls += 1;
    entry.ms += performance.now() - started;
  }
  /** One statement, counted, its time added to its text's sum. */
  async function timed<T>(text: string, run: () => Promise<T>): Promise<T> {
    statements += 1;
    const started = performance.now();
    try {
      return await run();
    } finally {
      record(text, started);
    }
  }
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
          const started = performance.now();
          const last = args.at(-1);
          // pg's own pool passes a callback; Prisma's adapter awaits the promise.
          if (typeof last === "function") {
            const done = (...answer: unknown[]) => {
              record(textOf(args), started);
              return Reflect.apply(last, undefined, answer);
            };
            return Reflect.apply(originalQuery, client, [...args.slice(0, -1), done]);
          }
          const answer: unknown = Reflect.apply(originalQuery, client, args);
          if (answer instanceof Promise) return answer.finally(() => record(textOf(args), started));
          record(textOf(args), started);
          return answer;
        },
      });
    });
    store.prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
    return {
      statements: () => statements,
      times: () => times,
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
  pglite.query = (...args: Parameters<typeof originalQuery>) => timed(args[0], () => originalQuery(...args));
  pglite.exec = (...args: Parameters<typeof originalExec>) => timed(args[0], () => originalExec(...args));
  store.pglite = pglite;
  store.prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    statements: () => statements,
    times: () => times,
    async close() {
      const { closeDb } = await import("@/lib/db/client");
      await closeDb();
    },
  };
}
