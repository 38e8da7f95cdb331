// Lighthouse on the built app: `next start` on a fresh embedded database, a user signed in through
// the magic link and onboarded with a few links, then Lighthouse (desktop preset by default, or
// mobile) on /, /pricing and the signed-in /dashboard (its session cookie as an extra header) in
// Chromium, --runs times per page (3 by default; the run with the median performance score counts,
// as Lighthouse's docs advise against its run-to-run variance). Prints the four category scores
// per page; exits non-zero below performance 95, accessibility 100 or best practices 95. Needs
// `npx next build` first.
//
//   npm run bench:lighthouse
//   npm run bench:lighthouse -- --preset mobile --chrome /usr/bin/chromium --report-dir /tmp/lighthouse
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse, { defaultConfig, desktopConfig } from "lighthouse";
import { type Browser, launchChromium } from "@/bench/support/chromium";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";

const { values } = parseArgs({
  options: {
    preset: { type: "string", default: "desktop" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
    runs: { type: "string", default: "3" },
    /** A directory for the full reports (one JSON per page), to read what an audit found. */
    "report-dir": { type: "string" },
  },
});
if (values.preset !== "desktop" && values.preset !== "mobile") throw new Error("--preset must be desktop or mobile");
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new Error("--runs must be an integer from 1 to 9");

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const BUDGETS: { category: Category; min: number }[] = [
  { category: "performance", min: 95 },
  { category: "accessibility", min: 100 },
  { category: "best-practices", min: 95 },
];
/** A user who has signed in, onboarded and saved a few links, as someone opening the dashboard. */
async function dashboardUser(app: AppServer): Promise<string> {
  const email = "lighthouse@example.com";
  const address = "198.18.0.1";
  const cookie = await signInOverHttp(app.url, email, address);
  const headers = { cookie, origin: app.url, "content-type": "application/json", "x-forwarded-for": address };
  const post = async (path: string, body: object) => {
    const res = await fetch(`${app.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  };
  await post("/api/user/onboard", { email, emailTime: 20, timezone: "UTC" });
  // Names that cannot resolve: the title fetch fails at once and nothing leaves the machine.
  for (const [i, category] of ["Article", "Tools", "News"].entries()) {
    await post("/api/links", {
      url: `https://lighthouse.invalid/page-${i}`,
      notes: `A note on page ${i}`,
      categories: [category],
    });
  }
  return cookie;
}

type Scores = Record<Category, number>;

async function audit(url: string, port: number, cookie: string | null): Promise<Scores> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    values.preset === "desktop" ? desktopConfig : defaultConfig,
  );
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  const reportDir = values["report-dir"];
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(
      path.join(reportDir, `${new URL(url).pathname.slice(1) || "home"}.json`),
      JSON.stringify(lhr, null, 1),
    );
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
  if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}`);
  const score = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const failing = Object.values(lhr.audits)
    .filter(
      (entry) =>
        entry.score !== null &&
        entry.score < 1 &&
        entry.scoreDisplayMode !== "informative" &&
        entry.scoreDisplayMode !== "manual",
    )
    .map((entry) => `${entry.id} (${Math.round((entry.score ?? 0) * 100)})`);
  if (failing.length) console.log(`${url}: audits below 100: ${failing.join(", ")}`);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
  };
}

async function main(): Promise<boolean> {
  assertBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-lighthouse-"));
  const profileDir = mkdtempSync(path.join(tmpdir(), "linkstash-lighthouse-chromium-"));
  let app: AppServer | undefined;
  let browser: Browser | undefined;
  try {
    app = await startApp({ port: await freePort(), env: { DATA_DIR: dataDir } });
    const cookie = await dashboardUser(app);
    browser = await launchChromium(values.chrome, profileDir);
    const pages = [
      { path: "/", cookie: null },
      { path: "/pricing", cookie: null },
      { path: "/dashboard", cookie },
    ];
    // A deployed app is warm: the first request of each page is not what visitors wait for.
    for (const page of pages)
      await fetch(`${app.url}${page.path}`, { headers: page.cookie ? { cookie: page.cookie } : {} }).then((res) =>
        res.text(),
      );
    const rows = [];
    for (const page of pages) {
      const samples: Scores[] = [];
      for (let run = 0; run < runs; run += 1)
        samples.push(await audit(`${app.url}${page.path}`, browser.port, page.cookie));
      samples.sort((a, b) => a.performance - b.performance);
      const scores = samples[Math.floor(samples.length / 2)];
      if (!scores) throw new Error("no Lighthouse run");
      const passed = BUDGETS.every(({ category, min }) => scores[category] >= min);
      rows.push({ page: page.path, ...scores, result: passed ? "pass" : "FAIL" });
    }
    console.log(
      `\nLighthouse 12 (${values.preset} preset, median of ${runs} run(s)) on the built app, Chromium headless; budgets: performance ≥ 95, accessibility 100, best practices ≥ 95`,
    );
    console.table(rows);
    return rows.every((row) => row.result === "pass");
  } finally {
    browser?.stop();
    await app?.stop("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  }
}

process.exitCode = (await main()) ? 0 : 1;
