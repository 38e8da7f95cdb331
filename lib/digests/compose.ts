import "server-only";
import type { DigestEmailProps } from "@/emails/digest";
import { digestPlainText } from "@/emails/digest-text";
import { env } from "@/lib/env";
import { renderEmail } from "@/lib/mail/send-email";
import type { OutgoingEmail } from "@/lib/mail/transport";
import { emailActionUrl } from "@/lib/digests/email-actions";
import { displayUrl } from "@/lib/links/display-url";
import { formatInZone } from "@/lib/time/local-time";
import { unsubscribeHeaders, unsubscribeUrl } from "@/lib/digests/unsubscribe";

// What a digest says (docs/product.md, "Digests and schedule"): the newest unread links first, at
// most 50 listed, each with its excerpt and reading time and when it was saved (in the reader's zone),
// a link to read it in LinkStash and a signed "Mark as read" link, then "and N more" pointing at the
// history.

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

export type DigestRecipient = { id: string; email: string; timezone: string };

export type DigestKindName = "scheduled" | "manual";

function subjectFor(kind: DigestKindName, total: number): string {
  const count = `${total} ${total === 1 ? "link" : "links"}`;
  return kind === "scheduled" ? `Your LinkStash digest: ${count} to read` : `Today's stash: ${count} to read`;
}

/** Renders one digest; `links` are the newest (at most DIGEST_MAX_LINKS), `total` counts them all. */
export async function composeDigest(
  recipient: DigestRecipient,
  kind: DigestKindName,
  links: DigestLink[],
  total: number,
): Promise<Omit<OutgoingEmail, "idempotencyKey">> {
  const listed = links.slice(0, DIGEST_MAX_LINKS);
  const props: DigestEmailProps = {
    heading: kind === "scheduled" ? "Your LinkStash digest" : "Today's stash",
    intro:
      kind === "scheduled"
        ? `Here ${total === 1 ? "is the link" : `are the ${total} links`} you saved since your last digest.`
        : `Here ${total === 1 ? "is the link" : `are the ${total} links`} you saved today.`,
    links: listed.map((link) => ({
      title: link.title,
      url: link.url,
      shownUrl: displayUrl(link.url),
      notes: link.notes,
      categories: link.categories,
      savedAt: formatInZone(link.createdAt, recipient.timezone, "monthDayTime"),
      markReadUrl: emailActionUrl("mark-read", link.id, recipient.id),
      excerpt: link.description,
      readingMinutes: link.readingMinutes,
      readUrl: `${env.appUrl}/read/${link.id}`,
    })),
    moreCount: Math.max(0, total - listed.length),
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
    subject: subjectFor(kind, total),
    html,
    text,
    headers: unsubscribeHeaders(recipient.id),
  };
}
