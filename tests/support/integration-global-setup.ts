// Builds one migrated embedded database before the integration run; each test file starts from a
// copy of it, which skips PGlite's initdb and the migrations (seconds per file).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-template-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  delete process.env.DIRECT_DATABASE_URL;
  const { migrate } = await import("@/lib/db/migrate");
  const { closeDb } = await import("@/lib/db/client");
  await migrate();
  await closeDb();
  project.provide("pgliteTemplateDir", path.join(dataDir, "db"));
  return () => rmSync(dataDir, { recursive: true, force: true });
}
