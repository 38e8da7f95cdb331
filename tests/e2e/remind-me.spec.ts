import { expect, test, type Locator, type Page } from "@playwright/test";
import { signUpAndOnboard } from "./support";

// "Remind me" (docs/product.md): from a link item on the dashboard and from the reader, with the
// user's own days (onboarding gave the user the browser's zone, so the browser's calendar is theirs).

/** Radix renders a toast's text twice (once for screen readers): match the first. */
function toastText(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

function todayItem(page: Page, url: string) {
  return page.getByRole("list", { name: "Today's links" }).getByRole("listitem").filter({ hasText: url });
}

async function saveLink(page: Page, url: string): Promise<void> {
  await page.getByLabel("URL").fill(url);
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();
}

/** A day `days` after the browser's today: its "YYYY-MM-DD" and how an item writes it ("Fri, Nov 27"). */
async function browserDay(page: Page, days: number): Promise<{ key: string; shown: string }> {
  return page.evaluate((offset) => {
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
    const pad = (n: number) => String(n).padStart(2, "0");
    const sameYear = day.getFullYear() === now.getFullYear();
    const shown = day.toLocaleDateString("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      ...(sameYear ? {} : { year: "numeric" }),
    });
    return { key: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`, shown };
  }, days);
}

/** The panel fits a 375 px wide screen. */
async function expectWithinPhone(panel: Locator): Promise<void> {
  const box = await panel.boundingBox();
  if (!box) throw new Error("the panel is not shown");
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(375);
}

test("a reminder set for tomorrow from a link item shows on it, and can be removed", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpAndOnboard(page);
  await saveLink(page, "example.test/remind-tomorrow");
  const item = todayItem(page, "https://example.test/remind-tomorrow");
  const tomorrow = await browserDay(page, 1);

  const remindMe = item.getByRole("button", { name: "Remind me", exact: true });
  await expect(remindMe).toHaveAttribute("aria-expanded", "false");
  await remindMe.click();
  const menu = item.getByRole("group", { name: "Remind me about https://example.test/remind-tomorrow" });
  await expect(remindMe).toHaveAttribute("aria-expanded", "true");
  await expectWithinPhone(menu);
  await expect(menu.getByRole("button", { name: /^Tomorrow/ })).toContainText(tomorrow.shown);
  await expect(menu.getByRole("button", { name: /^Tomorrow/ })).toBeFocused();
  await menu.getByRole("button", { name: /^Tomorrow/ }).click();

  await expect(toastText(page, "Reminder set")).toBeVisible();
  await expect(toastText(page, `This link comes back on ${tomorrow.shown}.`)).toBeVisible();
  await expect(item.getByText(`Back on ${tomorrow.shown}`, { exact: true })).toBeVisible();
  await expect(menu).toHaveCount(0);
  await expect(remindMe).toBeFocused();

  // After a reload the day comes from the server.
  await page.reload();
  await expect(item.getByText(`Back on ${tomorrow.shown}`, { exact: true })).toBeVisible();

  // The keyboard: Enter opens, Escape closes and hands focus back.
  await remindMe.focus();
  await page.keyboard.press("Enter");
  await expect(menu.getByRole("button", { name: /^Tomorrow/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(remindMe).toBeFocused();

  await remindMe.click();
  await menu.getByRole("button", { name: "Remove reminder" }).click();
  await expect(toastText(page, "Reminder removed")).toBeVisible();
  await expect(item.getByText(/^Back on /)).toHaveCount(0);
});

test("a reminder for today brings the link into Back today, and Done takes it out", async ({ page }) => {
  await signUpAndOnboard(page);
  await expect(page.getByRole("heading", { name: /^Back today/ })).toHaveCount(0);
  await saveLink(page, "example.test/remind-today");
  const item = todayItem(page, "https://example.test/remind-today");
  const today = await browserDay(page, 0);

  await item.getByRole("button", { name: "Remind me", exact: true }).click();
  await item.getByLabel("Pick a date").fill(today.key);
  await item.getByRole("button", { name: "Set reminder" }).click();
  await expect(toastText(page, "This link comes back today.")).toBeVisible();

  const back = page.getByRole("list", { name: "Links back today" });
  await expect(page.getByRole("heading", { name: "Back today 1 link" })).toBeVisible();
  await expect(back.getByRole("listitem")).toContainText("https://example.test/remind-today");
  await expect(item.getByText("Back today", { exact: true })).toBeVisible();

  await back.getByRole("button", { name: "Done", exact: true }).click();
  await expect(toastText(page, "Reminder removed")).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Back today/ })).toHaveCount(0);
  await expect(item).toBeVisible();
});

test("a date picked in the reader", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpAndOnboard(page);
  await saveLink(page, "example.test/remind-reader");
  await todayItem(page, "https://example.test/remind-reader")
    .getByRole("link", { name: "Read https://example.test/remind-reader" })
    .click();
  await expect(page).toHaveURL(/\/read\/[\w-]+$/);
  const reader = page.getByRole("navigation", { name: "Reader" });
  const inTenDays = await browserDay(page, 10);

  await reader.getByRole("button", { name: "Remind me", exact: true }).click();
  await expectWithinPhone(reader.getByRole("group", { name: /^Remind me about/ }));
  const date = reader.getByLabel("Pick a date");
  await expect(date).toHaveAttribute("min", (await browserDay(page, 0)).key);
  await date.fill(inTenDays.key);
  await reader.getByRole("button", { name: "Set reminder" }).click();
  await expect(toastText(page, "Reminder set")).toBeVisible();
  await expect(reader.getByText(`Back on ${inTenDays.shown}`, { exact: true })).toBeVisible();

  // Escape closes the panel without leaving the reader (the reader's own Escape goes back).
  await reader.getByRole("button", { name: "Remind me", exact: true }).click();
  await expect(reader.getByLabel("Pick a date")).toHaveValue(inTenDays.key);
  await page.keyboard.press("Escape");
  await expect(reader.getByLabel("Pick a date")).toHaveCount(0);
  await expect(page).toHaveURL(/\/read\/[\w-]+$/);

  await page.reload();
  await expect(reader.getByText(`Back on ${inTenDays.shown}`, { exact: true })).toBeVisible();
});
