// Reading a received mail's MIME source (decision 0329), in the extractor's child process (decision
// 0348), bounded whatever it holds: attachments are read through and thrown away as they stream (a
// 10 MB one is never held decoded) but for the first attached mail, kept and read as the newsletter
// forwarded as an attachment (decision 0382), HTML past MAX_MAIL_HTML_CHARS is not turned into text (the
// newsletter rules refuse it as too large), and mailparser's own bounds hold the rest (header size,
// number of parts, HTML nesting depth). Plain JavaScript: Node starts the child without the bundler.
import { MailParser } from "mailparser";

/** @import { HeaderValue, Headers, MessageText } from "mailparser" */

/**
 * What a mail says of itself: its sender, subject, bodies and List-Post / List-URL web addresses.
 * @typedef {object} MailContent
 * @property {{ address: string; name: string | null } | null} from
 * @property {string | null} subject
 * @property {string | null} text
 * @property {string | null} html
 * @property {string | null} listPost
 * @property {string | null} listUrl
 */
/**
 * A mail as read from its MIME source, without NUL characters; `date` in ISO form; `attached`, the
 * first message attached to it (a newsletter forwarded as an attachment), read alone.
 * @typedef {MailContent & { messageId: string | null; date: string | null; attached: MailContent | null }} ParsedMail
 */

/** The most HTML a mail may carry to be saved as a newsletter; far above any real newsletter. */
export const MAX_MAIL_HTML_CHARS = 2 * 1024 * 1024;

export const MALFORMED_MESSAGE = "The message could not be read as an email.";

/** Unreadable mail: its bytes are not a mail, or mailparser gave up on them. */
export class UnreadableMail extends Error {
  /** @param {string} detail */
  constructor(detail) {
    super(`${MALFORMED_MESSAGE} (${detail})`);
    this.name = "UnreadableMail";
  }
}

// PostgreSQL text cannot hold U+0000, and no mail means one: a quoted-printable "=00", an encoded
// display name or HTML in UTF-16 read as another charset would make the save fail (decision 0348).
/** @type {(text: unknown) => string | null} */
const withoutNul = (text) => (typeof text === "string" ? text.replaceAll("\u0000", "") : null);

/** @param {HeaderValue | undefined} value */
function firstAddress(value) {
  const isAddressObject =
    typeof value === "object" && value !== null && !(value instanceof Date) && !Array.isArray(value) && "html" in value;
  const first = isAddressObject && Array.isArray(value.value) ? value.value[0] : undefined;
  const address = withoutNul(first?.address);
  return address ? { address: address.toLowerCase(), name: withoutNul(first?.name) || null } : null;
}

/**
 * The http(s) address of a List-Post or List-URL header (`kind` "post" or "url"), or null.
 * @param {Headers} headers
 * @param {"post" | "url"} kind
 */
function listUrl(headers, kind) {
  const list = headers.get("list");
  if (typeof list !== "object" || list === null) return null;
  // Each name looked up as itself: that tells the compiler `list` is mailparser's List-* headers.
  const entry = kind === "post" ? "post" in list && list.post : "url" in list && list.url;
  const url = entry && typeof entry.url === "string" ? withoutNul(entry.url) : null;
  return url && (url.startsWith("https://") || url.startsWith("http://")) ? url : null;
}

/**
 * @param {Headers} headers
 * @param {MessageText | null} body
 * @returns {ParsedMail | null}
 */
function toMail(headers, body) {
  const date = headers.get("date");
  /** @type {ParsedMail} */
  const mail = {
    from: firstAddress(headers.get("from")),
    subject: withoutNul(headers.get("subject")),
    text: withoutNul(body?.text),
    html: withoutNul(body?.html),
    messageId: withoutNul(headers.get("message-id")),
    date: date instanceof Date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    listPost: listUrl(headers, "post"),
    listUrl: listUrl(headers, "url"),
    attached: null,
  };
  // Bytes that are not a mail parse as a body without headers: nothing says who sent what.
  return mail.from === null && mail.subject === null && mail.messageId === null && mail.date === null ? null : mail;
}

/** The most of an attached message kept to read: the largest mail a save address takes. */
const MAX_ATTACHED_BYTES = 10 * 1024 * 1024;

/**
 * A mail attached to the one received (a newsletter forwarded as an attachment), read alone.
 * @param {Buffer[]} chunks
 * @returns {Promise<MailContent | null>}
 */
async function readAttached(chunks) {
  try {
    const attached = await readSource(Buffer.concat(chunks), false);
    const { from, subject, text, html, listPost, listUrl } = attached;
    return { from, subject, text, html, listPost, listUrl };
  } catch (error) {
    // An attachment that is not a mail leaves the mail as it is.
    if (error instanceof UnreadableMail) return null;
    throw error;
  }
}

/**
 * Reads a mail's MIME source; a source that is not a mail rejects with UnreadableMail.
 * @param {Uint8Array} source
 * @returns {Promise<ParsedMail>}
 */
export function parseMail(source) {
  return readSource(Buffer.from(source), true);
}

/**
 * Reads `source`; with `keepAttached`, the first attached message (`message/rfc822`, up to
 * MAX_ATTACHED_BYTES) is kept and read too, once: a message attached inside it is not.
 * @param {Buffer} source
 * @param {boolean} keepAttached
 * @returns {Promise<ParsedMail>}
 */
function readSource(source, keepAttached) {
  return new Promise((resolve, reject) => {
    const parser = new MailParser({
      maxHtmlLengthToParse: MAX_MAIL_HTML_CHARS,
      skipImageLinks: true,
      skipTextToHtml: true,
      checksumAlgo: false,
    });
    /** @type {Headers | null} */
    let headers = null;
    /** @type {MessageText | null} */
    let body = null;
    const fail = (/** @type {unknown} */ error) => {
      parser.destroy();
      reject(new UnreadableMail(String(error)));
    };
    parser.on("headers", (parsed) => {
      headers = parsed;
    });
    /** @type {{ chunks: Buffer[]; bytes: number } | null} */
    let attached = null;
    parser.on("data", (data) => {
      if (data.type === "text") {
        body = data;
        return;
      }
      if (keepAttached && attached === null && data.contentType === "message/rfc822") {
        /** @type {{ chunks: Buffer[]; bytes: number }} */
        const kept = { chunks: [], bytes: 0 };
        attached = kept;
        data.content.on("data", (/** @type {Buffer} */ chunk) => {
          kept.bytes += chunk.length;
          if (kept.bytes <= MAX_ATTACHED_BYTES) kept.chunks.push(chunk);
        });
      }
      // Else not kept: read through, so the parser goes on, and dropped chunk by chunk.
      data.content.on("end", () => data.release?.());
      data.content.resume();
    });
    parser.on("error", fail);
    parser.on("end", () => {
      const read = headers ? toMail(headers, body) : null;
      if (!read) fail("no header");
      else if (attached === null || attached.bytes > MAX_ATTACHED_BYTES) resolve(read);
      else readAttached(attached.chunks).then((found) => resolve({ ...read, attached: found }), reject);
    });
    parser.end(source);
  });
}
