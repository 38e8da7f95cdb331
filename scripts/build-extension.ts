// npm run extension:build: the browser extension (extension/) for Chromium and Firefox, each as an
// unpacked folder (extension/dist/<browser>/, what "Load unpacked" and the browser tests load) and
// as the zip its store takes (extension/dist/linkstash-<browser>.zip). One source tree; only the
// manifest differs (decision 0323).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { manifestFor, type TargetBrowser } from "../extension/manifest";

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE = path.join(ROOT, "extension");
const DIST = path.join(SOURCE, "dist");
const ENTRIES = ["background", "popup", "options", "connected"];
const PAGES = ["popup.html", "options.html", "connected.html", "extension.css"];
// The oldest browsers the manifests accept (minimum_chrome_version, strict_min_version).
const TARGETS: Record<TargetBrowser, string> = { chromium: "chrome121", firefox: "firefox140" };

function unpackedDir(browser: TargetBrowser): string {
  return path.join(DIST, browser);
}

async function buildFor(browser: TargetBrowser): Promise<void> {
  const dir = unpackedDir(browser);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // Plain scripts, not modules: a Firefox event page and a Chromium service worker load the same file.
  await build({
    entryPoints: ENTRIES.map((name) => path.join(SOURCE, "src", `${name}.ts`)),
    outdir: dir,
    bundle: true,
    format: "iife",
    target: TARGETS[browser],
    // Readable as written: store reviewers read what they install.
    minify: false,
    legalComments: "none",
    logLevel: "warning",
  });
  for (const page of PAGES) cpSync(path.join(SOURCE, "src", page), path.join(dir, page));
  cpSync(path.join(SOURCE, "icons"), path.join(dir, "icons"), { recursive: true });
  writeFileSync(path.join(dir, "manifest.json"), `${JSON.stringify(manifestFor(browser), null, 2)}\n`);
  execFileSync(
    path.join(ROOT, "node_modules", ".bin", "web-ext"),
    [
      "build",
      "--source-dir",
      dir,
      "--artifacts-dir",
      DIST,
      "--filename",
      `linkstash-${browser}.zip`,
      "--overwrite-dest",
      "--no-config-discovery",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
}

for (const browser of ["chromium", "firefox"] as const) await buildFor(browser);
console.log(`Built ${path.relative(ROOT, DIST)}/linkstash-chromium.zip and linkstash-firefox.zip`);
