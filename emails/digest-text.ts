import { digestHighlightsText } from "@/emails/components/digest-highlights";
import type { DigestEmailBrief, DigestEmailFeed, DigestEmailLink, DigestEmailProps } from "./digest";

function block(link: DigestEmailLink): string {
  return [
    // The address once, as read: it parses back to the stored one (lib/links/display-url.ts), so a
    // client that links it opens the same page, and "Read" below is a plain ASCII link besides.
    link.title ?? link.shownUrl,
    ...(link.title ? [link.shownUrl] : []),
    ...(link.excerpt ? [link.excerpt] : []),
    ...(link.notes ? [link.notes] : []),
    ...(link.categories.length ? [link.categories.join(" · ")] : []),
    [link.why ?? `Saved ${link.savedAt}`, ...(link.readingMinutes ? [`${link.readingMinutes} min read`] : [])].join(
      " · ",
    ),
    `Read: ${link.readUrl}`,
    `Mark as read: ${link.markReadUrl}`,
    `Snooze a week: ${link.snoozeUrl}`,
    ...(link.notInterestedUrl ? [`Not interested: ${link.notInterestedUrl}`] : []),
  ].join("\n");
}

const brief = (link: DigestEmailBrief): string => `${link.title} (${link.domain}): ${link.url}`;

const feedBlock = (feed: DigestEmailFeed): string =>
  [feed.name, ...feed.items.map((item) => `${brief(item)}\nSave to stash: ${item.saveUrl}`)].join("\n");

/**
 * The digest's plain-text part, written out directly: converting the HTML back to text costs as
 * much as rendering it, and a digest run renders thousands.
 */
export function digestPlainText({
  heading,
  intro,
  reminders,
  remindersBrief = [],
  links,
  linksBrief = [],
  moreCount,
  rediscovered,
  feeds = [],
  progress,
  highlights = [],
  dashboardUrl,
  unsubscribeUrl,
}: DigestEmailProps): string {
  const backToday = reminders.length + remindersBrief.length > 0;
  const others = backToday || rediscovered.length > 0 || feeds.length > 0;
  return [
    heading,
    intro,
    ...(backToday ? ["Back today", ...reminders.map(block)] : []),
    ...(remindersBrief.length ? [remindersBrief.map(brief).join("\n")] : []),
    ...(links.length + linksBrief.length && others ? ["New links"] : []),
    ...links.map(block),
    ...(linksBrief.length ? [linksBrief.map(brief).join("\n")] : []),
    ...(moreCount > 0 ? [`and ${moreCount} more in LinkStash: ${dashboardUrl}`] : []),
    ...(rediscovered.length ? ["From your stash", ...rediscovered.map(block)] : []),
    ...(feeds.length ? ["From your feeds", ...feeds.map(feedBlock)] : []),
    ...digestHighlightsText(highlights),
    ...(progress ? [progress] : []),
    `Open your dashboard: ${dashboardUrl}`,
    `You get this email because you save links in LinkStash. Unsubscribe from digest emails: ${unsubscribeUrl}`,
  ].join("\n\n");
}
