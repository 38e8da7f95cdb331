import "server-only";
import { isMailOnlyUrl } from "@/lib/inbound-mail/mail-url";
import type { DigestEmailLink, DigestEmailProps } from "@/emails/digest";
import { digestPlainText } from "@/emails/digest-text";
import type { DigestEmailHighlight } from "@/emails/components/digest-highlights";
import type { DigestHighlight } from "@/lib/highlights/digest";
import { env } from "@/lib/env";
import { renderEmail } from "@/lib/mail/send-email";
import type { OutgoingEmail } from "@/lib/mail/transport";
import { progressLine, progressPeriod, savedAgo, type ProgressCounts } from "@/lib/digests/come-back-words";
import { emailActionUrl } from "@/lib/digests/email-actions";
import { displayUrl } from "@/lib/links/display-url";
import { formatInZone } from "@/lib/time/local-time";
import { unsubscribeHeaders, unsubscribeUrl } from "@/lib/digests/unsubscribe";

// What a digest says (docs/product.md, "Digests and schedule" and "Links come back"): the links due
// back today, then the newest unread links, at most 50 listed, each with its excerpt and reading time
// and when it was saved (in the reader's zone), then "and N more" pointing at the history, then the
// links back from the stash, each saying why; under every link a link to read it in LinkStash and
// signed one-click actions; last, one line of progress for the period the digest covers.

export const DIGEST_MAX_LINKS = 50;

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
  /** Where the new links start: the previous digest, or (a first Send now) the start of the day. */
  since: "last-digest" | "today";
  progress: (ProgressCounts & { windowStart: Date | null; windowEnd: Date }) | null;
  /** Last week's highlights, when the reader asked for them (lib/highlights/digest.ts). */
  highlights?: DigestHighlight[];
};

const countOf = (count: number) => `${count} ${count === 1 ? "link" : "links"}`;

function subjectFor(kind: DigestKindName, total: number, back: number): string {
  const what = total > 0 ? `${countOf(total)} to read` : `${countOf(back)} came back`;
  return kind === "scheduled" ? `Your LinkStash digest: ${what}` : `Today's stash: ${what}`;
}

function introFor(kind: DigestKindName, since: DigestContent["since"], total: number, back: number): string {
  const period = kind === "scheduled" || since === "last-digest" ? "since your last digest" : "today";
  const cameBack = back === 1 ? "one link came back" : `${back} links came back`;
  if (total === 0) return `Nothing new ${period === "today" ? "saved today" : period}, but ${cameBack}.`;
  const saved = `Here ${total === 1 ? "is the link" : `are the ${total} links`} you saved ${period}`;
  return back > 0 ? `${saved}, and ${cameBack}.` : `${saved}.`;
}

function highlightEntry(highlight: DigestHighlight): DigestEmailHighlight {
  return {
    quote: highlight.quote,
    note: highlight.note,
    source: highlight.linkTitle ?? displayUrl(highlight.linkUrl),
    readUrl: `${env.appUrl}/read/${highlight.linkId}#highlights`,
  };
}

/** Renders one digest. */
export async function composeDigest(
  recipient: DigestRecipient,
  kind: DigestKindName,
  { links, total, reminders, rediscovered, since, progress, highlights = [] }: DigestContent,
): Promise<Omit<OutgoingEmail, "idempotencyKey">> {
  const listed = links.slice(0, DIGEST_MAX_LINKS);
  const back = reminders.length + rediscovered.length;
  const entry = (link: DigestLink, why: string | null, notInterested: boolean): DigestEmailLink => {
    const readUrl = `${env.appUrl}/read/${link.id}`;
    // A newsletter saved from a mail without a web version is read in the reader: it has no page.
    const url = isMailOnlyUrl(link.url) ? readUrl : link.url;
    return {
      title: link.title,
      url,
      shownUrl: displayUrl(url),
      notes: link.notes,
      categories: link.categories,
      savedAt: formatInZone(link.createdAt, recipient.timezone, "monthDayTime"),
      why,
      markReadUrl: emailActionUrl("mark-read", link.id, recipient.id),
      snoozeUrl: emailActionUrl("snooze", link.id, recipient.id),
      notInterestedUrl: notInterested ? emailActionUrl("not-interested", link.id, recipient.id) : null,
      excerpt: link.description,
      readingMinutes: link.readingMinutes,
      readUrl,
    };
  };
  const props: DigestEmailProps = {
    heading: kind === "scheduled" ? "Your LinkStash digest" : "Today's stash",
    intro: introFor(kind, since, total, back),
    reminders: reminders.map((link) => entry(link, savedAgo(link.createdAt, link.day, recipient.timezone), false)),
    links: listed.map((link) => entry(link, null, false)),
    rediscovered: rediscovered.map((link) => entry(link, savedAgo(link.createdAt, link.day, recipient.timezone), true)),
    moreCount: Math.max(0, total - listed.length),
    progress: progress ? progressLine(progressPeriod(progress.windowStart, progress.windowEnd), progress) : null,
    highlights: highlights.map(highlightEntry),
    dashboardUrl: `${env.appUrl}/dashboard`,
    historyUrl: `${env.appUrl}/history`,
    unsubscribeUrl: unsubscribeUrl(recipient.id),
  };
  // The template brings React Email with it: loaded by the first digest, not by the scheduler's start.
  const { default: DigestEmail } = await import("@/emails/digest");
  const { html, text } = await renderEmail(DigestEmail(props), digestPlainText(props));
  return {
    from: env.emailFrom,
    to: recipient.email,
    subject: subjectFor(kind, total, back),
    html,
    text,
    headers: unsubscribeHeaders(recipient.id),
  };
}
