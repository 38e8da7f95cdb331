import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readZip, ZipError } from "@/lib/import/zip";

const dir = path.resolve(import.meta.dirname, "../../tests/fixtures/import");

describe("the ZIP reader", () => {
  it("lists and inflates the CSV parts of a Pocket export", () => {
    const entries = readZip(readFileSync(path.join(dir, "pocket-export.zip")), 1024 * 1024);
    expect(entries.map((entry) => entry.name)).toEqual(["part_000000.csv", "part_000001.csv"]);
    expect(entries[1]?.read().equals(readFileSync(path.join(dir, "pocket/part_000001.csv")))).toBe(true);
  });

  it("refuses a damaged archive and an entry that inflates beyond the limit", () => {
    expect(() => readZip(Buffer.from("PK\u0003\u0004 not really a zip"), 1024)).toThrow(ZipError);
    const [first] = readZip(readFileSync(path.join(dir, "pocket-export.zip")), 100);
    expect(() => first?.read()).toThrow(/too large/);
  });
});
