import "server-only";
import { isMailOnlyUrl } from "@/lib/inbound-mail/mail-url";
import type { DigestEmailBrief, DigestEmailFeedItem, DigestEmailLink, DigestEmailProps } from "@/emails/digest";
import { digestPlainText } from "@/emails/digest-text";
import type { DigestEmailHighlight } from "@/emails/components/digest-highlights";
import type { DigestHighlight } from "@/lib/highlights/digest";
import { env } from "@/lib/env";
import { renderEmail } from "@/lib/mail/send-email";
import type { OutgoingEmail } from "@/lib/mail/transport";
import { progressLine, progressPeriod, savedAgo, type ProgressCounts } from "@/lib/digests/come-back-words";
import { emailActionUrl } from "@/lib/digests/email-actions";
import { saveFeedItemUrl } from "@/lib/digests/save-feed-item-token";
import { displayHost, displayUrl } from "@/lib/links/display-url";
import { formatInZone } from "@/lib/time/local-time";
import { unsubscribeHeaders, unsubscribeUrl } from "@/lib/digests/unsubscribe";
import { countLine, digestCount, linksWord, type DigestCount } from "@/lib/digests/digest-count";
import { cutAtWord } from "@/lib/text/cut-at-word";

// What a digest says (docs/product.md, "Digests and schedule" and "Links come back"): one count line
// for all its links, the links due back today, then the newest unread links, then the links back from
// the stash, each saying why. The first links are shown whole (excerpt, notes, categories, reading
// time, when saved in the reader's zone, a link to read it in LinkStash and signed one-click
// actions); the next ones on one line each (title and site); the rest as "and N more in LinkStash".
// Then the items of the user's feeds that go to the digest, by feed, one line each with "Save to
// stash". Last, one line of progress for the period the digest covers.

/** The newest new links a digest reads from the database: at most the whole and one-line ones. */
export const DIGEST_MAX_LINKS = 50;
/** Links shown whole, reminders first, when the mail fits its budget with that many. */
export const DIGEST_WHOLE_LINKS = 20;
/** One-line entries after the whole ones. */
export const DIGEST_BRIEF_LINKS = DIGEST_MAX_LINKS - DIGEST_WHOLE_LINKS;
/**
 * The most HTML a digest may weigh. Gmail clips a message past 102 KB and hides the rest (the
 * stash's links, the progress line, the footer); a margin stays for what a provider adds.
 */
export const DIGEST_HTML_BUDGET = 96 * 1024;
/** Feed items one digest carries at most, the newest owed first; the rest wait for the next one. */
export const FEED_ITEMS_PER_DIGEST = 50;
/** Feed items owed longer than this are no longer carried by a digest (the dashboard lists them). */
export const FEED_ITEM_DAYS = 14;
/**
 * Whole, one-line and feed entries tried in turn until the HTML fits its budget. Feed items are one
 * line each; the last layouts list fewer, and those left out are counted in "and N more".
 */
const LAYOUTS: { whole: number; brief: number; feed: number }[] = [
  { whole: DIGEST_WHOLE_LINKS, brief: DIGEST_BRIEF_LINKS, feed: FEED_ITEMS_PER_DIGEST },
  { whole: 15, brief: DIGEST_BRIEF_LINKS, feed: FEED_ITEMS_PER_DIGEST },
  { whole: 10, brief: DIGEST_BRIEF_LINKS, feed: FEED_ITEMS_PER_DIGEST },
  { whole: 5, brief: DIGEST_BRIEF_LINKS, feed: FEED_ITEMS_PER_DIGEST },
  { whole: 0, brief: DIGEST_BRIEF_LINKS, feed: FEED_ITEMS_PER_DIGEST },
  { whole: 0, brief: 10, feed: 20 },
  { whole: 0, brief: 0, feed: 0 },
];
// A mail is a summary: the reader page has the rest.
const EXCERPT_MAX = 300;
const NOTES_MAX = 600;
const BRIEF_TITLE_MAX = 100;

export type DigestLink = {
  id: string;
  title: string | null;
  url: string;
  notes: string | null;
  categories: string[];
  createdAt: Date;
  /** The page's description or article excerpt, shown under the title. */
  description: string | null;
  readingMinutes: number | null;
};

/** A link a digest brings back, with the digest's local day ("YYYY-MM-DD") it was chosen for. */
export type ComeBackLink = DigestLink & { day: string };

