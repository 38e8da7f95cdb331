import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signInByMagicLink, signUpAndOnboard, uniqueEmail } from "./support";

// Accessibility: axe on every screen, signed out and signed in, with no serious or
// critical violations (moderate and minor ones are printed, not failed); keyboard-only journeys for
// saving a link and changing the schedule; a visible focus indicator.

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

function describe(violation: Violation): string {
  const targets = violation.nodes
    .map((node) => `${node.target.join(" ")}${node.any[0] ? ` (${node.any[0].message})` : ""}`)
    .slice(0, 3);
  return `[${violation.impact ?? "unknown"}] ${violation.id} (${violation.nodes.length}): ${targets.join(", ")}`;
}

/**
 * Runs axe on the page as it is (or only inside `include`, a CSS selector); fails on serious or
 * critical violations, prints the rest.
 */
async function audit(page: Page, screen: string, include?: string): Promise<void> {
  // From the top: scrolled, the translucent sticky header overlaps content and axe cannot tell
  // the header's contrast (it reports "needs review" instead).
  await page.evaluate(() => window.scrollTo(0, 0));
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder.include(include);
  const { violations, passes, incomplete } = await builder.analyze();
  // The audit checked something: a page it could not read would pass vacuously.
  expect(passes.length, `axe checked nothing on ${screen}`).toBeGreaterThan(0);
  const counts = violations.reduce<Record<string, number>>((acc, violation) => {
    const impact = violation.impact ?? "unknown";
    acc[impact] = (acc[impact] ?? 0) + violation.nodes.length;
    return acc;
  }, {});
  console.log(`axe ${screen}: ${JSON.stringify(counts)} (${passes.length} rules passed)`);
  // Checks axe could not decide (e.g. contrast over an image) are listed for a person to look at.
  for (const result of incomplete) console.log(`  needs review: ${describe(result)}`);
  const failing = violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""));
  for (const violation of violations.filter((v) => !failing.includes(v))) console.log(`  ${describe(violation)}`);
  expect(failing.map(describe), `serious or critical axe violations on ${screen}`).toEqual([]);
}

/** Radix renders a toast's text twice (once for screen readers): match the first. */
function toastText(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

/** Presses Tab (keyboard only) until `target` has focus. */
async function tabTo(page: Page, target: Locator, maxPresses = 60): Promise<void> {
  for (let press = 0; press < maxPresses; press += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const signedOutScreens: { path: string; heading: string | RegExp }[] = [
  { path: "/", heading: "Stash links now, Read them later" },
  { path: "/pricing", heading: /./ },
  { path: "/login", heading: /./ },
  { path: "/email-test", heading: /./ },
  { path: "/invite/not-a-code", heading: "Invalid Invitation" },
  // A digest's one-click links with a bad token (a good one: tests/e2e/email-actions.spec.ts).
  { path: "/mark-read?token=not-a-token", heading: "Invalid link" },
  { path: "/snooze?token=not-a-token", heading: "Invalid link" },
  { path: "/not-interested?token=not-a-token", heading: "Invalid link" },
  { path: "/no-such-page", heading: "404 Page Not Found" },
];

for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} scheme`, () => {
    test.use({ colorScheme });
    for (const screen of signedOutScreens) {
      test(`axe, signed out: ${screen.path}`, async ({ page }) => {
        await page.goto(screen.path);
        await expect(page.getByRole("heading", { name: screen.heading }).first()).toBeVisible();
        await audit(page, `signed out ${screen.path} (${colorScheme})`);
      });
    }
  });
}

test("axe, signed in: /onboarding", async ({ page }) => {
  await signInByMagicLink(page, uniqueEmail("a11y"));
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("button", { name: "Complete Setup" })).toBeVisible();
  await audit(page, "signed in /onboarding");
});

test("axe, signed in: /dashboard, /history, /settings, /invitations", async ({ page }) => {
  await signUpAndOnboard(page);
  await expect(page.getByRole("heading", { name: "Today's Stash" })).toBeVisible();
  await page.getByLabel("URL").fill("example.test/a11y");
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();
  await expect(page.getByRole("list", { name: "Today's links" }).getByRole("listitem")).toHaveCount(1);
  // A fresh page, so the toast does not cover the header; the category buttons show only while a
  // URL is typed.
  await page.reload();
  await expect(page.getByRole("list", { name: "Today's links" }).getByRole("listitem")).toHaveCount(1);
  await page.getByLabel("URL").fill("example.test/next");
  await expect(page.getByRole("group", { name: "Categories" })).toBeVisible();
  // The reading chart arrives after the page: audited with it.
  const chart = page.getByRole("img", { name: "Links saved and read per week, the last 12 weeks" });
  await expect(chart).toBeVisible();
  await audit(page, "signed in /dashboard");

  await page.goto("/history");
  await expect(page.getByText("https://example.test/a11y").first()).toBeVisible();
  await expect(chart).toBeVisible();
  await audit(page, "signed in /history");

  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Save by email" })).toBeVisible();
  await audit(page, "signed in /settings");
  // Save by email's confirmation before a new address.
  await page.getByRole("button", { name: "New address", exact: true }).click();
  await expect(page.getByRole("alertdialog", { name: "Make a new save address?" })).toBeVisible();
  await audit(page, "signed in /settings, new save address dialog", '[role="alertdialog"]');
  await page.keyboard.press("Escape");

  await page.goto("/invitations");
  await expect(page.getByRole("heading").first()).toBeVisible();
  await audit(page, "signed in /invitations");

  const receiver = `chrome-extension://${"abcdefghijklmnop".repeat(2)}/connected.html`;
  await page.goto(`/extension/connect?redirect=${encodeURIComponent(receiver)}&state=a-random-state-0123`);
  await expect(page.getByRole("button", { name: "Connect" })).toBeVisible();
  await audit(page, "signed in /extension/connect");
});

