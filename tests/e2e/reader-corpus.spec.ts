import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { articlePagesPort } from "../../playwright.config";
import { signUpAndOnboard } from "./support";

// The reader keeps what a reader sees (docs/product.md, "Reader fidelity"): every page of
// Readability's test corpus, served locally and saved, reads at 320 and 390 px without the page
// scrolling sideways and with the reader's toolbar in view; an in-page link jumps within the
// article; a right-to-left article leaves the app's own words left-to-right; a page that is "not an
// article" can be shown as its text anyway.

const CORPUS = path.resolve("tests/fixtures/readability-test-pages");
const PAGES = readdirSync(CORPUS, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const WIDTHS = [320, 390];
const origin = `http://127.0.0.1:${articlePagesPort}`;

const words = "The tide tables of the northern harbour are kept by hand, checked each morning, and posted. ";
const cells = Array.from({ length: 14 }, (_, i) => `<td>Harbour${i}Reading${"x".repeat(12)}</td>`).join("");
// A page with what widened the reader before: a title with a word longer than a phone is wide, a
// wide table, a long line of code, a long address, and footnotes that jump within the article.
const TITLE = "Tide tables by hand: the Gezeitentabellenhandschriftenverzeichnis";
const WIDE = `<!doctype html><html lang="en"><head><title>${TITLE}</title></head><body>
  <article><h1>${TITLE}</h1>
  <p>${words}<a href="#note-1"><sup>1</sup></a></p>
  <table><thead><tr>${cells.replace(/td>/g, "th>")}</tr></thead><tbody><tr>${cells}</tr><tr>${cells}</tr></tbody></table>
  <pre><code>const harbour = tideTables.filter((reading) => reading.height > mean).map((reading) => reading.time).join(", "); // ${"long ".repeat(20)}</code></pre>
  <p>https://tides.example/northern-harbour/readings/2026/11/27/every-reading-of-the-day-without-a-single-break-in-it</p>
  ${Array.from({ length: 12 }, () => `<p>${words.repeat(5)}</p>`).join("\n")}
  <ol><li id="note-1">Kept since 1911 by the harbour master's office.</li></ol>
  </article></body></html>`;

let server: Server;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const page = (req.url ?? "").split("/")[1] ?? "";
    if (page === "tide-tables") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(WIDE);
      return;
    }
    if (!PAGES.includes(page)) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(readFileSync(path.join(CORPUS, page, "source.html")));
  });
  await new Promise<void>((resolve) => server.listen(articlePagesPort, "127.0.0.1", resolve));
});

test.afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Saves `pagePath` through the API as the signed-in user; the link's id. */
async function save(page: Page, pagePath: string): Promise<string> {
  const res = await page.request.post("/api/links", {
    headers: { Origin: new URL(page.url()).origin },
    data: { url: `${origin}/${pagePath}` },
  });
  expect(res.status(), pagePath).toBe(201);
  return ((await res.json()) as { link: { id: string } }).link.id;
}

/** Waits until the link's article is extracted (or found not to be one); its status. */
async function extracted(page: Page, id: string): Promise<string> {
  let status = "pending";
  await expect
    .poll(
      async () => {
        status = ((await (await page.request.get(`/api/links/${id}/article`)).json()) as { status: string }).status;
        return status;
      },
      { timeout: 60_000, intervals: [500, 1_000, 2_000] },
    )
    .not.toBe("pending");
  return status;
}

/** The page does not scroll sideways and the reader's toolbar is whole within the window. */
async function expectFits(page: Page, width: number, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what} at ${width} px scrolls sideways`).toBeLessThanOrEqual(clientWidth);
  const toolbar = page.getByRole("navigation", { name: "Reader" });
  await expect(toolbar).toBeVisible();
  const box = await toolbar.boundingBox();
  expect(box, what).not.toBeNull();
  expect(
    (box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= clientWidth,
    `${what}: toolbar clipped`,
  ).toBe(true);
  await expect(page.getByRole("button", { name: /^(Dark|Light)$/ })).toBeInViewport();
}

function screenshotPath(name: string): string {
  return path.join(test.info().project.outputDir, "screens", `${name}.png`);
}

test("every corpus page reads at 320 and 390 px without sideways scroll, its toolbar whole", async ({ page }) => {
  // 19 pages extracted and opened at two widths: several minutes on a shared machine.
  test.setTimeout(600_000);
  await signUpAndOnboard(page);
  const ids = new Map<string, string>();
  for (const name of PAGES) ids.set(name, await save(page, `${name}/`));

  for (const name of PAGES) {
    const id = ids.get(name) ?? "";
    const status = await extracted(page, id);
    const readerable = (
      JSON.parse(readFileSync(path.join(CORPUS, name, "expected-metadata.json"), "utf8")) as {
        readerable: boolean;
      }
    ).readerable;
    expect(status, name).toBe(readerable ? "ready" : "unavailable");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/read/${id}`);
      if (readerable) await expect(page.locator(".reader-content")).toBeVisible();
      else await expect(page.getByRole("button", { name: "Show the page's text anyway" })).toBeVisible();
      await expectFits(page, width, name);
    }
    if (readerable) continue;

    // Not an article by Readability's measure, with real text: shown anyway when its owner asks.
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await page.getByRole("button", { name: "Show the page's text anyway" }).click();
    await expect(page.locator(".reader-content")).toBeVisible({ timeout: 60_000 });
    await expect(page.locator(".reader-content img").first()).toBeAttached();
    await expectFits(page, WIDTHS[0] ?? 320, `${name}, shown anyway`);
  }
});

