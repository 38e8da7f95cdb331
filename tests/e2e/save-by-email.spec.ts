import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import nodemailer from "nodemailer";
import { inboundSmtpPort } from "../../playwright.config";
import { expectNoHorizontalOverflow } from "./screen-helpers";
import { signUpAndOnboard } from "./support";

// Save by email from end to end: the address shown in Settings, a newsletter forwarded to it over
// SMTP by a real client from the user's own address, and the newsletter read in the reader.

const NEWSLETTER = path.join(import.meta.dirname, "../fixtures/inbound-mail/gmail-forwarded-newsletter.eml");

/** The fixture as the user's mail client would send it: from their own address, to their save address. */
function forwardedBy(from: string, to: string): string {
  return readFileSync(NEWSLETTER, "utf8")
    .replace(/^From: .*$/m, `From: ${from}`)
    .replace(/^To: .*$/m, `To: ${to}`);
}

test.use({ viewport: { width: 375, height: 812 } });

test("a newsletter forwarded to the save address is read in the reader, its sender shown", async ({ page }) => {
  const email = await signUpAndOnboard(page);
  await page.goto("/settings");
  const address = (await page.locator("#save-address").innerText()).trim();
  expect(address).toMatch(/^[a-z2-7]{26}@save\.linkstash\.test$/);

  const info = await nodemailer
    .createTransport({ host: "127.0.0.1", port: inboundSmtpPort, secure: false, ignoreTLS: true })
    .sendMail({ envelope: { from: email, to: address }, raw: forwardedBy(email, address) });
  expect(info.accepted).toEqual([address]);

  await page.goto("/dashboard");
  const item = page
    .getByRole("list", { name: "Today's links" })
    .getByRole("listitem")
    .filter({ hasText: "The Tide Table #42: Moons, mudflats and a map" });
  await expect(item).toHaveCount(1);
  await item.getByRole("link", { name: /^Read / }).click();
  await expect(page).toHaveURL(/\/read\/[\w-]+$/);
  await expect(page.getByRole("heading", { name: "The Tide Table #42: Moons, mudflats and a map" })).toBeVisible();
  await expect(page.getByText("The Tide Table <hello@tidetable.example>").first()).toBeVisible();
  await expectNoHorizontalOverflow(page);
  const file = path.join(test.info().project.outputDir, "screens", "reader-newsletter-phone.png");
  await page.screenshot({ path: file, animations: "disabled" });
});
