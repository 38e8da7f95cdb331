import "server-only";
import { getDb } from "@/lib/db/client";
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
  const link = await getDb().link.findFirst({
    where: { id: claim.linkId, userId: claim.userId },
    select: {
      title: true,
      url: true,
      readAt: true,
      archivedAt: true,
      remindOn: true,
      user: { select: { timezone: true } },
    },
  });
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
  const db = getDb();
  const link = { id: claim.linkId, userId: claim.userId };
  switch (action) {
    case "mark-read": {
      await db.link.updateMany({ where: { ...link, readAt: null }, data: { readAt: now } });
      return (await db.link.count({ where: link })) > 0 ? "applied" : "gone";
    }
    case "snooze": {
      const owner = await db.user.findUnique({ where: { id: claim.userId }, select: { timezone: true } });
      if (!owner) return "gone";
      const { count } = await db.link.updateMany({
        where: link,
        data: { remindOn: calendarDayAsDate(snoozeDay(owner.timezone, now)), archivedAt: null },
      });
      return count > 0 ? "applied" : "gone";
    }
    case "not-interested": {
      await db.link.updateMany({ where: { ...link, archivedAt: null }, data: { archivedAt: now } });
      const { count } = await db.link.updateMany({ where: link, data: { remindOn: null } });
      return count > 0 ? "applied" : "gone";
    }
  }
}
