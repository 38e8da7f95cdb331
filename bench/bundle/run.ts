// Page-weight benchmark: first-load JavaScript (gzip, level 9) of /, /pricing, /dashboard,
// /history and /settings against a blank page of the same build. Starts the built app
// (`next start`, PGlite in a temporary directory), signs a user in through the magic link and
// onboards them so the signed-in pages render, fetches each page's HTML and sums the chunks it
// loads. Budgets: public pages at most +10 %, signed-in pages at most +40 % over the blank page.
// Exits non-zero above budget unless --no-enforce. Needs `npx next build` first.
//
//   npx tsx --tsconfig tsconfig.scripts.json bench/bundle/run.ts
//   npx tsx --tsconfig tsconfig.scripts.json bench/bundle/run.ts --no-enforce
//
// Which chunks: every /_next/static/chunks/*.js the HTML names (the <script src> tags and the
// inline RSC payload, which lists the chunks of the client components on the page), except the
// `nomodule` polyfill, which modern browsers skip. The HTML is what the browser acts on, so this
// holds whatever Turbopack's manifests look like in the next Next release.
//
// The blank page: the chunks that every measured page and the 404 page share (their intersection):
// Next's runtime and framework plus the root layout's client components, i.e. what any page of
// this build costs before its own code. The 404 page alone would also count not-found.tsx's own
// client code, should it get some.
import { readdirSync, readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { z } from "zod";
import { type AppServer, assertBuilt, freePort, REPO_ROOT, signInOverHttp, startApp } from "@/tests/support/built-app";

const { values } = parseArgs({
  options: {
    enforce: { type: "boolean", default: true },
  },
  allowNegative: true,
});

type Route = { path: string; signedIn: boolean; budget: number };

const ROUTES: Route[] = [
  { path: "/", signedIn: false, budget: 0.1 },
  { path: "/pricing", signedIn: false, budget: 0.1 },
  { path: "/dashboard", signedIn: true, budget: 0.4 },
  { path: "/history", signedIn: true, budget: 0.4 },
  { path: "/settings", signedIn: true, budget: 0.4 },
];
const NOT_FOUND_PATH = "/bench-bundle-blank-page";
const EMAIL = "bundle-bench@example.com";
// Below this are the Playwright ports (3100–3103) and the usual dev ports.
const MIN_PORT = 3600;

const gzipSizes = new Map<string, number>();

/** Gzip size of a chunk, read from the build output (the server sends these files unchanged). */
function gzipSize(chunk: string): number {
  const known = gzipSizes.get(chunk);
  if (known !== undefined) return known;
  const file = path.join(REPO_ROOT, ".next", chunk.replace(/^\/_next\//, ""));
  const size = gzipSync(readFileSync(file), { level: 9 }).length;
  gzipSizes.set(chunk, size);
  return size;
}

const total = (chunks: Iterable<string>) => [...chunks].reduce((sum, chunk) => sum + gzipSize(chunk), 0);

/** The JS chunks a page loads, from its HTML. */
function chunksOf(html: string): Set<string> {
  const noModule = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*\bnomodule\b[^>]*>/gi) ?? []) {
    const src = tag.match(/\bsrc="([^"]+)"/)?.[1];
    if (src) noModule.add(src);
  }
  // The RSC payload is inside a JS string, so its slashes may be escaped.
  const named = (html.replace(/\\\//g, "/").match(/\/_next\/static\/chunks\/[\w.~-]+\.js/g) ?? []).filter(
    (chunk) => !noModule.has(chunk),
  );
  return new Set(named);
}

async function portAtLeast(minimum: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = await freePort();
    if (port >= minimum) return port;
  }
  throw new Error(`no free port at or above ${minimum}`);
}

async function fetchPage(app: AppServer, route: string, cookie: string | undefined, expected: number): Promise<string> {
  const res = await fetch(`${app.url}${route}`, { redirect: "manual", headers: cookie ? { cookie } : {} });
  const html = await res.text();
  // A redirect (to /login or /onboarding) would measure the wrong page.
  if (res.status !== expected)
    throw new Error(
      `GET ${route} answered ${res.status}, expected ${expected}${res.headers.get("location") ? ` (to ${res.headers.get("location")})` : ""}`,
    );
  return html;
}

