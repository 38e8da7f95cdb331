import { expect, test, type Page } from "@playwright/test";
import {
  INVITATION_VALID_NO_BILLING_MESSAGE,
  NO_BILLING_INVITES_NOTE,
  REFERRAL_RULE_NOTE,
} from "@/lib/invitations/rules";
import { latestEmail, signUpAndOnboard, uniqueEmail } from "./support";

// Invitations (/invitations) and claiming one (/invite/{code}), with two people in two browser
// contexts. Billing is off on the test server, so every account has the renewable allowance and an
// invitation is a welcome, with no Pro month to give or earn (docs/decisions/0304).

/** Radix renders a toast's text twice (once for screen readers): match the first. */
function toastText(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

const statCard = (page: Page, name: string) => page.getByRole("group", { name });
const pendingItems = (page: Page) => page.getByRole("list", { name: "Pending invitations" }).getByRole("listitem");

async function createInvitation(page: Page, recipientEmail?: string): Promise<void> {
  if (recipientEmail) await page.getByLabel("Recipient email (optional)").fill(recipientEmail);
  await page.getByRole("button", { name: "Create Invitation" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Create an invitation?" });
  await expect(dialog).toContainText(
    recipientEmail
      ? `This sends an email to ${recipientEmail} and uses 1 invite.`
      : "This generates a shareable link and uses 1 invite.",
  );
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(toastText(page, "Invitation created!")).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("a friend claims an invitation from a copied link; without billing nobody is promised Pro", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signUpAndOnboard(page);
  await page.goto("/invitations");
  await expect(page.getByRole("heading", { name: "Invite Friends", level: 1 })).toBeVisible();
  // No Pro months to earn, so no referral rule and no rewards card.
  await expect(page.getByText(REFERRAL_RULE_NOTE)).toHaveCount(0);
  await expect(page.getByText(/month of Pro/)).toHaveCount(0);
  await expect(statCard(page, "Available Invites")).toContainText("2");
  await expect(statCard(page, "Referral Rewards")).toHaveCount(0);
  await expect(statCard(page, "Account Status")).toContainText("Everything included");
  await expect(page.getByText("No pending invitations", { exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Pending (0)" })).toBeVisible();

  await createInvitation(page);
  await expect(statCard(page, "Available Invites")).toContainText("1");
  await expect(page.getByRole("tab", { name: "Pending (1)" })).toBeVisible();
  await expect(pendingItems(page)).toHaveCount(1);

  const copy = pendingItems(page).getByRole("button", { name: "Copy Invite Link" });
  await copy.click();
  await expect(toastText(page, "Invite link copied!")).toBeVisible();
  await expect(toastText(page, "Share it with a friend.")).toBeVisible();
  await expect(pendingItems(page).getByRole("button", { name: "Copied!" })).toBeVisible();
  // The confirmation lasts 2 seconds.
  await expect(pendingItems(page).getByRole("button", { name: "Copy Invite Link" })).toBeVisible({ timeout: 4_000 });
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/invite/[A-Za-z0-9_-]{10,}$`));
  const code = link.split("/invite/")[1] ?? "";
  await expect(pendingItems(page)).toContainText(code);

  // The friend, in a browser of their own.
  const friendContext = await browser.newContext({ baseURL });
  const friend = await friendContext.newPage();
  const friendEmail = await signUpAndOnboard(friend, uniqueEmail("friend"));
  await friend.goto(`/invite/${code}`);
  await expect(friend.getByRole("heading", { name: "You're invited!" })).toBeVisible();
  await expect(friend.getByText(INVITATION_VALID_NO_BILLING_MESSAGE)).toBeVisible();
  await expect(friend.getByRole("heading", { name: "Every account includes" })).toBeVisible();
  for (const benefit of [
    "Unlimited links per day",
    "Daily email digests",
    "Advanced categorization",
    "Send multiple digests per day",
  ]) {
    await expect(friend.getByRole("listitem").filter({ hasText: benefit })).toBeVisible();
  }
  await expect(friend.getByText(/Pro/)).toHaveCount(0);
  await friend.getByRole("button", { name: "Accept Invitation" }).click();
  await expect(friend.getByRole("heading", { name: "Invitation Claimed" })).toBeVisible();
  await expect(friend.getByText("Invitation claimed! Welcome to LinkStash.", { exact: false })).toBeVisible();
  await expect(friend.getByRole("link", { name: "Go to Dashboard" })).toBeVisible();
  // On to the dashboard by itself after 2 seconds.
  await expect(friend).toHaveURL(/\/dashboard$/, { timeout: 6_000 });
  // The month is still recorded, should billing be switched on later; no screen speaks of it.
  await expect(friend.getByText("Pro Account", { exact: true })).toHaveCount(0);
  const me = await (await friend.request.get("/api/auth/user")).json();
  expect(me.accountType).toBe("pro");

  // The code is spent.
  await friend.goto(`/invite/${code}`);
  await expect(friend.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  await expect(friend.getByText("This invitation is invalid or has already been claimed.")).toBeVisible();
  await expect(friend.getByRole("link", { name: "Go to Homepage" })).toHaveAttribute("href", "/");
  await friendContext.close();

  // The inviter's page still names no plan.
  await page.reload();
  await expect(statCard(page, "Referral Rewards")).toHaveCount(0);
  await expect(statCard(page, "Account Status")).toContainText("Everything included");
  await expect(statCard(page, "Account Status")).not.toContainText(/Pro|Trial/);
  await expect(page.getByText("No pending invitations", { exact: true })).toBeVisible();
  await page.getByRole("tab", { name: "Used (1)" }).click();
  const used = page.getByRole("list", { name: "Used invitations" }).getByRole("listitem");
  await expect(used).toHaveCount(1);
  await expect(used).toContainText(`Claimed by ${friendEmail}`);
  await expect(used).not.toContainText("Pro");
  await expect(used).toContainText(/Created .+ · Used /);
});

test("an emailed invitation: the email, the allowance, a refused own claim, a signed-out visitor and deletion", async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpAndOnboard(page);
  await page.goto("/invitations");
  await createInvitation(page);
  const recipient = uniqueEmail("recipient");
  await createInvitation(page, recipient);
  await expect(toastText(page, `We emailed the invitation to ${recipient}.`)).toBeVisible();
  await expect(page.getByLabel("Recipient email (optional)")).toHaveValue("");

  // Both invites are used: the button is disabled until more become available.
  await expect(statCard(page, "Available Invites")).toContainText("0");
  await expect(page.getByRole("button", { name: "Create Invitation" })).toBeDisabled();
  await expect(page.getByText(NO_BILLING_INVITES_NOTE)).toBeVisible();

  const emailed = pendingItems(page).filter({ hasText: `Sent to ${recipient}` });
  await expect(emailed).toHaveCount(1);
  const message = await latestEmail(page, recipient, /invited you to LinkStash/);
  const link = message.text.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)?.[0];
  expect(link).toBeDefined();
  const code = link?.split("/invite/")[1] ?? "";
  await expect(emailed).toContainText(code);

  // The inviter is told up front that they cannot claim their own invitation: no button that fails.
  await page.goto(`/invite/${code}`);
  await expect(page.getByRole("heading", { name: "You cannot claim this invitation" })).toBeVisible();
  await expect(page.getByText("You cannot claim your own invitation.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Accept Invitation" })).toHaveCount(0);

  // A signed-out visitor is offered the login, which comes back here.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/invite/${code}`);
  await expect(visitor.getByRole("link", { name: "Log in to Claim Invitation" })).toHaveAttribute(
    "href",
    `/api/login?returnTo=/invite/${code}`,
  );
  await visitor.goto("/invite/NoSuchInvitation");
  await expect(visitor.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  await visitorContext.close();

  // Deleting the emailed invitation gives the invite back; its code stops working.
  await page.goto("/invitations");
  await emailed.getByRole("button", { name: `Delete invitation ${code}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete invitation?" });
  await expect(dialog).toContainText(`The code ${code} will no longer work`);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "Invitation deleted")).toBeVisible();
  await expect(pendingItems(page)).toHaveCount(1);
  await expect(statCard(page, "Available Invites")).toContainText("1");
  await expect(page.getByRole("button", { name: "Create Invitation" })).toBeEnabled();
  const check = await (await page.request.get(`/api/invitations/${code}`)).json();
  expect(check).toEqual({ valid: false, message: "This invitation is invalid or has already been claimed." });
});
