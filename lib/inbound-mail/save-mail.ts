import "server-only";
import { createHash } from "node:crypto";
import type { ArticleRow } from "@/lib/articles/queries";
import { countWords, readingMinutes } from "@/lib/articles/reading-time";
import { env } from "@/lib/env";
import type { User } from "@/lib/generated/prisma/client";
import { classifyMail, cleanSubject, forwardedFrom, ownText } from "@/lib/inbound-mail/classify-mail";
import { type InboundMail, InboundMailRejected } from "@/lib/inbound-mail/inbound-mail";
import { MAIL_ONLY_HOST, mailOnlyUrl } from "@/lib/inbound-mail/mail-url";
import { htmlDepth, htmlText, MAX_HTML_DEPTH, newsletterHtml, textToHtml } from "@/lib/inbound-mail/newsletter-html";
import { MAX_MAIL_HTML_CHARS } from "@/lib/inbound-mail/read-mail";
import { type SavedLink, saveLink } from "@/lib/links/service";
import { type LinkPayload, linkSchema, MAX_NOTES_LENGTH } from "@/lib/validations/link";

// What a mail sent to the user's save address saves (docs/product.md, "What a mail saves";
// decisions 0328 and 0330): the link it carries, with the sender's words as its note, or the
// newsletter itself as an item whose reader view is the mail. Whoever received the mail (the SMTP
// listener, a provider's webhook) has checked the sender and the limits, and logs a refusal.

/** What a mail saved: a link it carried, or the newsletter itself as an item. */
export type SavedMail = SavedLink & { kind: "link" | "newsletter" };

export const NO_LINK_MESSAGE =
  "This email has no link to save. Send a link (a web address in the subject or the message), or forward a newsletter.";
export const NEWSLETTER_TOO_LARGE_MESSAGE = `This newsletter is too large to save: its HTML is over ${MAX_MAIL_HTML_CHARS / 1024 / 1024} MB.`;

export const TOO_DEEP_MESSAGE = `This newsletter's HTML is nested more than ${MAX_HTML_DEPTH} levels deep: it cannot be shown safely.`;

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
export async function saveInboundMail(user: User, mail: InboundMail, now = new Date()): Promise<SavedMail> {
  const found = classifyMail(mail);
  if (found.kind === "no-link") throw new InboundMailRejected("no-link", NO_LINK_MESSAGE);
  if (found.kind === "link") {
    // No title: the page's own, fetched after the save, says more than a mail's subject.
    return { kind: "link", ...(await saveLink(user, payload({ url: found.url, notes: found.note }), null, now)) };
  }
  const { link, article } = newsletterSave(mail, now);
  return { kind: "newsletter", ...(await saveLink(user, link, null, now, article)) };
}

function domainOf(address: string): string | null {
  return address.split("@")[1] ?? null;
}

/** The newsletter's item and its article: read now, never fetched (decision 0328). */
function newsletterSave(mail: InboundMail, now: Date): { link: LinkPayload; article: ArticleRow } {
  const html = mail.html ?? textToHtml(mail.text ?? "");
  if (html.length > MAX_MAIL_HTML_CHARS) throw new InboundMailRejected("too-large", NEWSLETTER_TOO_LARGE_MESSAGE);
  if (htmlDepth(html) > MAX_HTML_DEPTH) throw new InboundMailRejected("malformed", TOO_DEEP_MESSAGE);
  const forwarded = forwardedFrom(mail.text);
  const sender = forwarded ?? mail.from;
  const title = cleanSubject(mail.subject) ?? sender?.name ?? sender?.address ?? "Newsletter";
  const { contentHtml, webVersionUrl } = newsletterHtml(html, `https://${MAIL_ONLY_HOST}/`, env.appOrigin);
  // Forwarded twice, a newsletter has the same sender and subject: the same address, one item a day.
  const key = createHash("sha256")
    .update(`${sender?.address ?? ""}\n${title}`)
    .digest("base64url")
    .slice(0, 22);
  const ownUrl = mailOnlyUrl(sender ? domainOf(sender.address) : null, key);
  // What the user wrote above a forwarded newsletter; a newsletter sent straight here has no note.
  const notes = forwarded ? ownText(mail.text ?? "") || null : null;
  const link = linkSchema.safeParse({ url: webVersionUrl ?? ownUrl, title, notes: notes?.slice(0, MAX_NOTES_LENGTH) });
  const text = htmlText(contentHtml);
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
      publishedTime: (mail.date ?? now).toISOString(),
      contentHtml,
      textContent: text,
      wordCount: words,
      readingMinutes: readingMinutes(words),
      reason: null,
      extractedAt: now,
    },
  };
}
