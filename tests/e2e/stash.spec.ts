import { expect, test, type Page } from "@playwright/test";
import { toastButton, toastText } from "./screen-helpers";
import { signUpAndOnboard } from "./support";

// Today's Stash (/dashboard) and Link History (/history), each test with a brand-new user.

function categoryButton(page: Page, name: string) {
  return page.getByRole("group", { name: "Categories" }).getByRole("button", { name, exact: true });
}

function todayItem(page: Page, url: string) {
  return page.getByRole("list", { name: "Today's links" }).getByRole("listitem").filter({ hasText: url });
}

async function saveLink(page: Page, url: string, categories: string[] = []): Promise<void> {
  await page.getByLabel("URL").fill(url);
  for (const name of categories) await categoryButton(page, name).click();
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();
  await expect(toastText(page, "Your link has been added to today's stash.")).toBeVisible();
}

/** "November 21, 2026" for the browser's clock and zone, which onboarding gave the user. */
async function browserDate(page: Page): Promise<string> {
  return page.evaluate(() =>
    new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" }),
  );
}

test("saving a link without categories lists it as Uncategorized and resets the form", async ({ page }) => {
  await signUpAndOnboard(page);
  await expect(page.getByRole("heading", { name: "Today's Stash" })).toBeVisible();
  await expect(page.getByText("No links saved today", { exact: true })).toBeVisible();

  // The category buttons appear only once a URL has been typed.
  await expect(page.getByRole("group", { name: "Categories" })).toHaveCount(0);
  await saveLink(page, "example.test/first");

  const item = todayItem(page, "https://example.test/first");
  await expect(item).toContainText("Uncategorized");
  await expect(item).toContainText("Added today");
  await expect(item.getByRole("link", { name: /opens in a new tab/ })).toHaveAttribute("target", "_blank");
  await expect(item.getByRole("link", { name: /opens in a new tab/ })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(item.getByRole("link", { name: "Read https://example.test/first" })).toHaveAttribute(
    "href",
    /^\/read\/[\w-]+$/,
  );
  await expect(page.getByRole("heading", { name: /1 link$/ })).toBeVisible();

  await expect(page.getByLabel("URL")).toHaveValue("");
  await expect(page.getByRole("group", { name: "Categories" })).toHaveCount(0);
});

test("saving a link already saved today says so and keeps one item with both notes", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.getByLabel("URL").fill("example.test/again");
  await page.getByLabel("Notes").fill("first thought");
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();

  await page.getByLabel("URL").fill("https://example.test/again");
  await page.getByLabel("Notes").fill("second thought");
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(toastText(page, "Already saved today")).toBeVisible();
  await expect(toastText(page, "This link is already in today's stash.")).toBeVisible();

  const item = todayItem(page, "https://example.test/again");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("first thought");
  await expect(item).toContainText("second thought");
  await expect(page.getByRole("heading", { name: /1 link$/ })).toBeVisible();
});

test("saving a link with two categories", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.getByLabel("URL").fill("https://example.test/two");
  await page.getByLabel("Notes (optional)").fill("Read on the train");
  await categoryButton(page, "News").click();
  await categoryButton(page, "Work").click();
  await expect(categoryButton(page, "News")).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Primary: News; also Work (2 of 3)")).toBeVisible();
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();

  const item = todayItem(page, "https://example.test/two");
  await expect(item).toContainText("News");
  await expect(item).toContainText("Work");
  await expect(item).toContainText("Read on the train");
  await expect(item).not.toContainText("Uncategorized");
});

