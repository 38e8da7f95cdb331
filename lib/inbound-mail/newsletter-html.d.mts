// Types of newsletter-html.mjs (plain JavaScript, run in the extractor child process).

/** Deeper than browsers build: a newsletter nested past it is refused. */
export declare const MAX_HTML_DEPTH: number;

/** A link of a newsletter: its address, its text and (some of) the text just before it. */
export type MailAnchor = { href: string; text: string; before?: string };

export type NewsletterHtml = { contentHtml: string; webVersionUrl: string | null };

/** How deep `html`'s elements nest, and the characters read to know it (a few times its length). */
export declare function scanDepth(html: string): { depth: number; steps: number };
/** How deep `html`'s elements nest (unclosed ones count as open). */
export declare function htmlDepth(html: string): number;
/** The "view in browser" link of a newsletter, or null. */
export declare function findWebVersionUrl(anchors: ReadonlyArray<MailAnchor>): string | null;
/** The text of sanitised HTML, a line break after each block. */
export declare function htmlText(html: string): string;
/** The newsletter's HTML as the reader shows it, and its "view in browser" link when it has one. */
export declare function newsletterHtml(html: string, baseUrl: string, appOrigin: string): NewsletterHtml;
/** A plain-text mail as HTML: a paragraph per blank-line-separated block, its addresses as links. */
export declare function textToHtml(text: string): string;
/** `html` with its layout tables made into blocks in reading order, and the parser events and characters read. */
export declare function scanLayoutTables(html: string): { html: string; steps: number };
/** `html` with its layout tables made into blocks in reading order; data tables stay tables. */
export declare function flattenLayoutTables(html: string): string;
