// Page weight against a blank Next.js page: first-load JavaScript (gzip, level 9) of every page
// route of the build, against a blank app of the same Next version (one layout, one page) built
// from the same node_modules. Budgets: public routes at most 1.10x the blank page, signed-in routes
// at most 1.40x; each route's room is its budget less its ratio. Names the chunks that cost the most
// per route and the app's client modules in them. Exits non-zero above budget unless --no-enforce.
// Needs `npx next build` first.
//
//   npm run bench:bundle
//   npm run bench:bundle -- --no-enforce --top 8
//   npm run bench:bundle -- --rebuild-blank
//
// Which chunks: the ones `next build` lists per route in .next/diagnostics/route-bundle-stats.json
// (the route's entry chunks of every segment, layouts included, plus the framework's), the same
// list for both apps. Code a page loads later (a dynamic import on a click) is not first-load.
//
// The blank app is built once per Next version under .next/cache/ (which `next build` keeps and
// git ignores), with no network: it resolves `next` and `react` from this project's node_modules.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import { assertBuilt, REPO_ROOT } from "@/tests/support/built-app";

const { values } = parseArgs({
  options: {
    enforce: { type: "boolean", default: true },
    /** Build the blank app again even when one of this Next version is kept. */
    "rebuild-blank": { type: "boolean", default: false },
    /** How many of each route's costliest chunks to name. */
    top: { type: "string", default: "4" },
  },
  allowNegative: true,
});
const top = Number(values.top);
if (!Number.isInteger(top) || top < 0) throw new Error("--top must be a whole number");

// The public pages: those anyone may open without an account; every other page is for signed-in users.
const PUBLIC_ROUTES = new Set([
  "/",
  "/pricing",
  "/login",
  "/login/check-email",
  "/invite/[code]",
  "/unsubscribe",
  "/mark-read",
  "/snooze",
  "/not-interested",
  "/email-test",
  "/_not-found",
  "/docs/api",
]);
const PUBLIC_BUDGET = 1.1;
// Back to 1.40x on 2026-11-28 (decision 0396), after 1.41x from 2026-11-26 (decision 0280's amendment).
const SIGNED_IN_BUDGET = 1.4;

const statsSchema = z.array(z.object({ route: z.string(), firstLoadChunkPaths: z.array(z.string()) }));
type RouteStats = z.infer<typeof statsSchema>[number];

/** The route list `next build` wrote for the app in `appDir`. */
function routeStats(appDir: string): RouteStats[] {
  const file = path.join(appDir, ".next", "diagnostics", "route-bundle-stats.json");
  if (!existsSync(file))
    throw new Error(`${file} is missing: this Next version does not write it, or the build failed`);
  // Chunk paths are relative to the app; only JavaScript counts.
  return statsSchema.parse(JSON.parse(readFileSync(file, "utf8"))).map((row) => ({
    route: row.route,
    firstLoadChunkPaths: row.firstLoadChunkPaths.filter((chunk) => chunk.endsWith(".js")),
  }));
}

const gzipSizes = new Map<string, number>();

/** Gzip -9 size of a chunk file (the server sends these files unchanged). */
function gzipSize(file: string): number {
  const known = gzipSizes.get(file);
  if (known !== undefined) return known;
  const size = gzipSync(readFileSync(file), { level: 9 }).length;
  gzipSizes.set(file, size);
  return size;
}

const total = (appDir: string, chunks: string[]) =>
  chunks.reduce((sum, chunk) => sum + gzipSize(path.join(appDir, chunk)), 0);

// --- The blank app

const requireFromProject = createRequire(path.join(REPO_ROOT, "package.json"));
const nextVersion = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(requireFromProject.resolve("next/package.json"), "utf8"))).version;

