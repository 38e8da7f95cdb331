import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makePrivate } from "@/lib/db/private-files";

const made: string[] = [];

afterEach(() => {
  for (const directory of made.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const modeOf = (target: string) => statSync(target).mode & 0o7777;

describe("makePrivate", () => {
  it("gives directories 0700 and files 0600, counting only what it changed", () => {
    const root = mkdtempSync(path.join(tmpdir(), "linkstash-modes-"));
    made.push(root);
    mkdirSync(path.join(root, "db", "pg_wal"), { recursive: true });
    writeFileSync(path.join(root, "db", "pg_wal", "000000010000000000000001"), "wal");
    writeFileSync(path.join(root, "db", "PG_VERSION"), "17");
    writeFileSync(path.join(root, "auth-secret"), "secret", { mode: 0o600 });
    chmodSync(root, 0o755);
    chmodSync(path.join(root, "db"), 0o755);
    chmodSync(path.join(root, "db", "pg_wal"), 0o777);
    chmodSync(path.join(root, "db", "pg_wal", "000000010000000000000001"), 0o666);
    chmodSync(path.join(root, "db", "PG_VERSION"), 0o644);
    chmodSync(path.join(root, "auth-secret"), 0o600);
    symlinkSync(path.join(root, "auth-secret"), path.join(root, "link"));

    expect(makePrivate(root)).toBe(5);
    expect(modeOf(root)).toBe(0o700);
    expect(modeOf(path.join(root, "db"))).toBe(0o700);
    expect(modeOf(path.join(root, "db", "pg_wal"))).toBe(0o700);
    expect(modeOf(path.join(root, "db", "pg_wal", "000000010000000000000001"))).toBe(0o600);
    expect(modeOf(path.join(root, "db", "PG_VERSION"))).toBe(0o600);
    expect(modeOf(path.join(root, "auth-secret"))).toBe(0o600);
    expect(makePrivate(root)).toBe(0);
  });
});
