import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { portBase } from "../../playwright.config";
import { signUpAndOnboard } from "./support";

// Settings → Apps at phone width: what an app asks for, an app password made and shown once, used by
// an app (the OAuth token endpoint), then revoked from the list, after which it no longer signs in.

const APP_URL = `http://localhost:${portBase}`;

async function passwordGrant(username: string, password: string): Promise<number> {
  const res = await fetch(`${APP_URL}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      grant_type: "password",
      client_id: "linkstash",
      client_secret: "linkstash",
      username,
      password,
    }),
  });
  return res.status;
}

test("Apps: the connection details, Create app password, the password shown once, Revoke", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const email = await signUpAndOnboard(page);
  await page.goto("/settings#apps");
  const card = page.locator("#apps");
  await expect(card.getByRole("heading", { name: "Apps" })).toBeVisible();
  await expect(card.getByText("Server address", { exact: true })).toBeVisible();
  await expect(card.getByText(email, { exact: true })).toBeVisible();
  await expect(card.getByText("No app passwords yet.")).toBeVisible();

  await card.getByLabel("App name").fill("KOReader on my Kobo");
  await card.getByRole("button", { name: "Create app password" }).click();
  const shown = card.getByLabel("New app password");
  await expect(shown).toHaveText(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
  const password = (await shown.textContent()) ?? "";
  await expect(card.getByRole("list", { name: "Your app passwords" }).getByText("KOReader on my Kobo")).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
  // The sticky header would cover the top of a card taller than the screen.
  await card.screenshot({
    path: testInfo.outputPath("settings-apps-phone.png"),
    style: "header { visibility: hidden; }",
  });
  const axe = await new AxeBuilder({ page }).include("#apps").withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  expect(await passwordGrant(email, password)).toBe(200);

  await card.getByRole("button", { name: "Done" }).click();
  await expect(shown).toHaveCount(0);
  await card.getByRole("button", { name: "Revoke app password KOReader on my Kobo" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(card.getByText('App password "KOReader on my Kobo" revoked.')).toBeVisible();
  await expect(card.getByText("No app passwords yet.")).toBeVisible();
  expect(await passwordGrant(email, password)).toBe(400);
});

test("Feeds: the private feeds' addresses, each a feed; New addresses retires the old ones", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpAndOnboard(page);
  await page.goto("/settings#feeds");
  const card = page.locator("#feeds");
  const feeds = card.getByRole("list", { name: "Your feeds" });
  await expect(feeds.getByText("Unread", { exact: true })).toBeVisible();
  await expect(feeds.getByText("Favorites", { exact: true })).toBeVisible();
  const unread = (await feeds.locator("output").first().textContent()) ?? "";
  expect(unread).toMatch(/\/api\/feeds\/[A-Za-z0-9_-]{43}\/unread$/);
  const res = await fetch(unread);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  expect(await res.text()).toContain('<title type="text">LinkStash: Unread</title>');

  await card.getByRole("button", { name: "New addresses" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Make new addresses" }).click();
  await expect(card.getByText("Your feeds have new addresses. The old ones no longer work.")).toBeVisible();
  await expect(feeds.locator("output").first()).not.toHaveText(unread);
  expect((await fetch(unread)).status).toBe(404);
});
