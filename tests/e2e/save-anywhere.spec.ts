import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpAndOnboard } from "./support";

// Saving from anywhere: the dashboard's bookmarklet run on a page of a local test site, the share
// target of the installed app, the manifest and service worker, and API tokens from Settings.

const ARTICLE_TITLE = "A Local Test Article";
const QUOTE = "Some text worth keeping for later.";

/** No serious or critical axe violations (WCAG 2.1 A/AA) on the page as it is. */
async function expectAccessible(page: Page): Promise<void> {
  const { violations, passes } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(passes.length).toBeGreaterThan(0);
  const failing = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  expect(
    failing.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

let site: Server;
let siteOrigin = "";

test.beforeAll(async () => {
  site = createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(
      `<!doctype html><html><head><title>${ARTICLE_TITLE}</title></head><body><h1>Article</h1><p id="quote">${QUOTE}</p><p>More text.</p></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = site.address();
  if (address === null || typeof address === "string") throw new Error("test site has no port");
  siteOrigin = `http://127.0.0.1:${address.port}`;
});

test.afterAll(() => {
  site.closeAllConnections();
  site.close();
});

test("the bookmarklet saves a page, its title and the selected text in a popup", async ({ page, context }) => {
  await signUpAndOnboard(page);
  const drag = page.getByRole("link", { name: "Save to LinkStash" });
  await expect(drag).toHaveAttribute("href", /^javascript:/);
  const href = (await drag.getAttribute("href")) ?? "";
  // Clicking it on LinkStash itself only explains what to do with it.
  await drag.click();
  await expect(page.getByText(/Drag this button to your bookmarks bar/)).toBeVisible();

  const article = await context.newPage();
  await article.goto(`${siteOrigin}/article?id=7`);
  await article.locator("#quote").selectText();
  const popupOpened = context.waitForEvent("page");
  // What a click on the bookmark does: run its code in the page.
  await article.evaluate(decodeURI(href.slice("javascript:".length)));
  const popup = await popupOpened;
  await expect(popup.getByRole("status")).toHaveText("Saved to LinkStash");
  expect(new URL(popup.url()).pathname).toBe("/save");
  // The reader never left the article, and the popup closes itself.
  expect(article.url()).toBe(`${siteOrigin}/article?id=7`);
  await popup.waitForEvent("close", { timeout: 10_000 });

  await page.goto("/history");
  const item = page.getByRole("listitem").filter({ hasText: ARTICLE_TITLE });
  await expect(item).toBeVisible();
  await expect(item.getByText(QUOTE)).toBeVisible();
  // The title's link (the reader's "Read" link is named after the title too).
  await expect(item.getByRole("link", { name: `${ARTICLE_TITLE} (opens in a new tab)` })).toHaveAttribute(
    "href",
    `${siteOrigin}/article?id=7`,
  );
});

test("another site cannot slip a link into the stash: without the bookmarklet's key, or from another site's page, the page asks first", async ({
  page,
  context,
}) => {
  await signUpAndOnboard(page);
  const todaysUrls = async () => {
    const res = await page.request.get("/api/links/today");
    expect(res.status()).toBe(200);
    const links: { url: string }[] = await res.json();
    return links.map((link) => link.url);
  };
  const confirmation = "Save this link to your stash?";

  // /save opened without the key (or with a wrong one), as any site can open it.
  for (const query of ["", "&key=not-the-key"]) {
    await page.goto(`/save?url=${encodeURIComponent("https://example.test/planted")}&title=Planted${query}`);
    await expect(page.getByRole("status")).toHaveText(confirmation);
    await expect(page.getByRole("button", { name: "Save link" })).toBeVisible();
  }
  await expectAccessible(page);
  expect(await todaysUrls()).toEqual([]);

  // /share reached from another site's page (Sec-Fetch-Site: cross-site) asks too.
  const other = await context.newPage();
  await other.goto(`${siteOrigin}/article?id=9`);
  const shareUrl = new URL(`/share?url=${encodeURIComponent("https://example.test/shared-from-elsewhere")}`, page.url())
    .href;
  await other.evaluate((url) => {
    window.location.href = url;
  }, shareUrl);
  await expect(other.getByRole("status")).toHaveText(confirmation);
  expect(await todaysUrls()).toEqual([]);

  // The user's own click saves, once.
  await other.getByRole("button", { name: "Save link" }).click();
  await expect(other.getByRole("status")).toHaveText("Saved to LinkStash");
  await expect(other.getByRole("button", { name: "Save link" })).toHaveCount(0);
  expect(await todaysUrls()).toEqual(["https://example.test/shared-from-elsewhere"]);
});

test("a signed-out /save asks to sign in and comes back to the same address, to ask before saving", async ({
  page,
}) => {
  const target = `/save?url=${encodeURIComponent("https://example.test/later")}&title=Later`;
  await page.goto(`${target}&key=not-for-an-email`);
  await expect(page).toHaveURL(/\/login\?/);
  // Anyone can start a sign-in for anyone: its return never saves unasked, and the key stays out of the email.
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(`${target}&confirm=1`);
});

test("Share → LinkStash saves the shared URL, the rest of the text as the note", async ({ page }) => {
  await signUpAndOnboard(page);
  const text = "Look at this https://example.test/shared-page";
  await page.goto(`/share?title=${encodeURIComponent("Shared page")}&text=${encodeURIComponent(text)}`);
  await expect(page.getByRole("status")).toHaveText("Saved to LinkStash");
  await expectAccessible(page);
  await page.goto("/dashboard");
  const item = page
    .getByRole("list", { name: "Today's links" })
    .getByRole("listitem")
    .filter({ hasText: "Shared page" });
  await expect(item.getByText("Look at this", { exact: true })).toBeVisible();
  await expect(item.getByRole("link", { name: "Shared page (opens in a new tab)" })).toHaveAttribute(
    "href",
    "https://example.test/shared-page",
  );
});

test("the app is installable: manifest with a share target, icons, a registered service worker", async ({
  page,
  request,
}) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    start_url: "/dashboard",
    display: "standalone",
    share_target: { action: "/share", method: "GET", params: { title: "title", text: "text", url: "url" } },
  });
  const icons: { src: string; sizes: string; purpose: string }[] = manifest.icons;
  for (const size of ["192x192", "512x512"]) {
    for (const purpose of ["any", "maskable"]) {
      const icon = icons.find((entry) => entry.sizes === size && entry.purpose === purpose);
      expect(icon, `${size} ${purpose}`).toBeDefined();
      const image = await request.get(icon?.src ?? "");
      expect(image.headers()["content-type"]).toBe("image/png");
    }
  }

  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  // The page's CSP lets the worker register (worker-src 'self').
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toMatch(/\/$/);
  const offline = await request.get("/offline.html");
  expect(await offline.text()).toContain("You are offline");
});

test("API tokens: created in Settings and shown once, accepted as Bearer, refused once revoked", async ({
  page,
  playwright,
}) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  await page.getByLabel("Token name").fill("My script");
  await page.getByRole("button", { name: "Create token" }).click();
  const secret = (await page.getByLabel("New API token").textContent()) ?? "";
  expect(secret).toMatch(/^lsk_/);
  await expect(page.getByText("it will not be shown again")).toBeVisible();
  await expectAccessible(page);

  // A script: no cookie, no Origin.
  const script = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const saved = await script.post("/api/links", {
    headers: { authorization: `Bearer ${secret}` },
    data: { url: "https://example.test/api" },
  });
  expect(saved.status()).toBe(201);

  await page.reload();
  const tokens = page.getByRole("list", { name: "Your API tokens" });
  await expect(tokens.getByText("My script")).toBeVisible();
  await expect(page.getByLabel("New API token")).toHaveCount(0);
  await page.getByRole("button", { name: "Revoke token My script" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("status").filter({ hasText: 'Token "My script" revoked.' })).toBeVisible();
  const refused = await script.get("/api/links/today", { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  await script.dispose();
});