test("keyboard only: saving a link with a category", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Today's Stash" })).toBeVisible();

  const url = page.getByLabel("URL");
  await tabTo(page, url);
  await page.keyboard.type("example.test/keyboard");

  const news = page.getByRole("group", { name: "Categories" }).getByRole("button", { name: "News", exact: true });
  await tabTo(page, news);
  await page.keyboard.press("Space");
  await expect(news).toHaveAttribute("aria-pressed", "true");

  await tabTo(page, page.getByRole("button", { name: "Save link" }));
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();
  const item = page
    .getByRole("list", { name: "Today's links" })
    .getByRole("listitem")
    .filter({ hasText: "https://example.test/keyboard" });
  await expect(item).toContainText("News");
});

test("keyboard only: changing the schedule to weekly", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  // Tabs are one Tab stop (the selected one); arrows move between them and select.
  const weekly = page.getByRole("tab", { name: "Weekly" });
  // Onboarding's default is daily, the tab just before Weekly.
  await tabTo(page, page.getByRole("tab", { name: "Daily", selected: true }));
  await page.keyboard.press("ArrowRight");
  await expect(weekly).toBeFocused();
  await expect(weekly).toHaveAttribute("aria-selected", "true");

  // A native select: the arrow keys change its value without opening it.
  const day = page.getByRole("combobox", { name: "Day", exact: true });
  await tabTo(page, day);
  const before = await day.inputValue();
  await page.keyboard.press("ArrowDown");
  await expect(day).not.toHaveValue(before);
  const chosen = (await day.locator("option:checked").textContent())?.trim() ?? "";
  expect(chosen).not.toBe("");
  await expect(day).toBeFocused();

  await tabTo(page, page.getByRole("button", { name: "Save preferences" }));
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Settings updated")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("tab", { name: "Weekly" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("combobox", { name: "Day", exact: true }).locator("option:checked")).toHaveText(chosen);
});

test("focus is visible on the first Tab stops of the landing page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Stash links now, Read them later" })).toBeVisible();
  for (let press = 0; press < 5; press += 1) {
    await page.keyboard.press("Tab");
    const focus = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const style = getComputedStyle(element);
      return {
        element: `${element.tagName.toLowerCase()} ${element.textContent?.trim().slice(0, 30) ?? ""}`,
        outline: style.outlineStyle === "none" || style.outlineWidth === "0px" ? "none" : style.outlineStyle,
        boxShadow: style.boxShadow,
      };
    });
    expect(focus, `Tab ${press + 1} focused nothing`).not.toBeNull();
    if (!focus) return;
    expect(focus.outline !== "none" || focus.boxShadow !== "none", `no focus indicator on ${focus.element}`).toBe(true);
  }
});

test("axe, signed in with the Dark theme chosen: the account menu and the signed-in screens", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await signUpAndOnboard(page);
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await page.getByRole("menuitemradio", { name: "Dark" }).click();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  // Only the menu: while a Radix menu is open the rest of the page is aria-hidden and out of focus
  // reach on purpose, which axe's aria-hidden-focus rule cannot tell from a mistake.
  await audit(page, "account menu open (dark)", '[role="menu"]');
  await page.keyboard.press("Escape");

  await page.getByLabel("URL").fill("example.test/dark");
  await expect(page.getByRole("group", { name: "Categories" })).toBeVisible();
  await audit(page, "signed in /dashboard (dark)");
  for (const path of ["/history", "/settings", "/invitations", "/pricing"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await audit(page, `signed in ${path} (dark)`);
  }
});