const BLANK_FILES: Record<string, string> = {
  // Its own package.json and config, so neither this project's (nor .next's) is picked up.
  "package.json": `{ "private": true, "type": "module" }\n`,
  "next.config.mjs": "export default {};\n",
  "app/layout.jsx": `export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "app/page.jsx": `export default function Page() {
  return <p>Blank</p>;
}
`,
};

/** The blank app's directory, built if it is not there yet. */
function blankApp(): string {
  const dir = path.join(REPO_ROOT, ".next", "cache", "bench-blank", `next-${nextVersion}`);
  const stats = path.join(dir, ".next", "diagnostics", "route-bundle-stats.json");
  if (existsSync(stats) && !values["rebuild-blank"]) return dir;
  rmSync(dir, { recursive: true, force: true });
  for (const [name, content] of Object.entries(BLANK_FILES)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  console.log(`Building a blank Next.js ${nextVersion} app in ${path.relative(REPO_ROOT, dir)} ...`);
  // Node resolves `next`, `react` and `react-dom` upwards, from this project's node_modules.
  execFileSync(process.execPath, [requireFromProject.resolve("next/dist/bin/next"), "build", dir], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return dir;
}

// --- Attribution: which of the app's client modules a chunk serves, from the client reference
// manifests (per page: every client module with the chunks it needs, and its module id).

const manifestSchema = z.record(
  z.string(),
  z.object({
    clientModules: z.record(
      z.string(),
      z.object({ id: z.union([z.number(), z.string()]), chunks: z.array(z.string()) }),
    ),
  }),
);
type ClientModules = z.infer<typeof manifestSchema>[string]["clientModules"];

function manifestFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name === "page_client-reference-manifest.js")
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The client modules of a route's page, or undefined if the build has no manifest for it. */
function clientModulesOf(route: string): ClientModules | undefined {
  const appDir = path.join(REPO_ROOT, ".next", "server", "app");
  for (const file of manifestFiles(appDir)) {
    // "(app)/dashboard" → "/dashboard": route groups are not part of the URL.
    const segments = path
      .relative(appDir, path.dirname(file))
      .split(path.sep)
      .filter((segment) => segment && !/^\(.*\)$/.test(segment));
    if (`/${segments.join("/")}` !== route) continue;
    // The manifest is a script that assigns to globalThis; run it in an empty context of its own.
    const context: { __RSC_MANIFEST?: unknown } = {};
    vm.runInNewContext(readFileSync(file, "utf8"), context);
    const parsed = manifestSchema.safeParse(context.__RSC_MANIFEST);
    if (!parsed.success) return undefined;
    return Object.assign({}, ...Object.values(parsed.data).map((entry) => entry.clientModules));
  }
  return undefined;
}

// Minified chunks keep no module names; these strings survive minification and name the library.
const LIBRARY_MARKS: [library: string, mark: RegExp][] = [
  ["zod", /\$ZodType/],
  ["react-hook-form", /shouldUnregister/],
  ["@tanstack/react-query", /No QueryClient set/],
  ["tailwind-merge", /classGroupId/],
  ["Radix Popper (floating-ui)", /radix-popper/],
  ["Radix Select", /radix-select/],
  ["Radix Dialog", /DialogContent|radix-dialog/],
  ["Radix FocusScope / DismissableLayer", /FocusScope|DismissableLayer/],
  ["Radix Toast", /ToastViewport|radix-toast/],
  ["Radix Tabs", /radix-tabs|TabsContent/],
  ["date-fns", /date-fns/],
];

/** The libraries a chunk holds, as far as LIBRARY_MARKS can tell. */
function librariesIn(source: string): string {
  const found = LIBRARY_MARKS.filter(([, mark]) => mark.test(source)).map(([library]) => library);
  return found.length ? `[${found.join(", ")}] ` : "";
}

/** Libraries in the chunk, and project modules (not Next's own) defined in it, else those that need it. */
function contributors(chunk: string, modules: ClientModules | undefined): string {
  const source = readFileSync(path.join(REPO_ROOT, chunk), "utf8");
  return librariesIn(source) + projectModules(source, chunk, modules);
}

function projectModules(source: string, chunk: string, modules: ClientModules | undefined): string {
  if (!modules) return "(no client reference manifest)";
  const own = Object.entries(modules).filter(([name]) => !name.includes("/node_modules/next/"));
  const name = (key: string) => key.replace(/^\[project\]\//, "").replace(/ <.*>$/, "");
  // Turbopack's chunks push "id, factory" pairs: a module is defined in the chunk holding its id.
  const defined = own
    .filter(([, entry]) => new RegExp(`[,\\[]${entry.id},(?:\\(|[\\w$]+=>|function)`).test(source))
    .map(([key]) => name(key));
  if (defined.length) return [...new Set(defined)].join(", ");
  // The manifests and the route list spell a chunk's directory differently; its file name is unique.
  const file = path.basename(chunk);
  const needing = own
    .filter(([, entry]) => entry.chunks.some((c) => path.basename(c) === file))
    .map(([key]) => name(key));
  return needing.length ? `shared code of: ${[...new Set(needing)].join(", ")}` : "(framework or no client module)";
}

const times = (ratio: number) => `${ratio.toFixed(2)}x`;

function main(): boolean {
  assertBuilt();
  const blankDir = blankApp();
  const blankRoute = routeStats(blankDir).find((row) => row.route === "/");
  if (!blankRoute) throw new Error("the blank app's build lists no / route");
  const blankBytes = total(blankDir, blankRoute.firstLoadChunkPaths);

  const routes = routeStats(REPO_ROOT).sort((a, b) => a.route.localeCompare(b.route));
  console.log(`First-load JavaScript (gzip -9) per route, against a blank Next.js ${nextVersion} app`);
  console.log(`blank page: ${blankRoute.firstLoadChunkPaths.length} chunks, ${blankBytes} B`);

  let passed = true;
  const rows = routes.map((row) => {
    const isPublic = PUBLIC_ROUTES.has(row.route);
    const budget = isPublic ? PUBLIC_BUDGET : SIGNED_IN_BUDGET;
    const bytes = total(REPO_ROOT, row.firstLoadChunkPaths);
    const ratio = bytes / blankBytes;
    const ok = ratio <= budget;
    if (!ok) passed = false;
    return {
      route: row.route,
      kind: isPublic ? "public" : "signed in",
      chunks: row.firstLoadChunkPaths.length,
      "gzip bytes": bytes,
      "x blank": times(ratio),
      budget: `≤ ${times(budget)}`,
      // What a route may still grow by; negative when it is over.
      room: `room ${times(budget - ratio)}`,
      result: ok ? "ok" : "OVER",
    };
  });
  console.table(rows);

  // Chunks every route loads: Next's runtime and the root layout's client code.
  const shared = routes
    .map((row) => new Set(row.firstLoadChunkPaths))
    .reduce((common, chunks) => new Set([...common].filter((chunk) => chunks.has(chunk))));
  console.log(
    `\nshared by every route of this build: ${shared.size} chunks, ${total(REPO_ROOT, [...shared])} B (blank page: ${blankBytes} B)`,
  );
  for (const chunk of [...shared].sort((a, b) => gzipSize(path.join(REPO_ROOT, b)) - gzipSize(path.join(REPO_ROOT, a))))
    console.log(
      `  ${String(gzipSize(path.join(REPO_ROOT, chunk))).padStart(7)} B  ${path.basename(chunk)}  ${contributors(chunk, clientModulesOf("/"))}`,
    );

  // What each route adds beyond the shared chunks, costliest first.
  for (const row of routes) {
    const extra = row.firstLoadChunkPaths
      .filter((chunk) => !shared.has(chunk))
      .sort((a, b) => gzipSize(path.join(REPO_ROOT, b)) - gzipSize(path.join(REPO_ROOT, a)));
    if (!extra.length || !top) continue;
    const modules = clientModulesOf(row.route);
    console.log(`\n${row.route}: ${extra.length} chunk(s) beyond the shared ones, ${total(REPO_ROOT, extra)} B`);
    for (const chunk of extra.slice(0, top))
      console.log(
        `  ${String(gzipSize(path.join(REPO_ROOT, chunk))).padStart(7)} B  ${path.basename(chunk)}  ${contributors(chunk, modules)}`,
      );
  }

  const verdict = passed ? "all routes within budget" : "some routes are OVER BUDGET";
  console.log(`\n${verdict}${values.enforce ? "" : " (--no-enforce: not failing)"}`);
  return passed || !values.enforce;
}

process.exitCode = main() ? 0 : 1;
