import { expect, test } from "@playwright/test";
import { signInByMagicLink, uniqueEmail } from "./support";

test("a new user signs in by magic link, onboards, lands on the dashboard and signs out", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await signInByMagicLink(page, email);

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByLabel(/email/i)).toHaveValue(email);
  await page.getByLabel("Tomorrow (early morning)").check();
  await page.getByRole("button", { name: "Complete Setup" }).click();

  await expect(page.getByText("Welcome to LinkStash", { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Today's Stash" })).toBeVisible();

  const user = await (await page.request.get("/api/auth/user")).json();
  expect(user).toMatchObject({ email, onboarded: true, emailTime: 6 });
  expect(user.timezone).toEqual(expect.any(String));

  // Onboarding is done: the page now sends the user on to the dashboard.
  await page.goto("/onboarding");
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("button", { name: /account/i }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Stash links now, Read them later" })).toBeVisible();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
});

test("sign-in returns to the page it started from", async ({ page }) => {
  const email = uniqueEmail("returner");
  await signInByMagicLink(page, email, "/onboarding");
  await expect(page).toHaveURL(/\/onboarding$/);
});

test("a signed-out visitor of a signed-in page sees Loading and goes to the landing page", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible();
  const html = await (await page.request.get("/dashboard")).text();
  expect(html).toContain("Loading");
});

test("onboarding sends a signed-out visitor to sign in", async ({ page }) => {
  await page.goto("/onboarding");
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fonboarding/);
});
