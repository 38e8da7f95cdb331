import "server-only";
import TestEmail from "@/emails/test-email";
import { env } from "@/lib/env";
import { notFound, serviceUnavailable } from "@/lib/http/errors";
import { logFailure } from "@/lib/log/log";
import { sendEmail } from "@/lib/mail/send-email";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { OUTBOUND_MAIL_LIMITS, RECIPIENT_CAP_MESSAGE, recipientCheck } from "@/lib/mail/outbound-limits";

// The public email test (/email-test, decision 0019). Anyone may send it to any address, so the message is
// fixed text, the sends are limited per recipient (nobody gets flooded) and per client address,
// hourly and daily, and the test is off by default on a public origin (lib/env.ts).

export const TEST_EMAIL_SUBJECT = "LinkStash test email";
export const TEST_EMAIL_FAILED_MESSAGE = "There was a problem sending the test email. Please try again.";
export const TEST_EMAIL_RATE_LIMITED_MESSAGE =
  "Too many test emails were requested. Please wait a while and try again.";

export const TEST_EMAIL_RATE_LIMITS = {
  perAddress: { name: "test-email:address", limit: 3, windowSeconds: 60 * 60 },
  perIp: { name: "test-email:ip", limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

/** Sends the test email; 429 over a limit, 503 when the mail transport refuses it. */
export async function sendTestEmail(to: string, ip: string | null): Promise<void> {
  if (!env.testEmailEnabled) throw notFound("The email test is switched off on this instance.");
  await enforceRateLimits(
    [
      ...(ip
        ? [
            { rule: TEST_EMAIL_RATE_LIMITS.perIp, subject: ip },
            { rule: OUTBOUND_MAIL_LIMITS.testEmailsPerClient, subject: ip },
          ]
        : []),
      { rule: TEST_EMAIL_RATE_LIMITS.perAddress, subject: to },
    ],
    TEST_EMAIL_RATE_LIMITED_MESSAGE,
  );
  await enforceRateLimits([recipientCheck(to)], RECIPIENT_CAP_MESSAGE);
  const result = await sendEmail({ to, subject: TEST_EMAIL_SUBJECT, react: TestEmail({ appUrl: env.appUrl }) });
  if (!result.ok) {
    // The visitor gets a generic message; the provider's reason is for whoever runs the instance.
    logFailure("test email not sent", { error: result.error });
    throw serviceUnavailable(TEST_EMAIL_FAILED_MESSAGE);
  }
}
