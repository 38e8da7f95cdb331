import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium, expect, test, type BrowserContext, type Page, type Worker } from "@playwright/test";
import { portBase } from "../../playwright.config";
import { freePort, REPO_ROOT, signInOverHttp, startApp, type AppServer } from "../support/built-app";
import { signUpAndOnboard, uniqueEmail } from "./support";

// The browser extension (extension/, decision 0323), built by npm run extension:build and loaded
// unpacked into Chromium: connecting through the app's connect page, saving from the popup and
// through the background's message handler, the badge, and the offline queue against a second
// server of the test's own that is stopped and started again.

const APP_URL = `http://localhost:${portBase}`;
const UNPACKED = path.join(REPO_ROOT, "extension", "dist", "chromium");
// Pages to save, served by the test under a name of their own.
const PAGES_HOST = "pages.example";

test.describe.configure({ mode: "serial" });

let context: BrowserContext;
let worker: Worker;
let extensionId: string;
let pages: Server;
let pagesOrigin: string;
let page: Page;

const extensionPage = (name: string) => `chrome-extension://${extensionId}/${name}`;

type Message = Record<string, unknown>;

/** What the background answers a runtime message sent from one of the extension's pages. */
async function send(from: Page, message: Message): Promise<Record<string, unknown>> {
  return from.evaluate((sent) => chrome.runtime.sendMessage<Message, Record<string, unknown>>(sent), message);
}

async function tabIdOf(url: string): Promise<number> {
  const id = await worker.evaluate(
    async (wanted) => (await chrome.tabs.query({})).find((tab) => tab.url === wanted)?.id,
    url,
  );
  if (id === undefined) throw new Error(`no tab shows ${url}`);
  return id;
}

const badgeOf = (tabId: number) => worker.evaluate((id) => chrome.action.getBadgeText({ tabId: id }), tabId);