test("wide tables and code scroll in their own box; an in-page link jumps within the article", async ({ page }) => {
  test.slow();
  await signUpAndOnboard(page);
  const id = await save(page, "tide-tables");
  expect(await extracted(page, id)).toBe("ready");
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`/read/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
  await expectFits(page, 320, "tide tables");
  // The table and the code are wider than the column, and scroll inside it.
  for (const selector of [".reader-content table", ".reader-content pre"]) {
    const box = await page.locator(selector).evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
      overflowX: getComputedStyle(element).overflowX,
    }));
    expect(box.scrollWidth, selector).toBeGreaterThan(box.clientWidth);
    expect(box.overflowX, selector).toBe("auto");
  }
  // The code and the table scroll from the keyboard too: their boxes take focus.
  const code = page.locator(".reader-content pre").first();
  await code.focus();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press("ArrowRight");
  expect(await code.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  const { violations } = await new AxeBuilder({ page })
    .include(".reader-content")
    .withRules(["scrollable-region-focusable"])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await code.evaluate((element) => (element.scrollLeft = 0));
  // The table scrolled a little within its box, in view.
  await page.locator(".reader-content table").evaluate((table) => {
    table.scrollLeft = 60;
    table.scrollIntoView({ block: "center" });
  });
  await page.screenshot({ path: screenshotPath("reader-wide-table-320"), animations: "disabled" });
  await page.evaluate(() => window.scrollTo(0, 0));

  const note = page.locator("#user-content-note-1");
  await expect(note).not.toBeInViewport();
  await page.locator('.reader-content a[href="#user-content-note-1"]').click();
  await expect(page).toHaveURL(new RegExp(`/read/${id}#user-content-note-1$`));
  await expect(note).toBeInViewport();
  // Not under the sticky site header.
  const header = await page.locator("body > header, header.sticky").first().boundingBox();
  const target = await note.boundingBox();
  expect((target?.y ?? 0) >= (header?.height ?? 0)).toBe(true);
});

test("a link saved from the dashboard takes its page's title on its card without a reload", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.getByLabel("URL").fill(`${origin}/tide-tables`);
  await page.getByRole("button", { name: "Save link" }).click();
  const today = page.getByRole("list", { name: "Today's links" });
  await expect(today.getByText(TITLE).first()).toBeVisible({ timeout: 60_000 });
});

test("an untitled link with a long address says why it has no article, within a phone's width", async ({ page }) => {
  await signUpAndOnboard(page);
  // The page server answers 404: the link stays untitled, and its heading is its address.
  const id = await save(page, `gone/${"harbourreadings".repeat(20)}`);
  expect(await extracted(page, id)).not.toBe("ready");
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`/read/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: /harbourreadings/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the original page" })).toBeVisible();
  await expectFits(page, 320, "an untitled link with a long address");
});

test("a right-to-left article keeps the app's own words left-to-right", async ({ page }) => {
  test.slow();
  await signUpAndOnboard(page);
  const id = await save(page, "rtl-1/");
  expect(await extracted(page, id)).toBe("ready");
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`/read/${id}`);
  const content = page.locator(".reader-content");
  await expect(content).toBeVisible();
  const direction = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => getComputedStyle(element).direction);
  expect(await content.evaluate((element) => getComputedStyle(element).direction)).toBe("rtl");
  expect(await direction("main h1")).toBe("rtl");
  const readingTime = page.getByText(/\d+ min read$/);
  expect(await readingTime.evaluate((element) => getComputedStyle(element).direction)).toBe("ltr");
  expect(await readingTime.textContent()).toMatch(/ · \d+ min read$/);
  expect(await direction('nav[aria-label="Reader"]')).toBe("ltr");
  await expectFits(page, 320, "rtl-1");
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await page.screenshot({ path: screenshotPath("reader-rtl-320"), animations: "disabled" });
});
