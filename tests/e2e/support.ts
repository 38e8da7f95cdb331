import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";

export function uniqueEmail(prefix = "reader"): string {
  return `${prefix}-${Date.now()}-${randomBytes(3).toString("hex")}@example.com`;
}

type MailboxEntry = {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: string;
  attachments: { id: string; filename: string; contentType: string; size: number }[];
};

/** Polls the local mailbox until a message for `to` arrives. */
export async function latestEmail(page: Page, to: string, subject?: RegExp): Promise<MailboxEntry> {
  let found: MailboxEntry | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(to)}`);
        const messages: MailboxEntry[] = await res.json();
        found = messages.find((m) => !subject || subject.test(m.subject));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error(`no email for ${to}`);
  return found;
}

/** Signs in through the real magic link: the sign-in page, the mailbox, the link. */
export async function signInByMagicLink(page: Page, email: string, returnTo = "/dashboard"): Promise<void> {
  // Each test user comes from an address of its own, as through a proxy (the servers run with
  // TRUSTED_PROXY_HOPS=1): the suite signs in more people than the per-IP magic-link limit lets one
  // address do in 15 minutes.
  await page.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${randomBytes(1)[0] ?? 1}` });
  await page.goto(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByRole("button", { name: "Send sign-in link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await openSignInLink(page, await signInLink(page, email));
}

/** The link of the newest sign-in email to `email`: the confirmation page, with the link's token. */
export async function signInLink(page: Page, email: string): Promise<string> {
  const message = await latestEmail(page, email, /Sign in/);
  const link = message.text.match(/https?:\/\/\S+\/login\/confirm\?\S+/)?.[0];
  if (!link) throw new Error(`no sign-in link in: ${message.text}`);
  return link;
}

/** Opens a sign-in link and confirms on the page it opens, which names the account it signs in to. */
export async function openSignInLink(page: Page, link: string): Promise<void> {
  const email = new URL(link).searchParams.get("email") ?? "";
  await page.goto(link);
  await page.getByRole("button", { name: `Sign in as ${email}` }).click();
  // Its POST redirects through next-auth's callback to the page asked for (and from there perhaps to
  // onboarding): wait until that page has loaded, or the test's next navigation may cut it short.
  await page.waitForURL((url) => !url.pathname.startsWith("/login/confirm") && !url.pathname.startsWith("/api/"));
}

/** Signs in a new user and completes onboarding with the defaults. */
export async function signUpAndOnboard(page: Page, email = uniqueEmail()): Promise<string> {
  await signInByMagicLink(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return email;
}
