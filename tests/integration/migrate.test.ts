import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { migrate, readMigrations } from "@/lib/db/migrate";

describe("start-up migrator", () => {
  it("records every migration in Prisma's table and is idempotent", async () => {
    expect(await migrate()).toEqual([]);
    const rows = await getDb().$queryRaw<{ migration_name: string; checksum: string }[]>`
      SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name`;
    expect(rows).toEqual(readMigrations().map((m) => ({ migration_name: m.name, checksum: m.checksum })));
  });

  it("lets concurrent starts apply nothing twice", async () => {
    const results = await Promise.all([migrate(), migrate(), migrate()]);
    expect(results.flat()).toEqual([]);
    const rows = await getDb().$queryRaw<{ count: bigint }[]>`SELECT count(*) AS count FROM "_prisma_migrations"`;
    expect(Number(rows[0]?.count)).toBe(readMigrations().length);
  });
});
