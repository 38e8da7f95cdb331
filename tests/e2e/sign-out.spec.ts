import { createServer, type Server } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { articlePagesPort } from "../../playwright.config";
import { snap } from "./screen-helpers";
import { openSignInLink, signInLink, signUpAndOnboard, uniqueEmail } from "./support";

// Signing out in a browser that keeps reader pages offline (public/sw.js), the logout endpoint's
// refusals, the worker's refill of those pages, and a sign-in that returns to /share/.

const READER_CACHE = "linkstash-reader-v2";
const articleOrigin = `http://127.0.0.1:${articlePagesPort}`;

function article(title: string): string {
  const paragraphs = Array.from(
    { length: 30 },
    (_, i) => `<p>${`${title} has a long story to tell. `.repeat(6)} Part ${i + 1}.</p>`,
  );
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
    <article><h1>${title}</h1>${paragraphs.join("\n")}</article></body></html>`;
}

// The article pages, and a page of another site linking to the app's logout endpoint.
let server: Server;
let appOrigin = "";

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", articleOrigin).pathname;
    if (path === "/elsewhere") {
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(`<!doctype html><title>Elsewhere</title><a href="${appOrigin}/api/logout">Win a prize</a>`);
      return;
    }
    const title = path === "/second" ? "The Second Story" : path === "/third" ? "The Third Story" : "The Quiet Harbour";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(article(title));
  });
  await new Promise<void>((resolve) => server.listen(articlePagesPort, "127.0.0.1", resolve));
});

test.afterAll(() => {
  server.closeAllConnections();
  server.close();
});

test.beforeEach(({ baseURL }) => {
  appOrigin = baseURL ?? "";
});

/** Saves an article page on the dashboard and returns its reader path. */
async function save(page: Page, path: string): Promise<string> {
  const url = `${articleOrigin}${path}`;
  await page.getByLabel("URL").fill(url);
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(page.getByText("Link saved successfully!", { exact: true }).first()).toBeVisible();
  const item = page
    .getByRole("list", { name: "Today's links" })
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href="${url}"]`) });
  return (await item.getByRole("link", { name: /^Read / }).getAttribute("href")) ?? "";
}

/** Saves an article page and returns its reader path, once its article is ready. */
async function saveAndRead(page: Page, path: string, title: string): Promise<string> {
  await page.goto("/dashboard");
  const readPath = await save(page, path);
  await page.goto(readPath);
  // Extracted by the page-work runner after the save, in an extractor child that may be starting.
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 30_000 });
  return readPath;
}

/** The reader paths the worker holds. */
function cachedReaderPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const requests = await (await caches.open(name)).keys();
    return requests.map((request) => new URL(request.url).pathname).filter((path) => path.startsWith("/read/"));
  }, READER_CACHE);
}

/** Visits the dashboard and waits until the worker holds these reader pages. */
async function dashboardKeeps(page: Page, paths: string[]): Promise<void> {
  await page.goto("/dashboard");
  await expect.poll(async () => (await cachedReaderPaths(page)).sort(), { timeout: 60_000 }).toEqual([...paths].sort());
}

