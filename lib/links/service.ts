import "server-only";
import { lockUsers } from "@/lib/db/lock-users";
import { inTransaction } from "@/lib/db/transaction";
import { isRecordId } from "@/lib/db/input";
import { env } from "@/lib/env";
import { badRequest, conflict, notFound, paymentRequired } from "@/lib/http/errors";
import type { Link, Prisma, User } from "@/lib/generated/prisma/client";
import { categoryKey, distinctCategories } from "@/lib/categories/rules";
import { entitlements } from "@/lib/billing/plans";
import { enforceRateLimits, userAndIpChecks } from "@/lib/rate-limits/rate-limit";
import type { RateLimitRule } from "@/lib/rate-limits/rules";
import { dayBefore, type LocalDay, localDateKey, localDay, localDayBounds } from "@/lib/time/local-day";
import {
  countLinksPerDay,
  countLinksSavedBetween,
  deleteOwnLink,
  insertLinkOnce,
  insertLinkOnceIn,
  linksDueBy,
  linksSavedBetween,
  lockLinkSavedOn,
  type NewLink,
  type LinkCursor,
  type LinkFilter,
  selectCategoryNames,
  type LinkChange,
  selectLinkPage,
  updateLinkById,
  updateLinkState,
} from "@/lib/links/queries";
import {
  dayKey,
  latestReminderDay,
  parseDayKey,
  REMINDER_YEARS_AHEAD,
  reminderDayProblem,
} from "@/lib/links/reminder-days";
import { type LinkResponse, toLinkResponse } from "@/lib/links/response";
import { type ArticleRow, storeArticleIn } from "@/lib/articles/queries";
import type { HistoryQuery } from "@/lib/links/schemas";
import { repeatedSaveChange } from "@/lib/links/repeated-save";
import { type LinkPayload, MAX_NOTES_LENGTH } from "@/lib/links/schemas";
import { notACalendarDayMessage } from "@/lib/links/schemas";
import { LINK_PAGE_SIZE, type TodayQuery } from "@/lib/links/schemas";

export const DAILY_LIMIT_MESSAGE =
  "Free accounts can save 1 link per day after the trial. Upgrade to Pro for unlimited links, or save this one tomorrow.";

