import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { backupPostgres } from "@/lib/backup/postgres";
import { signedInUser } from "@/tests/support/factories";

// `npm run backup` on PostgreSQL: pg_dump writes its file with the umask's mode; the backup holds
// every user's data, sessions included, so it must be its OS user's alone.

const directory = mkdtempSync(path.join(tmpdir(), "linkstash-pg-backup-"));

afterAll(() => {
  rmSync(directory, { recursive: true, force: true });
});

describe("a PostgreSQL backup", () => {
  it("is written 0600, whatever the umask", async () => {
    await signedInUser();
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("the PostgreSQL tests set DATABASE_URL");
    const target = path.join(directory, "backup.dump");
    const before = process.umask(0);
    try {
      await backupPostgres(url, target);
    } finally {
      process.umask(before);
    }
    expect(statSync(target).size).toBeGreaterThan(0);
    expect(statSync(target).mode & 0o7777).toBe(0o600);
  });
});
