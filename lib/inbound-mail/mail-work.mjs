// A received mail read, classified and sanitised in the extractor's child process (decision 0348):
// everything a mail's content can make slow or large happens here, under the child's time and heap
// limits, and the server is left with the sender check and the save. Plain JavaScript because Node
// starts the child without the app's bundler. The rules are those of docs/product.md, "What a mail
// saves", and decision 0328 for newsletters.
import { createHash } from "node:crypto";
import { classifyMail, cleanSubject, forwardedFrom, ownText } from "./classify-mail.mjs";
import { htmlDepth, htmlText, MAX_HTML_DEPTH, newsletterHtml, textToHtml } from "./newsletter-html.mjs";
import { MAX_MAIL_HTML_CHARS, parseMail, UnreadableMail } from "./parse-mail.mjs";

export const NEWSLETTER_TOO_LARGE_MESSAGE = `This newsletter is too large to save: its HTML is over ${MAX_MAIL_HTML_CHARS / 1024 / 1024} MB.`;
export const TOO_DEEP_MESSAGE = `This newsletter's HTML is nested more than ${MAX_HTML_DEPTH} levels deep: it cannot be shown safely.`;

// The host of a newsletter's own address (lib/inbound-mail/mail-url.ts): the base its relative links
// resolve against, which never resolves itself.
const MAIL_BASE_URL = "https://mail.invalid/";

function newsletter(mail, appOrigin) {
  const html = mail.html ?? textToHtml(mail.text ?? "");
  if (html.length > MAX_MAIL_HTML_CHARS)
    return { kind: "refused", reason: "too-large", message: NEWSLETTER_TOO_LARGE_MESSAGE };
  if (htmlDepth(html) > MAX_HTML_DEPTH) return { kind: "refused", reason: "malformed", message: TOO_DEEP_MESSAGE };
  const forwarded = forwardedFrom(mail.text);
  const sender = forwarded ?? mail.from;
  const title = cleanSubject(mail.subject) ?? sender?.name ?? sender?.address ?? "Newsletter";
  const { contentHtml, webVersionUrl } = newsletterHtml(html, MAIL_BASE_URL, appOrigin);
  // Forwarded twice, a newsletter has the same sender and subject: the same address, one item a day.
  const key = createHash("sha256")
    .update(`${sender?.address ?? ""}\n${title}`)
    .digest("base64url")
    .slice(0, 22);
  return {
    kind: "newsletter",
    title,
    sender,
    key,
    // What the user wrote above a forwarded newsletter; a newsletter sent straight here has no note.
    notes: forwarded ? ownText(mail.text ?? "") || null : null,
    contentHtml,
    text: htmlText(contentHtml),
    webVersionUrl,
  };
}

function verdict(mail, appOrigin) {
  const found = classifyMail(mail);
  return found.kind === "newsletter" ? newsletter(mail, appOrigin) : found;
}

/** What the server needs to save the mail in `source`, or why it cannot be read. */
export async function readMail({ source, appOrigin }) {
  let mail;
  try {
    mail = await parseMail(source);
  } catch (error) {
    if (error instanceof UnreadableMail) return { kind: "unreadable", message: error.message };
    throw error;
  }
  return {
    kind: "read",
    from: mail.from,
    subject: mail.subject,
    messageId: mail.messageId,
    date: mail.date,
    verdict: verdict(mail, appOrigin),
  };
}
