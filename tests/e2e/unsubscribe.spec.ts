import { expect, test, type Page } from "@playwright/test";
import { signUpAndOnboard, uniqueEmail } from "./support";

type MailboxMessage = { subject: string; text: string; headers: Record<string, string> };

/** Saves a link and sends "Send Digest Now" through the API; returns the digest that arrived. */
async function receiveDigest(page: Page, email: string): Promise<MailboxMessage> {
  const origin = new URL(page.url()).origin;
  const saved = await page.request.post("/api/links", {
    headers: { origin },
    data: { url: "https://example.test/unsubscribe-e2e" },
  });
  expect(saved.ok()).toBe(true);
  // Sent from the page, as the dashboard's button does: a bodiless same-origin fetch.
  const sent = await page.evaluate(async () => (await fetch("/api/digest/send-now", { method: "POST" })).json());
  expect(sent).toMatchObject({ success: true });
  let digest: MailboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(email)}`);
      const messages: MailboxMessage[] = await res.json();
      digest = messages.find((message) => message.text.includes("https://example.test/unsubscribe-e2e"));
      return digest !== undefined;
    })
    .toBe(true);
  if (!digest) throw new Error(`no digest for ${email}`);
  return digest;
}

async function emailFrequency(page: Page): Promise<string> {
  const user: { emailFrequency: string } = await (await page.request.get("/api/auth/user")).json();
  return user.emailFrequency;
}

test("the digest's unsubscribe link asks first, then turns digests off", async ({ page }) => {
  const email = await signUpAndOnboard(page, uniqueEmail("unsub"));
  const digest = await receiveDigest(page, email);
  const link = digest.text.match(/https?:\/\/\S+\/unsubscribe\?token=[\w.-]+/)?.[0];
  if (!link) throw new Error(`no unsubscribe link in: ${digest.text}`);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Unsubscribe from digest emails?" })).toBeVisible();
  await expect(page.getByText("u•••@example.com", { exact: false })).toBeVisible();
  // Opening the page changed nothing.
  expect(await emailFrequency(page)).toBe("daily");

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Settings/ })).toHaveAttribute("href", "/settings");
  expect(await emailFrequency(page)).toBe("none");
});

test("a mail provider's one-click POST works without a session or Origin", async ({ page, playwright, baseURL }) => {
  const email = await signUpAndOnboard(page, uniqueEmail("oneclick"));
  const digest = await receiveDigest(page, email);
  expect(digest.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const target = digest.headers["List-Unsubscribe"]?.match(/^<(.+)>$/)?.[1];
  if (!target) throw new Error(`no List-Unsubscribe header: ${JSON.stringify(digest.headers)}`);

  const provider = await playwright.request.newContext({ baseURL });
  const res = await provider.post(target, { form: { "List-Unsubscribe": "One-Click" } });
  expect(res.status()).toBe(200);
  await provider.dispose();
  expect(await emailFrequency(page)).toBe("none");
});

test("an invalid unsubscribe link says so", async ({ page }) => {
  await page.goto("/unsubscribe?token=not-a-real-token");
  await expect(page.getByText("This unsubscribe link is invalid.", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
});
