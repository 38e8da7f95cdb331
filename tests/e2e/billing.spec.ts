import { expect, test } from "@playwright/test";
import { billingBaseURL, stripeFakePort } from "./billing-servers";
import { signUpAndOnboard } from "./support";

// Upgrading through checkout on the server with billing on; Stripe is the local fake, whose hosted
// checkout page has a Pay button and a Cancel link.
test.use({ baseURL: billingBaseURL });

test("a new user upgrades through checkout and becomes Pro", async ({ page }) => {
  await signUpAndOnboard(page);
  await expect(page.getByText("Pro Account", { exact: true })).toHaveCount(0);

  await page.goto("/pricing");
  const freePlan = page.getByRole("region", { name: "Free plan" });
  await expect(freePlan.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(freePlan.getByText("Trial: 14 days left")).toBeVisible();

  await page.getByRole("button", { name: "Upgrade to Pro - $25/year" }).click();
  await expect(page).toHaveURL(new RegExp(`:${stripeFakePort}/checkout/cs_`));
  await expect(page.getByText("$25.00 per year")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page.getByText("Subscription successful!", { exact: true }).first()).toBeVisible();
  // The query is cleaned, and the plans show the new state.
  await expect(page).toHaveURL(`${billingBaseURL}/pricing`);
  const proPlan = page.getByRole("region", { name: "Pro plan" });
  await expect(proPlan.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Upgrade to Pro - $25/year" })).toHaveCount(0);
  await expect(page.getByText(/^Trial:/)).toHaveCount(0);

  await page.goto("/dashboard");
  await expect(page.getByText("Pro Account", { exact: true })).toBeVisible();

  // Subscribers manage their billing in Stripe's portal, which leads back to Settings.
  await page.goto("/settings");
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(page).toHaveURL(new RegExp(`:${stripeFakePort}/portal/bps_`));
  await page.getByRole("link", { name: "Return to LinkStash" }).click();
  await expect(page).toHaveURL(`${billingBaseURL}/settings`);
});

test("canceling checkout comes back to the plans with a 'Checkout canceled' notice", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/pricing");
  await page.getByRole("button", { name: "Upgrade to Pro - $25/year" }).click();
  await expect(page).toHaveURL(new RegExp(`:${stripeFakePort}/checkout/cs_`));
  await page.getByRole("link", { name: "Cancel" }).click();

  await expect(page.getByText("Checkout canceled", { exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(`${billingBaseURL}/pricing`);
  await expect(page.getByRole("button", { name: "Upgrade to Pro - $25/year" })).toBeEnabled();

  await page.goto("/dashboard");
  await expect(page.getByText("Pro Account", { exact: true })).toHaveCount(0);
});

test("a return without a session id shows 'Payment Received' with a way to the dashboard", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/pricing?success=true");
  await expect(page.getByRole("heading", { name: "Payment Received" })).toBeVisible();
  await expect(page).toHaveURL(`${billingBaseURL}/pricing`);
  await page.getByRole("link", { name: "Go to Dashboard" }).click();
  await expect(page).toHaveURL(`${billingBaseURL}/dashboard`);
});

test("signed-out visitors see Sign In and are sent to sign in before upgrading", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByRole("region", { name: "Free plan" }).getByRole("link", { name: "Sign In" })).toHaveAttribute(
    "href",
    "/api/login?returnTo=/pricing",
  );
  await page.getByRole("button", { name: "Upgrade to Pro - $25/year" }).click();
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fpricing/);
});
