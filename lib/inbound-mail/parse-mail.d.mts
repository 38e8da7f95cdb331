// Types of parse-mail.mjs (plain JavaScript, run in the extractor child process).

export declare const MAX_MAIL_HTML_CHARS: number;
export declare const MALFORMED_MESSAGE: string;

export declare class UnreadableMail extends Error {
  constructor(detail: string);
}

/** A mail as read from its MIME source, without NUL characters; `date` in ISO form. */
export type ParsedMail = {
  from: { address: string; name: string | null } | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  messageId: string | null;
  date: string | null;
};

/** Reads a mail's MIME source; a source that is not a mail rejects with UnreadableMail. */
export declare function parseMail(source: Uint8Array): Promise<ParsedMail>;
