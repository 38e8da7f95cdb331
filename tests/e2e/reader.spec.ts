import { createServer, type Server } from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { articlePagesPort } from "../../playwright.config";
import { manySmallElementsPage } from "../support/hostile-pages";
import { snap } from "./screen-helpers";
import { latestEmail, signUpAndOnboard } from "./support";

// The reader (/read/[id]): a locally served article page is saved, extracted after the save and read
// in LinkStash; its text size and theme are remembered; the digest links to it with its reading time.

const origin = `http://127.0.0.1:${articlePagesPort}`;
const sentence = "Slow reading lets the lighthouse keeper notice every ship on the horizon. ";
const ARTICLE = `<!doctype html><html lang="en"><head><title>The Lighthouse Keeper</title>
  <meta name="author" content="Mara Quill"><meta name="description" content="A year at the edge of the sea.">
  </head><body><nav><a href="/">Home</a> <a href="/subscribe">Subscribe now</a></nav>
  <article><h1>The Lighthouse Keeper</h1>
  ${Array.from({ length: 30 }, (_, i) => `<p>${sentence.repeat(5)} Chapter ${i + 1}.</p>`).join("\n")}
  <script>document.title = "hijacked"</script></article><footer>Ads and more ads</footer></body></html>`;

let server: Server;

test.beforeAll(async () => {
  const tooComplex = manySmallElementsPage();
  server = createServer((req, res) => {
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(req.url === "/too-complex" ? tooComplex : ARTICLE);
  });
  await new Promise<void>((resolve) => server.listen(articlePagesPort, "127.0.0.1", resolve));
});

test.afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function saveArticle(page: Page, path: string): Promise<void> {
  await page.getByLabel("URL").fill(`${origin}${path}`);
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(page.getByText("Link saved successfully!", { exact: true }).first()).toBeVisible();
}

test("save a local article, read it, change the text size and theme, mark it read", async ({ page }) => {
  // Sign-up, extraction after the save, an axe audit and a reload: more than the default minute on a busy machine.
  test.slow();
  await signUpAndOnboard(page);
  await saveArticle(page, "/lighthouse");
  const item = page.getByRole("list", { name: "Today's links" }).getByRole("listitem").first();
  await item.getByRole("link", { name: /^Read / }).click();
  await expect(page).toHaveURL(/\/read\/[\w-]+$/);

  // Extracted after the save, in an extractor child that may be starting; the page asks again while
  // it is pending.
  await expect(page.getByRole("heading", { level: 1, name: "The Lighthouse Keeper" })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText("Mara Quill")).toBeVisible();
  await expect(page.getByText(/\d+ min read/)).toBeVisible();
  await expect(page.getByText("Chapter 30.", { exact: false })).toBeVisible();
  await expect(page.getByText("Subscribe now")).toHaveCount(0);
  await expect(page.getByText("Ads and more ads")).toHaveCount(0);
  // The app's own title, not the article's ("hijacked"); waited for, as Next streams a page's title
  // after its body and the audit below checks that the document has one.
  await expect(page).toHaveTitle("Read · LinkStash");
  await expect(page.getByRole("link", { name: `Original: ${origin}/lighthouse` })).toHaveAttribute(
    "href",
    `${origin}/lighthouse`,
  );

  // The save's toast follows to this page; audited while it fades, its text is half transparent.
  await expect(page.getByText("Link saved successfully!", { exact: true })).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);

  await page.getByRole("button", { name: "Extra large" }).click();
  await expect(page.getByRole("button", { name: "Extra large" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator("html")).toHaveAttribute("data-reader-size", "x-large");
  const fontSize = () => page.locator(".reader-content").evaluate((node) => getComputedStyle(node).fontSize);
  expect(await fontSize()).toBe("24px");

  await page.getByRole("button", { name: "Dark", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(page.getByRole("button", { name: "Extra large" })).toHaveAttribute("aria-pressed", "true");
  expect(await fontSize()).toBe("24px");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.getByRole("button", { name: "Light", exact: true }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);

  await page.getByRole("button", { name: "Mark as read", exact: true }).click();
  await expect(page.getByRole("button", { name: "Mark as unread" })).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/(dashboard|history)$/);
});

test("a page too complex to read stays a link, and the reader says why", async ({ page }) => {
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndOnboard(page);
  await saveArticle(page, "/too-complex");
  const item = page.getByRole("list", { name: "Today's links" }).getByRole("listitem").first();
  await item.getByRole("link", { name: /^Read / }).click();
  await expect(page.getByText("This page is not available as an article: too complex to read.")).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("link", { name: "Open the original page" })).toHaveAttribute(
    "href",
    `${origin}/too-complex`,
  );
  await snap(page, "phone", "reader", "too-complex");
});

test("the digest shows the reading time and links to the reader", async ({ page }) => {
  const email = await signUpAndOnboard(page);
  await saveArticle(page, "/digest-story");
  const item = page.getByRole("list", { name: "Today's links" }).getByRole("listitem").first();
  // The reading time shows once the article is extracted (the list refetches on reload).
  await expect
    .poll(
      async () => {
        await page.reload();
        await item.getByRole("link", { name: /^Read / }).waitFor();
        return item.getByText(/\d+ min read/).count();
      },
      { timeout: 20_000 },
    )
    .toBe(1);
  const readHref = await item.getByRole("link", { name: /^Read / }).getAttribute("href");

  await page.getByRole("button", { name: "Send Digest Now" }).click();
  const digest = await latestEmail(page, email, /^Today.s stash:/);
  expect(digest.text).toMatch(/\d+ min read/);
  expect(digest.text).toContain(`Read: ${new URL(readHref ?? "", page.url()).href}`);
  expect(digest.html).toMatch(/>Read<\/a>/);
  expect(digest.text).toContain("A year at the edge of the sea.");
});

test("the installed app keeps the newest unread articles and opens them offline", async ({ page, context }) => {
  test.slow();
  await signUpAndOnboard(page);
  await saveArticle(page, "/offline-story");
  const item = page.getByRole("list", { name: "Today's links" }).getByRole("listitem").first();
  const readPath = (await item.getByRole("link", { name: /^Read / }).getAttribute("href")) ?? "";
  await page.goto(readPath);
  await expect(page.getByRole("heading", { level: 1, name: "The Lighthouse Keeper" })).toBeVisible();

  // The dashboard hands the unread links to the service worker, which fetches their reader pages.
  await page.goto("/dashboard");
  await expect
    .poll(
      () =>
        page.evaluate(
          async (path) => (await (await caches.open("linkstash-reader-v2")).match(path)) !== undefined,
          readPath,
        ),
      { timeout: 60_000 },
    )
    .toBe(true);

  await context.setOffline(true);
  await page.goto(readPath);
  await expect(page.getByRole("heading", { level: 1, name: "The Lighthouse Keeper" })).toBeVisible();
  await expect(page.getByText("Chapter 30.", { exact: false })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/history");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Read offline" })).toBeVisible();
  await expect(page.getByRole("link", { name: "The Lighthouse Keeper" })).toHaveAttribute("href", readPath);
  // The page's icon comes from the app's own cache, offline too.
  await expect
    .poll(() => page.locator("main img").evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0))
    .toBe(true);
  await snap(page, "phone", "offline", "articles");
  await context.setOffline(false);
});
