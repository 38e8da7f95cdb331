import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page, type Request } from "@playwright/test";
import { billingBaseURL, billingClockFile } from "./billing-servers";
import { toastButton, toastText } from "./screen-helpers";
import { latestEmail, signInByMagicLink, signUpAndOnboard, uniqueEmail } from "./support";

// What a careful user tripped over, each reproduced in the browser: the schedule the dashboard
// promises, focus after every dialog, Escape with a toast above a dialog, the invitation page knowing
// who looks, the pricing page's payment return and its billing-off wording.

// Each journey signs up one or two users and walks several pages: more than the suite's 60 s on
// shared cores.
test.describe.configure({ timeout: 180_000 });
const FIFTEEN_DAYS = 15 * 24 * 60 * 60;

/** Tabs until `target` has focus (at most `limit` presses), so the test drives the page by keyboard. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("billing on, a trial that ends", () => {
  test.use({ baseURL: billingBaseURL });
  test.afterEach(() => writeFileSync(billingClockFile, "+0"));

  test("the dashboard and Settings say what will arrive before and after the trial, and so do the invitations", async ({
    page,
  }) => {
    // Onboarding's default: daily at 8:00 PM.
    await signUpAndOnboard(page);
    const schedule = page.getByRole("complementary", { name: "Digest" });
    await expect(schedule.getByText("Daily Email", { exact: true })).toBeVisible();
    await expect(schedule).toContainText("You'll receive a daily email with all your saved links at 8:00 PM.");
    // During the trial the daily schedule runs, and the user learns now what happens after it.
    await expect(schedule.getByRole("note")).toHaveText(
      /^Your daily schedule is a Pro feature: after your trial ends on \w+ \d+, your digest is sent weekly every Monday at 8:00 PM until you upgrade\.$/,
    );
    await page.goto("/invitations");
    await expect(page.getByText(/^During your trial your invitations renew: 2 more become available/)).toBeVisible();

    // Fifteen days later the trial has ended.
    writeFileSync(billingClockFile, `+${FIFTEEN_DAYS}`);
    await expect
      .poll(async () => (await (await page.request.get("/api/subscription")).json()).inTrial, { timeout: 15_000 })
      .toBe(false);

    await page.goto("/dashboard");
    await expect(schedule.getByText("Weekly Email", { exact: true })).toBeVisible();
    await expect(schedule).toContainText("You'll receive a weekly email every Monday at 8:00 PM.");
    await expect(schedule).not.toContainText("daily email");
    const note = "Your daily schedule is a Pro feature, so your digest is sent weekly until you upgrade.";
    await expect(schedule.getByRole("note")).toHaveText(note);

    // Settings says the same, with the weekly schedule that runs selected.
    await page.goto("/settings");
    await expect(page.getByRole("note").filter({ hasText: note })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Weekly" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("combobox", { name: "Day" }).locator("option:checked")).toHaveText("Monday");
    await expect(page.getByRole("combobox", { name: "Delivery time" }).locator("option:checked")).toHaveText("8:00 PM");
    // The locked tabs are starred and say why, in a tooltip after a rest of the pointer.
    const daily = page.getByRole("tab", { name: /^Daily/ });
    await expect(daily).toBeDisabled();
    await expect(daily).toHaveAccessibleName("Daily (Daily digests are a Pro feature)");
    await daily.locator("..").hover();
    await expect(page.getByRole("tooltip")).toHaveText("Daily digests are a Pro feature");
    await page.mouse.move(0, 0);
    await expect(page.getByRole("tooltip")).toHaveCount(0);

    await page.goto("/invitations");
    await expect(
      page.getByText("Free accounts are limited to 2 invitations in total. Upgrade to Pro for renewable invitations."),
    ).toBeVisible();
    await expect(page.getByText(/invitations renew/)).toHaveCount(0);
  });

  test("a payment return says nothing of success until the session is checked", async ({ page }) => {
    await signUpAndOnboard(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/subscriptions/verify-session**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/pricing?success=true&session_id=cs_bogus");
    await expect(page.getByRole("status").filter({ hasText: "Checking your payment..." })).toBeVisible();
    await expect(page.getByText("Payment successful!")).toHaveCount(0);
    release();
    await expect(toastText(page, "Checkout session not found.")).toBeVisible();
    await expect(page.getByText("Payment successful!")).toHaveCount(0);
    await expect(page.getByText("Checking your payment...")).toHaveCount(0);
    await expect(page).toHaveURL(`${billingBaseURL}/pricing`);
  });

  test("with billing on, the pricing page offers the upgrade and names Stripe", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("button", { name: "Upgrade to Pro - $25/year" })).toBeVisible();
    await expect(page.getByText("Checkout by Stripe. Cancel anytime from Settings.")).toBeVisible();
    await expect(page.getByText(/Upgrades are not available/)).toHaveCount(0);
  });
});

test("with billing off, the pricing page says everything is included instead of a button that fails", async ({
  page,
}) => {
  for (const signedIn of [false, true]) {
    if (signedIn) await signUpAndOnboard(page);
    await page.goto("/pricing");
    await expect(page.getByRole("region", { name: "Everything included" })).toContainText(
      "This server has no paid plans: every feature is included for every account.",
    );
    await expect(page.getByRole("region", { name: "Pro plan" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /Upgrade to Pro/ })).toHaveCount(0);
    await expect(page.getByText("Checkout by Stripe. Cancel anytime from Settings.")).toHaveCount(0);
  }
});

test("focus returns to the control that opened each dialog, however it closes", async ({ page }) => {
  // Three pages and every way out of eleven dialogs, by keyboard.
  test.setTimeout(300_000);
  await signUpAndOnboard(page);

  // Dashboard: the New category dialog, closed by Escape, Cancel, × and Create.
  await page.getByLabel("URL").fill("example.test/focus");
  const newCategory = page.getByRole("button", { name: "New category" });
  const dialog = page.getByRole("dialog");
  for (const close of ["Escape", "Cancel", "Close", "Create"] as const) {
    await tabTo(page, newCategory);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    if (close === "Escape") await page.keyboard.press("Escape");
    else if (close === "Create") {
      await page.keyboard.type("Focus test");
      await page.keyboard.press("Enter");
      await expect(toastText(page, "Category created!")).toBeVisible();
    } else await dialog.getByRole("button", { name: close, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(newCategory, `after ${close}`).toBeFocused();
  }
  await page.getByRole("button", { name: "Save link", exact: true }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();
  await page.getByLabel("URL").fill("example.test/focus-second");
  await page.getByRole("button", { name: "Save link", exact: true }).click();
  await expect(page.getByRole("list", { name: "Today's links" }).getByRole("listitem")).toHaveCount(2);

  // Deleting a link by keyboard: focus moves to the next entry's delete button, then to the heading.
  const deletes = page.getByRole("list", { name: "Today's links" }).getByRole("button", { name: "Delete link" });
  await tabTo(page, deletes.first());
  await page.keyboard.press("Enter");
  await expect(toastText(page, "Link deleted")).toBeVisible();
  await expect(deletes).toHaveCount(1);
  await expect(deletes.first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("No links saved today")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 }).filter({ hasText: /\d{4}/ })).toBeFocused();

  // Settings: Add Category, the delete of a category, Delete my account.
  await page.goto("/settings");
  // Keys pressed before hydration would reach no handler.
  await page.waitForLoadState("networkidle");
  const addCategory = page.getByRole("button", { name: "Add Category" });
  for (const close of ["Escape", "Cancel", "Create Category"] as const) {
    await addCategory.focus();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    if (close === "Escape") await page.keyboard.press("Escape");
    else if (close === "Create Category") {
      await page.keyboard.type("Second focus");
      await page.keyboard.press("Enter");
      await expect(toastText(page, "Category created!")).toBeVisible();
    } else await dialog.getByRole("button", { name: close, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(addCategory, `after ${close}`).toBeFocused();
  }
  const alert = page.getByRole("alertdialog");
  const deleteFocusTest = page.getByRole("button", { name: "Delete category Focus test" });
  await deleteFocusTest.focus();
  await page.keyboard.press("Enter");
  await alert.getByRole("button", { name: "Cancel" }).click();
  await expect(deleteFocusTest).toBeFocused();
  await page.keyboard.press("Enter");
  await alert.getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "Category deleted")).toBeVisible();
  // The entry is gone with its button: focus moves to the entry now in its place.
  await expect(page.getByRole("button", { name: "Delete category Second focus" })).toBeFocused();
  const deleteAccount = page.getByRole("button", { name: "Delete my account" });
  await deleteAccount.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(alert).toBeHidden();
  await expect(deleteAccount).toBeFocused();

  // Invitations: the confirmation that Create Invitation opens, and the delete of an invitation.
  await page.goto("/invitations");
  // Enter on the submit button before hydration would submit the form natively.
  await page.waitForLoadState("networkidle");
  const create = page.getByRole("button", { name: "Create Invitation" });
  await create.focus();
  await page.keyboard.press("Enter");
  await alert.getByRole("button", { name: "Cancel" }).click();
  await expect(create).toBeFocused();
  await page.keyboard.press("Enter");
  await alert.getByRole("button", { name: "Confirm" }).click();
  await expect(toastText(page, "Invitation created!")).toBeVisible();
  await expect(create).toBeFocused();
  const deleteInvitation = page.getByRole("button", { name: /^Delete invitation / });
  await deleteInvitation.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(deleteInvitation).toBeFocused();
  await page.keyboard.press("Enter");
  await alert.getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "Invitation deleted")).toBeVisible();
  await expect(page.locator(":focus")).toHaveCount(1);
  await expect(page.locator("body")).not.toBeFocused();
});

test("Escape closes the dialog before the toast shown above it", async ({ page }) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  await page.waitForLoadState("networkidle");
  const addCategory = page.getByRole("button", { name: "Add Category" });
  await addCategory.click();
  const dialog = page.getByRole("dialog");
  // A blank name answers with a toast while the dialog stays open.
  await dialog.getByRole("button", { name: "Create Category" }).click();
  await expect(toastText(page, "Invalid category name")).toBeVisible();
  await expect(dialog).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Invalid category name")).toBeVisible();
  await expect(addCategory).toBeFocused();
});

test("the invitation page knows who is looking; a new user goes from the claim straight to onboarding", async ({
  page,
  browser,
  baseURL,
}) => {
  // The inviter creates two invitations.
  await signUpAndOnboard(page);
  const codes: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await page.request.post("/api/invitations", { headers: { Origin: String(baseURL) } });
    expect(res.status()).toBe(201);
    codes.push((await res.json()).invitation.code);
  }
  const [first = "", second = ""] = codes;

  // The inviter: told up front, no button.
  await page.goto(`/invite/${first}`);
  await expect(page.getByRole("heading", { name: "You cannot claim this invitation" })).toBeVisible();
  await expect(page.getByText("You cannot claim your own invitation.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept Invitation" })).toHaveCount(0);

  // Signed out: the login that comes back here.
  const friendContext = await browser.newContext({ baseURL });
  const friend = await friendContext.newPage();
  await friend.goto(`/invite/${first}`);
  await expect(friend.getByRole("link", { name: "Log in to Claim Invitation" })).toBeVisible();

  // A new user signs in from the invitation, claims it, and goes straight to onboarding: no
  // detour through /dashboard (which would redirect there, with an empty page meanwhile).
  await signInByMagicLink(friend, uniqueEmail("friend"), `/invite/${first}`);
  await expect(friend).toHaveURL(new RegExp(`/invite/${first}$`));
  // Whether the page's main area is ever left without a heading or a status while it moves on.
  await friend.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) throw new Error("no main");
    const blank = () => main.querySelector("h1, [role='status']") === null;
    new MutationObserver(() => {
      if (blank()) main.dataset.wasBlank = "true";
    }).observe(main, { subtree: true, childList: true });
  });
  // Billing is off on this server: the invitation is a welcome, not a Pro month (docs/decisions/0304).
  await friend.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(friend.getByRole("heading", { name: "Invitation Claimed" })).toBeVisible();
  await expect(friend.getByRole("link", { name: "Set up your digest" })).toHaveAttribute("href", "/onboarding");
  await expect(friend).toHaveURL(/\/onboarding$/, { timeout: 6_000 });
  await expect(friend.getByRole("button", { name: "Complete Setup" })).toBeVisible();
  await expect(friend.locator("main")).not.toHaveAttribute("data-was-blank", "true");

  // Having claimed one, the friend is told so on the second.
  await friend.goto(`/invite/${second}`);
  await expect(friend.getByText("You have already claimed an invitation.")).toBeVisible();
  await expect(friend.getByRole("button", { name: "Accept Invitation" })).toHaveCount(0);
  await friendContext.close();
});

test("imports of real export shapes: Read Archive is read, browser folders are no category, untitled stays untitled, spaces are encoded, a long address is named", async ({
  page,
}) => {
  await signUpAndOnboard(page);
  await page.goto("/settings");
  const fixtures = path.resolve(import.meta.dirname, "../fixtures/import");
  const longUrl = `https://example.test/${"a".repeat(2100)}`;
  const files = [
    { input: path.join(fixtures, "pocket-ril-export-spaces.html"), summary: "Imported 3 links." },
    { input: path.join(fixtures, "chromium-bookmarks.html"), summary: "Imported 4 links." },
    {
      input: {
        name: "part_000000.csv",
        mimeType: "text/csv",
        buffer: Buffer.from(`title,url,time_added,cursor,tags,status\r\nToo long,${longUrl},1500000000,,,unread\r\n`),
      },
      summary: "line 2: A link can be at most 2,048 characters long: https://example.test/aaa",
    },
  ];
  for (const { input, summary } of files) {
    await page.getByLabel("File to import").setInputFiles(input);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Imported" })).toContainText(summary);
  }

  await page.goto("/history");
  const item = (name: string) => page.getByRole("article").filter({ has: page.getByRole("link", { name }) });
  // Pocket's Read Archive comes in read; its Unread section does not.
  await expect(item("Read with a space").getByText("Already read", { exact: true })).toBeVisible();
  await expect(item("Fine").getByText("Already read", { exact: true })).toHaveCount(0);
  // A literal space is percent-encoded, as a browser does.
  await expect(page.getByRole("link", { name: /^Read with a space/ })).toHaveAttribute(
    "href",
    "https://example.test/read?q=two%20words",
  );
  // A title equal to its address is kept as Pocket wrote it; the link itself is encoded.
  await expect(page.getByRole("link", { name: /^https:\/\/example\.test\/a page with spaces/ })).toHaveAttribute(
    "href",
    "https://example.test/a%20page%20with%20spaces",
  );
  // The toolbar and the other-bookmarks folder, whatever their names, are no category; a real folder is.
  const chips = page.getByRole("group", { name: "Filter by category" });
  await expect(chips.getByRole("button", { name: "Recipes" })).toBeVisible();
  await expect(chips.getByRole("button", { name: "Personal toolbar" })).toHaveCount(0);
  await expect(chips.getByRole("button", { name: "Weitere Lesezeichen" })).toHaveCount(0);

  // An untitled bookmark shows its address and is marked untitled, so a round trip does not title it.
  const res = await page.request.get("/api/export?format=html");
  const html = await res.text();
  expect(html).toMatch(
    /<A HREF="https:\/\/example\.test\/untitled" ADD_DATE="\d+" TOREAD="1" UNTITLED="1" TAGS="Uncategorized">https:\/\/example\.test\/untitled<\/A>/,
  );
});

test("the digest email shows an internationalised domain name in its own letters", async ({ page }) => {
  const email = await signUpAndOnboard(page);
  await page.getByLabel("URL").fill("bücher.example/neu");
  await page.getByRole("button", { name: "Save link", exact: true }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();
  await page.getByRole("button", { name: "Send Digest Now" }).click();
  await expect(toastText(page, "Success!")).toBeVisible();

  const message = await latestEmail(page, email, /Today's stash/);
  // The link itself is the stored, punycode form that every client opens; the reader sees the letters.
  expect(message.html).toContain('href="https://xn--bcher-kva.example/neu"');
  expect(message.html).toContain(">https://bücher.example/neu<");
  expect(message.html).not.toContain(">https://xn--bcher-kva.example/neu<");
  expect(message.text).toContain("https://bücher.example/neu");
  // The email speaks the app's blue, not another colour.
  expect(message.html).toContain("#2955d3");
  expect(message.html).not.toContain("#4f46e5");
});

test("the time-zone picker finds a city, lists current names, suggests the browser's zone first and shows offsets", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, timezoneId: "Asia/Kolkata" });
  const page = await context.newPage();
  await signUpAndOnboard(page);
  await page.goto("/settings");
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toHaveValue("Asia/Kolkata (UTC+05:30)");

  await zone.click();
  const list = page.getByRole("listbox", { name: "Time zones" });
  const options = list.getByRole("option");
  await expect(options.first()).toContainText("Asia/Kolkata");
  await expect(options.first()).toContainText("your browser");
  await expect(options.first()).toContainText("UTC+05:30");
  await expect(list.getByRole("option", { name: /Asia\/Calcutta/ })).toHaveCount(0);
  await expect(list.getByRole("option", { name: /Europe\/Kiev\b/ })).toHaveCount(0);
  expect(await options.count()).toBeGreaterThan(300);

  // Typing a city finds it; an old name finds the current one.
  await zone.fill("kiev");
  await expect(options).toHaveCount(1);
  await expect(options).toContainText("Europe/Kyiv");
  await zone.fill("Tokyo");
  await expect(options).toHaveCount(1);
  await expect(options).toContainText("Asia/Tokyo");
  await expect(options).toContainText("UTC+09:00");
  await expect(page.getByText("1 time zone found")).toBeAttached();

  // By keyboard: the highlighted option is announced through aria-activedescendant; Enter picks it.
  await expect(zone).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id")) ?? "");
  await page.keyboard.press("Enter");
  await expect(list).toBeHidden();
  await expect(zone).toHaveValue("Asia/Tokyo (UTC+09:00)");
  // Escape leaves a half-typed search and puts the chosen zone back.
  await zone.fill("Lon");
  await page.keyboard.press("Escape");
  await expect(zone).toHaveValue("Asia/Tokyo (UTC+09:00)");

  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(toastText(page, "Settings updated")).toBeVisible();
  await page.reload();
  await expect(zone).toHaveValue("Asia/Tokyo (UTC+09:00)");
  await context.close();
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a visitor finds Log in without the menu, the Free card names its extra digest, the search hint fits", async ({
    page,
  }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Open menu" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/api/login");
    // The Free card exists where there are plans: on the server with billing on.
    await page.goto(`${billingBaseURL}/`);
    await expect(page.getByText("One extra manual digest per day", { exact: true })).toBeVisible();

    await signUpAndOnboard(page);
    await page.goto("/history");
    const search = page.getByRole("searchbox");
    await expect(search).toBeVisible();
    // The placeholder's width in the input's own font, against the room the input gives it.
    const room = await search.evaluate((input) => {
      if (!(input instanceof HTMLInputElement)) throw new Error("not an input");
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d");
      if (!context) throw new Error("no canvas");
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(input.placeholder).width;
      const box = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, box };
    });
    expect(room.text).toBeLessThanOrEqual(room.box);
  });
});

test("a successful save or delete completes: no request is left cancelled once the page collects its garbage", async ({
  page,
}) => {
  await signUpAndOnboard(page);
  const failed: string[] = [];
  // The app's own API calls (the router's prefetches of other pages are Next's to schedule and drop).
  page.on("requestfailed", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/"))
      failed.push(`${request.method()} ${request.url()}: ${request.failure()?.errorText}`);
  });
  const cdp = await page.context().newCDPSession(page);

  await page.getByLabel("URL").fill("example.test/completed");
  await page.getByRole("button", { name: "Save link", exact: true }).click();
  await expect(toastText(page, "Link saved successfully!")).toBeVisible();
  await page.getByRole("button", { name: "Delete link" }).click();
  await expect(toastText(page, "Link deleted")).toBeVisible();
  await expect(page.getByText("No links saved today")).toBeVisible();
  // Closing the toast (no Undo) sends the delete; its answer is read too.
  const deleted = page.waitForResponse((res) => res.request().method() === "DELETE");
  await toastButton(page, "Close").click();
  expect((await deleted).status()).toBe(200);
  // An answer nobody read is dropped when its Response is collected: collect now, then ask the page
  // for one more round trip so any failure event has arrived.
  await cdp.send("HeapProfiler.collectGarbage");
  await page.evaluate(() => fetch("/api/auth/check").then((res) => res.text()));
  expect(failed).toEqual([]);
});

test("the header's pages and Settings open from what was prefetched: a click waits for no server render", async ({
  page,
}) => {
  await signUpAndOnboard(page);
  const destinations = [
    { name: "History", path: "/history", heading: "Link History" },
    { name: "Invites", path: "/invitations", heading: "Invite Friends" },
    { name: "Dashboard", path: "/dashboard", heading: "Today's Stash" },
  ];
  // Requests for the page being opened, between a click and its heading. A full prefetch carries no
  // prefetch header, so what the new page prefetches for its own links is told apart by its path.
  let opening: string | null = null;
  const rendersAfterClick: string[] = [];
  // The prefetches still on their way: a page's load state stays "networkidle" across client-side
  // navigations, so waiting for it would not wait for them.
  const inFlight = new Set<Request>();
  page.on("request", (request) => {
    if (request.headers()["rsc"] !== "1") return;
    const path = new URL(request.url()).pathname;
    if (opening === null) inFlight.add(request);
    else if (path === opening) rendersAfterClick.push(path);
  });
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  async function open(click: () => Promise<void>, path: string, heading: string): Promise<void> {
    await expect.poll(() => inFlight.size).toBe(0);
    opening = path;
    await click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    opening = null;
    await expect(page).toHaveURL(path);
  }

  const main = page.getByRole("navigation", { name: "Main" });
  for (const destination of destinations) {
    await open(
      () => main.getByRole("link", { name: destination.name, exact: true }).click(),
      destination.path,
      destination.heading,
    );
  }
  // Settings is prefetched in full by the links to it (the account menu's, the dashboard's "Change time").
  await page.getByRole("button", { name: /^Account menu for / }).click();
  await open(() => page.getByRole("menuitem", { name: "Settings" }).click(), "/settings", "Settings");

  expect(rendersAfterClick).toEqual([]);
});
