import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEVICES, failRequests, holdRequests, OUTAGE_MESSAGE, snap, toastButton, toastText } from "./screen-helpers";
import { BUILT_IN_CATEGORIES } from "@/lib/categories/rules";
import { EVERYTHING_INCLUDED, EVERYTHING_INCLUDED_FEATURES } from "@/lib/billing/no-billing";
import { INVITATION_VALID_NO_BILLING_MESSAGE, NO_BILLING_INVITES_NOTE } from "@/lib/invitations/rules";
import { signInByMagicLink, signUpAndOnboard, uniqueEmail } from "./support";

// Every screen in a real browser, at desktop and phone widths: its texts as the product words them
// (docs/product.md, "Screens and texts") and its states (empty, loading, error, success), with a
// screenshot of each state under test-results/e2e/screens/ and no sideways overflow. Loading states
// hold the API request back with page.route; error states answer it with a 503 and a message, which
// the screen must show.
// Two accounts are signed up once per run and shared: one that never saves a link (the empty
// states) and one with links (the lists); onboarding gets a fresh account per width.
// This server runs without billing, so the plan screens tell its story: no plans, everything
// included (docs/decisions/0304); the plans' words are checked on the billing server (plans.spec.ts).

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
type Account = { email: string; state: StorageState };

const MONTH_DAY_YEAR =
  /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} \(\d+ links?\)$/;

async function newAccount(
  browser: Browser,
  baseURL: string,
  prepare?: (page: Page) => Promise<void>,
): Promise<Account> {
  // Signed out explicitly: a context made while a test runs takes that test's options, storageState
  // (another account's session) included.
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const email = await signUpAndOnboard(page, uniqueEmail("screens"));
  if (prepare) await prepare(page);
  const state = await context.storageState();
  await context.close();
  return { email, state };
}

async function saveLink(page: Page, data: { url: string; notes?: string; categories?: string[] }): Promise<void> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/api/links", { data, headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(201);
}

