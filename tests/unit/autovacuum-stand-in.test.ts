import { describe, expect, it } from "vitest";
import { autovacuumWork } from "@/bench/support/autovacuum-stand-in";

// PostgreSQL's defaults: vacuum past 50 + 20 % dead, or 1,000 + 20 % inserted since the last
// vacuum; analyze past 50 + 10 % changed since the last analyze.
const DEFAULTS = {
  naptimeSeconds: 60,
  vacuumBase: 50,
  vacuumScale: 0.2,
  insertBase: 1000,
  insertScale: 0.2,
  analyzeBase: 50,
  analyzeScale: 0.1,
};

const table = { name: "public.t", tuples: 10_000, dead: 0, insertedSinceVacuum: 0, modifiedSinceAnalyze: 0 };

describe("the autovacuum stand-in's rule", () => {
  it("vacuums a table past the dead-row threshold and not before", () => {
    expect(autovacuumWork({ ...table, dead: 2_050 }, DEFAULTS).vacuum).toBe(false);
    expect(autovacuumWork({ ...table, dead: 2_051 }, DEFAULTS).vacuum).toBe(true);
  });

  it("vacuums an insert-only table past the insert threshold", () => {
    expect(autovacuumWork({ ...table, insertedSinceVacuum: 3_000 }, DEFAULTS).vacuum).toBe(false);
    expect(autovacuumWork({ ...table, insertedSinceVacuum: 3_001 }, DEFAULTS).vacuum).toBe(true);
    // -1 turns insert-driven vacuums off, as on the server.
    expect(autovacuumWork({ ...table, insertedSinceVacuum: 1e9 }, { ...DEFAULTS, insertBase: -1 }).vacuum).toBe(false);
  });

  it("analyzes past the changed-row threshold, on its own", () => {
    expect(autovacuumWork({ ...table, modifiedSinceAnalyze: 1_050 }, DEFAULTS)).toEqual({
      vacuum: false,
      analyze: false,
    });
    expect(autovacuumWork({ ...table, modifiedSinceAnalyze: 1_051 }, DEFAULTS)).toEqual({
      vacuum: false,
      analyze: true,
    });
  });

  it("takes a never-analyzed table (reltuples -1) as empty", () => {
    expect(autovacuumWork({ ...table, tuples: -1, modifiedSinceAnalyze: 51 }, DEFAULTS).analyze).toBe(true);
  });
});
