import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ImportFileError, ImportLimitError } from "@/lib/import/errors";
import { IMPORT_LIMITS } from "@/lib/import/limits";
import { openZip, type ZipEntry } from "@/lib/import/zip";
import { zipArchive } from "@/tests/support/zip-writer";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures/import");
const dir = mkdtempSync(path.join(tmpdir(), "zip-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function onDisk(bytes: Buffer): string {
  files += 1;
  const file = path.join(dir, `${files}.zip`);
  writeFileSync(file, bytes);
  return file;
}

const all = (names: string[]) => names;

async function text(entry: ZipEntry | undefined): Promise<string> {
  if (!entry) throw new Error("no such entry");
  const parts: Uint8Array[] = [];
  for await (const chunk of entry.read()) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
}

describe("the ZIP reader", () => {
  it("lists the chosen entries of a Pocket export and inflates them as streams", async () => {
    const zip = await openZip(
      path.join(fixtures, "pocket-export.zip"),
      (names) => names.slice().reverse(),
      IMPORT_LIMITS,
    );
    expect(zip.entries.map((entry) => entry.name)).toEqual(["part_000001.csv", "part_000000.csv"]);
    expect(await text(zip.entries[0])).toBe(readFileSync(path.join(fixtures, "pocket/part_000001.csv"), "utf8"));
    zip.close();
  });

  it("reads stored and deflated entries alike", async () => {
    const file = onDisk(
      zipArchive([
        { name: "a.csv", data: "stored", method: 0 },
        { name: "b.csv", data: "deflated" },
      ]),
    );
    const zip = await openZip(file, all, IMPORT_LIMITS);
    expect(await Promise.all(zip.entries.map(text))).toEqual(["stored", "deflated"]);
    zip.close();
  });

  it("refuses a damaged archive", async () => {
    await expect(openZip(onDisk(Buffer.from("PK\u0003\u0004 not really a zip")), all, IMPORT_LIMITS)).rejects.toThrow(
      ImportFileError,
    );
  });

  it("refuses more files than the limit, with the limit in the message", async () => {
    const file = onDisk(zipArchive([1, 2, 3].map((n) => ({ name: `${n}.csv`, data: "x" }))));
    const refused = openZip(file, all, { ...IMPORT_LIMITS, maxZipEntries: 2 });
    await expect(refused).rejects.toThrow(ImportLimitError);
    await expect(refused).rejects.toThrow("The ZIP file holds 3 files; the limit is 2.");
  });

  it("refuses chosen files that unpack to more than the limit together (413)", async () => {
    const file = onDisk(zipArchive(["a.csv", "b.csv", "c.png"].map((name) => ({ name, data: "x".repeat(600) }))));
    const limits = { ...IMPORT_LIMITS, maxUnzippedBytes: 1000 };
    await expect(openZip(file, (names) => names.filter((name) => name.endsWith(".csv")), limits)).rejects.toMatchObject(
      {
        status: 413,
        message: expect.stringMatching(/unpack to more than/),
      },
    );
    // The file not chosen does not count.
    const one = await openZip(file, (names) => names.slice(0, 1), limits);
    expect(one.entries).toHaveLength(1);
    one.close();
  });

  it("refuses an entry compressed beyond the ratio limit (a zip bomb), but not a small one", async () => {
    const bomb = onDisk(zipArchive([{ name: "part_000000.csv", data: ",\n".repeat(1024 * 1024) }]));
    await expect(openZip(bomb, all, IMPORT_LIMITS)).rejects.toMatchObject({
      status: 422,
      message:
        "part_000000.csv in the ZIP file is compressed more than 100 to 1, far more than any real export; that is the limit.",
    });
    const small = onDisk(zipArchive([{ name: "part_000000.csv", data: ",\n".repeat(1000) }]));
    const zip = await openZip(small, all, IMPORT_LIMITS);
    expect(zip.entries).toHaveLength(1);
    zip.close();
  });

  it("fails the read of an entry that inflates past the size its directory claims", async () => {
    const file = onDisk(zipArchive([{ name: "a.csv", data: "x".repeat(5000), declaredSize: 100 }]));
    const zip = await openZip(file, all, IMPORT_LIMITS);
    await expect(text(zip.entries[0])).rejects.toThrow(/damaged or uses a feature we cannot read \(a\.csv\)/);
    zip.close();
  });
});
