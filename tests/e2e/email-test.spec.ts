import { expect, test } from "@playwright/test";
import { latestEmail, uniqueEmail } from "./support";

test("a visitor sends a test email and it arrives", async ({ page }) => {
  const email = uniqueEmail("tester");
  await page.goto("/email-test");
  await expect(page.getByText("This page is for testing only.", { exact: false })).toBeVisible();

  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send Test Email" }).click();

  await expect(page.getByText("Email sent!", { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Test email sent to ${email}. Check your inbox.`, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Test Email" })).toBeEnabled();

  const message = await latestEmail(page, email, /test email/i);
  expect(message.to).toBe(email);
  expect(message.text).toContain("This is a test email from LinkStash");
});

test("an invalid address shows the validation message and sends nothing", async ({ page }) => {
  await page.goto("/email-test");
  await page.getByLabel("Email address").fill("not-an-email");
  await page.getByRole("button", { name: "Send Test Email" }).click();

  await expect(page.getByText("Please enter a valid email address", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Email sent!", { exact: true })).toHaveCount(0);
  const res = await page.request.get(`/dev/mailbox?format=json&to=${encodeURIComponent("not-an-email")}`);
  expect(await res.json()).toEqual([]);
});
