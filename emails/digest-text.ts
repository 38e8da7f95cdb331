import { digestHighlightsText } from "@/emails/components/digest-highlights";
import type { DigestEmailLink, DigestEmailProps } from "./digest";

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

/**
 * The digest's plain-text part, written out directly: converting the HTML back to text costs as
 * much as rendering it, and a digest run renders thousands.
 */
export function digestPlainText({
  heading,
  intro,
  reminders,
  links,
  moreCount,
  rediscovered,
  progress,
  highlights = [],
  dashboardUrl,
  historyUrl,
  unsubscribeUrl,
}: DigestEmailProps): string {
  const others = reminders.length + rediscovered.length > 0;
  return [
    heading,
    intro,
    ...(reminders.length ? ["Back today", ...reminders.map(block)] : []),
    ...(links.length && others ? ["New links"] : []),
    ...links.map(block),
    ...(moreCount > 0 ? [`and ${moreCount} more in your link history: ${historyUrl}`] : []),
    ...(rediscovered.length ? ["From your stash", ...rediscovered.map(block)] : []),
    ...digestHighlightsText(highlights),
    ...(progress ? [progress] : []),
    `Open your dashboard: ${dashboardUrl}`,
    `You get this email because you save links in LinkStash. Unsubscribe from digest emails: ${unsubscribeUrl}`,
  ].join("\n\n");
}
