import { expect, test } from "@playwright/test";

test("landing page: header, hero, features, pricing and footer", async ({ page }) => {
  await page.goto("/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "LinkStash" })).toHaveAttribute("href", "/");
  await expect(header.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
  await expect(header.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login");
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveCount(0);

  await expect(page.getByRole("heading", { name: "Stash links now, Read them later" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get started", exact: true })).toHaveAttribute("href", "/api/login");
  for (const feature of ["Quick Stash", "Daily Email", "Link History"]) {
    await expect(page.getByRole("heading", { name: feature })).toBeVisible();
  }
  // Billing is off on this server: one "everything included" card (plans.spec.ts: Free and Pro with billing).
  await expect(page.getByText("Every feature is included, for every account.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Get Started", exact: true })).toHaveAttribute("href", "/api/login");
  await expect(page.getByRole("link", { name: "Upgrade Now" })).toHaveCount(0);

  const year = String(new Date().getFullYear());
  await expect(page.getByRole("contentinfo")).toContainText(year);
});

test("the header collapses into a menu on a phone-width screen", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const header = page.getByRole("banner");
  const toggle = header.getByRole("button", { name: /menu/i });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("link", { name: "Log in" }).last()).toBeVisible();
});

test("an unknown path shows the not-found page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404 Page Not Found")).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
});
