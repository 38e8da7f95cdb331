// Types of sanitize.mjs (plain JavaScript, shared with the extractor child process).

/**
 * A URL's host as a browser's cookies see it: the WHATWG parser has already lower-cased it,
 * percent-decoded it ("%2e" is a dot), mapped it to ASCII (IDN) and canonicalised an IP address; a
 * trailing dot (a fully qualified name, the same host) is dropped here.
 */
export declare function canonicalHostname(url: URL): string;

/**
 * `html` (an article Readability extracted from the page at `pageUrl`, whose relative addresses
 * resolve against `baseUrl`: its <base>, or the page itself) through the allow-list; `appOrigin` is
 * LinkStash's own origin, whose images and links are dropped.
 */
export declare function sanitizeArticleHtml(html: string, baseUrl: string, appOrigin: string, pageUrl?: string): string;