async function signInAndOnboard(app: AppServer): Promise<string> {
  const cookie = await signInOverHttp(app.url, EMAIL, "198.18.0.1");
  const res = await fetch(`${app.url}/api/user/onboard`, {
    method: "POST",
    headers: { cookie, origin: app.url, "content-type": "application/json" },
    body: JSON.stringify({ email: EMAIL, emailTime: 20 }),
  });
  if (!res.ok) throw new Error(`POST /api/user/onboard answered ${res.status}: ${await res.text()}`);
  return cookie;
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

/** Project modules (not Next's own) defined in the chunk, else those that need it. */
function contributors(chunk: string, modules: ClientModules | undefined): string {
  if (!modules) return "(no client reference manifest)";
  const source = readFileSync(path.join(REPO_ROOT, ".next", chunk.replace(/^\/_next\//, "")), "utf8");
  const own = Object.entries(modules).filter(([name]) => !name.includes("/node_modules/next/"));
  const name = (key: string) => key.replace(/^\[project\]\//, "").replace(/ <.*>$/, "");
  // Turbopack's chunks push "id, factory" pairs: a module is defined in the chunk holding its id.
  const defined = own
    .filter(([, entry]) => new RegExp(`[,\\[]${entry.id},(?:\\(|[\\w$]+=>|function)`).test(source))
    .map(([key]) => name(key));
  if (defined.length) return [...new Set(defined)].join(", ");
  const needing = own.filter(([, entry]) => entry.chunks.includes(chunk)).map(([key]) => name(key));
  return needing.length ? `shared code of: ${[...new Set(needing)].join(", ")}` : "(no project client module)";
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const percent = (ratio: number) => `${ratio >= 0 ? "+" : ""}${(ratio * 100).toFixed(1)} %`;

async function main(): Promise<boolean> {
  assertBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-bundle-"));
  let app: AppServer | undefined;
  const pages = new Map<string, Set<string>>();
  let notFound: Set<string>;
  try {
    app = await startApp({ port: await portAtLeast(MIN_PORT), env: { DATA_DIR: dataDir } });
    const cookie = await signInAndOnboard(app);
    for (const route of ROUTES)
      pages.set(route.path, chunksOf(await fetchPage(app, route.path, route.signedIn ? cookie : undefined, 200)));
    notFound = chunksOf(await fetchPage(app, NOT_FOUND_PATH, undefined, 404));
  } finally {
    await app?.stop("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }

  const blank = new Set([...notFound].filter((chunk) => [...pages.values()].every((chunks) => chunks.has(chunk))));
  const blankBytes = total(blank);
  console.log("First-load JavaScript (gzip -9) per route, against the blank page of this build");
  console.log(
    `blank page (chunks shared by every measured page and the 404 page): ${blank.size} chunks, ${blankBytes} B (${kb(blankBytes)})`,
  );
  console.log(`404 page alone: ${notFound.size} chunks, ${total(notFound)} B\n`);

  let passed = true;
  const rows = ROUTES.map((route) => {
    const chunks = pages.get(route.path) ?? new Set<string>();
    const bytes = total(chunks);
    const ratio = bytes / blankBytes - 1;
    const ok = ratio <= route.budget;
    if (!ok) passed = false;
    return {
      route: route.path,
      kind: route.signedIn ? "signed in" : "public",
      chunks: chunks.size,
      "gzip bytes": bytes,
      "over blank": bytes - blankBytes,
      ratio: percent(ratio),
      budget: `≤ ${percent(route.budget)}`,
      result: ok ? "ok" : "OVER",
    };
  });
  console.table(rows);

  // What each page adds over the blank page, biggest first.
  for (const route of ROUTES) {
    const extra = [...(pages.get(route.path) ?? [])]
      .filter((chunk) => !blank.has(chunk))
      .sort((a, b) => gzipSize(b) - gzipSize(a));
    if (!extra.length) continue;
    const modules = clientModulesOf(route.path);
    console.log(`\n${route.path}: ${extra.length} chunk(s) over the blank page`);
    for (const chunk of extra)
      console.log(
        `  ${String(gzipSize(chunk)).padStart(7)} B  ${path.basename(chunk)}  ${contributors(chunk, modules)}`,
      );
  }

  const verdict = passed ? "all routes within budget" : "some routes are OVER BUDGET";
  console.log(`\n${verdict}${values.enforce ? "" : " (--no-enforce: not failing)"}`);
  return passed || !values.enforce;
}

process.exitCode = (await main()) ? 0 : 1;
