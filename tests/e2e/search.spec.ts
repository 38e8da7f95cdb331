import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { showColorScheme } from "./screen-helpers";
import { latestEmail, signUpAndOnboard } from "./support";

// History search and read state (decisions 0032 and 0033), each test with a brand-new user.

/** No serious or critical WCAG 2.1 AA violations, in the light and the dark scheme (read links are dimmed). */
async function expectAccessible(page: Page, screen: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await showColorScheme(page, colorScheme);
    await page.evaluate(() => window.scrollTo(0, 0));
    const { violations, passes } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(passes.length, `axe checked nothing on ${screen}`).toBeGreaterThan(0);
    const failing = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(
      failing.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
      `${screen} (${colorScheme})`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

async function saveLinks(page: Page, links: { url: string; notes?: string; categories?: string[] }[]): Promise<void> {
  const origin = new URL(page.url()).origin;
  for (const link of links) {
    const res = await page.request.post("/api/links", { data: link, headers: { origin } });
    expect(res.status()).toBe(201);
  }
}

function historyItem(page: Page, url: string) {
  return page.getByRole("listitem").filter({ hasText: url });
}

test("a search narrows History, stays in the URL, combines with a chip; read links can be hidden", async ({ page }) => {
  await signUpAndOnboard(page);
  await saveLinks(page, [
    { url: "https://example.test/rust-guide", notes: "Ownership explained", categories: ["Tutorial"] },
    { url: "https://sample.test/rust-news", categories: ["News"] },
    { url: "https://demo.test/bread", notes: "Sourdough at home", categories: ["Personal"] },
  ]);
  await page.goto("/history");
  await expect(historyItem(page, "https://demo.test/bread")).toBeVisible();

  const search = page
    .getByRole("search", { name: "Search your links" })
    .getByRole("searchbox", { name: "Search your links" });
  await search.fill("rust");
  await expect(page).toHaveURL(/[?&]q=rust(&|$)/);
  await expect(historyItem(page, "https://example.test/rust-guide")).toBeVisible();
  await expect(historyItem(page, "https://sample.test/rust-news")).toBeVisible();
  await expect(historyItem(page, "https://demo.test/bread")).toHaveCount(0);

  // A reload keeps the search, in the box and in the list.
  await page.reload();
  await expect(search).toHaveValue("rust");
  await expect(historyItem(page, "https://demo.test/bread")).toHaveCount(0);
  await expect(historyItem(page, "https://sample.test/rust-news")).toBeVisible();

  // The reader opened from the results goes back to them, search and all: by Escape and by its Back link.
  const openRustGuide = async () => {
    await historyItem(page, "https://example.test/rust-guide")
      .getByRole("link", { name: /^Read\b/ })
      .click();
    await expect(page.getByRole("link", { name: /Back to your links/ })).toBeVisible();
  };
  await openRustGuide();
  // Escape pressed before the page is interactive reaches no handler: pressed until it does.
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/history\?q=rust$/, { timeout: 1_000 });
  }).toPass();
  await expect(search).toHaveValue("rust");
  await expect(historyItem(page, "https://demo.test/bread")).toHaveCount(0);
  await openRustGuide();
  await page.getByRole("link", { name: /Back to your links/ }).click();
  await expect(page).toHaveURL(/\/history\?q=rust$/);
  await expect(search).toHaveValue("rust");

  // Combined with a category chip.
  await page
    .getByRole("group", { name: "Filter by category" })
    .getByRole("button", { name: "News", exact: true })
    .click();
  await expect(page).toHaveURL(/category=News/);
  await expect(page).toHaveURL(/q=rust/);
  await expect(historyItem(page, "https://example.test/rust-guide")).toHaveCount(0);
  await expect(historyItem(page, "https://sample.test/rust-news")).toBeVisible();

  // A note word, and a search that matches nothing.
  await page.getByRole("button", { name: "All Categories" }).click();
  await search.fill("sourdough");
  await expect(historyItem(page, "https://demo.test/bread")).toBeVisible();
  await expect(historyItem(page, "https://example.test/rust-guide")).toHaveCount(0);
  await search.fill("nothing-like-this");
  await expect(page.getByText("No links match your search.")).toBeVisible();
  await search.fill("");
  await expect(page).not.toHaveURL(/q=/);
  await expect(historyItem(page, "https://example.test/rust-guide")).toBeVisible();

  // Mark one read: it looks read, and "Unread only" hides it.
  const guide = historyItem(page, "https://example.test/rust-guide");
  await guide.getByRole("button", { name: "Mark as read" }).click();
  await expect(guide.getByRole("status")).toHaveText("Marked as read");
  await expect(guide.getByText("Already read", { exact: true })).toBeVisible();
  await expect(guide.getByRole("button", { name: "Mark as unread" })).toBeVisible();
  await expectAccessible(page, "/history with a read link");

  const unreadOnly = page.getByRole("button", { name: "Unread only" });
  await unreadOnly.click();
  await expect(unreadOnly).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/unread=1/);
  await expect(historyItem(page, "https://example.test/rust-guide")).toHaveCount(0);
  await expect(historyItem(page, "https://demo.test/bread")).toBeVisible();
  await page.reload();
  await expect(historyItem(page, "https://example.test/rust-guide")).toHaveCount(0);
  await expect(historyItem(page, "https://sample.test/rust-news")).toBeVisible();

  // Back to all links: marking it unread again.
  await page.getByRole("button", { name: "Unread only" }).click();
  await historyItem(page, "https://example.test/rust-guide").getByRole("button", { name: "Mark as unread" }).click();
  await expect(
    historyItem(page, "https://example.test/rust-guide").getByRole("button", { name: "Mark as read" }),
  ).toBeVisible();
});

test("a digest's Mark as read link marks the link read from the email", async ({ page }) => {
  const email = await signUpAndOnboard(page);
  await saveLinks(page, [{ url: "https://example.test/from-the-digest" }]);
  await page.reload();
  await page.getByRole("button", { name: /Send Digest Now/i }).click();
  const message = await latestEmail(page, email, /Today's stash/);
  const markRead = message.text.match(/^Mark as read: (\S+)$/m)?.[1];
  if (!markRead) throw new Error(`no mark-read link in: ${message.text}`);

  // Opening it changes nothing (mail scanners fetch links): the page asks, and its button marks the link read.
  await page.goto(markRead);
  await expect(page.getByRole("heading", { name: "Mark as read?" })).toBeVisible();
  await page.getByRole("button", { name: "Mark as read" }).click();
  await expect(page.getByRole("heading", { name: "Marked as read" })).toBeVisible();
  await expect(page.getByRole("link", { name: /example\.test\/from-the-digest/ })).toBeVisible();
  await expectAccessible(page, "/mark-read");

  await page.goto("/history");
  await expect(
    historyItem(page, "https://example.test/from-the-digest").getByText("Already read", { exact: true }),
  ).toBeVisible();
});
