import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { backupEmbedded } from "@/lib/backup/embedded";
import { prepareEmbeddedDataDir } from "@/lib/db/embedded-template";
import { secureDataDir } from "@/lib/db/private-files";

// The embedded database's files are its OS user's alone: a new data directory from the template,
// one left with PGlite's modes (fixed at start, said in the log), and a backup.

const root = mkdtempSync(path.join(tmpdir(), "linkstash-modes-"));

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Every directory and regular file under `directory`, with its permission bits. */
function modes(directory: string): { path: string; directory: boolean; mode: number }[] {
  const found: { path: string; directory: boolean; mode: number }[] = [];
  const visit = (target: string) => {
    const info = lstatSync(target);
    if (!info.isDirectory() && !info.isFile()) return;
    found.push({ path: target, directory: info.isDirectory(), mode: info.mode & 0o7777 });
    if (info.isDirectory()) for (const name of readdirSync(target)) visit(path.join(target, name));
  };
  visit(directory);
  return found;
}

describe("the data directory's modes", () => {
  it("a new data directory from the template holds only 0700 directories and 0600 files", async () => {
    const dataDir = path.join(root, "fresh");
    await prepareEmbeddedDataDir(path.join(dataDir, "db"));
    const found = modes(dataDir);
    // PGlite's own database: about a thousand files, WAL included.
    expect(found.filter((entry) => !entry.directory).length).toBeGreaterThan(500);
    expect(found.some((entry) => entry.path.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
    expect(found.filter((entry) => entry.mode !== (entry.directory ? 0o700 : 0o600))).toEqual([]);
  });

  it("fixes a data directory with readable files at start, and logs how many paths it fixed", () => {
    const dataDir = path.join(root, "old");
    mkdirSync(path.join(dataDir, "db", "pg_wal"), { recursive: true });
    const files = ["PG_VERSION", "postgresql.conf", path.join("pg_wal", "000000010000000000000001")];
    for (const file of files) writeFileSync(path.join(dataDir, "db", file), "data");
    for (const file of files) chmodSync(path.join(dataDir, "db", file), 0o666);
    chmodSync(path.join(dataDir, "db", "pg_wal"), 0o755);
    chmodSync(path.join(dataDir, "db"), 0o755);
    chmodSync(dataDir, 0o755);
    const log = vi.spyOn(console, "log");

    expect(secureDataDir(dataDir)).toBe(6);
    expect(modes(dataDir).filter((entry) => entry.mode !== (entry.directory ? 0o700 : 0o600))).toEqual([]);
    const lines = log.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("made private"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? "{}")).toMatchObject({ directory: dataDir, paths: 6 });

    // Nothing left to fix: nothing said.
    expect(secureDataDir(dataDir)).toBe(0);
    expect(log.mock.calls.filter(([line]) => String(line).includes("made private"))).toHaveLength(1);
    log.mockRestore();
  });

  it("writes a backup 0600, whatever the umask", async () => {
    const dataDir = path.join(root, "to-back-up");
    await prepareEmbeddedDataDir(path.join(dataDir, "db"));
    const target = path.join(root, "backup.tar");
    const before = process.umask(0);
    try {
      await backupEmbedded(dataDir, target);
    } finally {
      process.umask(before);
    }
    expect(statSync(target).mode & 0o7777).toBe(0o600);
  });
});