test("a category created from the dialog is selected", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.getByLabel("URL").fill("example.test/research");
  await page.getByRole("button", { name: "New category" }).click();

  const dialog = page.getByRole("dialog", { name: "New category" });
  const create = dialog.getByRole("button", { name: "Create", exact: true });
  await expect(create).toBeDisabled();
  await dialog.getByLabel("Category name").fill("   ");
  await expect(create).toBeDisabled();
  await dialog.getByLabel("Category name").fill("Research");
  await create.click();

  await expect(toastText(page, "Category created!")).toBeVisible();
  await expect(toastText(page, '"Research" category has been added and selected.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(categoryButton(page, "Research")).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: "Save link" }).click();
  await expect(todayItem(page, "https://example.test/research")).toContainText("Research");
});

test("three categories at most: the others are disabled and a fourth pick is refused", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.getByLabel("URL").fill("example.test/many");
  for (const name of ["Article", "Blog", "Video"]) await categoryButton(page, name).click();

  await expect(categoryButton(page, "News")).toBeDisabled();
  await expect(categoryButton(page, "Personal")).toBeDisabled();
  await expect(page.getByRole("button", { name: "New category" })).toBeDisabled();
  await expect(categoryButton(page, "Blog")).toBeEnabled();

  // A blocked button stays focusable (aria-disabled), so a keyboard user learns why.
  await categoryButton(page, "News").focus();
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Maximum categories reached")).toBeVisible();
  await expect(toastText(page, "You can only select up to 3 categories per link")).toBeVisible();
  await expect(categoryButton(page, "News")).toHaveAttribute("aria-pressed", "false");

  // Deselecting one frees a place again.
  await categoryButton(page, "Blog").click();
  await expect(categoryButton(page, "News")).toBeEnabled();
  await categoryButton(page, "News").click();
  await expect(categoryButton(page, "News")).toHaveAttribute("aria-pressed", "true");
});

test("an existing category name selects it instead of creating it", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.getByLabel("URL").fill("example.test/dup");
  await page.getByRole("button", { name: "New category" }).click();
  const dialog = page.getByRole("dialog", { name: "New category" });
  await dialog.getByLabel("Category name").fill("news");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();

  await expect(toastText(page, "Category already exists")).toBeVisible();
  await expect(toastText(page, '"News" already exists. It has been selected.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(categoryButton(page, "News")).toHaveAttribute("aria-pressed", "true");
});

test("URL validation messages appear under the field", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(page.getByText("URL is required", { exact: true })).toBeVisible();

  await page.getByLabel("URL").fill("not a url");
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(page.getByText("Please enter a valid website address", { exact: true })).toBeVisible();
  await expect(page.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("No links saved today", { exact: true })).toBeVisible();
});

async function todaysUrls(page: Page): Promise<string[]> {
  const res = await page.request.get("/api/links/today");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { url: string }[]).map((link) => link.url);
}

test("deleting a link, and Undo", async ({ page }) => {
  await signUpAndOnboard(page);
  await saveLink(page, "example.test/doomed");
  const item = todayItem(page, "https://example.test/doomed");
  await item.getByRole("button", { name: "Delete link" }).click();

  await expect(toastText(page, "Link deleted")).toBeVisible();
  await expect(toastText(page, "The link has been removed from your stash")).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByText("No links saved today", { exact: true })).toBeVisible();

  // Undo brings it back, with focus on its Delete button; nothing was deleted.
  await toastButton(page, "Undo").click();
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("button", { name: "Delete link" })).toBeFocused();
  expect(await todaysUrls(page)).toEqual(["https://example.test/doomed"]);

  // Without Undo the delete goes out when the toast closes (here, on its own after a few seconds).
  await item.getByRole("button", { name: "Delete link" }).click();
  await expect(item).toHaveCount(0);
  await expect(toastText(page, "Link deleted")).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => todaysUrls(page)).toEqual([]);
  await page.reload();
  await expect(page.getByText("No links saved today", { exact: true })).toBeVisible();
});

test("a delete still waiting for Undo is sent when the page is left", async ({ page }) => {
  await signUpAndOnboard(page);
  await saveLink(page, "example.test/left-behind");
  await todayItem(page, "https://example.test/left-behind").getByRole("button", { name: "Delete link" }).click();
  await expect(toastText(page, "Link deleted")).toBeVisible();
  await page.goto("/history");
  await expect.poll(() => todaysUrls(page)).toEqual([]);
});

test("Send Digest Now with no links today asks for links first", async ({ page }) => {
  await signUpAndOnboard(page);
  await expect(page.getByText("No links saved today", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Scheduled Email" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Change time" })).toHaveAttribute("href", "/settings");
  await page.getByRole("button", { name: "Send Digest Now" }).click();
  await expect(toastText(page, "No links to send")).toBeVisible();
  await expect(toastText(page, "Add some links first before requesting a digest email.")).toBeVisible();
});

