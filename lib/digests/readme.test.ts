import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The digest README names a function and its file for every step; this keeps those names true.
// Every backticked name is one of: a file path (it must exist), a function followed by the file
// that declares it, or a table (`Model`) or column (`Model.field`) of prisma/schema.prisma.

const ROOT = path.resolve(import.meta.dirname, "../..");
const README = readFileSync(path.join(import.meta.dirname, "README.md"), "utf8");
const SCHEMA = readFileSync(path.join(ROOT, "prisma/schema.prisma"), "utf8");

const PATH = /^[\w.-]+(\/[\w.[\]-]+)+\.(ts|tsx|md|prisma)$/;
const FUNCTION = /^[a-z][A-Za-z0-9]*$/;
const MODEL = /^([A-Z][A-Za-z0-9]*)(?:\.([a-z][A-Za-z0-9]*))?$/;

const names = [...README.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");

function declares(file: string, name: string): boolean {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  return new RegExp(`\\b(?:async\\s+function|function|const|let|class)\\s+${name}\\b`).test(source);
}

function modelBody(model: string): string | null {
  const start = SCHEMA.indexOf(`model ${model} {`);
  if (start === -1) return null;
  return SCHEMA.slice(start, SCHEMA.indexOf("\n}", start));
}

describe("lib/digests/README.md", () => {
  it("names only things this test can check", () => {
    expect(names.length).toBeGreaterThan(20);
    expect(names.filter((name) => !PATH.test(name) && !FUNCTION.test(name) && !MODEL.test(name))).toEqual([]);
  });

  it("names files that exist", () => {
    const paths = names.filter((name) => PATH.test(name));
    expect(paths.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });

  it("follows every function with the file that declares it", () => {
    const wrong: string[] = [];
    names.forEach((name, index) => {
      if (!FUNCTION.test(name)) return;
      const file = names[index + 1];
      if (file === undefined || !PATH.test(file) || !existsSync(path.join(ROOT, file)) || !declares(file, name)) {
        wrong.push(`${name} in ${file ?? "nothing"}`);
      }
    });
    expect(wrong).toEqual([]);
  });

  it("names tables and columns of the schema", () => {
    const missing = names.filter((name) => {
      const match = MODEL.exec(name);
      if (!match?.[1]) return false;
      const body = modelBody(match[1]);
      return body === null || (match[2] !== undefined && !new RegExp(`^\\s+${match[2]}\\s`, "m").test(body));
    });
    expect(missing).toEqual([]);
  });

  it("walks the pipeline in order, one function a step", () => {
    const steps = [...README.matchAll(/^\| ([a-z ]+): .*\| `(\w+)` \| `([^`]+)` \|$/gm)].map((row) => row[1]);
    expect(steps).toEqual([
      "schedule",
      "due",
      "enqueue",
      "claim",
      "select",
      "render",
      "send under the shared rate",
      "record",
      "reclaim",
      "continue",
    ]);
  });
});
