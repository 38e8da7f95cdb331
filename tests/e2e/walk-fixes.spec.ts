import { expect, test, type Locator, type Page } from "@playwright/test";
import { snap, toastText } from "./screen-helpers";
import { latestEmail, signUpAndOnboard, uniqueEmail } from "./support";

// What a walk through every screen with a mouse, a finger and a phone found: blocked category
// buttons that ignored the pointer, toasts over the phone's header, a wall of category chips above
// the history, a header that kept an old address, and a page whose first render disagreed with the
// server's when the device's clock was days off.

const PHONE = { width: 390, height: 844 };
const DAY_MS = 24 * 60 * 60 * 1000;

const categoryButton = (page: Page, name: string) =>
  page.getByRole("group", { name: "Categories" }).getByRole("button", { name, exact: true });

/** Presses the middle of `target` as a person would, wherever the press lands (no actionability wait). */
async function press(page: Page, target: Locator, how: "mouse" | "touch"): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("the target is laid out");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  if (how === "mouse") await page.mouse.click(x, y);
  else await page.touchscreen.tap(x, y);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function saveLink(page: Page, data: { url: string; categories: string[] }): Promise<void> {
  const res = await page.request.post("/api/links", {
    data: { notes: "", ...data },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** With three categories chosen, a fourth (or New category) pressed says why nothing happens. */
async function fourthCategoryIsExplained(page: Page, how: "mouse" | "touch"): Promise<void> {
  // Onboarding's welcome toast, at the bottom of a phone's screen, would take presses meant for
  // the buttons under it: wait until it has gone.
  await expect(page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem")).toHaveCount(0);
  await page.getByLabel("URL").fill("example.test/four");
  for (const name of ["Article", "Blog", "Video"]) await press(page, categoryButton(page, name), how);
  await expect(categoryButton(page, "Video")).toHaveAttribute("aria-pressed", "true");
  await expect(categoryButton(page, "News")).toHaveAttribute("aria-disabled", "true");

  await press(page, categoryButton(page, "News"), how);
  await expect(toastText(page, "Maximum categories reached")).toBeVisible();
  await expect(toastText(page, "You can only select up to 3 categories per link")).toBeVisible();
  await expect(categoryButton(page, "News")).toHaveAttribute("aria-pressed", "false");
  await press(page, page.getByRole("button", { name: "Close" }), how);
  await expect(page.getByText("Maximum categories reached")).toHaveCount(0);

  await press(page, categoryButton(page, "New category"), how);
  await expect(toastText(page, "Maximum categories reached")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

test("a fourth category clicked with the mouse shows 'Maximum categories reached'", async ({ page }) => {
  await signUpAndOnboard(page);
  await fourthCategoryIsExplained(page, "mouse");
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, viewport: PHONE });

  test("a fourth category tapped shows 'Maximum categories reached'", async ({ page }) => {
    await signUpAndOnboard(page);
    await fourthCategoryIsExplained(page, "touch");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test("a toast leaves the header's logo and menu button uncovered and usable", async ({ page }) => {
    await signUpAndOnboard(page);
    await page.getByLabel("URL").fill("example.test/toast");
    await page.getByRole("button", { name: "Save link" }).click();
    await expect(toastText(page, "Link saved successfully!")).toBeVisible();

    const toast = page.getByRole("region", { name: /^Notifications/ }).getByRole("listitem");
    const header = page.getByRole("banner");
    const logo = header.getByRole("link", { name: "LinkStash" });
    const menu = header.getByRole("button", { name: "Open menu" });
    const toastBox = await toast.boundingBox();
    const logoBox = await logo.boundingBox();
    const menuBox = await menu.boundingBox();
    if (!toastBox || !logoBox || !menuBox) throw new Error("the toast, the logo and the menu button are laid out");
    expect(overlaps(toastBox, logoBox), "the toast covers the logo").toBe(false);
    expect(overlaps(toastBox, menuBox), "the toast covers the menu button").toBe(false);

    // While the toast shows, a tap on the menu button opens the menu.
    await press(page, menu, "mouse");
    await expect(header.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(toastText(page, "Link saved successfully!")).toBeVisible();
  });

  test("History with many imported categories shows a few chips, the rest behind a button", async ({ page }) => {
    await signUpAndOnboard(page);
    // 21 categories, three to a link, as an import of tagged bookmarks leaves them.
    const tags = Array.from({ length: 21 }, (_, index) => `Tag ${String.fromCharCode(65 + index)}`);
    for (let start = 0; start < tags.length; start += 3)
      await saveLink(page, { url: `https://tags.example.test/${start}`, categories: tags.slice(start, start + 3) });

    await page.goto("/history");
    const chips = page.getByRole("group", { name: "Filter by category" });
    const firstLink = page.getByRole("article").first();
    await expect(firstLink).toBeVisible();
    // The first five chips in their order, before the button for the rest.
    const firstFive = ["All Categories", ...tags.slice(0, 5)];
    await expect(chips.getByRole("button")).toHaveText([...firstFive, "16 more categories"]);
    // The first link is on the first screen, below a handful of chips.
    const linkBox = await firstLink.boundingBox();
    if (!linkBox) throw new Error("the first link is laid out");
    expect(linkBox.y).toBeLessThan(PHONE.height);
    await snap(page, "phone", "history", "many-categories");

    // By keyboard: the button opens the rest and hands focus to the first chip it revealed.
    const more = chips.getByRole("button", { name: "16 more categories" });
    await expect(more).toHaveAttribute("aria-expanded", "false");
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(chips.getByRole("button", { name: "Fewer categories" })).toHaveAttribute("aria-expanded", "true");
    await expect(chips.getByRole("button")).toHaveCount(1 + tags.length + 1);
    await expect(chips.getByRole("button", { name: "Tag F", exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(chips.getByRole("button", { name: "Tag H", exact: true })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?category=Tag\+H$/);
    await expect(page.getByRole("article")).toHaveCount(1);

    // Closed again, the chosen chip stays in view.
    await chips.getByRole("button", { name: "Fewer categories" }).click();
    await expect(chips.getByRole("button")).toHaveText([...firstFive, "Tag H", "15 more categories"]);
    await expect(chips.getByRole("button", { name: "Tag H", exact: true })).toHaveAttribute("aria-pressed", "true");
  });
});

test("a confirmed new address shows in the header at once, without a reload", async ({ page }) => {
  const current = await signUpAndOnboard(page);
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: `Account menu for ${current}` })).toBeVisible();

  const wanted = uniqueEmail("renamed");
  await page.goto("/settings");
  await page.getByLabel("Email address").fill(wanted);
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toastText(page, "Settings updated")).toBeVisible();
  const message = await latestEmail(page, wanted, /Confirm your new LinkStash email address/);
  const link = message.text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${message.text}`);

  await page.goto(link);
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page.getByRole("heading", { name: "Email address changed" })).toBeVisible();
  const menu = header.getByRole("button", { name: `Account menu for ${wanted}` });
  await expect(menu).toBeVisible();
  await expect(header.getByText(current)).toHaveCount(0);
  await menu.click();
  await expect(page.getByRole("menu").getByText(wanted, { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");

  // Pages reached in the browser keep the header: it still names the new address.
  await page.getByRole("link", { name: "Go to Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByLabel("Email address")).toHaveValue(wanted);
  await expect(menu).toBeVisible();
  await header.getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(menu).toBeVisible();
});

test("a device clock days off the server's hydrates the dashboard and history without an error", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.getByLabel("URL").fill("example.test/clock");
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();

  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  // Three days ahead: the server's "today" is the device's "three days ago".
  await page.clock.setFixedTime(Date.now() + 3 * DAY_MS);

  await page.goto("/dashboard");
  await expect(page.getByRole("button", { name: "Save link" })).toBeEnabled();
  // Once hydrated, the heading follows the device's clock (onboarding gave the user its zone).
  const deviceDate = await page.evaluate(() =>
    new Date().toLocaleDateString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" }),
  );
  await expect(page.locator("#today-links-heading")).toContainText(deviceDate);
  await expect(page.getByRole("list", { name: "Today's links" }).getByRole("listitem")).toHaveCount(1);

  await page.goto("/history");
  const item = page.getByRole("article").filter({ hasText: "https://example.test/clock" });
  await expect(item).toBeVisible();
  // The device's today is not the link's day: once hydrated, no "Added today".
  await expect(item.getByText("Added today", { exact: true })).toHaveCount(0);

  expect(problems.filter((text) => /418|hydrat/i.test(text))).toEqual([]);
});
