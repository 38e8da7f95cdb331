import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { isUniqueViolation } from "@/lib/db/errors";
import { env } from "@/lib/env";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { conflict, notFound, serviceUnavailable } from "@/lib/http/errors";
import { enforceRateLimits } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { logFailure } from "@/lib/log/log";
import { sendEmail } from "@/lib/mail/send-email";
import { emailChangeAction, livePendingEmail } from "@/lib/users/email-change-rule";
import {
  deleteOtherSessions,
  emailIsTaken,
  hasLinkedAccount,
  updateUser,
  updateUserWhere,
  userByEmail,
  userById,
} from "@/lib/users/queries";

// Email changes wait for the new address's owner (docs/decisions/0141): Settings and onboarding
// store the address as pending and mail a single-use link to it (or, when another account already
// has it, a notice to that account instead, answering the person who asked exactly as for a free
// address); the old address is told. The link confirms only in a session of the account that asked,
// and confirming ends that account's other sessions.

export const EMAIL_CHANGE_LINK_HOURS = 24;
export const CONFIRM_EMAIL_PATH = "/confirm-email";

export const EMAIL_CHANGE_RATE_LIMITS = {
  perUser: { name: "email-change:user", limit: 5, windowSeconds: 60 * 60 },
  perAddress: { name: "email-change:address", limit: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

export const EMAIL_CHANGE_RATE_LIMITED_MESSAGE =
  "Too many email address changes were asked for. Please wait an hour and try again.";
export const EMAIL_CHANGE_SEND_FAILED_MESSAGE =
  "We could not send the confirmation email. Nothing was changed; please try again in a few minutes.";
export const EMAIL_CHANGE_INVALID_MESSAGE =
  "This confirmation link is invalid, has expired, or belongs to another account.";
export const EMAIL_TAKEN_MESSAGE = "This email address is already used by another account.";

const CLEARED = { pendingEmail: null, pendingEmailTokenHash: null, pendingEmailExpires: null } as const;

function hashConfirmationToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** The address is proven: a magic link or a confirmation was used, or an OAuth provider vouched for it. */
async function addressConfirmed(user: User): Promise<boolean> {
  if (user.emailVerified) return true;
  return hasLinkedAccount(user.id);
}

/** Whether a magic link to `email` may enter the account that has it (or make a new one). */
export async function magicLinkMayEnter(email: string): Promise<boolean> {
  const user = await userByEmail(email);
  return user === null || (await addressConfirmed(user));
}

export type EmailChange = {
  /** Fields to store with the rest of the request's update. */
  data: Prisma.UserUpdateInput;
  /** Runs once `data` is stored. */
  afterSave: () => Promise<void>;
};

const NOTHING_AFTER = async () => {};

/**
 * What storing `submitted` as the user's address takes. A new address is mailed before anything is
 * stored, so a failed send changes nothing (503) and a stored change always has its email.
 */
export async function prepareEmailChange(user: User, submitted: string, now = new Date()): Promise<EmailChange> {
  const action = emailChangeAction(user, submitted, await addressConfirmed(user), now);
  if (action === "keep") return { data: {}, afterSave: NOTHING_AFTER };
  if (action === "cancel") return { data: CLEARED, afterSave: NOTHING_AFTER };

  await enforceRateLimits(
    [
      { rule: EMAIL_CHANGE_RATE_LIMITS.perUser, subject: user.id },
      { rule: EMAIL_CHANGE_RATE_LIMITS.perAddress, subject: submitted },
    ],
    EMAIL_CHANGE_RATE_LIMITED_MESSAGE,
  );
  const token = randomBytes(32).toString("base64url");
  const owner = submitted === user.email ? false : await emailIsTaken(submitted);
  // Each template is loaded when it is sent: sign-in (lib/auth/options.ts) imports this module too.
  const sent = await sendEmail(
    owner
      ? {
          to: submitted,
          subject: "Someone tried to use your address on LinkStash",
          react: (await import("@/emails/email-in-use")).default({ email: submitted }),
        }
      : {
          to: submitted,
          subject: "Confirm your new LinkStash email address",
          react: (await import("@/emails/email-change-confirm")).default({
            currentEmail: user.email,
            newEmail: submitted,
            confirmUrl: `${env.appUrl}${CONFIRM_EMAIL_PATH}?${new URLSearchParams({ token })}`,
          }),
        },
  );
  if (!sent.ok) throw serviceUnavailable(EMAIL_CHANGE_SEND_FAILED_MESSAGE);

  return {
    data: {
      pendingEmail: submitted,
      pendingEmailTokenHash: hashConfirmationToken(token),
      pendingEmailExpires: new Date(now.getTime() + EMAIL_CHANGE_LINK_HOURS * 3_600_000),
    },
    afterSave: async () => {
      if (submitted === user.email) return;
      const { default: EmailChangeNoticeEmail } = await import("@/emails/email-change-notice");
      const notice = await sendEmail({
        to: user.email,
        subject: "Your LinkStash email address is being changed",
        react: EmailChangeNoticeEmail({ newEmail: submitted, settingsUrl: `${env.appUrl}/settings` }),
      });
      // The change itself stands (its link went out); the old address missing the notice is logged.
      if (!notice.ok) logFailure("email change notice not sent", { userId: user.id, error: notice.error });
    },
  };
}

/** Stores `data` with the submitted address's pending change (see prepareEmailChange). */
export async function updateUserWithEmail(
  user: User,
  submitted: string,
  data: Omit<Prisma.UserUpdateInput, "email" | "emailVerified" | keyof typeof CLEARED>,
  now = new Date(),
): Promise<User> {
  const change = await prepareEmailChange(user, submitted, now);
  const updated = await updateUser(user.id, { ...data, ...change.data });
  await change.afterSave();
  return updated;
}

export type EmailChangeStatus = { state: "valid"; email: string; pendingEmail: string } | { state: "invalid" };

/** What a confirmation link would do for the signed-in user, without doing it. */
export async function emailChangeStatus(user: User, token: string, now = new Date()): Promise<EmailChangeStatus> {
  const pending = livePendingEmail(user, now);
  if (!pending || user.pendingEmailTokenHash !== hashConfirmationToken(token)) return { state: "invalid" };
  return { state: "valid", email: user.email, pendingEmail: pending };
}

/**
 * Uses a confirmation link: the pending address becomes the user's (proven), the link stops working
 * and every other session of the account ends. Only the user who asked can confirm (404 otherwise).
 */
export async function confirmEmailChange(
  user: User,
  token: string,
  currentSessionToken: string | undefined,
  now = new Date(),
): Promise<User> {
  const tokenHash = hashConfirmationToken(token);
  const pendingEmail = (await emailChangeStatus(user, token, now)).state === "valid" ? user.pendingEmail : null;
  if (!pendingEmail) throw notFound(EMAIL_CHANGE_INVALID_MESSAGE);
  try {
    // Conditional on the link still being the pending one: a second use, or a race with a new
    // change, updates nothing.
    const updated = await updateUserWhere(
      { id: user.id, pendingEmail, pendingEmailTokenHash: tokenHash },
      { email: pendingEmail, emailVerified: now, ...CLEARED },
    );
    if (!updated) throw notFound(EMAIL_CHANGE_INVALID_MESSAGE);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another account confirmed the address first: this change can never complete.
    await updateUserWhere({ id: user.id, pendingEmailTokenHash: tokenHash }, CLEARED);
    throw conflict(EMAIL_TAKEN_MESSAGE, "already_exists");
  }
  await deleteOtherSessions(user.id, currentSessionToken);
  return userById(user.id);
}
