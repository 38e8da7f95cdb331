import { expect, test, type Page } from "@playwright/test";
import { EVERYTHING_INCLUDED, EVERYTHING_INCLUDED_TITLE, MANUAL_DIGESTS_NOTE } from "@/lib/billing/no-billing";
import { NO_BILLING_INVITES_NOTE, TRIAL_INVITES_NOTE } from "@/lib/invitations/rules";
import { billingBaseURL } from "./billing-servers";
import { signUpAndOnboard } from "./support";

// One story per server (docs/decisions/0304). The main test server has no billing: it has no plans,
// so no screen may speak of a trial, an upgrade, a current plan or Pro months. The billing server
// keeps the plan words of the product.

/** What a server without billing must never say: each is a plan it does not have. */
const CONTRADICTIONS = [
  /free trial/i,
  /trial ends/i,
  /^Trial:/,
  /Upgrade to Pro/i,
  /Upgrade Now/i,
  /Current Plan/,
  /invitations renew/i,
  /month of Pro/i,
  /Pro Account/,
  /Pro feature/i,
  /View Plans/i,
];

async function expectNoPlanWords(page: Page): Promise<void> {
  const text = await page.locator("main").innerText();
  for (const words of CONTRADICTIONS) expect(text, `${page.url()} says ${words}`).not.toMatch(words);
}

test("without billing, the dashboard, Settings, Invitations and Pricing say everything is included", async ({
  page,
}) => {
  await signUpAndOnboard(page);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Today's Stash", level: 1 })).toBeVisible();
  await expect(page.getByText(MANUAL_DIGESTS_NOTE)).toBeVisible();
  await expect(page.getByRole("region", { name: "Free trial" })).toHaveCount(0);
  await expectNoPlanWords(page);

  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  // Every frequency is open, and the account says why.
  for (const tab of ["Daily", "Weekly", "Custom", "No Emails"]) {
    await expect(page.getByRole("tab", { name: tab, exact: true })).toBeEnabled();
  }
  await expect(page.getByText(EVERYTHING_INCLUDED_TITLE, { exact: true })).toBeVisible();
  await expect(page.getByText(EVERYTHING_INCLUDED)).toBeVisible();
  await expectNoPlanWords(page);

  await page.goto("/invitations");
  await expect(page.getByRole("heading", { name: "Invite Friends", level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: "Account Status" })).toContainText(EVERYTHING_INCLUDED_TITLE);
  await expect(page.getByText(NO_BILLING_INVITES_NOTE)).toBeVisible();
  await expectNoPlanWords(page);

  await page.goto("/pricing");
  await expect(page.getByRole("region", { name: EVERYTHING_INCLUDED_TITLE })).toContainText(EVERYTHING_INCLUDED);
  await expect(page.getByRole("region", { name: "Free plan" })).toHaveCount(0);
  await expectNoPlanWords(page);
});

test("without billing, a visitor's landing and pricing pages offer no plans", async ({ page }) => {
  for (const path of ["/", "/pricing"]) {
    await page.goto(path);
    await expect(page.getByText(EVERYTHING_INCLUDED)).toBeVisible();
    await expectNoPlanWords(page);
  }
});

test("the link list shows an internationalised address in its own letters; the link opens the stored one", async ({
  page,
  baseURL,
}) => {
  await signUpAndOnboard(page);
  const stored = "https://xn--bcher-kva.example/d%C3%A9j%C3%A0-vu";
  const res = await page.request.post("/api/links", { data: { url: stored }, headers: { Origin: String(baseURL) } });
  expect(res.status(), await res.text()).toBe(201);

  for (const path of ["/dashboard", "/history"]) {
    await page.goto(path);
    const item = page.getByRole("article").filter({ hasText: "bücher.example" });
    await expect(item).toHaveCount(1);
    // No title: the address is the name, read as a person writes it; the href is the real address.
    const link = item.getByRole("link", { name: /opens in a new tab/ });
    await expect(link).toHaveAccessibleName("https://bücher.example/déjà-vu (opens in a new tab)");
    await expect(link).toHaveAttribute("href", stored);
    // The URL line under the name.
    await expect(item.locator("p").filter({ hasText: /^https:\/\/bücher\.example\/déjà-vu$/ })).toBeVisible();
    await expect(item).not.toContainText("xn--");
    await expect(item).not.toContainText("%C3");
  }
});

test.describe("with billing on", () => {
  test.use({ baseURL: billingBaseURL });

  test("the plan screens keep their words: trial banner, Pro and free hints, rewards, the plans", async ({
    page,
    browser,
  }) => {
    await page.goto("/");
    await expect(page.getByText("Recommended", { exact: true })).toBeVisible();
    await expect(page.getByText("Best Value", { exact: true })).toBeVisible();
    await expect(page.getByText("2 weeks of full-access trial")).toBeVisible();
    await expect(page.getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/pricing");
    await expect(page.getByText(EVERYTHING_INCLUDED)).toHaveCount(0);

    await signUpAndOnboard(page);
    await page.goto("/dashboard");
    const trial = page.getByRole("region", { name: "Free trial" });
    await expect(trial).toContainText(/Your free trial ends in \d+ days\./);
    await expect(trial.getByRole("link", { name: "View Plans" })).toHaveAttribute("href", "/pricing");
    await expect(
      page.getByText(
        "Pro accounts can request unlimited manual digests; free accounts can request one additional digest per day.",
      ),
    ).toBeVisible();

    await page.goto("/settings");
    await expect(page.getByText(EVERYTHING_INCLUDED)).toHaveCount(0);

    await page.goto("/invitations");
    for (const card of ["Available Invites", "Referral Rewards", "Account Status"]) {
      await expect(page.getByRole("group", { name: card })).toBeVisible();
    }
    await expect(page.getByRole("group", { name: "Account Status" })).toContainText("Free");
    await expect(page.getByRole("group", { name: "Account Status" })).toContainText("Trial ends:");
    await expect(page.getByText(TRIAL_INVITES_NOTE)).toBeVisible();
    await expect(page.getByText("it gives your friend 1 month of Pro for free.", { exact: false })).toBeVisible();

    const created = await page.request.post("/api/invitations", { headers: { Origin: billingBaseURL } });
    expect(created.status()).toBe(201);
    const code: string = (await created.json()).invitation.code;
    const visitorContext = await browser.newContext({ baseURL: billingBaseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/invite/${code}`);
    await expect(visitor.getByText("This invitation gives you 1 month of Pro for free.")).toBeVisible();
    await expect(visitor.getByRole("heading", { name: "Pro includes" })).toBeVisible();
    await visitorContext.close();
  });
});