test.beforeAll(async () => {
  execFileSync("npm", ["run", "--silent", "extension:build"], { cwd: REPO_ROOT, stdio: "pipe" });
  const pagesPort = await freePort();
  pagesOrigin = `http://${PAGES_HOST}:${pagesPort}`;
  pages = createServer((req, res) => {
    const name = (req.url ?? "/").slice(1) || "home";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>A page about ${name}</title><h1>${name}</h1><a href="/linked-${name}">linked</a>`);
  });
  await new Promise<void>((resolve) => pages.listen(pagesPort, "127.0.0.1", resolve));
  context = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), "linkstash-extension-")), {
    executablePath: "/usr/bin/chromium",
    headless: true,
    baseURL: APP_URL,
    args: [
      "--no-sandbox",
      `--disable-extensions-except=${UNPACKED}`,
      `--load-extension=${UNPACKED}`,
      `--host-resolver-rules=MAP ${PAGES_HOST} 127.0.0.1`,
    ],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  extensionId = new URL(worker.url()).host;
  page = await context.newPage();
});

test.afterAll(async () => {
  await context?.close();
  pages?.close();
});

test("connects through the app's connect page: a token of its own, listed in Settings", async () => {
  await signUpAndOnboard(page, uniqueEmail("extension"));
  await page.goto(extensionPage("options.html"));
  await expect(page.getByRole("status")).toHaveText("Not connected to a LinkStash yet.");
  await page.getByLabel("Your LinkStash address").fill(APP_URL);
  const [connectTab] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Connect" }).click(),
  ]);
  await expect(connectTab.getByRole("heading", { name: "Connect the browser extension" })).toBeVisible();
  await expect(connectTab.getByText("Browser extension (Chromium)")).toBeVisible();
  // The page names the asking extension by its id, for the user to compare with the browser's list.
  await expect(connectTab.getByText(extensionId, { exact: true })).toBeVisible();
  await connectTab.setViewportSize({ width: 390, height: 844 });
  await connectTab.screenshot({
    path: path.join(test.info().project.outputDir, "screens", "extension-connect-phone.png"),
    animations: "disabled",
  });
  await connectTab.getByRole("button", { name: "Connect" }).click();
  await expect(connectTab).toHaveURL(extensionPage("connected.html"));
  await expect(connectTab.getByRole("status")).toHaveText(
    `Connected to ${APP_URL}. You can close this tab and save pages with the LinkStash button.`,
  );
  await connectTab.close();
  await expect(page.getByRole("status")).toHaveText(`Connected to ${APP_URL}.`);
  // The instruction to finish in the other tab is gone with it.
  await expect(page.locator("#message")).toHaveText("");

  const stored = await worker.evaluate(() => chrome.storage.local.get(["serverUrl", "token", "connectState"]));
  expect(stored.serverUrl).toBe(APP_URL);
  expect(stored.token).toMatch(/^lsk_[A-Za-z0-9_-]{43}$/);
  expect(stored.connectState).toBeUndefined();

  await page.goto("/settings");
  await expect(page.getByRole("list", { name: "Your API tokens" })).toContainText("Browser extension (Chromium)");
});

test("a handover the extension did not start is ignored", async () => {
  const before = await worker.evaluate(() => chrome.storage.local.get("token"));
  const forged = await context.newPage();
  await forged.goto(`${extensionPage("connected.html")}#token=lsk_${"A".repeat(43)}&state=${"s".repeat(20)}`);
  await expect(forged.getByRole("status")).toContainText("was not started from this extension");
  expect(new URL(forged.url()).hash).toBe("");
  expect(await worker.evaluate(() => chrome.storage.local.get("token"))).toEqual(before);
  await forged.close();
});

test("saves the tab in view from the popup, with notes and up to 3 categories, custom ones included", async () => {
  const created = await page.request.post("/api/categories", {
    data: { name: "Recipes" },
    headers: { origin: APP_URL },
  });
  expect(created.status()).toBe(201);
  const tab = await context.newPage();
  const url = `${pagesOrigin}/popup`;
  await tab.goto(url);
  const tabId = await tabIdOf(url);
  expect(await badgeOf(tabId)).toBe("");

  const popup = await context.newPage();
  await popup.goto(extensionPage("popup.html"));
  await expect(popup.getByText(url)).toBeVisible();
  await expect(popup.getByLabel("Title")).toHaveValue("A page about popup");
  await popup.getByLabel("Notes").fill("For the train");
  const group = popup.getByRole("group", { name: "Categories" });
  await expect(group.getByRole("button", { name: "Recipes" })).toBeVisible();
  await expect(popup.getByText("None selected: the link is saved as Uncategorized.")).toBeVisible();
  for (const name of ["Recipes", "News", "Work"]) await group.getByRole("button", { name }).click();
  await expect(group.getByRole("button", { name: "Video" })).toHaveAttribute("aria-disabled", "true");
  // A blocked button stays focusable (aria-disabled), so a keyboard user learns why.
  await group.getByRole("button", { name: "Video" }).focus();
  await popup.keyboard.press("Enter");
  await expect(popup.getByRole("status")).toHaveText(
    "Maximum categories reached. You can only select up to 3 categories per link",
  );
  await expect(group.getByRole("button", { name: "Video" })).toHaveAttribute("aria-pressed", "false");
  await expect(popup.getByText("Primary: Recipes; also News, Work (3 of 3)")).toBeVisible();

  // No serious or critical accessibility problem (as tests/e2e/accessibility.spec.ts checks the app's pages).
  const { violations } = await new AxeBuilder({ page: popup })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);

  // The popup at its real size, for the README's gallery.
  await popup.setViewportSize({ width: 360, height: await popup.evaluate(() => document.body.scrollHeight) });
  await popup.screenshot({
    path: path.join(test.info().project.outputDir, "screens", "extension-popup.png"),
    animations: "disabled",
  });

  await popup.getByRole("button", { name: "Save", exact: true }).click();
  await expect(popup.getByRole("status")).toHaveText("Saved to LinkStash.");

  const found = await page.request.get(`/api/links/lookup?url=${encodeURIComponent(url)}`);
  const { link } = await found.json();
  expect(link).toMatchObject({
    url,
    title: "A page about popup",
    notes: "For the train",
    categories: ["Recipes", "News", "Work"],
  });
  // The page's tab is already badged.
  await expect.poll(() => badgeOf(tabId)).toBe("✓");
  await popup.close();
  await tab.close();
});

test("the message handler saves, says when a link was already saved today, and passes the server's errors on", async () => {
  await page.goto(extensionPage("options.html"));
  const url = `${pagesOrigin}/by-message`;
  const first = await send(page, { type: "save", url, title: "By message", categories: ["Blog"] });
  expect(first).toMatchObject({
    ok: true,
    alreadySaved: false,
    link: { url, title: "By message", categories: ["Blog"] },
  });
  const again = await send(page, { type: "save", url });
  expect(again).toMatchObject({ ok: true, alreadySaved: true, link: { url } });
  expect(await send(page, { type: "save", url: "not a link" })).toEqual({
    ok: false,
    code: "validation_failed",
    message: "Please enter a valid website address",
  });
  expect(await send(page, { type: "save", url, categories: ["News", "Work", "Blog", "Video"] })).toEqual({
    ok: false,
    code: "validation_failed",
    message: "You can select up to 3 categories",
  });
  expect(await send(page, { type: "save" })).toMatchObject({ ok: false, code: "validation_failed" });

  const history = await (await page.request.get(`/api/links/history?q=${encodeURIComponent("by-message")}`)).json();
  expect(history.filter((link: { url: string }) => link.url === url)).toHaveLength(1);
});

test("the badge marks a tab whose page is already stashed, and clears when it moves on", async () => {
  const tab = await context.newPage();
  await tab.goto(`${pagesOrigin}/by-message`);
  const tabId = await tabIdOf(`${pagesOrigin}/by-message`);
  const titleOf = () => worker.evaluate((id) => chrome.action.getTitle({ tabId: id }), tabId);
  await expect.poll(() => badgeOf(tabId)).toBe("✓");
  await expect.poll(titleOf).toBe("Already in your LinkStash");
  await tab.goto(`${pagesOrigin}/never-saved`);
  await expect.poll(() => badgeOf(tabId)).toBe("");
  await expect.poll(titleOf).toBe("Save to LinkStash");
  await tab.close();
});

test("the token routes answer an extension's preflight without credentials; the session routes do not", async () => {
  const origin = `chrome-extension://${extensionId}`;
  const preflight = await fetch(`${APP_URL}/api/links`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
  });
  expect(preflight.status).toBeLessThan(300);
  expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  expect(preflight.headers.get("access-control-allow-headers")).toMatch(/authorization/i);
  expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
  const session = await fetch(`${APP_URL}/api/tokens`, { headers: { origin } });
  expect(session.status).toBe(401);
  expect(session.headers.get("access-control-allow-origin")).toBeNull();
});

