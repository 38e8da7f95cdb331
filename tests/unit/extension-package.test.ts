import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// npm run extension:build writes both store zips and both unpacked folders; Mozilla's linter
// (web-ext lint, what addons.mozilla.org runs on upload) finds no error in the Firefox one, and
// neither manifest asks for a host permission (decision 0323).

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const DIST = path.join(ROOT, "extension", "dist");
const bin = (name: string) => path.join(ROOT, "node_modules", ".bin", name);

type LintReport = { errors: { code: string; message: string }[]; summary: { errors: number } };

describe("the browser extension's package", { timeout: 180_000 }, () => {
  it("builds two zips and passes web-ext lint", () => {
    execFileSync("npm", ["run", "--silent", "extension:build"], { cwd: ROOT, stdio: "pipe" });
    for (const browser of ["chromium", "firefox"]) {
      expect(existsSync(path.join(DIST, `linkstash-${browser}.zip`))).toBe(true);
      const manifest: Record<string, unknown> = JSON.parse(
        readFileSync(path.join(DIST, browser, "manifest.json"), "utf8"),
      );
      expect(manifest.manifest_version).toBe(3);
      expect(manifest.host_permissions).toBeUndefined();
      expect(manifest.optional_host_permissions).toBeUndefined();
      expect(manifest.permissions).toEqual(["storage", "contextMenus", "tabs", "alarms"]);
    }
    let output: string;
    try {
      output = execFileSync(
        bin("web-ext"),
        ["lint", "--source-dir", path.join(DIST, "firefox"), "--output", "json", "--no-config-discovery"],
        { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
      );
    } catch (error) {
      // web-ext lint exits non-zero when it finds errors; its report is still on stdout.
      if (!(error instanceof Error && "stdout" in error && typeof error.stdout === "string")) throw error;
      output = error.stdout;
    }
    const report: LintReport = JSON.parse(output);
    expect(report.errors).toEqual([]);
    expect(report.summary.errors).toBe(0);
  });
});
