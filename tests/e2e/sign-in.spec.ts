import { expect, test } from "@playwright/test";
import { openSignInLink, signInByMagicLink, signInLink, signUpAndOnboard, uniqueEmail } from "./support";

test("a new user signs in by magic link, onboards, lands on the dashboard and signs out", async ({ page }) => {
  const email = uniqueEmail("newcomer");
  await signInByMagicLink(page, email);

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByLabel(/email/i)).toHaveValue(email);
  // A click before hydration reaches no handler: click again until the choice holds.
  const tomorrow = page.getByLabel("Tomorrow (early morning)");
  await expect(async () => {
    await tomorrow.click();
    await expect(tomorrow).toBeChecked({ timeout: 500 });
  }).toPass();
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

test("a sign-in link opened in another browser names its account and signs nothing in until confirmed", async ({
  page,
  browser,
}) => {
  // Someone asks for a link to their own address and passes it on (login CSRF, decision 0140).
  const owner = uniqueEmail("link-owner");
  await page.goto("/login");
  await page.getByLabel(/email/i).fill(owner);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  const link = await signInLink(page, owner);
  expect(new URL(link).pathname).toBe("/login/confirm");

  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto(link);
  await expect(visitor.getByText("This link signs this browser in to the account of")).toContainText(owner);
  await expect(visitor.getByRole("button", { name: `Sign in as ${owner}` })).toBeVisible();
  // Opening it did nothing, and neither does next-auth's own callback URL.
  expect((await visitor.request.get("/api/auth/user")).status()).toBe(401);
  await visitor.goto(link.replace("/login/confirm", "/api/auth/callback/email"));
  await expect(visitor).toHaveURL(/\/login\/confirm\?/);
  expect((await visitor.request.get("/api/auth/user")).status()).toBe(401);

  // Only the page's button signs in, as the account it named.
  await visitor.getByRole("button", { name: `Sign in as ${owner}` }).click();
  await expect(visitor).toHaveURL(/\/onboarding$/);
  expect(await (await visitor.request.get("/api/auth/user")).json()).toMatchObject({ email: owner });
  await other.close();

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This sign-in link does not work" })).toBeVisible();
});

test("a signed-in /login never redirects off the site, however the callbackUrl is spelled", async ({ page }) => {
  // Onboarded, so the dashboard it lands on does not move on to /onboarding while the page loads.
  await signUpAndOnboard(page, uniqueEmail("redirect"));
  for (const callbackUrl of [
    "%2F.%2F%2Fevil.example",
    "%2F..%2F%2Fevil.example",
    "%2F%5Cevil.example",
    "%2F%2Fevil.example",
  ]) {
    const res = await page.request.get(`/login?callbackUrl=${callbackUrl}`, { maxRedirects: 0 });
    expect(res.status(), callbackUrl).toBe(307);
    expect(res.headers()["location"], callbackUrl).toBe("/dashboard");
  }
  await page.goto("/login?callbackUrl=%2F.%2F%2Fevil.example");
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
});

test("a signed-out visitor of an article (a digest's Read link) signs in and lands on that article", async ({
  page,
}) => {
  const email = await signUpAndOnboard(page, uniqueEmail("returning-reader"));
  const saved = await page.request.post("/api/links", {
    data: { url: "https://example.test/an-article-from-the-digest" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(201);
  const { link } = (await saved.json()) as { link: { id: string } };

  // Signed out (the session's cookie gone), the link is opened as the digest gives it.
  await page.context().clearCookies();
  await page.goto(`/read/${link.id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?callbackUrl=%2Fread%2F${link.id}$`));
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await openSignInLink(page, await signInLink(page, email));
  await expect(page).toHaveURL(new RegExp(`/read/${link.id}$`));
  await expect(page.getByRole("link", { name: /Back to your links/ })).toBeVisible();
});

test("a newcomer who shares a link before having an account signs in, onboards and is back at the link", async ({
  page,
}) => {
  const email = uniqueEmail("sharing-newcomer");
  const shared = `/share?url=${encodeURIComponent("https://example.test/shared-before-signing-up")}`;
  await page.goto(shared);
  await expect(page).toHaveURL(/\/login\?/);
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await openSignInLink(page, await signInLink(page, email));

  // Not onboarded yet: onboarding first, carrying the page the user was going to.
  await expect(page).toHaveURL(/\/onboarding\?returnTo=%2Fshare/);
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page).toHaveURL(new RegExp(`${shared.replace(/[?]/g, "\\?")}&confirm=1$`));
  // The sign-in came from a link anyone can start, so the page asks before saving.
  await expect(page.getByRole("status").filter({ hasText: "Save this link to your stash?" })).toBeVisible();
  await page.getByRole("button", { name: "Save link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved to LinkStash" })).toBeVisible();
});

test("onboarding carries only a page of this site", async ({ page }) => {
  await signInByMagicLink(page, uniqueEmail("onboarding-elsewhere"), "/onboarding?returnTo=%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(/\/onboarding/);
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
