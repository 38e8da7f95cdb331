import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signUpAndOnboard } from "./support";

// Favorites (docs/product.md): the star on a link item and in the reader, by mouse and keyboard, and
// History's Favorites filter, on a phone-width screen.

async function saveLinks(page: Page, urls: string[]): Promise<Map<string, string>> {
  const origin = new URL(page.url()).origin;
  const ids = new Map<string, string>();
  for (const url of urls) {
    const res = await page.request.post("/api/links", { data: { url }, headers: { origin } });
    expect(res.status()).toBe(201);
    const body: { link: { id: string } } = await res.json();
    ids.set(url, body.link.id);
  }
  return ids;
}

function item(page: Page, url: string) {
  return page.getByRole("listitem").filter({ hasText: url });
}

test("a link starred from its item and from the reader is in History's Favorites, and leaves it when unstarred", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpAndOnboard(page);
  const ids = await saveLinks(page, ["https://example.test/keep-this", "https://example.test/just-passing"]);
  await page.goto("/dashboard");

  // The keyboard: the star is a toggle button in the item's Tab order.
  const star = item(page, "https://example.test/keep-this").getByRole("button", { name: "Favorite", exact: true });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.focus();
  await page.keyboard.press("Enter");
  await expect(star).toHaveAttribute("aria-pressed", "true");
  await expect(star).toBeFocused();

  // History's filter, kept in the address.
  await page.goto("/history");
  const favorites = page.getByRole("button", { name: "Favorites", exact: true });
  await favorites.click();
  await expect(favorites).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/favorites=1/);
  await expect(item(page, "https://example.test/keep-this")).toBeVisible();
  await expect(item(page, "https://example.test/just-passing")).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("history-favorites-phone.png"), animations: "disabled" });

  // The reader's star, with its word: the other link joins Favorites from there.
  await page.goto(`/read/${ids.get("https://example.test/just-passing")}`);
  const readerStar = page.getByRole("navigation", { name: "Reader" }).getByRole("button", { name: "Favorite" });
  await expect(readerStar).toHaveAttribute("aria-pressed", "false");
  await readerStar.click();
  await expect(readerStar).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(readerStar).toHaveAttribute("aria-pressed", "true");

  await page.goto("/history?favorites=1");
  await expect(item(page, "https://example.test/just-passing")).toBeVisible();
  await expect(item(page, "https://example.test/keep-this")).toBeVisible();

  // Unstarred in the filtered list, a link leaves it; with none left, the list says how to add one.
  for (const url of ["https://example.test/keep-this", "https://example.test/just-passing"]) {
    await item(page, url).getByRole("button", { name: "Favorite", exact: true }).click();
    await expect(item(page, url)).toHaveCount(0);
  }
  await expect(page.getByText("No favorites yet.")).toBeVisible();
  await expect(page.getByText("Star a link to keep it in Favorites.")).toBeVisible();
});
