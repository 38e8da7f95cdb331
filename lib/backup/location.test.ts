import path from "node:path";
import { describe, expect, it } from "vitest";
import { dataLocation, defaultBackupName } from "@/lib/backup/location";

describe("where the backup commands find the data", () => {
  it("reads the app's variables the app's way", () => {
    expect(dataLocation({})).toEqual({ kind: "embedded", dataDir: path.resolve(".data") });
    expect(dataLocation({ DATA_DIR: "/srv/linkstash" })).toEqual({ kind: "embedded", dataDir: "/srv/linkstash" });
    expect(dataLocation({ DATABASE_URL: "postgres://u@pooler.example:6432/app" })).toEqual({
      kind: "postgres",
      url: "postgres://u@pooler.example:6432/app",
    });
    // The pooler cannot hold pg_dump's session: the direct connection wins.
    expect(
      dataLocation({
        DATABASE_URL: "postgres://u@pooler.example:6432/app",
        DIRECT_DATABASE_URL: "postgres://u@db.example:5432/app",
      }),
    ).toEqual({ kind: "postgres", url: "postgres://u@db.example:5432/app" });
    expect(() => dataLocation({ DATABASE_URL: "mysql://u@db.example/app" })).toThrow(/DATABASE_URL/);
  });

  it("names a backup by its UTC time", () => {
    const at = new Date("2026-11-26T17:29:03.123Z");
    expect(defaultBackupName({ kind: "embedded", dataDir: "/d" }, at)).toBe("linkstash-backup-20261126T172903Z.tar");
    expect(defaultBackupName({ kind: "postgres", url: "postgres://h/d" }, at)).toBe(
      "linkstash-backup-20261126T172903Z.dump",
    );
  });
});
