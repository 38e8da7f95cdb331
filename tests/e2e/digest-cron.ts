import { expect, type Page } from "@playwright/test";
import { clockCronSecret } from "../../playwright.config";

/**
 * Calls the hourly digest cron on the clock server (the page's base URL) until `email` has a digest
 * in the local mailbox.
 */
export async function runCronUntilDigest(page: Page, email: string): Promise<void> {
  await expect
    .poll(
      async () => {
        // Right after a clock jump the server may drop a kept-alive connection that now looks days
        // old (its timeout checks read the wall clock): a request reset that way is simply tried again.
        const res = await page.request
          .get("/api/cron/digests", { headers: { authorization: `Bearer ${clockCronSecret}` } })
          .catch((error: unknown) => {
            if (error instanceof Error && /ECONNRESET|socket hang up/.test(error.message)) return null;
            throw error;
          });
        if (!res) return false;
        expect(res.status()).toBe(200);
        const mailbox = await (
          await page.request.get(`/dev/mailbox?format=json&to=${encodeURIComponent(email)}`)
        ).json();
        return mailbox.some((m: { subject: string }) => m.subject.startsWith("Your LinkStash digest"));
      },
      { timeout: 20_000, intervals: [1_500] },
    )
    .toBe(true);
}
