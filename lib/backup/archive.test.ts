import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ArchiveError, extractArchive, writeArchive } from "@/lib/backup/archive";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "linkstash-archive-"));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data directory shaped like the embedded database's, with a file long enough to need the ustar prefix. */
function dataDir(): string {
  const dir = tempDir();
  const deep = path.join(dir, "db", "base", "16384", "a".repeat(60), "b".repeat(60));
  mkdirSync(deep, { recursive: true });
  writeFileSync(path.join(dir, "auth-secret"), "secret-value");
  writeFileSync(path.join(dir, "db", "PG_VERSION"), "17\n");
  writeFileSync(path.join(dir, "db", "postmaster.pid"), "-42\n");
  writeFileSync(path.join(dir, "db", "base", "16384", "2619"), Buffer.alloc(3 * 1024 * 1024 + 17, 7));
  writeFileSync(path.join(deep, "c".repeat(40)), "deep");
  mkdirSync(path.join(dir, "run"));
  writeFileSync(path.join(dir, "run", "other"), "not backed up");
  return dir;
}

describe("the embedded backup archive", () => {
  it("round-trips the database and the auth secret, and leaves out the lock file and the rest", async () => {
    const source = dataDir();
    const file = path.join(tempDir(), "backup.tar");
    await writeArchive(source, file);
    const target = path.join(tempDir(), "restored");
    await extractArchive(file, target);

    expect(readFileSync(path.join(target, "auth-secret"), "utf8")).toBe("secret-value");
    const copied = readFileSync(path.join(target, "db", "base", "16384", "2619"));
    expect(copied.equals(readFileSync(path.join(source, "db", "base", "16384", "2619")))).toBe(true);
    const deep = path.join("db", "base", "16384", "a".repeat(60), "b".repeat(60), "c".repeat(40));
    expect(readFileSync(path.join(target, deep), "utf8")).toBe("deep");
    expect(() => statSync(path.join(target, "db", "postmaster.pid"))).toThrow();
    expect(() => statSync(path.join(target, "run"))).toThrow();
    expect(statSync(path.join(target, "auth-secret")).mode & 0o077).toBe(0);
  });

  it("is a tar that the system's tar reads", async () => {
    const file = path.join(tempDir(), "backup.tar");
    await writeArchive(dataDir(), file);
    const listing = execFileSync("tar", ["-tf", file], { encoding: "utf8" }).split("\n");
    expect(listing).toContain("auth-secret");
    expect(listing).toContain("db/PG_VERSION");
    expect(listing).toContain(`db/base/16384/${"a".repeat(60)}/${"b".repeat(60)}/${"c".repeat(40)}`);
  });

  it("refuses a truncated file, a damaged header and a tar of something else", async () => {
    const file = path.join(tempDir(), "backup.tar");
    await writeArchive(dataDir(), file);

    const truncated = path.join(tempDir(), "truncated.tar");
    writeFileSync(truncated, readFileSync(file));
    truncateSync(truncated, 2048);
    await expect(extractArchive(truncated, path.join(tempDir(), "a"))).rejects.toThrow(/truncated/);

    const damaged = path.join(tempDir(), "damaged.tar");
    const bytes = readFileSync(file);
    bytes[10] = (bytes[10] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    await expect(extractArchive(damaged, path.join(tempDir(), "b"))).rejects.toBeInstanceOf(ArchiveError);

    const other = tempDir();
    writeFileSync(path.join(other, "notes.txt"), "hello");
    const foreign = path.join(tempDir(), "foreign.tar");
    execFileSync("tar", ["--format=ustar", "-cf", foreign, "-C", other, "notes.txt"]);
    await expect(extractArchive(foreign, path.join(tempDir(), "c"))).rejects.toThrow(/not a LinkStash backup/);

    const escaping = tempDir();
    mkdirSync(path.join(escaping, "db"));
    writeFileSync(path.join(escaping, "db", "x"), "x");
    const traversal = path.join(tempDir(), "traversal.tar");
    execFileSync("tar", ["--format=ustar", "-cf", traversal, "-C", escaping, "db/../db/x"]);
    await expect(extractArchive(traversal, path.join(tempDir(), "d"))).rejects.toThrow(/not a LinkStash backup/);
  });
});
