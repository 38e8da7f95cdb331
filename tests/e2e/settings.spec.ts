import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { latestEmail, signInByMagicLink, signUpAndOnboard, uniqueEmail } from "./support";

// Radix renders a toast's text twice (once for screen readers): take the first match.
const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

async function pick(page: Page, select: string, option: string) {
  await page.getByRole("combobox", { name: select, exact: true }).selectOption({ label: option });
}

/** The option a native select shows. */
const chosenOption = (page: Page, select: string) =>
  page.getByRole("combobox", { name: select, exact: true }).locator("option:checked");

test("email preferences: a weekly schedule is saved and kept; custom days get their own time", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  // Onboarding's default is daily at 8:00 PM, which reads as "today".
  await expect(page.getByRole("tab", { name: "Daily" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Today's links arrive today at 8:00 PM.")).toBeVisible();
  await pick(page, "Delivery time", "6:00 AM");
  await expect(page.getByText("Today's links arrive tomorrow at 6:00 AM.")).toBeVisible();

  await page.getByRole("tab", { name: "Weekly" }).click();
  await pick(page, "Day", "Friday");
  await pick(page, "Delivery time", "7:00 AM");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toastText(page, "Settings updated")).toBeVisible();

  await page.reload();
  await expect(page.getByRole("tab", { name: "Weekly" })).toHaveAttribute("aria-selected", "true");
  await expect(chosenOption(page, "Day")).toHaveText("Friday");
  await expect(chosenOption(page, "Delivery time")).toHaveText("7:00 AM");

  await page.getByRole("tab", { name: "Custom" }).click();
  await expect(page.getByRole("checkbox", { name: "Monday" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Time for Wednesday" })).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Wednesday" }).click();
  await expect(page.getByRole("combobox", { name: "Time for Wednesday" })).toBeVisible();

  await page.getByRole("tab", { name: "No Emails" }).click();
  await expect(page.getByText(/won't receive any automated digest emails/)).toBeVisible();
});

test("categories: add a custom one, refuse a duplicate, delete it", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  await expect(page.getByText("No custom categories yet.")).toBeVisible();
  for (const name of ["Uncategorized", "Article", "Personal"]) {
    await expect(page.locator("#categories").getByText(name, { exact: true })).toBeVisible();
  }

  await page.getByRole("button", { name: "Add Category" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Category" });
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(toastText(page, "Please enter a valid category name")).toBeVisible();

  await dialog.getByLabel("Category name").fill("news");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(toastText(page, "A category with this name already exists (case-insensitive match).")).toBeVisible();

  await dialog.getByLabel("Category name").fill("Recipes");
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(toastText(page, "Category created!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator("#categories").getByText("Recipes", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Delete category Recipes" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete category?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "Category deleted")).toBeVisible();
  await expect(page.getByText("No custom categories yet.")).toBeVisible();
});

test("account: deleting it signs out and lands on the landing page", async ({ page }) => {
  const email = await signUpAndOnboard(page);
  await page.goto("/settings");
  // The Apps card shows the email too (as the apps' username), once its part of the page has loaded.
  await expect(page.locator("#account").getByText(email, { exact: true })).toBeVisible();
  await expect(page.getByText("Member since")).toBeVisible();

  await page.getByRole("button", { name: "Delete my account" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure?" });
  await expect(confirm).toContainText("cannot be undone");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();

  await page.getByRole("button", { name: "Delete my account" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete Account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Stash links now, Read them later" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();

  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);
});

test("settings work on a phone-width screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signUpAndOnboard(page);
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Custom" }).click();
  await expect(page.getByRole("combobox", { name: "Time for Monday" })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByRole("button", { name: "Save preferences" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete my account" })).toBeVisible();
});

test("email address: a new one stays pending until confirmed from its link, which ends other sessions", async ({
  page,
  browser,
}) => {
  const current = await signUpAndOnboard(page);
  // The same account signed in on another device.
  const elsewhere = await browser.newContext();
  const phone = await elsewhere.newPage();
  await signInByMagicLink(phone, current);

  const wanted = uniqueEmail("moved");
  await page.goto("/settings");
  await page.getByLabel("Email address").fill(wanted);
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toastText(page, "Settings updated")).toBeVisible();
  await expect(
    page.getByText(`Check your inbox: we sent a link to ${wanted} to confirm the new address.`).first(),
  ).toBeVisible();
  const pending = page.getByRole("note").filter({ hasText: "Pending" });
  await expect(pending).toContainText(wanted);
  await expect(pending).toContainText(current);
  expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({
    email: current,
    pendingEmail: wanted,
  });

  // The old address is told; the new one gets the link.
  expect((await latestEmail(page, current, /being changed/)).text).toContain(wanted);
  const message = await latestEmail(page, wanted, /Confirm your new LinkStash email address/);
  const link = message.text.match(/https?:\/\/\S+\/confirm-email\?token=\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in: ${message.text}`);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your new email address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page.getByRole("heading", { name: "Email address changed" })).toBeVisible();
  expect(await (await page.request.get("/api/auth/user")).json()).toMatchObject({ email: wanted, pendingEmail: null });
  expect((await phone.request.get("/api/auth/user")).status()).toBe(401);
  await elsewhere.close();

  // The link is spent.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Invalid link" })).toBeVisible();
});

test("email address: someone else's pending change never signs its owner into the account that asked", async ({
  page,
  browser,
}) => {
  await signUpAndOnboard(page);
  const victim = uniqueEmail("victim");
  await page.goto("/settings");
  await page.getByLabel("Email address").fill(victim);
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toastText(page, "Settings updated")).toBeVisible();
  const attacker = await (await page.request.get("/api/auth/user")).json();

  const own = await browser.newContext();
  const victimPage = await own.newPage();
  await signInByMagicLink(victimPage, victim);
  // A new account of the victim's own: onboarding, not the attacker's dashboard.
  await expect(victimPage).toHaveURL(/\/onboarding$/);
  const signedIn = await (await victimPage.request.get("/api/auth/user")).json();
  expect(signedIn.email).toBe(victim);
  expect(signedIn.id).not.toBe(attacker.id);
  await own.close();
});

test("API tokens: the card links to the API reference, a public page read from the API document", async ({
  page,
  browser,
}) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { name: "LinkStash API", level: 1 })).toBeVisible();
  const save = page.getByRole("region", { name: /POST\s*\/api\/links\s*Save a link/ });
  await expect(save).toContainText("With a personal API token or the browser session.");
  await expect(save.getByRole("link", { name: "plan_limit" })).toBeVisible();
  await expect(page.locator("#code-plan_limit")).toContainText("The account's plan does not allow this");

  // Signed out, on a phone: the same page, nothing wider than the screen.
  const signedOut = await browser.newContext({
    viewport: { width: 375, height: 800 },
    baseURL: new URL(page.url()).origin,
  });
  const visitor = await signedOut.newPage();
  await visitor.goto("/docs/api");
  await expect(visitor.getByRole("heading", { name: "Errors", level: 2 })).toBeVisible();
  const overflow = await visitor.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page: visitor })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
  ).toEqual([]);
  const openapi = await visitor.request.get("/api/openapi.json");
  expect(openapi.headers()["cache-control"]).toBe("public, max-age=3600");
  expect((await openapi.json()).openapi).toBe("3.1.0");
  await signedOut.close();
});

test("save by email at phone width, by keyboard: copy the address, a new one after asking, any sender", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 375, height: 812 });
  const email = await signUpAndOnboard(page);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Save by email" })).toBeVisible();
  const address = page.getByLabel("Your save address");
  await expect(address).toHaveText(/^[a-z2-7]{26}@save\.linkstash\.test$/);
  const first = (await address.textContent()) ?? "";
  await expect(page.getByText(`When this is off, only mail sent from ${email} is saved.`)).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);

  await page.getByRole("button", { name: "Copy", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Address copied to the clipboard." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  // Asked first; Escape keeps the address.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "New address", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog", { name: "Make a new save address?" });
  await expect(dialog).toContainText(`Mail sent to ${first} will no longer be saved.`);
  const axe = await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(address).toHaveText(first);

  await page.getByRole("button", { name: "New address", exact: true }).click();
  await dialog.getByRole("button", { name: "Make new address" }).click();
  await expect(dialog).toBeHidden();
  await expect(address).not.toHaveText(first);
  const second = (await address.textContent()) ?? "";
  await expect(page.getByRole("status").filter({ hasText: `Your new save address is ${second}.` })).toBeVisible();

  const anySender = page.getByRole("checkbox", { name: "Save mail from any sender" });
  await expect(anySender).not.toBeChecked();
  await anySender.focus();
  await page.keyboard.press("Space");
  await expect(page.getByRole("status").filter({ hasText: "Mail from any sender will be saved." })).toBeVisible();
  await expect(anySender).toBeChecked();
  await expect(anySender).toBeEnabled();
  await page.reload();
  await expect(page.getByLabel("Your save address")).toHaveText(second);
  await expect(page.getByRole("checkbox", { name: "Save mail from any sender" })).toBeChecked();
  // For the README's gallery: the section at phone width, from its heading to its last line.
  const heading = page.getByRole("heading", { name: "Save by email" });
  await heading.scrollIntoViewIfNeeded();
  const top = await heading.boundingBox();
  const bottom = await page.getByText(/^When this is off/).boundingBox();
  if (!top || !bottom) throw new Error("the section is not on screen");
  const y = Math.max(0, top.y - 28);
  await page.screenshot({
    path: test.info().outputPath("settings-save-by-email-phone.png"),
    clip: { x: 0, y, width: 375, height: bottom.y + bottom.height + 28 - y },
    animations: "disabled",
  });
});
