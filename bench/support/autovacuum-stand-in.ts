import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "pg";

// Every managed PostgreSQL runs autovacuum; a test server may not (`autovacuum = off`). Without it a
// long benchmark measures dead row versions piling up in indexes, which no deployment sees. When the
// server has it off, this stands in for it on one database: every autovacuum_naptime it vacuums and
// analyzes the tables past the server's own autovacuum thresholds, as the launcher would. Unlike the
// real one it is not cost-throttled (a manual VACUUM is not), so it is a little kinder to the run.

type Thresholds = {
  naptimeSeconds: number;
  vacuumBase: number;
  vacuumScale: number;
  insertBase: number;
  insertScale: number;
  analyzeBase: number;
  analyzeScale: number;
};

type TableStats = {
  name: string;
  tuples: number;
  dead: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
};

export type AutovacuumStandIn = {
  /** Whether the server had autovacuum off, so this ran in its place. */
  active: boolean;
  /** Stops the loop (waiting for a VACUUM under way); how many VACUUMs and ANALYZEs it ran. Idempotent. */
  stop: () => Promise<{ vacuums: number; analyzes: number }>;
};

async function setting(client: Client, name: string): Promise<number> {
  const { rows } = await client.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = $1", [name]);
  const value = Number(rows[0]?.setting);
  if (!Number.isFinite(value)) throw new Error(`autovacuum stand-in: no numeric setting ${name}`);
  return value;
}

async function thresholds(client: Client): Promise<Thresholds> {
  return {
    naptimeSeconds: await setting(client, "autovacuum_naptime"),
    vacuumBase: await setting(client, "autovacuum_vacuum_threshold"),
    vacuumScale: await setting(client, "autovacuum_vacuum_scale_factor"),
    insertBase: await setting(client, "autovacuum_vacuum_insert_threshold"),
    insertScale: await setting(client, "autovacuum_vacuum_insert_scale_factor"),
    analyzeBase: await setting(client, "autovacuum_analyze_threshold"),
    analyzeScale: await setting(client, "autovacuum_analyze_scale_factor"),
  };
}

/** What autovacuum would do to a table now (PostgreSQL's relation_needs_vacanalyze, without wraparound). */
export function autovacuumWork(table: TableStats, limits: Thresholds): { vacuum: boolean; analyze: boolean } {
  const tuples = Math.max(table.tuples, 0);
  const vacuum =
    table.dead > limits.vacuumBase + limits.vacuumScale * tuples ||
    (limits.insertBase >= 0 && table.insertedSinceVacuum > limits.insertBase + limits.insertScale * tuples);
  const analyze = table.modifiedSinceAnalyze > limits.analyzeBase + limits.analyzeScale * tuples;
  return { vacuum, analyze };
}

async function tableStats(client: Client): Promise<TableStats[]> {
  const { rows } = await client.query<TableStats>(`
    SELECT format('%I.%I', s.schemaname, s.relname) AS name, c.reltuples::float8 AS tuples,
      s.n_dead_tup::float8 AS dead, s.n_ins_since_vacuum::float8 AS "insertedSinceVacuum",
      s.n_mod_since_analyze::float8 AS "modifiedSinceAnalyze"
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid`);
  return rows;
}

export async function startAutovacuumStandIn(databaseUrl: string): Promise<AutovacuumStandIn> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>("SHOW autovacuum");
  if (rows[0]?.autovacuum === "on") {
    await client.end();
    return { active: false, stop: async () => ({ vacuums: 0, analyzes: 0 }) };
  }
  const limits = await thresholds(client);
  const done = { vacuums: 0, analyzes: 0 };
  const nap = new AbortController();
  const loop = (async () => {
    while (!nap.signal.aborted) {
      await sleep(limits.naptimeSeconds * 1000, undefined, { signal: nap.signal }).catch(() => undefined);
      if (nap.signal.aborted) break;
      for (const table of await tableStats(client)) {
        const work = autovacuumWork(table, limits);
        if (work.vacuum) {
          await client.query(`VACUUM ${work.analyze ? "(ANALYZE) " : ""}${table.name}`);
          done.vacuums += 1;
        } else if (work.analyze) {
          await client.query(`ANALYZE ${table.name}`);
        }
        if (work.analyze) done.analyzes += 1;
      }
    }
  })();
  let stopping: Promise<{ vacuums: number; analyzes: number }> | undefined;
  return {
    active: true,
    // Once, however often it is called: wakes the loop from its nap, or lets the statement under way finish.
    stop: () =>
      (stopping ??= (async () => {
        nap.abort();
        await loop;
        await client.end();
        return done;
      })()),
  };
}
