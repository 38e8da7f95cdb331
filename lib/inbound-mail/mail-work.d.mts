// Types of mail-work.mjs (plain JavaScript, run in the extractor child process): its answer is
// checked on the server's side (lib/inbound-mail/read-mail.ts).

export declare const NEWSLETTER_TOO_LARGE_MESSAGE: string;
export declare const TOO_DEEP_MESSAGE: string;

/** What the server needs to save the mail in `source`, or why it cannot be read. */
export declare function readMail(job: { source: Uint8Array; appOrigin: string }): Promise<unknown>;