async function signOutFromAccountMenu(page: Page, email: string): Promise<void> {
  await page.getByRole("button", { name: `Account menu for ${email}` }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
}

/** What anyone using the browser sees offline: the reader page and the offline page. */
async function expectNothingPrivateOffline(page: Page, readPath: string, secrets: string[]): Promise<void> {
  await page.goto(readPath);
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Read offline" })).toHaveCount(0);
  const text = (await page.content()).toLowerCase();
  for (const secret of secrets) expect(text, secret).not.toContain(secret.toLowerCase());
}

/** A sign-in link for `email`, asked for from another browser (nothing of it touches this one). */
async function signInLinkFromElsewhere(browser: Browser, baseURL: string, email: string): Promise<string> {
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await other.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250) + 1}` });
  await other.goto("/login");
  await other.getByLabel(/email/i).fill(email);
  await other.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(other.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const link = await signInLink(other, email);
  await context.close();
  return link;
}

// Repro: open the dashboard and a reader page, sign out from the account menu; offline, anyone using
// the browser opened /read/<id> and saw the whole page (the user's address, their notes) and the
// offline page listed their titles.
test("signing out from the account menu leaves nothing of the user to read offline, and keeps the theme", async ({
  page,
  context,
}) => {
  test.slow();
  const email = await signUpAndOnboard(page);
  const readPath = await saveAndRead(page, "/harbour", "The Quiet Harbour");
  await dashboardKeeps(page, [readPath]);
  await page.evaluate(() => window.localStorage.setItem("linkstash-theme", "dark"));

  await signOutFromAccountMenu(page, email);
  // The browser's copies went with the session; the theme choice stayed.
  expect(await cachedReaderPaths(page)).toEqual([]);
  expect(await page.evaluate(() => window.localStorage.getItem("linkstash-theme"))).toBe("dark");

  await context.setOffline(true);
  await expectNothingPrivateOffline(page, readPath, [email, "The Quiet Harbour", "long story to tell"]);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Read offline" })).toHaveCount(0);
  await context.setOffline(false);
});

// The reader cache belongs to the user who filled it: another user signing in on the same browser
// (here straight from a sign-in link, without signing out first) never gets those pages.
test("another user signing in on the same browser never gets the first user's reader pages", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.slow();
  const first = await signUpAndOnboard(page);
  const readPath = await saveAndRead(page, "/harbour", "The Quiet Harbour");
  await dashboardKeeps(page, [readPath]);

  const second = uniqueEmail("second");
  await openSignInLink(page, await signInLinkFromElsewhere(browser, baseURL ?? "", second));
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect.poll(() => cachedReaderPaths(page), { timeout: 30_000 }).toEqual([]);

  await context.setOffline(true);
  await expectNothingPrivateOffline(page, readPath, [first, "The Quiet Harbour", "long story to tell"]);
  await context.setOffline(false);
});

// Repro: every dashboard visit made the worker fetch every kept reader page again.
test("a dashboard visit fetches only the reader pages the worker does not hold yet", async ({ page, context }) => {
  test.slow();
  await signUpAndOnboard(page);
  const kept = [
    await saveAndRead(page, "/harbour", "The Quiet Harbour"),
    await saveAndRead(page, "/second", "The Second Story"),
  ];
  await dashboardKeeps(page, kept);

  const fetched: string[] = [];
  context.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (request.serviceWorker() && path.startsWith("/read/")) fetched.push(path);
  });
  // A visit with nothing new, then one with a single new link: the worker handles the lists in
  // order, so once the new page is held the first visit's list is done too.
  await page.goto("/dashboard");
  const thirdPath = await save(page, "/third");
  // Only ready articles are kept, and the list is sent on a dashboard visit: visit once it is ready
  // (asked outside the browser, so the worker sees no request for it).
  const thirdArticle = `/api/links/${thirdPath.split("/").pop() ?? ""}/article`;
  await expect
    .poll(async () => ((await (await page.request.get(thirdArticle)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe("ready");
  await dashboardKeeps(page, [...kept, thirdPath]);
  expect(fetched).toEqual([thirdPath]);
});

// Repro: an <img src="{APP_URL}/api/logout"> (in an article, or on any site) signed the user out,
// and so did a link from another site.
test("logout ignores an image and asks first when another site links to it", async ({ page }) => {
  test.slow();
  const email = await signUpAndOnboard(page);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const image = new Image();
        image.onload = image.onerror = () => resolve();
        image.src = "/api/logout";
      }),
  );
  await page.reload();
  await expect(page.getByRole("button", { name: `Account menu for ${email}` })).toBeVisible();

  await page.goto(`${articleOrigin}/elsewhere`);
  await page.getByRole("link", { name: "Win a prize" }).click();
  await expect(page).toHaveURL(/\/sign-out$/);
  await expect(page.getByRole("heading", { name: "Sign out of LinkStash?" })).toBeVisible();
  await expect(page.getByRole("main").getByText(email)).toBeVisible();
  // At phone width: no serious or critical axe violations, nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical")).toEqual(
    [],
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, "phone", "sign-out", "confirm");
  await page.getByRole("link", { name: "Stay signed in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto(`${articleOrigin}/elsewhere`);
  await page.getByRole("link", { name: "Win a prize" }).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
});

// Repro: a sign-in link asked for with callbackUrl=/share/?url=… (a trailing slash) landed on /share
// and saved the link without asking.
test("a sign-in that returns to /share/ asks before saving", async ({ page }) => {
  test.slow();
  const email = await signUpAndOnboard(page);
  await signOutFromAccountMenu(page, email);
  const planted = "https://example.test/planted-through-sign-in";
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/share/?url=${encodeURIComponent(planted)}`)}`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  // The second sign-in email (the first one's link is used up).
  await expect
    .poll(async () => {
      const res = await page.request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(email)}`);
      const messages: { subject: string }[] = await res.json();
      return messages.filter((message) => /Sign in/.test(message.subject)).length;
    })
    .toBe(2);
  await openSignInLink(page, await signInLink(page, email));
  await expect(page).toHaveURL(/\/share\?/);
  await expect(page.getByRole("status")).toHaveText("Save this link to your stash?");
  const today: { url: string }[] = await (await page.request.get("/api/links/today")).json();
  expect(today.map((link) => link.url)).toEqual([]);
});
