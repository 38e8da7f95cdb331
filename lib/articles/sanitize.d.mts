// Types of sanitize.mjs (plain JavaScript, shared with the extractor child process).

/**
 * `html` (an article Readability extracted from the page at `pageUrl`, whose relative addresses
 * resolve against `baseUrl`: its <base>, or the page itself) through the allow-list; `appOrigin` is
 * LinkStash's own origin, whose images and links are dropped.
 */
export declare function sanitizeArticleHtml(html: string, baseUrl: string, appOrigin: string, pageUrl?: string): string;