const test = base.extend<object, { emptyAccount: Account; stashAccount: Account; inviteCode: string }>({
  emptyAccount: [
    async ({ browser }, use, workerInfo) => {
      await use(await newAccount(browser, String(workerInfo.project.use.baseURL)));
    },
    { scope: "worker", timeout: 120_000 },
  ],
  stashAccount: [
    async ({ browser }, use, workerInfo) => {
      await use(
        await newAccount(browser, String(workerInfo.project.use.baseURL), async (page) => {
          await saveLink(page, {
            url: "https://example.test/first",
            notes: "Read on the train",
            categories: ["Technology", "News"],
          });
          await saveLink(page, { url: "https://example.test/second", categories: ["Science"] });
          await saveLink(page, { url: "https://example.test/third" });
        }),
      );
    },
    { scope: "worker", timeout: 120_000 },
  ],
  // A pending invitation of the stash account, for the claim screen.
  inviteCode: [
    async ({ browser, stashAccount }, use, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const context = await browser.newContext({ baseURL, storageState: stashAccount.state });
      const res = await context.request.post("/api/invitations", { headers: { Origin: new URL(baseURL).origin } });
      expect(res.status(), await res.text()).toBe(201);
      const body: { invitation?: { code?: unknown } } = await res.json();
      const code = typeof body.invitation?.code === "string" ? body.invitation.code : "";
      expect(code).not.toBe("");
      await context.close();
      await use(code);
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

for (const device of DEVICES) {
  const shot = (page: Page, screen: string, state: string) => snap(page, device.name, screen, state);
  const phone = device.name === "phone";

  test.describe(`${device.name} ${device.viewport.width}×${device.viewport.height}`, () => {
    test.use({ viewport: device.viewport });

    test.describe("signed out", () => {
      test("header, landing page and footer", async ({ page }) => {
        await page.goto("/");
        const header = page.getByRole("banner");
        await expect(header.getByRole("link", { name: "LinkStash" })).toHaveAttribute("href", "/");
        await expect(page.getByRole("heading", { name: "Stash links now, Read them later" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Get started", exact: true })).toHaveAttribute(
          "href",
          "/api/login",
        );
        for (const feature of ["Quick Stash", "Daily Email", "Link History"]) {
          await expect(page.getByRole("heading", { name: feature })).toBeVisible();
        }
        await expect(page.getByText(EVERYTHING_INCLUDED)).toBeVisible();
        await expect(page.getByRole("link", { name: "Get Started", exact: true })).toHaveAttribute(
          "href",
          "/api/login",
        );
        await expect(page.getByRole("link", { name: "Upgrade Now" })).toHaveCount(0);
        await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
        await shot(page, "landing", "success");

        if (phone) {
          await expect(header.getByRole("link", { name: "Pricing" })).toBeHidden();
          await header.getByRole("button", { name: "Open menu" }).click();
          await expect(header.getByRole("link", { name: "Pricing" })).toBeVisible();
          await expect(header.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login");
          await shot(page, "header", "menu-open");
        } else {
          await expect(header.getByRole("button", { name: "Open menu" })).toBeHidden();
          await expect(header.getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "/pricing");
          await expect(header.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login");
        }
      });

      test("not-found page", async ({ page }) => {
        const response = await page.goto("/no-such-page");
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
        await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
        await shot(page, "not-found", "success");
      });

      test("signed-in pages send a signed-out visitor to the landing page", async ({ page }) => {
        for (const route of ["/dashboard", "/history", "/settings", "/invitations"]) {
          await page.goto(route);
          await expect(page).toHaveURL(/\/$/);
        }
        await expect(page.getByRole("heading", { name: "Stash links now, Read them later" })).toBeVisible();
      });

      test("pricing: everything included, and the payment return notices", async ({ page }) => {
        await page.goto("/pricing");
        await expect(page.getByRole("heading", { name: "Pricing", level: 1 })).toBeVisible();
        // No plans on this server: one card with every feature, and no upgrade (billing.spec.ts has the plans).
        const included = page.getByRole("region", { name: "Everything included" });
        await expect(included).toContainText("$0");
        await expect(included).toContainText(EVERYTHING_INCLUDED);
        for (const feature of EVERYTHING_INCLUDED_FEATURES) await expect(included).toContainText(feature);
        await expect(included.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/api/login");
        await expect(page.getByRole("region", { name: "Pro plan" })).toHaveCount(0);
        await expect(page.getByRole("button", { name: /Upgrade/ })).toHaveCount(0);
        await shot(page, "pricing", "signed-out");

        await page.goto("/pricing?success=true");
        await expect(page.getByRole("heading", { name: "Payment Received" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
        await expect(page).toHaveURL(/\/pricing$/);
        await shot(page, "pricing", "payment-received");

        await page.goto("/pricing?canceled=true");
        await expect(toastText(page, "Checkout canceled")).toBeVisible();
        await expect(page).toHaveURL(/\/pricing$/);
        await shot(page, "pricing", "checkout-canceled");
      });

      test("email test: sending, error and success", async ({ page }) => {
        await page.goto("/email-test");
        await expect(page.getByRole("heading", { name: "Email test" })).toBeVisible();
        await expect(page.getByText("This page is for testing only.", { exact: false })).toBeVisible();
        const send = page.getByRole("button", { name: "Send Test Email" });
        await expect(send).toBeVisible();
        await shot(page, "email-test", "empty");

        const address = uniqueEmail("screens-test");
        await page.getByLabel("Email").fill(address);
        const held = await holdRequests(page, "**/api/test/email", "POST", "fail");
        await send.click();
        await expect(page.getByRole("button", { name: "Sending..." })).toBeDisabled();
        await shot(page, "email-test", "loading");
        held.release();
        await expect(toastText(page, "Error sending email")).toBeVisible();
        await expect(toastText(page, OUTAGE_MESSAGE)).toBeVisible();
        await shot(page, "email-test", "error");
        await page.unroute("**/api/test/email");

        await page.getByRole("button", { name: "Send Test Email" }).click();
        await expect(
          page.getByRole("status").filter({ hasText: `Test email sent to ${address}. Check your inbox.` }),
        ).toBeVisible();
        await shot(page, "email-test", "success");
      });

      test("invite claim: checking, valid (log in to claim) and invalid", async ({ page, inviteCode }) => {
        const held = await holdRequests(page, `**/api/invitations/${inviteCode}`, "GET");
        await page.goto(`/invite/${inviteCode}`);
        await expect(page.getByRole("status").filter({ hasText: "Checking invitation..." })).toBeVisible();
        await shot(page, "invite-claim", "loading");
        held.release();
        await expect(page.getByRole("heading", { name: "You're invited!" })).toBeVisible();
        await expect(page.getByText(INVITATION_VALID_NO_BILLING_MESSAGE)).toBeVisible();
        await expect(page.getByText(/month of Pro/)).toHaveCount(0);
        for (const benefit of [
          "Unlimited links per day",
          "Daily email digests",
          "Advanced categorization",
          "Send multiple digests per day",
        ]) {
          await expect(page.getByRole("listitem").filter({ hasText: benefit })).toBeVisible();
        }
        await expect(page.getByRole("link", { name: "Log in to Claim Invitation" })).toHaveAttribute(
          "href",
          `/api/login?returnTo=/invite/${inviteCode}`,
        );
        await shot(page, "invite-claim", "signed-out");

        await page.goto("/invite/not-a-code");
        await expect(page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
        await expect(page.getByText("This invitation is invalid or has already been claimed.")).toBeVisible();
        await expect(page.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
        await shot(page, "invite-claim", "invalid");
      });
    });

    test.describe("onboarding", () => {
      test("onboarding: texts, times, error, setting up and success", async ({ page }) => {
        const email = uniqueEmail("screens-onboard");
        await signInByMagicLink(page, email);
        await expect(page).toHaveURL(/\/onboarding$/);
        await expect(page.getByLabel("Email")).toHaveValue(email);
        await expect(page.getByRole("radio", { name: "Today (evening)" })).toBeChecked();
        await expect(page.getByText("You'll receive today's links this evening.")).toBeVisible();
        const time = page.getByRole("combobox", { name: "Delivery time" });
        await expect(time.locator("option")).toHaveText(
          ["5", "6", "7", "8", "9", "10", "11"].map((hour) => `${hour}:00 PM`),
        );
        await shot(page, "onboarding", "empty");

        // A click before hydration reaches no handler: click again until the choice holds.
        const tomorrow = page.getByRole("radio", { name: "Tomorrow (early morning)" });
        await expect(async () => {
          await tomorrow.click();
          await expect(tomorrow).toBeChecked({ timeout: 500 });
        }).toPass();
        await expect(page.getByText("You'll receive today's links early tomorrow morning.")).toBeVisible();
        await expect(time.locator("option")).toHaveText(
          ["12", "1", "2", "3", "4", "5", "6"].map((hour) => `${hour}:00 AM`),
        );

        const held = await holdRequests(page, "**/api/user/onboard", "POST", "fail");
        await page.getByRole("button", { name: "Complete Setup" }).click();
        await expect(page.getByRole("button", { name: "Setting up..." })).toBeDisabled();
        await shot(page, "onboarding", "loading");
        held.release();
        await expect(toastText(page, "Onboarding failed")).toBeVisible();
        await expect(toastText(page, OUTAGE_MESSAGE)).toBeVisible();
        await shot(page, "onboarding", "error");
        await page.unroute("**/api/user/onboard");

        await page.getByRole("button", { name: "Complete Setup" }).click();
        await expect(toastText(page, "Welcome to LinkStash")).toBeVisible();
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.getByRole("heading", { name: "Today's Stash" })).toBeVisible();
      });
    });

    test.describe("signed in, no links yet", () => {
      test.use({ storageState: async ({ emptyAccount }, use) => use(emptyAccount.state) });

      test("header and account menu, with the theme choice", async ({ page, emptyAccount }) => {
        await page.goto("/dashboard");
        const header = page.getByRole("banner");
        if (phone) {
          await header.getByRole("button", { name: "Open menu" }).click();
        }
        const main = header.getByRole("navigation", { name: "Main" }).filter({ visible: true });
        const links = [
          { name: "Dashboard", href: "/dashboard" },
          { name: "History", href: "/history" },
          { name: "Invites", href: "/invitations" },
          { name: "Pricing", href: "/pricing" },
        ];
        for (const { name, href } of links)
          await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
        if (phone) {
          await expect(header.getByText(`Signed in as ${emptyAccount.email}`)).toBeVisible();
          const account = header.getByRole("navigation", { name: "Account" });
          await expect(account.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
          await expect(account.getByRole("link", { name: "Sign out" })).toHaveAttribute("href", "/api/logout");
          await expect(header.getByRole("radiogroup", { name: "Theme" }).getByRole("radio")).toHaveCount(3);
          await shot(page, "header", "signed-in-menu");
        } else {
          await header.getByRole("button", { name: `Account menu for ${emptyAccount.email}` }).click();
          const menu = page.getByRole("menu");
          await expect(menu.getByRole("menuitem", { name: "Settings" })).toHaveAttribute("href", "/settings");
          await expect(menu.getByRole("menuitem", { name: "Sign out" })).toHaveAttribute("href", "/api/logout");
          await expect(menu.getByRole("group", { name: "Theme" }).getByRole("menuitemradio")).toHaveText([
            "System",
            "Light",
            "Dark",
          ]);
          await expect(menu.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
          await shot(page, "header", "account-menu");
        }
      });

      test("dashboard: empty, no trial banner, schedule; loading and error states", async ({ page }) => {
        const held = await holdRequests(page, "**/api/links/today", "GET");
        await page.goto("/dashboard");
        await expect(page.getByRole("heading", { name: "Today's Stash", level: 1 })).toBeVisible();
        await expect(page.getByRole("status").filter({ hasText: "Loading today's links" })).toBeAttached();
        await shot(page, "dashboard", "loading");
        held.release();

        await expect(page.getByText("No links saved today", { exact: true })).toBeVisible();
        await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: "0 links" })).toContainText(
          String(new Date().getFullYear()),
        );
        await expect(page.getByText("Pro Account", { exact: true })).toHaveCount(0);

        // No billing, so no trial to end (plans.spec.ts shows the banner on the billing server).
        await expect(page.getByRole("region", { name: "Free trial" })).toHaveCount(0);

        const digest = page.getByRole("complementary", { name: "Digest" });
        await expect(digest.getByRole("heading", { name: "Scheduled Email" })).toBeVisible();
        await expect(digest.getByRole("heading", { name: "Daily Email" })).toBeVisible();
        await expect(digest).toContainText("You'll receive a daily email with all your saved links at 8:00 PM.");
        await expect(digest.getByRole("link", { name: "Change time" })).toHaveAttribute("href", "/settings");
        await expect(digest).toContainText("You can send your digest whenever you like.");
        await shot(page, "dashboard", "empty");
        await digest.getByRole("button", { name: "Send Digest Now" }).click();
        await expect(toastText(page, "No links to send")).toBeVisible();

        await failRequests(page, "**/api/links/today", "GET");
        await page.reload();
        await expect(page.getByRole("alert").filter({ hasText: "Today's links could not be loaded." })).toBeVisible();
        await shot(page, "dashboard", "error");
        await page.unroute("**/api/links/today");
        await page.getByRole("button", { name: "Try again" }).click();
        await expect(page.getByText("No links saved today", { exact: true })).toBeVisible();
      });

      test("add-link form: categories, new category dialog, saving and error", async ({ page }) => {
        await page.goto("/dashboard");
        const url = page.getByLabel("URL");
        await expect(url).toBeVisible();
        await expect(page.getByLabel("Notes (optional)")).toBeVisible();
        const picker = page.getByRole("group", { name: "Categories" });
        await expect(picker).toHaveCount(0);

        await url.fill("example.test/screens");
        await expect(picker).toBeVisible();
        for (const name of BUILT_IN_CATEGORIES)
          await expect(picker.getByRole("button", { name, exact: true })).toBeVisible();
        await picker.getByRole("button", { name: "New category" }).click();
        const dialog = page.getByRole("dialog");
        await expect(dialog.getByRole("textbox")).toHaveCount(1);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(dialog).toBeHidden();

        for (const name of ["News", "Video", "Work"]) await picker.getByRole("button", { name, exact: true }).click();
        await expect(picker.getByRole("button", { name: "Blog", exact: true })).toHaveAttribute(
          "aria-disabled",
          "true",
        );
        await shot(page, "add-link", "three-categories");

        const held = await holdRequests(page, "**/api/links", "POST", "fail");
        await page.getByRole("button", { name: "Save link" }).click();
        await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
        await shot(page, "add-link", "loading");
        held.release();
        await expect(toastText(page, "Failed to save link")).toBeVisible();
        await expect(toastText(page, OUTAGE_MESSAGE)).toBeVisible();
        await expect(url).toHaveValue("example.test/screens");
        await shot(page, "add-link", "error");
      });

      test("history: empty with the page, filtered empty, loading and error", async ({ page }) => {
        // The list's first page comes with the page (decision 0289): while the list asks the API
        // again, the page already shows what it holds.
        const held = await holdRequests(page, /\/api\/links\/history/, "GET");
        await page.goto("/history");
        await expect(page.getByRole("heading", { name: "Link History", level: 1 })).toBeVisible();
        await expect(page.getByText("Browse all your previously saved links.")).toBeVisible();
        await expect(page.getByText("Your history is empty", { exact: true })).toBeVisible();
        await expect(page.getByText("Save your first link to get started.")).toBeVisible();
        const chips = page.getByRole("group", { name: "Filter by category" });
        await expect(chips.getByRole("button")).toHaveText(["All Categories"]);
        await expect(page.getByRole("link", { name: "Manage categories" })).toHaveAttribute("href", "/settings");
        await shot(page, "history", "empty");
        held.release();

        await page.goto("/history?category=Recipes");
        await expect(page.getByText("No links found in the 'Recipes' category", { exact: true })).toBeVisible();
        await expect(page.getByText("Save your first link to get started.")).toBeVisible();

        // A search the server refuses is not read with the page: the list asks for it, shows the
        // skeleton while it waits, then the server's message.
        const refused = `/history?q=${"a".repeat(201)}`;
        const heldAgain = await holdRequests(page, /\/api\/links\/history/, "GET");
        await page.goto(refused);
        const loading = page.getByRole("status").filter({ hasText: "Loading your links" });
        await expect(loading).toBeAttached();
        // Three placeholder groups, beside the status line.
        await expect(loading.locator("xpath=..").locator(":scope > div")).toHaveCount(3);
        await shot(page, "history", "loading");
        heldAgain.release();
        await expect(page.getByRole("alert").filter({ hasText: /^Search for at most/ })).toBeVisible();

        await failRequests(page, /\/api\/links\/history/, "GET");
        await page.goto(refused);
        // The server's own message when it sent one (the list's fallback text is for network failures).
        await expect(page.getByRole("alert").filter({ hasText: OUTAGE_MESSAGE })).toBeVisible();
        await expect(page.getByRole("alert").getByRole("button", { name: "Try again" })).toBeVisible();
        await shot(page, "history", "error");
      });

      test("settings: sections, dialogs, saving, error and success", async ({ page }) => {
        await page.goto("/settings");
        await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
        await expect(page.getByRole("heading", { name: "Email Preferences" })).toBeVisible();
        await expect(page.getByRole("tab")).toHaveText([/Daily/, /Weekly/, /Custom/, /No Emails/]);
        await expect(page.getByRole("heading", { name: "Manage Categories" })).toBeVisible();
        for (const name of BUILT_IN_CATEGORIES)
          await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
        await expect(page.getByText("No custom categories yet.")).toBeVisible();
        await expect(page.getByRole("heading", { name: "Account Information" })).toBeVisible();
        await expect(page.getByText("Member since")).toBeVisible();
        await shot(page, "settings", "success");

        // The jump list names every card, in order, and takes the reader to the one chosen.
        const jumpList = page.getByRole("navigation", { name: "Settings sections" });
        const cardTitles = await page.getByRole("heading", { level: 2 }).allTextContents();
        await expect(jumpList.getByRole("link")).toHaveText(cardTitles);
        await jumpList.getByRole("link", { name: "Account Information" }).click();
        await expect(page).toHaveURL(/\/settings#account$/);
        await expect(page.getByRole("heading", { name: "Account Information" })).toBeInViewport();
        await page.goto("/settings");

        await page.getByRole("tab", { name: "No Emails" }).click();
        await expect(page.getByRole("tabpanel")).toContainText("dashboard");

        await page.getByRole("button", { name: "Add Category" }).click();
        const add = page.getByRole("dialog", { name: "Add Category" });
        await expect(add.getByRole("textbox")).toHaveAttribute("placeholder", "e.g. Recipes, Research, Travel");
        await expect(add.getByRole("button", { name: "Create Category" })).toBeVisible();
        await add.getByRole("button", { name: "Cancel" }).click();
        await expect(add).toBeHidden();

        await page.getByRole("button", { name: "Delete my account" }).click();
        const confirm = page.getByRole("alertdialog", { name: "Are you absolutely sure?" });
        await expect(confirm).toContainText("This action cannot be undone.");
        await expect(confirm).toContainText("permanently delete your account");
        await expect(confirm.getByRole("button", { name: "Delete Account" })).toBeVisible();
        await shot(page, "settings", "delete-account-dialog");
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await expect(confirm).toBeHidden();

        await page.getByRole("tab", { name: /Weekly/ }).click();
        const held = await holdRequests(page, "**/api/user/settings", "PUT", "fail");
        await page.getByRole("button", { name: "Save preferences" }).click();
        await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
        await shot(page, "settings", "loading");
        held.release();
        await expect(toastText(page, "Failed to update settings")).toBeVisible();
        await expect(toastText(page, OUTAGE_MESSAGE)).toBeVisible();
        await shot(page, "settings", "error");
        await page.unroute("**/api/user/settings");

        await page.getByRole("button", { name: "Save preferences" }).click();
        await expect(toastText(page, "Settings updated")).toBeVisible();
        // Back to Daily, as the later tests on this account expect: waited for by its answer, since
        // the first save's toast says the same words.
        await page.getByRole("tab", { name: /Daily/ }).click();
        await expect(page.getByRole("tab", { name: /Daily/ })).toHaveAttribute("aria-selected", "true");
        const savedDaily = page.waitForResponse(
          (response) => response.url().endsWith("/api/user/settings") && response.request().method() === "PUT",
        );
        await page.getByRole("button", { name: "Save preferences" }).click();
        const answer = await savedDaily;
        expect(answer.status()).toBe(200);
        expect(answer.request().postDataJSON()).toMatchObject({ emailFrequency: "daily" });
        await expect(toastText(page, "Settings updated").last()).toBeVisible();

        await page.emulateMedia({ colorScheme: "dark" });
        await page.reload();
        await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
        await shot(page, "settings", "dark");
      });

      test("invitations: cards, empty lists and a failed creation", async ({ page }) => {
        await page.goto("/invitations");
        await expect(page.getByRole("heading", { name: "Invite Friends", level: 1 })).toBeVisible();
        // No Pro months to earn without billing: no rewards card, and no plan but "everything included".
        for (const card of ["Available Invites", "Account Status"])
          await expect(page.getByRole("group", { name: card })).toBeVisible();
        await expect(page.getByRole("group", { name: "Referral Rewards" })).toHaveCount(0);
        await expect(page.getByRole("group", { name: "Account Status" })).toContainText("Everything included");
        await expect(page.getByRole("heading", { name: "Invite a Friend" })).toBeVisible();
        await expect(page.getByText(NO_BILLING_INVITES_NOTE)).toBeVisible();
        await expect(page.getByRole("tab", { name: "Pending (0)" })).toBeVisible();
        await expect(page.getByText("No pending invitations", { exact: true })).toBeVisible();
        await shot(page, "invitations", "empty");
        await page.getByRole("tab", { name: "Used (0)" }).click();
        await expect(page.getByText("No used invitations", { exact: true })).toBeVisible();

        const held = await holdRequests(page, "**/api/invitations", "POST", "fail");
        await page.getByRole("button", { name: "Create Invitation" }).click();
        const dialog = page.getByRole("alertdialog", { name: "Create an invitation?" });
        await expect(dialog).toContainText("This generates a shareable link and uses 1 invite.");
        await dialog.getByRole("button", { name: "Confirm" }).click();
        await expect(dialog.getByRole("button", { name: "Creating..." })).toBeDisabled();
        await shot(page, "invitations", "loading");
        held.release();
        await expect(toastText(page, "Failed to create invitation")).toBeVisible();
        await expect(toastText(page, OUTAGE_MESSAGE)).toBeVisible();
        await shot(page, "invitations", "error");
      });

      test("pricing signed in: everything included, no plan to be on", async ({ page }) => {
        await page.goto("/pricing");
        const included = page.getByRole("region", { name: "Everything included" });
        await expect(included.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
        await expect(page.getByRole("button", { name: "Current Plan" })).toHaveCount(0);
        await expect(page.getByText(/^Trial:/)).toHaveCount(0);
        await shot(page, "pricing", "signed-in");
      });

      test("invite claim signed in: claim fails, then succeeds", async ({ page, inviteCode }) => {
        await page.goto(`/invite/${inviteCode}`);
        const claim = page.getByRole("button", { name: "Accept Invitation" });
        await expect(claim).toBeVisible();
        await shot(page, "invite-claim", "signed-in");

        const claimUrl = `**/api/invitations/${inviteCode}/claim`;
        await failRequests(page, claimUrl, "POST");
        await claim.click();
        await expect(toastText(page, "Failed to claim invitation")).toBeVisible();
        await expect(toastText(page, OUTAGE_MESSAGE)).toBeVisible();
        await page.unroute(claimUrl);

        // The real claim would spend this shared account's invitation; invitations.spec.ts claims for real.
        await page.route(claimUrl, (route) =>
          route.fulfill({
            status: 200,
            contentType: "application/json",
            body: JSON.stringify({ message: "Invitation claimed! Welcome to LinkStash." }),
          }),
        );
        await claim.click();
        await expect(page.getByRole("heading", { name: "Invitation Claimed" })).toBeVisible();
        await expect(page.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute("href", "/dashboard");
        await shot(page, "invite-claim", "success");
        await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
      });
    });

    test.describe("signed in, with links", () => {
      test.use({ storageState: async ({ stashAccount }, use) => use(stashAccount.state) });

      test("dashboard with links: link items, saving and deleting", async ({ page }) => {
        await page.goto("/dashboard");
        const list = page.getByRole("list", { name: "Today's links" });
        await expect(list.getByRole("listitem")).toHaveCount(3);
        await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: "3 links" })).toBeVisible();

        const first = list.getByRole("listitem").filter({ hasText: "https://example.test/first" });
        const title = first.getByRole("link", { name: /opens in a new tab/ });
        await expect(title).toHaveAttribute("href", "https://example.test/first");
        await expect(title).toHaveAttribute("target", "_blank");
        await expect(first.getByText("Technology", { exact: true })).toBeVisible();
        await expect(first.getByText("News", { exact: true })).toBeVisible();
        await expect(first.getByText("Added today", { exact: true })).toBeVisible();
        await expect(first.getByText("Read on the train")).toBeVisible();
        await expect(first.locator("time")).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
        await expect(
          list
            .getByRole("listitem")
            .filter({ hasText: "https://example.test/third" })
            .getByText("Uncategorized", { exact: true }),
        ).toBeVisible();
        await shot(page, "dashboard", "success");

        await page.getByLabel("URL").fill(`example.test/${device.name}`);
        await page.getByRole("button", { name: "Save link" }).click();
        await expect(toastText(page, "Link saved successfully!")).toBeVisible();
        await expect(list.getByRole("listitem")).toHaveCount(4);
        await shot(page, "add-link", "success");

        const added = list.getByRole("listitem").filter({ hasText: `https://example.test/${device.name}` });
        await failRequests(page, "**/api/links/*", "DELETE");
        await added.getByRole("button", { name: "Delete link" }).click();
        // The delete is sent when its toast closes without Undo; it fails, and the link comes back.
        await toastButton(page, "Close").click();
        await expect(toastText(page, "Error")).toBeVisible();
        await expect(list.getByRole("listitem")).toHaveCount(4);
        await expect(toastText(page, OUTAGE_MESSAGE)).toBeVisible();
        await shot(page, "link-item", "delete-error");
        await page.unroute("**/api/links/*");
        await added.getByRole("button", { name: "Delete link" }).click();
        await expect(toastText(page, "Link deleted")).toBeVisible();
        await expect(list.getByRole("listitem")).toHaveCount(3);
        // The next tests read this account's links: the delete must reach the server, not wait for Undo.
        const deleted = page.waitForResponse((res) => res.request().method() === "DELETE");
        await toastButton(page, "Close").click();
        expect((await deleted).status()).toBe(200);
      });

      test("history with links: date groups and category chips", async ({ page }) => {
        await page.goto("/history");
        const group = page.getByRole("heading", { level: 2 }).filter({ hasText: "(3 links)" });
        await expect(group).toHaveText(MONTH_DAY_YEAR);
        const chips = page.getByRole("group", { name: "Filter by category" });
        await expect(chips.getByRole("button")).toHaveText([
          "All Categories",
          "News",
          "Science",
          "Technology",
          "Uncategorized",
        ]);
        await expect(chips.getByRole("button", { name: "All Categories" })).toHaveAttribute("aria-pressed", "true");
        await shot(page, "history", "success");

        await chips.getByRole("button", { name: "Science" }).click();
        await expect(page).toHaveURL(/\?category=Science$/);
        await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: "(1 link)" })).toHaveText(
          MONTH_DAY_YEAR,
        );
        await expect(page.getByText("https://example.test/second").first()).toBeVisible();
        await shot(page, "history", "filtered");
      });
    });
  });
}
