import { expect, test, type Page } from "@playwright/test";
import { signUpAndOnboard } from "./support";

// The theme choice (account menu, mobile menu): Dark and Light override the system setting and
// survive a reload, applied before the first paint; System follows the system setting, live.

/** The page's background as light or dark: its colour (any CSS syntax) drawn and its brightness read. */
async function background(page: Page): Promise<"light" | "dark"> {
  const brightness = await page.evaluate(() => {
    const context = document.createElement("canvas").getContext("2d");
    if (!context) throw new Error("no canvas");
    context.fillStyle = getComputedStyle(document.body).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    const [red = 0, green = 0, blue = 0] = context.getImageData(0, 0, 1, 1).data;
    return (red + green + blue) / 3;
  });
  return brightness > 128 ? "light" : "dark";
}

/** Whether the document was dark the moment it was parsed, before any of the app's scripts ran. */
async function darkAtFirstPaint(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.dataset.darkAtParse === "true");
}

/** React's hydration errors (minified in production: #418, #423, #425) logged while the test runs. */
function collectHydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|#41[89]|#42[35]/i.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => {
    if (/hydrat|#41[89]|#42[35]/i.test(error.message)) errors.push(error.message);
  });
  return errors;
}

test("the account menu's theme choice: Dark, Light and System", async ({ page }) => {
  const hydrationErrors = collectHydrationErrors(page);
  await page.emulateMedia({ colorScheme: "light" });
  await signUpAndOnboard(page);
  await expect(page.getByRole("heading", { name: "Today's Stash" })).toBeVisible();
  expect(await background(page)).toBe("light");

  const openMenu = () => page.getByRole("button", { name: /^Account menu for / }).click();
  await openMenu();
  const dark = page.getByRole("menuitemradio", { name: "Dark" });
  await dark.focus();
  await page.keyboard.press("Enter");
  await expect(dark).toHaveAttribute("aria-checked", "true");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await background(page)).toBe("dark");
  await page.keyboard.press("Escape");

  // Kept across a reload, and dark before the first paint: an init script records the class the
  // moment the body starts, after the inline theme script in <head> and before React.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      document.documentElement.dataset.darkAtParse = String(document.documentElement.classList.contains("dark"));
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Today's Stash" })).toBeVisible();
  expect(await darkAtFirstPaint(page)).toBe(true);
  expect(await background(page)).toBe("dark");
  await openMenu();
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");

  // Light wins over a dark system.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.getByRole("menuitemradio", { name: "Light" }).click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await background(page)).toBe("light");

  // System follows the system setting as it changes, without a reload.
  await page.getByRole("menuitemradio", { name: "System" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: "light" });
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  expect(await background(page)).toBe("light");
  await page.emulateMedia({ colorScheme: "dark" });
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("linkstash-theme"))).toBeNull();
  // The class set before hydration, and the stored choice read after it, upset nothing.
  expect(hydrationErrors).toEqual([]);
});

test("the mobile menu offers the theme choice too, and signed-out pages keep it", async ({ page }) => {
  const hydrationErrors = collectHydrationErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "light" });
  await signUpAndOnboard(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  const themes = page.getByRole("radiogroup", { name: "Theme" });
  await expect(themes.getByRole("radio", { name: "System" })).toBeChecked();
  await themes.getByRole("radio", { name: "Dark" }).click();
  await expect(themes.getByRole("radio", { name: "Dark" })).toBeChecked();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);

  // A signed-out page (no account menu) follows the stored choice.
  await page.context().clearCookies();
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  expect(await background(page)).toBe("dark");
  expect(hydrationErrors).toEqual([]);
});
