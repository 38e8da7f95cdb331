import type { DigestEmailProps } from "./digest";

/**
 * The digest's plain-text part, written out directly: converting the HTML back to text costs as
 * much as rendering it, and a digest run renders thousands.
 */
export function digestPlainText({
  heading,
  intro,
  links,
  moreCount,
  dashboardUrl,
  historyUrl,
  unsubscribeUrl,
}: DigestEmailProps): string {
  const blocks = links.map((link) =>
    [
      // The address once, as read: it parses back to the stored one (lib/links/display-url.ts), so a
      // client that links it opens the same page, and "Read" below is a plain ASCII link besides.
      link.title ?? link.shownUrl,
      ...(link.title ? [link.shownUrl] : []),
      ...(link.excerpt ? [link.excerpt] : []),
      ...(link.notes ? [link.notes] : []),
      ...(link.categories.length ? [link.categories.join(" · ")] : []),
      link.readingMinutes ? `Saved ${link.savedAt} · ${link.readingMinutes} min read` : `Saved ${link.savedAt}`,
      `Read: ${link.readUrl}`,
      `Mark as read: ${link.markReadUrl}`,
    ].join("\n"),
  );
  return [
    heading,
    intro,
    ...blocks,
    ...(moreCount > 0 ? [`and ${moreCount} more in your link history: ${historyUrl}`] : []),
    `Open your dashboard: ${dashboardUrl}`,
    `You get this email because you save links in LinkStash. Unsubscribe from digest emails: ${unsubscribeUrl}`,
  ].join("\n\n");
}
