import path from "node:path";
import { z } from "zod";

// Where the data lives, read from the same variables as the app (lib/env.ts) and resolved the same
// way, but without loading the app's whole configuration: that would create an auth secret in
// DATA_DIR, and a restore needs that directory empty.

const optional = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const postgresUrl = optional.pipe(
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional(),
);

const schema = z.object({ DATABASE_URL: postgresUrl, DIRECT_DATABASE_URL: postgresUrl, DATA_DIR: optional });

export type DataLocation =
  | { kind: "embedded"; dataDir: string }
  | { kind: "postgres"; /** A direct connection: pg_dump and pg_restore need a session of their own. */ url: string };

export function dataLocation(source: Record<string, string | undefined>): DataLocation {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const raw = result.data;
  if (raw.DATABASE_URL) return { kind: "postgres", url: raw.DIRECT_DATABASE_URL ?? raw.DATABASE_URL };
  return { kind: "embedded", dataDir: path.resolve(raw.DATA_DIR ?? ".data") };
}

/**
 * The running server's backup socket: in a directory only the server's OS user may enter, inside
 * the data directory it serves.
 */
export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, "run", "backup.sock");
}

/** A file name for a new backup in the current directory, e.g. linkstash-backup-20261126T172900Z.tar */
export function defaultBackupName(location: DataLocation, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/[-:]/g, "");
  return `linkstash-backup-${stamp}.${location.kind === "embedded" ? "tar" : "dump"}`;
}