test("without billing a new user sees no trial banner and no plan (plans.spec.ts: the banner with billing)", async ({
  page,
}) => {
  await signUpAndOnboard(page);
  await expect(page.getByRole("heading", { name: "Today's Stash", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Free trial" })).toHaveCount(0);
  await expect(page.getByText("Pro Account", { exact: true })).toHaveCount(0);
});

test("history: empty for a new user, with or without a filter", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/history");
  await expect(page.getByRole("heading", { name: "Link History" })).toBeVisible();
  await expect(page.getByText("Browse all your previously saved links.")).toBeVisible();
  await expect(page.getByText("Your history is empty", { exact: true })).toBeVisible();
  await expect(page.getByText("Save your first link to get started.", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage categories" })).toHaveAttribute("href", "/settings");
  // A new user with a library elsewhere is told where it comes in.
  await page.getByRole("link", { name: "Import your links" }).click();
  await expect(page).toHaveURL(/\/settings#import$/);
  await expect(page.getByRole("heading", { name: "Import and export", level: 2 })).toBeInViewport();

  await page.goto("/history?category=Video");
  await expect(page.getByText("No links found in the 'Video' category", { exact: true })).toBeVisible();
  await expect(page.getByText("Save your first link to get started.", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Import your links" })).toHaveCount(0);
});

test("history groups links by date and filters them by category chip", async ({ page }) => {
  await signUpAndOnboard(page);
  await saveLink(page, "example.test/news-story", ["News"]);
  await saveLink(page, "example.test/work-doc", ["Work"]);

  await page.goto("/history");
  const date = await browserDate(page);
  await expect(page.getByRole("heading", { name: `${date} (2 links)` })).toBeVisible();
  const filters = page.getByRole("group", { name: "Filter by category" });
  await expect(filters.getByRole("button", { name: "All Categories" })).toHaveAttribute("aria-pressed", "true");

  await filters.getByRole("button", { name: "News", exact: true }).click();
  await expect(filters.getByRole("button", { name: "News", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/\/history\?category=News$/);
  await expect(page.getByRole("heading", { name: `${date} (1 link)` })).toBeVisible();
  await expect(page.getByText("https://example.test/news-story", { exact: true }).and(page.locator("p"))).toBeVisible();
  await expect(page.getByText("https://example.test/work-doc", { exact: true })).toHaveCount(0);

  // The filter survives a reload.
  await page.reload();
  await expect(filters.getByRole("button", { name: "News", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("https://example.test/work-doc", { exact: true })).toHaveCount(0);

  await filters.getByRole("button", { name: "All Categories" }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole("heading", { name: `${date} (2 links)` })).toBeVisible();

  // Deleting from the history refreshes it.
  await page
    .getByRole("listitem")
    .filter({ hasText: "https://example.test/work-doc" })
    .getByRole("button", { name: "Delete link" })
    .click();
  await expect(toastText(page, "Link deleted")).toBeVisible();
  await expect(page.getByRole("heading", { name: `${date} (1 link)` })).toBeVisible();
});

test("history loads the next page when scrolled to the end", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUpAndOnboard(page);
  // One more than a page (50). Private addresses: the title fetcher refuses them without a network call.
  const total = 51;
  for (let start = 0; start < total; start += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, total - start) }, async (_, offset) => {
        const res = await page.request.post("/api/links", {
          headers: { Origin: baseURL ?? "" },
          data: { url: `http://10.0.0.1/page-${start + offset}`, notes: "", categories: [] },
        });
        expect(res.status()).toBe(201);
      }),
    );
  }

  await page.goto("/history");
  const date = await browserDate(page);
  // The day's header counts all its links, loaded or not.
  const day = page.getByRole("region", { name: `${date} (${total} links)` });
  await expect(day.getByRole("listitem")).toHaveCount(50);
  const loadMore = page.getByRole("button", { name: "Load more" });
  await loadMore.scrollIntoViewIfNeeded();
  await expect(day.getByRole("listitem")).toHaveCount(total);
  await expect(loadMore).toHaveCount(0);
});

test("the dashboard fits a 375 px screen, long URLs included", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  // The list is fetched in the browser: once it shows, the page is hydrated and the form is live.
  await expect(page.getByText("No links saved today", { exact: true })).toBeVisible();
  const longUrl = `https://example.test/${"a-very-long-path-segment-".repeat(12)}end`;
  await saveLink(page, longUrl);
  await expect(todayItem(page, longUrl)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
