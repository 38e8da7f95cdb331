import "server-only";
import { emailActionLink, ownsLink, updateOwnLinkWhere } from "@/lib/links/queries";
import { userTimezone } from "@/lib/users/queries";
import { type EmailAction, verifyEmailActionToken } from "@/lib/digests/email-actions";
import type { EmailActionStatus } from "@/lib/digests/email-action-response";
import { calendarDayAsDate, calendarDayOf, snoozeDay } from "@/lib/digests/snooze-day";

// What a digest's one-click links do to their link: "Mark as read", "Snooze a week" and "Not
// interested". The signed token (email-actions.ts) is the only credential. Each page reads the
// status on GET and changes nothing; its form's POST applies the action, which is safe to repeat.

type LinkState = { readAt: Date | null; archivedAt: Date | null; remindOn: Date | null };

function isDone(action: EmailAction, link: LinkState, comesBackOn: string | null): boolean {
  switch (action) {
    case "mark-read":
      return link.readAt !== null;
    case "snooze":
      return link.archivedAt === null && link.remindOn !== null && calendarDayOf(link.remindOn) === comesBackOn;
    case "not-interested":
      return link.archivedAt !== null && link.remindOn === null;
  }
}

/** What the action's page shows for a token; reads only. */
export async function emailActionStatus(
  action: EmailAction,
  token: string | undefined,
  now = new Date(),
): Promise<EmailActionStatus> {
  const claim = verifyEmailActionToken(action, token);
  if (!claim || !token) return { state: "invalid" };
  const link = await emailActionLink(claim.userId, claim.linkId);
  if (!link) return { state: "gone" };
  const comesBackOn = action === "snooze" ? snoozeDay(link.user.timezone, now) : null;
  return {
    state: "found",
    token,
    title: link.title,
    url: link.url,
    done: isDone(action, link, comesBackOn),
    comesBackOn,
  };
}

export type EmailActionOutcome = "applied" | "invalid" | "gone";

/**
 * Applies the token's action to its link, without a session; repeating it changes nothing more:
 * - mark-read: `readAt` = now, keeping the first time;
 * - snooze: `remindOn` = the owner's local today + 7 days (the same day however often it is
 *   repeated that day), and a link set aside as not interested is taken back;
 * - not-interested: `archivedAt` = now, keeping the first time, and no reminder.
 * "gone" when the link was deleted (or the token's user does not own it).
 */
export async function applyEmailAction(
  action: EmailAction,
  token: string,
  now = new Date(),
): Promise<EmailActionOutcome> {
  const claim = verifyEmailActionToken(action, token);
  if (!claim) return "invalid";
  const { userId, linkId } = claim;
  switch (action) {
    case "mark-read": {
      await updateOwnLinkWhere(userId, linkId, { readAt: null }, { readAt: now });
      return (await ownsLink(userId, linkId)) ? "applied" : "gone";
    }
    case "snooze": {
      const owner = await userTimezone(userId);
      if (!owner) return "gone";
      const count = await updateOwnLinkWhere(
        userId,
        linkId,
        {},
        { remindOn: calendarDayAsDate(snoozeDay(owner.timezone, now)), archivedAt: null },
      );
      return count > 0 ? "applied" : "gone";
    }
    case "not-interested": {
      await updateOwnLinkWhere(userId, linkId, { archivedAt: null }, { archivedAt: now });
      const count = await updateOwnLinkWhere(userId, linkId, {}, { remindOn: null });
      return count > 0 ? "applied" : "gone";
    }
  }
}
