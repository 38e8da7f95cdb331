import "server-only";
import {
  type AddressObject,
  type AttachmentStream,
  type HeaderValue,
  type Headers,
  type MessageText,
  MailParser,
} from "mailparser";
import { type InboundMail, InboundMailRejected } from "@/lib/inbound-mail/inbound-mail";

// Reading a received mail's MIME source (decision 0329), bounded whatever it holds: attachments
// are read through and thrown away as they stream (a 10 MB one is never held decoded), HTML past
// MAX_MAIL_HTML_CHARS is not turned into text (the newsletter rules refuse it as too large), and
// mailparser's own bounds hold the rest (header size, number of parts, HTML nesting depth).

/** The most HTML a mail may carry to be saved as a newsletter; far above any real newsletter. */
export const MAX_MAIL_HTML_CHARS = 2 * 1024 * 1024;

export const MALFORMED_MESSAGE = "The message could not be read as an email.";

function isAddressObject(value: HeaderValue | undefined): value is AddressObject {
  return typeof value === "object" && !(value instanceof Date) && !Array.isArray(value) && "html" in value;
}

function firstAddress(value: HeaderValue | undefined): InboundMail["from"] {
  const first = isAddressObject(value) ? value.value[0] : undefined;
  return first?.address ? { address: first.address.toLowerCase(), name: first.name || null } : null;
}

/** Reads a mail's MIME source; a source that is not a mail is refused as malformed. */
export function readInboundMail(source: Buffer): Promise<InboundMail> {
  return new Promise((resolve, reject) => {
    const parser = new MailParser({
      maxHtmlLengthToParse: MAX_MAIL_HTML_CHARS,
      skipImageLinks: true,
      skipTextToHtml: true,
      checksumAlgo: false,
    });
    let headers: Headers | null = null;
    let body: MessageText | null = null;
    const fail = (error: unknown) => {
      parser.destroy();
      reject(new InboundMailRejected("malformed", `${MALFORMED_MESSAGE} (${String(error)})`));
    };
    parser.on("headers", (parsed: Headers) => {
      headers = parsed;
    });
    parser.on("data", (data: AttachmentStream | MessageText) => {
      if (data.type === "text") {
        body = data;
        return;
      }
      // Not kept: read through, so the parser goes on, and dropped chunk by chunk.
      data.content.on("end", () => data.release?.());
      data.content.resume();
    });
    parser.on("error", fail);
    parser.on("end", () => {
      const read = headers ? toInboundMail(headers, body) : null;
      if (!read) fail("no header");
      else resolve(read);
    });
    parser.end(source);
  });
}

function toInboundMail(headers: Headers, body: MessageText | null): InboundMail | null {
  const subject = headers.get("subject");
  const messageId = headers.get("message-id");
  const date = headers.get("date");
  const mail: InboundMail = {
    from: firstAddress(headers.get("from")),
    subject: typeof subject === "string" ? subject : null,
    text: body?.text ?? null,
    html: body?.html ?? null,
    messageId: typeof messageId === "string" ? messageId : null,
    date: date instanceof Date && !Number.isNaN(date.getTime()) ? date : null,
  };
  // Bytes that are not a mail parse as a body without headers: nothing says who sent what.
  return mail.from === null && mail.subject === null && mail.messageId === null && mail.date === null ? null : mail;
}