/** An item of one of the user's feeds that goes to the digest (FeedItem). */
export type DigestFeedItem = { id: string; title: string | null; url: string };

/** One feed's items in a digest, under the feed's name (its title, else its address). */
export type DigestFeed = { sourceId: string; name: string; items: DigestFeedItem[] };

export type DigestRecipient = { id: string; email: string; timezone: string };

export type DigestKindName = "scheduled" | "manual";

/** What one digest holds: its new links, the links that come back, and its period's counts. */
export type DigestContent = {
  /** The newest new links (at most DIGEST_MAX_LINKS); `total` counts them all. */
  links: DigestLink[];
  total: number;
  /** "Back today": links whose owner asked for them on this day (or before). */
  reminders: ComeBackLink[];
  /** "From your stash": older unread links chosen to come back. */
  rediscovered: ComeBackLink[];
  /** "From your feeds": items of feeds that go to the digest, by feed (decision 0418). */
  feeds?: DigestFeed[];
  /** Where the new links start: the previous digest, or (a first Send now) the start of the day. */
  since: "last-digest" | "today";
  progress: (ProgressCounts & { windowStart: Date | null; windowEnd: Date }) | null;
  /** Last week's highlights, when the reader asked for them (lib/highlights/digest.ts). */
  highlights?: DigestHighlight[];
};

function subjectFor(kind: DigestKindName, count: DigestCount): string {
  const what =
    count.fresh + count.feed > 0 ? `${linksWord(count.total)} to read` : `${linksWord(count.total)} came back`;
  return kind === "scheduled" ? `Your LinkStash digest: ${what}` : `Today's stash: ${what}`;
}

/**
 * A scheduled digest's new links are those since the previous one; Send now's too, except before
 * the first scheduled digest (today's). Send now does not move that mark, so after another Send now
 * it is the last *scheduled* digest that the count starts from, and the line says so.
 */
function periodOf(kind: DigestKindName, since: DigestContent["since"]): string {
  if (kind === "scheduled") return "since your last digest";
  return since === "last-digest" ? "since your last scheduled digest" : "today";
}

function highlightEntry(highlight: DigestHighlight): DigestEmailHighlight {
  return {
    quote: highlight.quote,
    note: highlight.note,
    source: highlight.linkTitle ?? displayUrl(highlight.linkUrl),
    readUrl: `${env.appUrl}/read/${highlight.linkId}#highlights`,
  };
}

/** The links of one digest as the mail lays them out: shown whole, on one line, or only counted. */
export type DigestLayout = Pick<
  DigestEmailProps,
  "reminders" | "remindersBrief" | "links" | "linksBrief" | "rediscovered" | "feeds" | "moreCount"
>;

/**
 * Lays the digest's links out with at most `whole` shown whole (reminders first, then the newest new
 * links) and `brief` on one line; the links from the stash (a few) are always whole; at most `feed`
 * feed items, each feed's newest first. `moreCount` is what the count holds beyond them, so whole +
 * one-line + feed items + more = count.total.
 */
export function layOut<Link, Item>(
  content: { links: Link[]; reminders: Link[]; rediscovered: Link[]; feeds?: { name: string; items: Item[] }[] },
  count: DigestCount,
  { whole, brief, feed = 0 }: { whole: number; brief: number; feed?: number },
): {
  reminders: Link[];
  remindersBrief: Link[];
  links: Link[];
  linksBrief: Link[];
  rediscovered: Link[];
  feeds: { name: string; items: Item[] }[];
  moreCount: number;
} {
  const reminders = content.reminders.slice(0, whole);
  const links = content.links.slice(0, whole - reminders.length);
  const remindersBrief = content.reminders.slice(reminders.length, reminders.length + brief);
  const linksBrief = content.links.slice(links.length, links.length + brief - remindersBrief.length);
  const feeds: { name: string; items: Item[] }[] = [];
  let room = feed;
  for (const one of content.feeds ?? []) {
    if (room <= 0) break;
    const items = one.items.slice(0, room);
    feeds.push({ name: one.name, items });
    room -= items.length;
  }
  const shown =
    reminders.length +
    links.length +
    remindersBrief.length +
    linksBrief.length +
    content.rediscovered.length +
    (feed - room);
  return {
    reminders,
    remindersBrief,
    links,
    linksBrief,
    rediscovered: content.rediscovered,
    feeds,
    moreCount: Math.max(0, count.total - shown),
  };
}

