import { writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { clockFile, clockPort } from "../../playwright.config";
import { runCronUntilDigest } from "./digest-cron";
import { latestEmail, signUpAndOnboard } from "./support";

// This journey runs against the server whose clock the test can move (see playwright.config.ts).
test.use({ baseURL: `http://localhost:${clockPort}` });

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

async function pick(page: Page, select: string, option: string) {
  await page.getByRole("combobox", { name: select, exact: true }).selectOption({ label: option });
}

test.afterAll(() => writeFileSync(clockFile, "+0"));

test("a weekly digest arrives with the saved links, and its unsubscribe link turns digests off", async ({ page }) => {
  const email = await signUpAndOnboard(page);

  // Weekly, tomorrow (UTC) at 6:00 AM: at most 30 hours ahead.
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Weekly" }).click();
  const tomorrow = WEEKDAYS[(new Date().getUTCDay() + 1) % 7] ?? "Monday";
  await pick(page, "Day", tomorrow);
  await pick(page, "Delivery time", "6:00 AM");
  await page.getByRole("combobox", { name: "Time zone" }).fill("UTC");
  await page
    .getByRole("option", { name: /^UTC\b/ })
    .first()
    .click();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toastText(page, "Settings updated")).toBeVisible();

  await page.goto("/dashboard");
  await expect(page.getByText("Weekly Email", { exact: true })).toBeVisible();
  await expect(page.getByText(`You'll receive a weekly email every ${tomorrow} at 6:00 AM.`)).toBeVisible();
  for (const url of ["example.test/first-read", "sample.test/second-read"]) {
    await page.getByLabel("URL").fill(url);
    await page.getByRole("button", { name: "Save link", exact: true }).click();
    await expect(toastText(page, "Link saved successfully!")).toBeVisible();
  }

  // Two days later on the server's clock the digest is due; the hourly cron call sends it.
  writeFileSync(clockFile, "+172800");
  await runCronUntilDigest(page, email);

  const digest = await latestEmail(page, email, /Your LinkStash digest/);
  expect(digest.subject).toBe("Your LinkStash digest: 2 links to read");
  expect(digest.text).toContain("https://example.test/first-read");
  expect(digest.text).toContain("https://sample.test/second-read");
  const unsubscribe = digest.text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)?.[0];
  expect(unsubscribe).toBeTruthy();

  await page.goto(unsubscribe ?? "/");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You're unsubscribed")).toBeVisible();

  await page.goto("/settings");
  await expect(page.getByRole("tab", { name: "No Emails" })).toHaveAttribute("aria-selected", "true");
});
