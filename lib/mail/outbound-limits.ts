import "server-only";
import { mailboxIdentity } from "@/lib/invitations/mailbox-identity";
import type { RateLimitRule } from "@/lib/rate-limits/rules";

// Hard daily caps on the mail a user or a visitor can make the service send to an address of their
// choosing (Send Digest Now once served as a phishing relay). They hold on every plan and
// with billing off, and sit far above honest use (docs/decisions/0161). Counted per attempt, in
// the database's rate-limit counters, so they hold across app instances and simultaneous requests.

const DAY_SECONDS = 24 * 60 * 60;

export const OUTBOUND_MAIL_LIMITS = {
  /** Send Digest Now, per account. */
  manualDigestsPerAccount: { name: "manual-digest:account", limit: 10, windowSeconds: DAY_SECONDS },
  /** The public email test, per client address (it needs no account). */
  testEmailsPerClient: { name: "test-email:client-day", limit: 20, windowSeconds: DAY_SECONDS },
  /** Every user-requested email (manual digests, test emails, invitations) to one mailbox. */
  perRecipient: { name: "requested-mail:recipient", limit: 20, windowSeconds: DAY_SECONDS },
} satisfies Record<string, RateLimitRule>;

export const MANUAL_DIGEST_CAP_MESSAGE = `You have requested ${OUTBOUND_MAIL_LIMITS.manualDigestsPerAccount.limit} digests today, the most one account can send in a day. Please try again later.`;
export const RECIPIENT_CAP_MESSAGE = `This address has been sent ${OUTBOUND_MAIL_LIMITS.perRecipient.limit} emails on request today, the most we send to one address in a day. Please try again later.`;

/** The per-recipient check for an address: one mailbox however it is spelled (name+tag@, Gmail's dots). */
export function recipientCheck(address: string): { rule: RateLimitRule; subject: string } {
  return { rule: OUTBOUND_MAIL_LIMITS.perRecipient, subject: mailboxIdentity(address) };
}
