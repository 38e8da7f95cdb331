// A new embedded data directory is given its database by copying a template made outside the
// server's process; an existing database is never touched, and a directory of unrelated files is
// refused rather than overwritten.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { EMBEDDED_SETTINGS } from "@/lib/db/client";
import {
  embeddedTemplateDir,
  ensureEmbeddedTemplate,
  holdsDatabase,
  prepareEmbeddedDataDir,
} from "@/lib/db/embedded-template";

const REPO_ROOT = path.resolve(import.meta.dirname, "..", "..");

const root = mkdtempSync(path.join(tmpdir(), "embedded-template-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("a new embedded data directory", () => {
  it("gets a copy of the template, which opens with the small machine's settings", async () => {
    const directory = path.join(root, "new", "db");
    await prepareEmbeddedDataDir(directory);
    expect(holdsDatabase(directory)).toBe(true);
    expect(readFileSync(path.join(directory, "PG_VERSION"), "utf8")).toBe(
      readFileSync(path.join(embeddedTemplateDir(), "PG_VERSION"), "utf8"),
    );
    const database = new PGlite(directory, { postgresqlconf: EMBEDDED_SETTINGS });
    try {
      const { rows } = await database.query<{ shared_buffers: string }>("SHOW shared_buffers");
      expect(rows[0]?.shared_buffers).toBe("16MB");
    } finally {
      await database.close();
    }
  });

  it("leaves a directory that already holds a database as it is", async () => {
    const directory = path.join(root, "existing", "db");
    await prepareEmbeddedDataDir(directory);
    writeFileSync(path.join(directory, "marker"), "kept");
    await prepareEmbeddedDataDir(directory);
    expect(readFileSync(path.join(directory, "marker"), "utf8")).toBe("kept");
  });

  it("refuses a directory of other files, naming it, and leaves them in place", async () => {
    const directory = path.join(root, "other", "db");
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, "notes.txt"), "mine");
    await expect(prepareEmbeddedDataDir(directory)).rejects.toThrow(`${directory} holds files but no database`);
    expect(readFileSync(path.join(directory, "notes.txt"), "utf8")).toBe("mine");
  });

  it("makes the template in a process of its own when there is none yet", async () => {
    // A checkout of its own: the installed PGlite and the script, and no template beside them.
    const checkout = path.join(root, "checkout");
    mkdirSync(path.join(checkout, "node_modules"), { recursive: true });
    symlinkSync(
      path.join(REPO_ROOT, "node_modules", "@electric-sql"),
      path.join(checkout, "node_modules", "@electric-sql"),
    );
    symlinkSync(path.join(REPO_ROOT, "scripts"), path.join(checkout, "scripts"));
    const template = embeddedTemplateDir(checkout);
    expect(holdsDatabase(template)).toBe(false);
    const rssBefore = process.memoryUsage().rss;
    expect(await ensureEmbeddedTemplate(checkout)).toBe(template);
    expect(holdsDatabase(template)).toBe(true);
    // initdb ran elsewhere: this process did not grow by the hundreds of megabytes it takes.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it("takes an empty directory", async () => {
    const directory = path.join(root, "empty", "db");
    mkdirSync(directory, { recursive: true });
    await prepareEmbeddedDataDir(directory);
    expect(holdsDatabase(directory)).toBe(true);
  });
});