/** A reverse proxy that counts the saves it passes on: what the server was sent, repeats included. */
function countingProxy(target: string): { server: Server; saves: () => number } {
  let saves = 0;
  const server = createServer((req, res) => {
    if (req.method === "POST" && req.url === "/api/links") saves += 1;
    const upstream = request(
      new URL(req.url ?? "/", target),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return { server, saves: () => saves };
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

test("offline: saves wait in the queue while the server is down and arrive once each when it is back", async () => {
  test.setTimeout(240_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "linkstash-extension-queue-"));
  const appPort = await freePort();
  const proxyPort = await freePort();
  const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
  let app: AppServer | null = await startApp({ port: appPort, env });
  try {
    const ip = "198.51.100.77";
    const cookie = await signInOverHttp(app.url, uniqueEmail("queue"), ip);
    const created = await fetch(`${app.url}/api/tokens`, {
      method: "POST",
      headers: { cookie, origin: app.url, "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ name: "Queue test" }),
    });
    const { secret }: { secret: string } = await created.json();
    const proxy = countingProxy(app.url);
    const serverUrl = `http://127.0.0.1:${proxyPort}`;
    await worker.evaluate((items) => chrome.storage.local.set(items), { serverUrl, token: secret });

    // Down: the app stopped, nothing listening where the extension sends.
    await app.stop();
    app = null;
    await page.goto(extensionPage("options.html"));
    const urls = [`${pagesOrigin}/offline-one`, `${pagesOrigin}/offline-two`];
    for (const url of urls) {
      expect(await send(page, { type: "save", url })).toEqual({
        ok: true,
        queued: true,
        message: "Saved offline: it will be sent to LinkStash when the server can be reached.",
      });
    }
    const queued = await worker.evaluate(() => chrome.storage.local.get("queue"));
    expect(queued.queue).toHaveLength(2);

    // Back: the same data, the same address.
    app = await startApp({ port: appPort, env });
    await listen(proxy.server, proxyPort);
    // Three flushes asked at once (as an alarm, a start-up and a save might): each save is sent once.
    const answers = await Promise.all([1, 2, 3].map(() => send(page, { type: "flush" })));
    expect(answers.every((answer) => answer.ok === true && answer.waiting === 0)).toBe(true);
    expect(proxy.saves()).toBe(2);
    const history = await fetch(`${app.url}/api/links/history`, { headers: { authorization: `Bearer ${secret}` } });
    const links: { url: string }[] = await history.json();
    expect(links.map((link) => link.url).sort()).toEqual([...urls].sort());
    expect((await worker.evaluate(() => chrome.storage.local.get("queue"))).queue).toEqual([]);
    await close(proxy.server);
  } finally {
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
