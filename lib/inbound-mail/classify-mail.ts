// What a mail sent to a save address saves (docs/product.md, "What a mail saves"). Pure: the rules
// read the mail's subject and plain text only; lib/inbound-mail/save-mail.ts does the saving.

/** More distinct links than this in what the sender wrote, and the mail is not "a link". */
export const MAX_LINK_MAIL_LINKS = 3;
/** More words than this besides the links, and the mail is not "a link with a note". */
export const MAX_LINK_MAIL_WORDS = 120;

const URL_IN_TEXT = /https?:\/\/[^\s<>"'`]+/gi;
// Punctuation that ends a sentence or closes a bracket around a link is not part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'"*]+$/;

/** The http(s) addresses in `text`, in order, each once, without the punctuation that follows them. */
export function findUrls(text: string): string[] {
  const found: string[] = [];
  for (const match of text.match(URL_IN_TEXT) ?? []) {
    let url = match.replace(TRAILING_PUNCTUATION, "");
    // "(see https://x.example/a_(b))": a closing bracket stays when the link opened one.
    if (match.length > url.length && match[url.length] === ")" && url.includes("(")) url += ")";
    if (!found.includes(url)) found.push(url);
  }
  return found;
}

// Lines that start what the sender did not write for this save: a signature ("-- "), quoted reply
// history ("On … wrote:", Outlook's header), a forwarded mail's header, a phone's footer.
const SIGNATURE = /^-- ?$/;
const REPLY_HEADER =
  /^(On .{1,200} wrote:|Le .{1,200} a écrit ?:|Am .{1,200} schrieb .{1,200}:|-{2,} ?Original Message ?-{2,})$/i;
const FORWARD_HEADER =
  /^(-{2,} ?Forwarded message ?-{2,}|Begin forwarded message:|-{2,} ?Weitergeleitete Nachricht ?-{2,})$/i;
const PHONE_FOOTER =
  /^(Sent from my \S.{0,60}|Sent from (Mail|Outlook|Yahoo Mail) for .{1,40}|Get Outlook for .{1,40}|Sent via .{1,60}|Shared (from|via) .{1,60})$/i;

/**
 * What the sender wrote: the text up to a signature or quoted reply history, without quoted lines
 * (">") or a phone's "Sent from" footer, blank runs squeezed, trimmed. A forwarded mail's header ends
 * it too: the forwarded mail is not the sender's note.
 */
export function ownText(text: string): string {
  const kept: string[] = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    const line = raw.trimEnd();
    const bare = line.trim();
    if (SIGNATURE.test(line) || REPLY_HEADER.test(bare) || FORWARD_HEADER.test(bare)) break;
    if (bare.startsWith(">") || PHONE_FOOTER.test(bare)) continue;
    kept.push(line);
  }
  return kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** "Fwd: Fw: Re: The title" → "The title"; null when nothing is left. */
export function cleanSubject(subject: string | null): string | null {
  const cleaned = (subject ?? "")
    .replace(/^(\s*(fwd?|fw|re|aw|wg|tr)\s*(\[\d+\])?\s*:\s*)+/i, "")
    .replace(/\s+/g, " ")
    .trim();
  // What some mail clients write when the sender left the subject empty.
  return cleaned === "" || /^\(?no subject\)?$/i.test(cleaned) ? null : cleaned;
}

const WORD = /[\p{L}\p{N}]+/gu;

function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}

/** A mail as the rules read it. */
export type MailText = { subject: string | null; text: string | null; html: string | null };

export type MailKind =
  /** one link (or two or three in a short note): the first is saved, the rest of the text is its note */
  | { kind: "link"; url: string; note: string | null }
  /** a newsletter or a long mail with links: saved as an item whose reader view is the mail */
  | { kind: "newsletter" }
  /** no link anywhere */
  | { kind: "no-link" };

/**
 * The note of a link mail: what the sender wrote without the saved link itself, and without the
 * subject when it only repeats the link or says "Fwd:"; the subject joins the note when it says more.
 */
function linkNote(url: string, subject: string | null, own: string): string | null {
  const body = own
    .split("\n")
    .map((line) => line.replace(url, "").trim())
    // A line that held only the link (and the punctuation around it) is gone with it.
    .map((line) => (/^[\s\p{P}\p{S}]*$/u.test(line) ? "" : line))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  const title = cleanSubject(subject);
  const subjectSays = title && findUrls(title).join("") !== title.replace(/\s/g, "") ? title : null;
  const parts = [subjectSays && !body.includes(subjectSays) ? subjectSays : null, body || null].filter(
    (part): part is string => part !== null,
  );
  return parts.length > 0 ? parts.join("\n\n") : null;
}

/**
 * What the mail saves. A link mail: what the sender wrote (reply history, signature and footers
 * dropped) holds at most MAX_LINK_MAIL_LINKS links, or the subject holds one, and at most
 * MAX_LINK_MAIL_WORDS words besides them. A newsletter: any other mail that has a link (in its HTML
 * or its text). No link anywhere: nothing to save.
 */
export function classifyMail(mail: MailText): MailKind {
  const own = ownText(mail.text ?? "");
  const ownUrls = findUrls(own);
  const subjectUrls = findUrls(mail.subject ?? "");
  const urls = [...ownUrls, ...subjectUrls.filter((url) => !ownUrls.includes(url))];
  const words = countWords(own.replace(URL_IN_TEXT, " "));
  const first = urls[0];
  if (first && ownUrls.length <= MAX_LINK_MAIL_LINKS && words <= MAX_LINK_MAIL_WORDS && !hasManyHtmlLinks(mail.html))
    return { kind: "link", url: first, note: linkNote(first, mail.subject, own) };
  if (first || findUrls(mail.text ?? "").length > 0 || hasHtmlLink(mail.html)) return { kind: "newsletter" };
  return { kind: "no-link" };
}

const HTML_LINK = /<a\b[^>]*\bhref\s*=\s*["']?\s*https?:/gi;

function hasHtmlLink(html: string | null): boolean {
  return html !== null && new RegExp(HTML_LINK.source, "i").test(html);
}

/** A mail whose HTML links to more places than a note would: a newsletter, whatever its text says. */
function hasManyHtmlLinks(html: string | null): boolean {
  return html !== null && (html.match(HTML_LINK)?.length ?? 0) > MAX_LINK_MAIL_LINKS * 2;
}

// A forwarded mail's header, as Gmail, Apple Mail, Outlook and Thunderbird write it in the text.
const FORWARDED_FROM = /^\s*(?:\*\s*)?(?:From|Von|De)\s*:\s*\*?\s*(.+?)\s*$/im;
const ADDRESS = /<?([^\s<>"@]+@[^\s<>"@]+\.[^\s<>"@]+)>?/;

/** The sender of the mail forwarded in `text` (the first "From:" after a forward's header), or null. */
export function forwardedFrom(text: string | null): { address: string; name: string | null } | null {
  if (!text) return null;
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const start = lines.findIndex((line) => FORWARD_HEADER.test(line.trim()) || REPLY_HEADER.test(line.trim()));
  if (start < 0) return null;
  const header = lines.slice(start + 1, start + 12).join("\n");
  const from = header.match(FORWARDED_FROM)?.[1];
  const address = from?.match(ADDRESS)?.[1];
  if (!from || !address) return null;
  const name = from
    .replace(ADDRESS, "")
    .replace(/^["'\s]+|["'\s]+$/g, "")
    .replace(/\s*\[mailto:[^\]]*\]\s*/i, "")
    .trim();
  return { address: address.toLowerCase(), name: name === "" ? null : name };
}
