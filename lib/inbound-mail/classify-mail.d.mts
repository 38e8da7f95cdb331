// Types of classify-mail.mjs (plain JavaScript, run in the extractor child process).

export declare const MAX_LINK_MAIL_LINKS: number;
export declare const MAX_LINK_MAIL_WORDS: number;

/** A mail as the rules read it. */
export type MailText = { subject: string | null; text: string | null; html: string | null };

export type MailKind =
  /** one link (or two or three in a short note): the first is saved, the rest of the text is its note */
  | { kind: "link"; url: string; note: string | null }
  /** a newsletter or a long mail with links: saved as an item whose reader view is the mail */
  | { kind: "newsletter" }
  /** no link anywhere */
  | { kind: "no-link" };

/** The http(s) addresses in `text`, in order, each once, without the punctuation that follows them. */
export declare function findUrls(text: string): string[];
/** What the sender wrote: up to a signature, reply history or forwarded mail, without quotes and footers. */
export declare function ownText(text: string): string;
/** "Fwd: Fw: Re: The title" → "The title"; null when nothing is left. */
export declare function cleanSubject(subject: string | null): string | null;
/** What the mail saves. */
export declare function classifyMail(mail: MailText): MailKind;
/** The sender of the mail forwarded in `text` (the first "From:" after a forward's header), or null. */
export declare function forwardedFrom(text: string | null): { address: string; name: string | null } | null;
/** The sender named by the first "From:" line of a forwarded mail's header `lines`, or null. */
export declare function senderOf(lines: ReadonlyArray<string>): { address: string; name: string | null } | null;
/** The links to http(s) addresses in `html`, up to `limit`, and the characters read. */
export declare function countHtmlLinks(html: string, limit: number): { count: number; steps: number };
/** The first e-mail address in `text` (where its match starts and ends), and the characters read. */
export declare function scanAddress(text: string): {
  found: { start: number; end: number; address: string } | null;
  steps: number;
};
