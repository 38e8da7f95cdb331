// A received mail read, classified and sanitised in the extractor's child process (decision 0348):
// everything a mail's content can make slow or large happens here, under the child's time and heap
// limits, and the server is left with the sender check and the save. Plain JavaScript because Node
// starts the child without the app's bundler. The rules are those of docs/product.md, "What a mail
// saves", and decision 0328 for newsletters.
import { createHash } from "node:crypto";
import { classifyMail, cleanSubject, forwardedFrom, ownText, senderOf } from "./classify-mail.mjs";
import { unwrapHtml, unwrapText } from "./forward-wrapper.mjs";
import { htmlDepth, htmlText, MAX_HTML_DEPTH, newsletterHtml, textToHtml } from "./newsletter-html.mjs";
import { MAX_MAIL_HTML_CHARS, parseMail, UnreadableMail } from "./parse-mail.mjs";
import { savedWebVersion } from "./tracking-link.mjs";

/**
 * @import { MailKind, MailSender } from "./classify-mail.mjs"
 * @import { MailContent, ParsedMail } from "./parse-mail.mjs"
 */

/**
 * A newsletter as the server saves it; `key` tells newsletters of one sender apart in their own
 * address (lib/inbound-mail/mail-url.ts).
 * @typedef {object} NewsletterVerdict
 * @property {"newsletter"} kind
 * @property {string} title
 * @property {MailSender | null} sender
 * @property {string} key
 * @property {string | null} notes
 * @property {string} contentHtml
 * @property {string} text
 * @property {string | null} webVersionUrl
 */
/** @typedef {{ kind: "refused"; reason: "too-large" | "malformed"; message: string }} MailRefused */
/** @typedef {Exclude<MailKind, { kind: "newsletter" }> | NewsletterVerdict | MailRefused} MailVerdict */
/**
 * The child's answer for a mail, checked on the server's side (lib/inbound-mail/read-mail.ts).
 * @typedef {{ kind: "unreadable"; message: string } | { kind: "read"; from: MailSender | null; subject: string | null; messageId: string | null; date: string | null; verdict: MailVerdict }} MailReading
 */

export const NEWSLETTER_TOO_LARGE_MESSAGE = `This newsletter is too large to save: its HTML is over ${MAX_MAIL_HTML_CHARS / 1024 / 1024} MB.`;
export const TOO_DEEP_MESSAGE = `This newsletter's HTML is nested more than ${MAX_HTML_DEPTH} levels deep: it cannot be shown safely.`;

// The host of a newsletter's own address (lib/inbound-mail/mail-url.ts): the base its relative links
// resolve against, which never resolves itself.
const MAIL_BASE_URL = "https://mail.invalid/";

/**
 * The newsletter a mail carries, as a mail client shows it: without the forward's wrapper (the
 * note, the marker and the forwarded header, decision 0380) in its HTML and its text, its sender the
 * forwarded one, and the note what the user wrote above it.
 * @param {MailContent} mail
 */
function unwrapped(mail) {
  const text = unwrapText(mail.text);
  const html = unwrapHtml(mail.html);
  const header = text?.header ?? html?.header ?? null;
  const sender = (header ? senderOf(header) : null) ?? forwardedFrom(mail.text);
  const note = text?.note ?? html?.note ?? (sender ? mail.text : null);
  return {
    html: html?.html ?? mail.html,
    text: text?.text ?? mail.text,
    sender,
    note: note ? ownText(note) || null : null,
  };
}

/**
 * @param {MailContent} mail
 * @param {string} appOrigin
 * @param {string | null} [outerNote]
 * @returns {NewsletterVerdict | MailRefused}
 */
function newsletter(mail, appOrigin, outerNote = null) {
  // The limits first, on the mail as it came: nothing else reads a mail past them.
  const whole = mail.html ?? textToHtml(mail.text ?? "");
  if (whole.length > MAX_MAIL_HTML_CHARS)
    return { kind: "refused", reason: "too-large", message: NEWSLETTER_TOO_LARGE_MESSAGE };
  if (htmlDepth(whole) > MAX_HTML_DEPTH) return { kind: "refused", reason: "malformed", message: TOO_DEEP_MESSAGE };
  const shown = unwrapped(mail);
  const html = shown.html ?? textToHtml(shown.text ?? "");
  const sender = shown.sender ?? mail.from;
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
    notes: outerNote ?? shown.note,
    contentHtml,
    text: htmlText(contentHtml),
    // Never a click-tracking redirect: opening it would tell the sender the mail was read (decision 0381).
    webVersionUrl: savedWebVersion(webVersionUrl, mail, contentHtml),
  };
}

/**
 * @param {ParsedMail} mail
 * @param {string} appOrigin
 * @returns {MailVerdict}
 */
function verdict(mail, appOrigin) {
  // A newsletter forwarded as an attachment: the attached mail is the newsletter, the outer one's
  // words its note (decision 0382).
  if (mail.attached && classifyMail(mail.attached).kind !== "no-link")
    return newsletter(mail.attached, appOrigin, ownText(mail.text ?? "") || null);
  const found = classifyMail(mail);
  return found.kind === "newsletter" ? newsletter(mail, appOrigin) : found;
}

/**
 * What the server needs to save the mail in `source`, or why it cannot be read.
 * @param {{ source: Uint8Array; appOrigin: string }} job
 * @returns {Promise<MailReading>}
 */
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
