// Signed-in navigation as a user feels it: the built app (`next start`, fresh embedded database), a
// user signed in through the magic link with a few links, and Chromium clicking the header's links
// (and Settings through the account menu) at desktop width. Each figure is the time from the click to
// the new page's h1 being in the document, measured inside the page. A first round warms the server
// and is not counted. Prints the median and 90th percentile per destination and over all clicks.
// Needs `npx next build` first.
//
//   npm run bench:navigation
//   npm run bench:navigation -- --rounds 10
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { type AppServer, assertBuilt, freePort, signInOverHttp, startApp } from "@/tests/support/built-app";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    chrome: { type: "string", default: "/usr/bin/chromium" },
  },
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50) throw new Error("--rounds must be an integer from 1 to 50");

type Step = { to: string; heading: string; click: (page: Page) => Promise<void> };

const headerLink = (name: string) => async (page: Page) => {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
};

// One round: every signed-in page once, back to where it started.
const STEPS: Step[] = [
  { to: "/history", heading: "Link History", click: headerLink("History") },
  { to: "/invitations", heading: "Invite Friends", click: headerLink("Invites") },
  { to: "/dashboard", heading: "Today's Stash", click: headerLink("Dashboard") },
  {
    to: "/settings",
    heading: "Settings",
    click: async (page) => {
      await page.getByRole("button", { name: /^Account menu for/ }).click();
      await page.getByRole("menuitem", { name: "Settings" }).click();
    },
  },
  { to: "/pricing", heading: "Pricing", click: headerLink("Pricing") },
  { to: "/dashboard", heading: "Today's Stash", click: headerLink("Dashboard") },
];

/**
 * Waits in the page for an h1 reading `heading`, timed from the last click before it (for Settings,
 * the menu item's). A string, not a function: tsx would wrap the function's inner names in a helper
 * the page does not have.
 */
function headingWatch(heading: string): string {
  return `new Promise((resolve, reject) => {
    let start = null;
    const onClick = () => { start = performance.now(); };
    document.addEventListener("click", onClick, { capture: true });
    const observer = new MutationObserver(() => {
      const found = Array.from(document.querySelectorAll("h1")).some((h1) => h1.textContent.trim() === ${JSON.stringify(heading)});
      if (!found || start === null) return;
      observer.disconnect();
      document.removeEventListener("click", onClick, { capture: true });
      resolve(performance.now() - start);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    setTimeout(() => reject(new Error("no heading within 30 s")), 30000);
  })`;
}

/** Milliseconds from the click to the new page's heading. */
async function timeStep(page: Page, step: Step): Promise<number> {
  const measured = page.evaluate<number>(headingWatch(step.heading));
  await step.click(page);
  const ms = await measured;
  if (new URL(page.url()).pathname !== step.to) throw new Error(`expected ${step.to}, at ${page.url()}`);
  return ms;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function seedUser(app: AppServer): Promise<string> {
  const email = "navigation@example.com";
  const address = "198.18.0.2";
  const cookie = await signInOverHttp(app.url, email, address);
  const headers = { cookie, origin: app.url, "content-type": "application/json", "x-forwarded-for": address };
  const post = async (route: string, body: object) => {
    const res = await fetch(`${app.url}${route}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${route} answered ${res.status}: ${await res.text()}`);
  };
  await post("/api/user/onboard", { email, emailTime: 20, timezone: "UTC" });
  // Names that cannot resolve: the title fetch fails at once and nothing leaves the machine.
  for (let i = 0; i < 5; i++) await post("/api/links", { url: `https://navigation.invalid/page-${i}` });
  return cookie;
}

async function main(): Promise<void> {
  assertBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-navigation-"));
  let app: AppServer | undefined;
  const browser = await chromium.launch({
    executablePath: values.chrome,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
  });
  try {
    app = await startApp({ port: await freePort(), env: { DATA_DIR: dataDir } });
    const cookie = await seedUser(app);
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name = "", ...rest] = pair.split("=");
        return { name, value: rest.join("="), url: app?.url ?? "" };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${app.url}/dashboard`);
    await page.getByRole("heading", { name: "Today's Stash", level: 1 }).waitFor();

    const samples = new Map<string, number[]>();
    for (let round = 0; round <= rounds; round++) {
      for (const step of STEPS) {
        const ms = await timeStep(page, step);
        if (round === 0) continue;
        samples.set(step.to, [...(samples.get(step.to) ?? []), ms]);
      }
    }
    const all = [...samples.values()].flat().sort((a, b) => a - b);
    const rows = [...samples.entries()].map(([to, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return {
        to,
        clicks: sorted.length,
        "median ms": Math.round(percentile(sorted, 50)),
        "p90 ms": Math.round(percentile(sorted, 90)),
      };
    });
    rows.push({
      to: "all",
      clicks: all.length,
      "median ms": Math.round(percentile(all, 50)),
      "p90 ms": Math.round(percentile(all, 90)),
    });
    console.log(
      `\nSigned-in navigation, click to the new page's h1 (Chromium, 1280x800, ${rounds} rounds after a warm-up round)`,
    );
    console.table(rows);
  } finally {
    await browser.close();
    await app?.stop("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
