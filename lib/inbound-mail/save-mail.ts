import "server-only";
import type { ArticleRow } from "@/lib/articles/queries";
import { countWords, readingMinutes } from "@/lib/articles/reading-time";
import type { User } from "@/lib/generated/prisma/client";
import { InboundMailRejected } from "@/lib/inbound-mail/inbound-mail";
import { mailOnlyUrl } from "@/lib/inbound-mail/mail-url";
import type { ReadMail } from "@/lib/inbound-mail/read-mail";
import { type SavedLink, saveLink } from "@/lib/links/service";
import { type LinkPayload, linkSchema, MAX_NOTES_LENGTH } from "@/lib/links/schemas";

export { NEWSLETTER_TOO_LARGE_MESSAGE, TOO_DEEP_MESSAGE } from "@/lib/inbound-mail/mail-work.mjs";

// What a mail sent to the user's save address saves (docs/product.md, "What a mail saves";
// decisions 0328 and 0330): the link it carries, with the sender's words as its note, or the
// newsletter itself as an item whose reader view is the mail. The mail was read and classified in
// an extractor child (lib/inbound-mail/read-mail.ts); whoever received it (the SMTP listener, a
// provider's webhook) has checked the sender and the limits, and logs a refusal.

/** What a mail saved: a link it carried, or the newsletter itself as an item. */
export type SavedMail = SavedLink & { kind: "link" | "newsletter" };

export const NO_LINK_MESSAGE =
  "This email has no link to save. Send a link (a web address in the subject or the message), or forward a newsletter.";

/** An excerpt of the newsletter's text, as the article pipeline keeps one. */
const EXCERPT_LENGTH = 200;

function payload(input: { url: string; title?: string | null; notes?: string | null }): LinkPayload {
  const notes = input.notes ? input.notes.slice(0, MAX_NOTES_LENGTH) : null;
  const parsed = linkSchema.safeParse({ ...input, notes });
  if (!parsed.success) {
    const problem = parsed.error.issues[0]?.message ?? "not a web address";
    throw new InboundMailRejected("no-link", `The link in this email cannot be saved: ${problem}.`);
  }
  return parsed.data;
}

/** Saves what a mail sent to the user's save address carries; a mail with nothing to save is refused. */
export async function saveInboundMail(user: User, mail: ReadMail, now = new Date()): Promise<SavedMail> {
  const found = mail.verdict;
  if (found.kind === "no-link") throw new InboundMailRejected("no-link", NO_LINK_MESSAGE);
  if (found.kind === "refused") throw new InboundMailRejected(found.reason, found.message);
  if (found.kind === "link") {
    // No title: the page's own, fetched after the save, says more than a mail's subject.
    return { kind: "link", ...(await saveLink(user, payload({ url: found.url, notes: found.note }), null, now)) };
  }
  const { link, article } = newsletterSave(mail.date, found, now);
  return { kind: "newsletter", ...(await saveLink(user, link, null, now, article)) };
}

function domainOf(address: string): string | null {
  return address.split("@")[1] ?? null;
}

type Newsletter = Extract<ReadMail["verdict"], { kind: "newsletter" }>;

/** The newsletter's item and its article: read in the child, never fetched (decision 0328). */
function newsletterSave(date: Date | null, found: Newsletter, now: Date): { link: LinkPayload; article: ArticleRow } {
  const { sender, title, notes, contentHtml, text, webVersionUrl } = found;
  const ownUrl = mailOnlyUrl(sender ? domainOf(sender.address) : null, found.key);
  const link = linkSchema.safeParse({ url: webVersionUrl ?? ownUrl, title, notes: notes?.slice(0, MAX_NOTES_LENGTH) });
  const words = countWords(text);
  const byline = sender ? `From ${sender.name ? `${sender.name} <${sender.address}>` : sender.address}` : null;
  return {
    link: link.success ? link.data : payload({ url: ownUrl, title, notes }),
    article: {
      status: "ready",
      title,
      byline,
      siteName: sender?.name ?? (sender ? domainOf(sender.address) : null),
      excerpt: text.slice(0, EXCERPT_LENGTH) || null,
      lang: null,
      dir: null,
      publishedTime: (date ?? now).toISOString(),
      contentHtml,
      textContent: text,
      wordCount: words,
      readingMinutes: readingMinutes(words),
      reason: null,
      extractedAt: now,
    },
  };
}
