import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { portBase } from "../../playwright.config";
import { showColorScheme } from "./screen-helpers";
import { latestEmail, signUpAndOnboard } from "./support";

// A digest's one-click links, Snooze a week and Not interested (Mark as read: search.spec.ts), on the
// built app at phone width: the page shows the link and what its button does, opening it changes
// nothing, the button works from the keyboard and without script, and both states pass axe.

test.use({ viewport: { width: 375, height: 740 } });

/** The app server's own secret (a local instance keeps it in its data directory, playwright.config.ts). */
const authSecret = () => readFileSync(path.join(tmpdir(), `linkstash-e2e-${portBase}`, "auth-secret"), "utf8").trim();

/** A token as the digest signs it for `action`: `<link>.<user>.<HMAC of "action:link:user">`. */
function signedToken(action: string, linkId: string, userId: string): string {
  const mac = createHmac("sha256", authSecret()).update(`${action}:${linkId}:${userId}`).digest("base64url");
  return `${linkId}.${userId}.${mac}`;
}

/**
 * A new user with one saved link, and the link's and the user's ids, read from the Mark as read
 * address of the digest that Send Digest Now mails to the local mailbox.
 */
async function userWithDigestedLink(page: Page, url: string): Promise<{ linkId: string; userId: string }> {
  const email = await signUpAndOnboard(page);
  const res = await page.request.post("/api/links", { data: { url }, headers: { origin: new URL(page.url()).origin } });
  expect(res.status()).toBe(201);
  await page.reload();
  await page.getByRole("button", { name: /Send Digest Now/i }).click();
  const message = await latestEmail(page, email, /Today's stash/);
  const markRead = message.text.match(/^Mark as read: (\S+)$/m)?.[1];
  if (!markRead) throw new Error(`no mark-read link in: ${message.text}`);
  const [linkId = "", userId = ""] = (new URL(markRead).searchParams.get("token") ?? "").split(".");
  return { linkId, userId };
}

async function expectAccessible(page: Page, screen: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await showColorScheme(page, colorScheme);
    const { violations, passes } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(passes.length, `axe checked nothing on ${screen}`).toBeGreaterThan(0);
    const failing = violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(
      failing.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
      `${screen} (${colorScheme})`,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/** Kept out of indexes and out of other sites' referrers; nothing wider than the phone. */
async function expectPrivateAndNarrow(page: Page): Promise<void> {
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.locator('meta[name="referrer"]')).toHaveAttribute("content", "same-origin");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

/** The owner's local day a week from today, as the page writes it ("Thursday, December 3"). */
async function aWeekFromToday(page: Page): Promise<string> {
  const { timezone }: { timezone: string } = await (await page.request.get("/api/auth/user")).json();
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: timezone }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 7);
  return new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" }).format(
    day,
  );
}

test("Snooze a week from the email: the page says the day, the keyboard confirms it, and it stays done", async ({
  page,
}) => {
  const { linkId, userId } = await userWithDigestedLink(page, "https://example.test/snooze-me");
  const comesBack = `It comes back on ${await aWeekFromToday(page)}.`;
  const address = `/snooze?token=${signedToken("snooze", linkId, userId)}`;

  await page.goto(address);
  await expect(page.getByRole("heading", { name: "Snooze for a week?" })).toBeVisible();
  await expect(page.getByText(comesBack)).toBeVisible();
  await expect(page.getByRole("link", { name: /example\.test\/snooze-me/ })).toBeVisible();
  await expectPrivateAndNarrow(page);
  await expectAccessible(page, "/snooze");
  // Opening it changed nothing: a second visit still asks.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Snooze for a week?" })).toBeVisible();

  const button = page.getByRole("button", { name: "Snooze a week" });
  for (let press = 0; press < 30 && !(await button.evaluate((el) => el === document.activeElement)); press += 1)
    await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Snoozed for a week" })).toBeVisible();
  await expect(page.getByText(comesBack)).toBeVisible();
  await expect(page).toHaveURL(address);
  await expectAccessible(page, "/snooze, done");

  // Done is read from the link itself: opening the email's link again says so and offers no button.
  await page.goto(address);
  await expect(page.getByRole("heading", { name: "Snoozed for a week" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Snooze a week" })).toHaveCount(0);
});

test("a token for another action opens the invalid page", async ({ page }) => {
  const { linkId, userId } = await userWithDigestedLink(page, "https://example.test/wrong-action");
  await page.goto(`/snooze?token=${signedToken("not-interested", linkId, userId)}`);
  await expect(page.getByRole("heading", { name: "Invalid link" })).toBeVisible();
  await expect(page.getByText("This link is invalid.")).toBeVisible();
});

/** A second browser with script off (the signing up before it needs script; the action pages do not). */
async function withoutScript(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 375, height: 740 } });
}

test("Not interested from the email, without JavaScript: a plain form sets the link aside and keeps it", async ({
  page,
  browser,
  baseURL,
}) => {
  const { linkId, userId } = await userWithDigestedLink(page, "https://example.test/not-for-me");
  const address = `/not-interested?token=${signedToken("not-interested", linkId, userId)}`;
  const asking = async (on: Page) => {
    await expect(on.getByRole("heading", { name: "Not interested?" })).toBeVisible();
    await expect(on.getByText("This link stays in your history, and digests will not bring it back.")).toBeVisible();
    await expect(on.getByRole("link", { name: /example\.test\/not-for-me/ })).toBeVisible();
    // Nothing destructive on offer: the one button sets the link aside.
    await expect(on.getByRole("main").getByRole("button")).toHaveText(["Not interested"]);
  };
  const done = async (on: Page) => {
    await expect(on.getByRole("heading", { name: "Not interested", exact: true })).toBeVisible();
    await expect(on.getByText("This link stays in your history and won't be brought back by a digest.")).toBeVisible();
  };

  // Axe and the width need script in the test's own browser (Playwright evaluates in the page).
  await page.goto(address);
  await asking(page);
  await expectPrivateAndNarrow(page);
  await expectAccessible(page, "/not-interested");

  const context = await withoutScript(browser, baseURL);
  const noScript = await context.newPage();
  await noScript.goto(address);
  await asking(noScript);
  await noScript.getByRole("button", { name: "Not interested" }).click();
  await done(noScript);
  await expect(noScript).toHaveURL(address);
  await context.close();

  await page.reload();
  await done(page);
  await expectAccessible(page, "/not-interested, done");

  // Still in the owner's history.
  await page.goto("/history");
  await expect(page.getByText("https://example.test/not-for-me").first()).toBeVisible();
});

test("Mark as read from the email works without JavaScript too", async ({ page, browser, baseURL }) => {
  const { linkId, userId } = await userWithDigestedLink(page, "https://example.test/read-no-script");
  const context = await withoutScript(browser, baseURL);
  const noScript = await context.newPage();
  await noScript.goto(`/mark-read?token=${signedToken("mark-read", linkId, userId)}`);
  await noScript.getByRole("button", { name: "Mark as read" }).click();
  await expect(noScript.getByRole("heading", { name: "Marked as read" })).toBeVisible();
  await context.close();
});
