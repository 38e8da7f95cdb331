import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A module of lib/ does one thing: past 500 lines it is two, and is split (the generated Prisma
// client aside).
const LIB = path.resolve(import.meta.dirname, "../../lib");
const MOST_LINES = 500;

describe("lib's modules", () => {
  it(`are at most ${MOST_LINES} lines each`, () => {
    const sources = readdirSync(LIB, { recursive: true, encoding: "utf8" }).filter(
      (file) => /\.(ts|tsx|mjs)$/.test(file) && !file.startsWith(`generated${path.sep}`),
    );
    expect(sources.length).toBeGreaterThan(100);
    const long = sources
      .map((file) => ({ file, lines: readFileSync(path.join(LIB, file), "utf8").trimEnd().split("\n").length }))
      .filter(({ lines }) => lines > MOST_LINES);
    expect(long).toEqual([]);
  });
});
