import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { articlePagesOrigin as origin, serveArticlePage } from "./article-page-server";
import { expectNoHorizontalOverflow, showColorScheme } from "./screen-helpers";
import { signUpAndOnboard } from "./support";

// Highlights in the reader: a passage highlighted with the mouse and another with the keyboard, a
// note added, both painted in place and listed, the note found by History's search; axe-clean in
// both schemes; the reader with highlights at phone width.

const ARTICLE = `<!doctype html><html lang="en"><head><title>The Tide Tables</title>
  <meta name="author" content="Ines Marlow"></head><body><article><h1>The Tide Tables</h1>
  <p>Every harbour keeps its own tide tables. The fishermen read them before dawn, long before the first boat leaves.</p>
  <p>Spring tides come with the new and the full moon. Neap tides fall between them, when the sun and the moon pull apart.</p>
  ${Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i + 3} keeps the article long enough to be read as one. The keeper writes the heights down twice a day.</p>`).join("\n")}
  </article></body></html>`;

serveArticlePage(ARTICLE);

async function expectAccessible(page: Page): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await showColorScheme(page, colorScheme);
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
      ),
      colorScheme,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Selects `text` inside the article with the mouse: a press at its first letter, a release after its last. */
async function dragOver(page: Page, text: string): Promise<void> {
  const box = await page.evaluate((wanted) => {
    const root = document.querySelector(".reader-content");
    const walker = document.createTreeWalker(root ?? document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at === -1) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      const first = range.getBoundingClientRect();
      range.setStart(node, at + wanted.length - 1);
      range.setEnd(node, at + wanted.length);
      const last = range.getBoundingClientRect();
      return {
        x1: first.left + 1,
        y1: first.top + first.height / 2,
        x2: last.right - 0.5,
        y2: last.top + last.height / 2,
      };
    }
    return null;
  }, text);
  if (!box) throw new Error(`"${text}" is not in the article`);
  await page.mouse.move(box.x1, box.y1);
  await page.mouse.down();
  await page.mouse.move(box.x2, box.y2, { steps: 8 });
  await page.mouse.up();
}

test("highlight with the mouse and with the keyboard, add a note, find it by search", async ({ page }) => {
  // Sign-up, extraction after the save and two audits: more than the default minute on a busy machine.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpAndOnboard(page);
  const saved = await page.request.post("/api/links", {
    data: { url: `${origin}/tides` },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(201);
  const { id } = (await saved.json()).link;
  await page.goto(`/read/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "The Tide Tables" })).toBeVisible({ timeout: 30_000 });
  const highlights = page.getByRole("region", { name: /^Highlights/ });
  await expect(highlights.getByText("Select text in the article to highlight it.")).toBeVisible();

  // The mouse: select a passage, a colour on the toolbar, then a note on it.
  await dragOver(page, "Spring tides come with the new and the full moon.");
  const toolbar = page.getByRole("toolbar", { name: "Highlight the selected text" });
  await expect(toolbar).toBeVisible();
  await toolbar.getByRole("button", { name: "Highlight in green" }).click();
  const painted = page.locator(".reader-content mark");
  await expect(painted).toHaveText(["Spring tides come with the new and the full moon."]);
  await expect(highlights.getByRole("heading", { name: "Highlights (1)" })).toBeVisible();

  await highlights.getByRole("button", { name: "Add a note" }).click();
  const editor = page.getByRole("dialog", { name: "Your highlight" });
  await expect(editor.getByRole("textbox", { name: "Note" })).toBeFocused();
  await editor.getByRole("textbox", { name: "Note" }).fill("Perigee explains the biggest ones");
  await editor.getByRole("radio", { name: "purple" }).click();
  await editor.getByRole("button", { name: "Save" }).click();
  await expect(editor).toHaveCount(0);
  await expect(highlights.getByText("Perigee explains the biggest ones")).toBeVisible();
  // A click on the passage opens its note again.
  await painted.first().click();
  await expect(page.getByRole("dialog", { name: "Your highlight" }).getByRole("textbox", { name: "Note" })).toHaveValue(
    "Perigee explains the biggest ones",
  );
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/read/${id}$`));

  // The keyboard: start on the first word, move one word on, extend by two words, Enter.
  const start = highlights.getByRole("button", { name: "Highlight with the keyboard" });
  await start.focus();
  await page.keyboard.press("Enter");
  await expect(start).toHaveAttribute("aria-pressed", "true");
  await expect(highlights.getByRole("status")).toHaveText(/^Selected: Every$/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await expect(highlights.getByRole("status")).toHaveText(/^Selected: harbour keeps its$/);
  await page.keyboard.press("Enter");
  const keyboardEditor = page.getByRole("dialog", { name: "Your highlight" });
  await expect(keyboardEditor.getByRole("textbox", { name: "Note" })).toBeFocused();
  await page.keyboard.type("Chosen without a mouse");
  await keyboardEditor.getByRole("button", { name: "Save" }).click();
  await expect(highlights.getByRole("heading", { name: "Highlights (2)" })).toBeVisible();
  await expect(painted.filter({ hasText: "harbour keeps its" })).toHaveCount(1);

  // Kept: painted again after a reload.
  await page.reload();
  await expect(page.locator(".reader-content mark")).toHaveCount(2);
  await expect(highlights.getByText("Chosen without a mouse")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);

  // The reader with its highlights on a phone, with the list in view below the article's start.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(test.info().project.outputDir, "screens", "reader-highlights-phone.png"),
    animations: "disabled",
  });
  await highlights.scrollIntoViewIfNeeded();
  await page.screenshot({
    path: path.join(test.info().project.outputDir, "screens", "reader-highlights-list-phone.png"),
    animations: "disabled",
  });

  // Search finds the link by the words of its notes (the highlighted words are the article's own).
  for (const words of ["perigee", "without%20a%20mouse"]) {
    await page.goto(`/history?q=${words}`);
    await expect(page.getByRole("listitem").filter({ hasText: "The Tide Tables" })).toBeVisible();
  }
  await page.goto("/history?q=zeppelin");
  await expect(page.getByRole("listitem").filter({ hasText: "The Tide Tables" })).toHaveCount(0);
});

test("a mouse selection from inside a word to inside another keeps whole words", async ({ page }) => {
  // Sign-up and extraction after the save: more than the default minute on a busy machine.
  test.slow();
  await signUpAndOnboard(page);
  const saved = await page.request.post("/api/links", {
    data: { url: `${origin}/tides-words` },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(201);
  const { id } = (await saved.json()).link;
  await page.goto(`/read/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: "The Tide Tables" })).toBeVisible({ timeout: 30_000 });
  // The highlights' hint is drawn in the browser: once it shows, the mouse's press and release reach
  // their handlers (a selection made before would be taken as it stands, half words and all).
  await expect(
    page.getByRole("region", { name: /^Highlights/ }).getByText("Select text in the article to highlight it."),
  ).toBeVisible();

  // Pressed on the "a" after "P" and released after the "c" of "article".
  await dragOver(page, "aragraph 3 keeps the artic");
  const toolbar = page.getByRole("toolbar", { name: "Highlight the selected text" });
  await toolbar.getByRole("button", { name: "Highlight in green" }).click();
  await expect(page.locator(".reader-content mark")).toHaveText(["Paragraph 3 keeps the article"]);
  const stored = await (await page.request.get(`/api/links/${id}/highlights`)).json();
  expect(stored).toMatchObject({ highlights: [{ quote: "Paragraph 3 keeps the article" }] });
});