/** Renders one digest. */
// The template brings React Email with it: loaded by the first digest, not by the scheduler's start,
// and kept, since a module loader's import() per digest costs a resolve each time.
let template: Promise<typeof import("@/emails/digest")> | undefined;
const digestTemplate = () => (template ??= import("@/emails/digest"));

export async function composeDigest(
  recipient: DigestRecipient,
  kind: DigestKindName,
  content: DigestContent,
): Promise<Omit<OutgoingEmail, "idempotencyKey">> {
  const { since, progress, highlights = [] } = content;
  const count = digestCount(content);
  const entry = (link: DigestLink, why: string | null, notInterested: boolean): DigestEmailLink => {
    const readUrl = `${env.appUrl}/read/${link.id}`;
    // A newsletter saved from a mail without a web version is read in the reader: it has no page.
    const url = isMailOnlyUrl(link.url) ? readUrl : link.url;
    return {
      title: link.title,
      url,
      shownUrl: displayUrl(url),
      notes: link.notes === null ? null : cutAtWord(link.notes, NOTES_MAX),
      categories: link.categories,
      savedAt: formatInZone(link.createdAt, recipient.timezone, "monthDayTime"),
      why,
      markReadUrl: emailActionUrl("mark-read", link.id, recipient.id),
      snoozeUrl: emailActionUrl("snooze", link.id, recipient.id),
      notInterestedUrl: notInterested ? emailActionUrl("not-interested", link.id, recipient.id) : null,
      excerpt: link.description === null ? null : cutAtWord(link.description, EXCERPT_MAX),
      readingMinutes: link.readingMinutes,
      readUrl,
    };
  };
  const briefOf = (link: DigestEmailLink): DigestEmailBrief => ({
    title: cutAtWord(link.title ?? link.shownUrl, BRIEF_TITLE_MAX),
    url: link.url,
    domain: displayHost(link.url),
  });
  const feedEntry = (item: DigestFeedItem): DigestEmailFeedItem => ({
    title: cutAtWord(item.title?.trim() || displayUrl(item.url), BRIEF_TITLE_MAX),
    url: item.url,
    domain: displayHost(item.url),
    saveUrl: saveFeedItemUrl(item.id, recipient.id),
  });
  const entries = {
    feeds: (content.feeds ?? []).map((one) => ({
      name: cutAtWord(one.name, BRIEF_TITLE_MAX),
      items: one.items.map(feedEntry),
    })),
    reminders: content.reminders.map((link) =>
      entry(link, savedAgo(link.createdAt, link.day, recipient.timezone), false),
    ),
    links: content.links.slice(0, DIGEST_MAX_LINKS).map((link) => entry(link, null, false)),
    rediscovered: content.rediscovered.map((link) =>
      entry(link, savedAgo(link.createdAt, link.day, recipient.timezone), true),
    ),
  };
  const base = {
    heading: kind === "scheduled" ? "Your LinkStash digest" : "Today's stash",
    intro: countLine(count, periodOf(kind, since)),
    progress: progress ? progressLine(progressPeriod(progress.windowStart, progress.windowEnd), progress) : null,
    highlights: highlights.map(highlightEntry),
    dashboardUrl: `${env.appUrl}/dashboard`,
    unsubscribeUrl: unsubscribeUrl(recipient.id),
  };
  const { default: DigestEmail } = await digestTemplate();
  let props: DigestEmailProps | null = null;
  let html = "";
  // Fewer whole links until the HTML fits: a few renders at most, and only for the heaviest digests.
  for (const layout of LAYOUTS) {
    const laid = layOut(entries, count, layout);
    props = {
      ...base,
      ...laid,
      remindersBrief: laid.remindersBrief.map(briefOf),
      linksBrief: laid.linksBrief.map(briefOf),
    };
    ({ html } = await renderEmail(DigestEmail(props), ""));
    if (Buffer.byteLength(html, "utf8") <= DIGEST_HTML_BUDGET) break;
  }
  if (props === null) throw new Error("no digest layout");
  return {
    from: env.emailFrom,
    to: recipient.email,
    subject: subjectFor(kind, count),
    html,
    text: digestPlainText(props),
    headers: unsubscribeHeaders(recipient.id),
  };
}
