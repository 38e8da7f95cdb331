// Types of parse-mail.mjs (plain JavaScript, run in the extractor child process).

export declare const MAX_MAIL_HTML_CHARS: number;
export declare const MALFORMED_MESSAGE: string;

export declare class UnreadableMail extends Error {
  constructor(detail: string);
}

/** What a mail says of itself: its sender, subject, bodies and List-Post / List-URL web addresses. */
export type MailContent = {
  from: { address: string; name: string | null } | null;
  subject: string | null;
  text: string | null;
  html: string | null;
  listPost: string | null;
  listUrl: string | null;
};

/**
 * A mail as read from its MIME source, without NUL characters; `date` in ISO form; `attached`, the
 * first message attached to it (a newsletter forwarded as an attachment), read alone.
 */
export type ParsedMail = MailContent & {
  messageId: string | null;
  date: string | null;
  attached: MailContent | null;
};

/** Reads a mail's MIME source; a source that is not a mail rejects with UnreadableMail. */
export declare function parseMail(source: Uint8Array): Promise<ParsedMail>;
