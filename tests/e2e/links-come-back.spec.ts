import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { clockFile, clockPort } from "../../playwright.config";
import { runCronUntilDigest } from "./digest-cron";
import { latestEmail, signUpAndOnboard } from "./support";
import { expectNoHorizontalOverflow } from "./screen-helpers";

// A link comes back on the day its owner chose: set from the link item, shown under "Back today" on
// that day (the server's clock moved a day ahead), carried by that day's digest, and snoozed a week
// from the email. Runs against the server whose clock the test can move (see playwright.config.ts).
test.use({ baseURL: `http://localhost:${clockPort}` });

const DAY_SECONDS = 86_400;
const URL_SAVED = "https://example.test/come-back-tomorrow";

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test.afterAll(() => writeFileSync(clockFile, "+0"));

/** What the dashboard's "Back today" reads, as the API answers it. */
async function backTodayText(page: Page): Promise<string> {
  const res = await page.request.get("/api/links/back-today");
  expect(res.status()).toBe(200);
  return res.text();
}

test("a reminder set from a link item comes back on its day, in Back today and in the digest, and snoozes from the email", async ({
  page,
}) => {
  const email = await signUpAndOnboard(page);

  // Daily at the hour now under way, so the next digest is tomorrow's, the reminder's day, whatever
  // the time of day the test runs. Settings offer 6 AM to 11 PM: before six in UTC, Tokyo (UTC+9, no
  // daylight saving, the same date until 3 PM UTC) is within them.
  const utcHour = new Date().getUTCHours();
  const zone = utcHour >= 6 ? "UTC" : "Asia/Tokyo";
  const hour = utcHour >= 6 ? utcHour : utcHour + 9;
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Daily" }).click();
  await page
    .getByRole("combobox", { name: "Delivery time", exact: true })
    .selectOption({ label: `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 ? "AM" : "PM"}` });
  await page.getByRole("combobox", { name: "Time zone" }).fill(zone);
  await page
    .getByRole("option", { name: new RegExp(`^${zone.replace("/", "\\/")}\\b`) })
    .first()
    .click();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toastText(page, "Settings updated")).toBeVisible();

  await page.goto("/dashboard");
  await page.getByLabel("URL").fill(URL_SAVED);
  await page.getByRole("button", { name: "Save link", exact: true }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();
  const item = page.getByRole("list", { name: "Today's links" }).getByRole("listitem").filter({ hasText: URL_SAVED });
  await item.getByRole("button", { name: "Remind me", exact: true }).click();
  await page
    .getByRole("group", { name: `Remind me about ${URL_SAVED}` })
    .getByRole("button", { name: /^Tomorrow/ })
    .click();
  await expect(toastText(page, "Reminder set")).toBeVisible();
  expect(await backTodayText(page)).not.toContain(URL_SAVED);

  // A day later on the server's clock: the link is back today, above today's links.
  writeFileSync(clockFile, `+${DAY_SECONDS}`);
  await expect
    .poll(
      async () => {
        await page.goto("/dashboard").catch(() => null);
        return page
          .getByRole("list", { name: "Links back today" })
          .getByRole("listitem")
          .filter({ hasText: URL_SAVED })
          .count();
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBe(1);
  await expect(page.getByRole("heading", { name: "Back today" })).toBeVisible();

  // That day's digest carries it under its own heading, once.
  await runCronUntilDigest(page, email);
  const digest = await latestEmail(page, email, /Your LinkStash digest/);
  expect(digest.text).toContain("Back today");
  expect(digest.text.split(URL_SAVED).length - 1).toBe(1);
  const snoozeUrl = digest.text.match(/https?:\/\/\S+\/snooze\?token=\S+/)?.[0];
  expect(snoozeUrl).toBeTruthy();

  // The email at a phone's width: as sent, and as a mail client that honours prefers-color-scheme
  // shows it in dark mode (the template's dark colours, emails/components/email-layout.tsx).
  await page.setViewportSize({ width: 375, height: 812 });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setContent(digest.html);
    await expectNoHorizontalOverflow(page);
    const file = path.join(test.info().project.outputDir, "screens", `digest-back-today-${scheme}-phone.png`);
    await page.screenshot({ path: file, fullPage: true, animations: "disabled" });
  }
  await page.emulateMedia({ colorScheme: null });

  // Snooze a week from the email: the page asks, the button does it, and the link leaves Back today.
  await page.goto(snoozeUrl ?? "/");
  await page.getByRole("button", { name: "Snooze a week" }).click();
  await expect(page.getByText("Snoozed for a week")).toBeVisible();
  await expect.poll(() => backTodayText(page)).not.toContain(URL_SAVED);
});
