import "server-only";
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { makePrivate, PRIVATE_DIRECTORY_MODE } from "@/lib/db/private-files";

// A new embedded database is a copy of a template made once per PGlite version by a short-lived
// process (scripts/create-embedded-database.mjs), never by the server: PGlite's initdb peaks at
// 700-850 MB, whatever its settings, and the memory a WebAssembly instance grows to is never given
// back, so a server that ran it kept ~300 MB more for the rest of its life (decision 0316).

const run = promisify(execFile);
const VERSION_FILE = "PG_VERSION";

function pgliteVersion(root: string): string {
  const manifest = path.join(root, "node_modules", "@electric-sql", "pglite", "package.json");
  const parsed: unknown = JSON.parse(readFileSync(/*turbopackIgnore: true*/ manifest, "utf8"));
  const version = typeof parsed === "object" && parsed && "version" in parsed ? parsed.version : undefined;
  if (typeof version !== "string") throw new Error(`no version in ${manifest}`);
  return version;
}

/** Where the template for the installed PGlite lives: beside the other build caches. */
export function embeddedTemplateDir(root = process.cwd()): string {
  return path.join(root, "node_modules", ".cache", "linkstash", `embedded-database-${pgliteVersion(root)}`);
}

export function holdsDatabase(directory: string): boolean {
  return existsSync(/*turbopackIgnore: true*/ path.join(directory, VERSION_FILE));
}

/** Makes the template if it is missing; `npm run build` calls this so that no start-up has to. */
export async function ensureEmbeddedTemplate(root = process.cwd()): Promise<string> {
  const template = embeddedTemplateDir(root);
  if (holdsDatabase(template)) {
    // A template made before its modes were set: its copies would inherit PGlite's 0666.
    makePrivate(template);
    return template;
  }
  const staging = `${template}.${process.pid}.tmp`;
  rmSync(/*turbopackIgnore: true*/ staging, { recursive: true, force: true });
  mkdirSync(/*turbopackIgnore: true*/ path.dirname(template), { recursive: true });
  const script = path.join(root, "scripts", "create-embedded-database.mjs");
  await run(process.execPath, [script, staging], { cwd: root });
  if (!holdsDatabase(staging)) throw new Error(`creating the embedded database in ${staging} left no ${VERSION_FILE}`);
  makePrivate(staging);
  try {
    renameSync(/*turbopackIgnore: true*/ staging, template);
  } catch (error) {
    // Another process made it first: theirs is as good as ours.
    rmSync(/*turbopackIgnore: true*/ staging, { recursive: true, force: true });
    if (!holdsDatabase(template)) throw error;
  }
  return template;
}

/**
 * Gives a data directory its database before the server opens it: a copy of the template when the
 * directory holds none yet, copied beside it and then renamed into place, so that a stop half-way
 * leaves no half-copied database behind, with only its owner's modes (0700 and 0600). A directory
 * that already holds one is left as it is (the start-up check sees to its modes).
 */
export async function prepareEmbeddedDataDir(directory: string): Promise<void> {
  if (holdsDatabase(directory)) return;
  if (existsSync(/*turbopackIgnore: true*/ directory)) {
    if (readdirSync(/*turbopackIgnore: true*/ directory).length > 0) {
      throw new Error(
        `${directory} holds files but no database (no ${VERSION_FILE}): move them away or choose another DATA_DIR`,
      );
    }
    rmSync(/*turbopackIgnore: true*/ directory, { recursive: true });
  }
  const template = await ensureEmbeddedTemplate();
  const staging = `${directory}.${process.pid}.tmp`;
  rmSync(/*turbopackIgnore: true*/ staging, { recursive: true, force: true });
  mkdirSync(/*turbopackIgnore: true*/ path.dirname(directory), { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  cpSync(/*turbopackIgnore: true*/ template, staging, { recursive: true });
  makePrivate(staging);
  renameSync(/*turbopackIgnore: true*/ staging, directory);
}