// Abuse limits, separate from the free plan's daily limit: far above anyone saving by hand, room
// for a scripted import of a few hundred bookmarks at once (more waits for Retry-After), and low
// enough that a script cannot flood the database. Per address, room for an office behind one NAT.
export const LINK_RATE_LIMITS = {
  perUser: { name: "link-save:user", limit: 300, windowSeconds: 60 },
  perIp: { name: "link-save:ip", limit: 1200, windowSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

export const LINK_RATE_LIMITED_MESSAGE = "You are saving links too quickly. Please wait a minute and try again.";

/** A save's answer: the link, and whether this save created it or found it saved earlier today. */
export type SavedLink = { link: Link; created: boolean };

/**
 * Saves a link, after the rate limits (429), with its page's fetch owed (the caller wakes the
 * page-work runner). The same address saved again on the same local day (a retried request, an
 * extension's queue sent again, a mail forwarded twice) is the link saved first, given what the new
 * save brings (docs/product.md, "Saving the same link twice"). A user under the free daily limit is
 * serialised on their own user row, so simultaneous saves cannot all see "nothing saved today" and
 * slip past it; a repeated save never counts against it. A save that brings its `article` along
 * (a newsletter saved from a mail, decision 0328) stores it with a new link and owes no fetch; a
 * repeated save keeps the article the link has.
 */
export async function saveLink(
  user: User,
  payload: LinkPayload,
  ip: string | null,
  now = new Date(),
  article?: ArticleRow,
): Promise<SavedLink> {
  await enforceRateLimits(userAndIpChecks(LINK_RATE_LIMITS, user.id, ip), LINK_RATE_LIMITED_MESSAGE);
  const limit = entitlements(user, now, env.billingEnabled).dailyLinkLimit;
  const link: NewLink = {
    userId: user.id,
    url: payload.url,
    title: payload.title ?? null,
    notes: payload.notes ?? null,
    category: payload.category,
    categories: payload.categories,
    savedOn: localDateKey(user.timezone, now),
  };
  if (limit === null && !article) {
    // The usual save is one statement; only a repeat of the day's address takes a transaction.
    const saved = await insertLinkOnce(link);
    if (saved) return { link: saved, created: true };
  }
  const { start, end } = localDayBounds(user.timezone, now);
  return inTransaction(async (tx) => {
    if (limit !== null) await lockUsers(tx, [user.id]);
    // Twice at most: the day's first save of the address may be deleted between the look and the insert.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const first = await lockLinkSavedOn(tx, link);
      if (first) return { link: await applyRepeatedSave(tx, first, payload), created: false };
      if (limit !== null && attempt === 0) {
        const savedToday = await countLinksSavedBetween(user.id, start, end, tx);
        if (savedToday >= limit) throw paymentRequired(DAILY_LIMIT_MESSAGE);
      }
      const saved = await insertLinkOnceIn(tx, link, !article);
      if (!saved) continue;
      if (!article) return { link: saved, created: true };
      await storeArticleIn(tx, saved, article);
      return { link: { ...saved, readingMinutes: article.readingMinutes }, created: true };
    }
    throw conflict("This link was changed while it was being saved. Please save it again.");
  });
}

/** The day's first save of an address, given what a repeated save brings (nothing lost). */
async function applyRepeatedSave(tx: Prisma.TransactionClient, first: Link, payload: LinkPayload): Promise<Link> {
  const change = repeatedSaveChange(first, payload, MAX_NOTES_LENGTH);
  return change ? updateLinkById(first.id, change, tx) : first;
}

/** The links saved during the user's local calendar day, newest first (a digest sent now). */
export async function listTodayLinks(user: User, now = new Date()): Promise<Link[]> {
  const { start, end } = localDayBounds(user.timezone, now);
  return linksSavedBetween(user.id, start, end);
}

/** A history cursor: the last link's time (ISO, UTC) and id. */
export function encodeHistoryCursor(createdAtIso: string, id: string): string {
  return Buffer.from(`${createdAtIso}|${id}`).toString("base64url");
}

function decodeHistoryCursor(value: string): LinkCursor {
  const [iso, id] = Buffer.from(value, "base64url").toString("utf8").split("|");
  const createdAt = new Date(iso ?? "");
  if (!id || !isRecordId(id) || Number.isNaN(createdAt.getTime())) throw badRequest("Invalid cursor");
  return { createdAt, id };
}

/** One page of a list of links: the API's objects, the next page's cursor, and each day's true total. */
export type LinkPage = { links: LinkResponse[]; nextCursor: string | null; dayTotals: Map<string, number> };

/**
 * A page of the user's links matching `filter`, newest first, keyset-paged on (createdAt, id) so a
 * page is stable while links are added. The page reads one link more than it shows, to know
 * whether another page follows; the days it shows get their totals over all pages. A day wholly on
 * the page is counted from the page; only a day the page cuts (the previous page's last link, the
 * cursor, or the link read ahead falls in it) is counted in the database.
 */
async function listLinkPage(
  user: User,
  filter: LinkFilter,
  query: { limit?: number; cursor?: string },
): Promise<LinkPage> {
  const limit = Math.min(Math.max(query.limit ?? LINK_PAGE_SIZE, 1), LINK_PAGE_SIZE);
  const cursor = query.cursor ? decodeHistoryCursor(query.cursor) : null;
  const rows = await selectLinkPage(filter, cursor, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const lookAhead = rows.at(limit);
  const within = (day: LocalDay, at: Date | undefined) => at !== undefined && at >= day.start && at < day.end;
  const dayTotals = new Map<string, number>();
  const cutDays: LocalDay[] = [];
  let day: LocalDay | undefined;
  for (const link of page) {
    // Links come newest first: a link outside the day of the one before it starts a new day.
    if (day && within(day, link.createdAt)) {
      dayTotals.set(day.key, (dayTotals.get(day.key) ?? 0) + 1);
      continue;
    }
    // Usually the day before the last one; else wherever the link falls.
    const previous = day && dayBefore(user.timezone, day);
    day = previous && within(previous, link.createdAt) ? previous : localDay(user.timezone, link.createdAt);
    dayTotals.set(day.key, 1);
    if (within(day, cursor?.createdAt) || within(day, lookAhead?.createdAt)) cutDays.push(day);
  }
  for (const [key, total] of await countLinksPerDay(filter, cutDays)) dayTotals.set(key, total);
  return {
    links: page.map(toLinkResponse),
    nextCursor: lookAhead && last ? encodeHistoryCursor(last.createdAt.toISOString(), last.id) : null,
    dayTotals,
  };
}

/** A page of the user's history; the category filter ignores case, `q` is a tsquery from buildSearchQuery. */
export function listHistoryPage(user: User, query: Partial<HistoryQuery>): Promise<LinkPage> {
  const category = query.category?.trim() ? categoryKey(query.category) : null;
  return listLinkPage(
    user,
    {
      userId: user.id,
      category,
      tsquery: query.q ?? null,
      unreadOnly: query.unread ?? false,
      favoritesOnly: query.favorites ?? false,
    },
    query,
  );
}

/** A page of the links saved during the user's local calendar day. */
export function listTodayPage(user: User, query: Partial<TodayQuery>, now = new Date()): Promise<LinkPage> {
  const { start, end } = localDayBounds(user.timezone, now);
  return listLinkPage(
    user,
    { userId: user.id, from: start, to: end, category: null, tsquery: null, unreadOnly: false },
    query,
  );
}

/** Every category name found on the user's links: distinct ignoring case, sorted (history chips). */
export async function listLinkCategories(user: User): Promise<string[]> {
  return distinctCategories(await selectCategoryNames(user.id));
}

/** The reminder day's problem as the API says it; the user's today is in their time zone. */
function checkReminderDay(remindOn: string, timeZone: string, now: Date): void {
  const day = parseDayKey(remindOn);
  if (!day) throw badRequest(notACalendarDayMessage(remindOn));
  const todayKey = localDateKey(timeZone, now);
  const today = parseDayKey(todayKey);
  if (!today) throw new Error(`localDateKey gave ${todayKey}`);
  const problem = reminderDayProblem(day, today);
  if (problem === "past")
    throw badRequest(`remindOn ${remindOn} has passed: pick today (${todayKey} in your time zone) or a later day`);
  if (problem === "too-far")
    throw badRequest(
      `remindOn can be at most ${REMINDER_YEARS_AHEAD} years ahead: ${dayKey(latestReminderDay(today))} or earlier`,
    );
}

/**
 * Changes one of the user's links (docs/product.md, "Remind me"): read or unread (keeping the first
 * time it was read), a reminder day (today or later in the user's time zone) or none, archived or
 * not. Someone else's link is answered as not found.
 */
export async function updateLink(user: User, id: string, change: LinkChange, now = new Date()): Promise<Link> {
  if (!isRecordId(id)) throw notFound("Link not found");
  if (typeof change.remindOn === "string") checkReminderDay(change.remindOn, user.timezone, now);
  const link = await updateLinkState(user.id, id, change, now);
  if (!link) throw notFound("Link not found");
  return link;
}

/** The most links "Back today" lists: the earliest due first. */
export const BACK_TODAY_LIMIT = 50;

/**
 * "Back today": the user's links whose reminder day has come in their time zone (today, or an
 * earlier day whose digest did not carry them), unread and not archived; the earliest day first.
 */
export async function listBackToday(user: User, now = new Date()): Promise<Link[]> {
  // A DATE compares with the day's UTC midnight, as Prisma writes it.
  const today = new Date(`${localDateKey(user.timezone, now)}T00:00:00Z`);
  return linksDueBy(user.id, today, BACK_TODAY_LIMIT);
}

/** Deletes one of the user's links; someone else's link is answered as not found. */
export async function deleteLink(user: User, id: string): Promise<void> {
  if (!isRecordId(id)) throw notFound("Link not found");
  if (!(await deleteOwnLink(user.id, id))) throw notFound("Link not found");
}
