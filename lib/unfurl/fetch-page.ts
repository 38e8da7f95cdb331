import "server-only";
import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import http, {
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestOptions,
} from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";
import { SITE_NAME } from "@/lib/site";
import { isForbiddenAddress, isSpecialUseName } from "@/lib/unfurl/address-policy";
import { windows1252Controls } from "@/lib/unfurl/parse-metadata";

// The SSRF-safe page fetch behind link titles, run after a save has answered (a save never waits
// for the network): http(s) only; special-use names refused without a lookup; every address the
// host resolves to is checked (lib/unfurl/address-policy.ts) and the connection is pinned to those
// checked addresses (so a second DNS answer cannot swap in a private one); at most 5 redirects,
// each checked again; 5 s in all; HTML only, at most 1 MB of it (decompressed) for a title, and
// what the caller says for an article (the memory budget's articleMaxBytes); for an article, a PDF
// too (decision 0415), whole or not at all (the budget's pdfMaxBytes). A subscribed feed is read the
// same way (fetchFeed, decision 0416), conditionally, and told its HTTP status.

export const FETCH_TIMEOUT_MS = 5_000;
export const MAX_REDIRECTS = 5;
export const MAX_PAGE_BYTES = 1024 * 1024;

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
/** Served as a PDF; the two generic types are read only when the body is one (its signature). */
const PDF_TYPES = new Set(["application/pdf", "application/x-pdf"]);
const BINARY_TYPES = new Set(["application/octet-stream", "binary/octet-stream"]);
/** The first bytes of every PDF file. */
const PDF_SIGNATURE = Buffer.from("%PDF-");
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type FetchPageOptions = {
  /**
   * "host:port" entries (e.g. "wiki.internal:80", "127.0.0.1:4123", "[::1]:8080") exempt from the
   * address policy and the special-use name rule: self-hosted instances unfurling intranet pages,
   * and tests. The entry matches the URL's host and port, not what a name resolves to. A malformed
   * entry matches nothing.
   */
  allowedHosts?: readonly string[];
  /** How much decompressed HTML is read at most; the rest of a longer page is dropped. */
  maxBytes?: number;
};

/** A fetched page's HTML, decoded, and the URL it came from after redirects. */
export type FetchedPage = { html: string; url: string };

const ALLOWED_HOST = /^(\[[0-9a-f:.]+\]|[^\s:/?#@[\]]+):(\d{1,5})$/i;

function allowedHostKey(entry: string): string | null {
  const match = ALLOWED_HOST.exec(entry.trim());
  if (!match) return null;
  const [, host = "", port = ""] = match;
  try {
    // The URL parser spells the host the way hostKey() will see it (lower case, punycode, canonical IPv4).
    return `${new URL(`http://${host}`).hostname}:${Number(port)}`;
  } catch {
    return null;
  }
}

function hostKey(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === "https:" ? 443 : 80)}`;
}

/** `promise`, rejected as soon as `signal` aborts (dns.lookup itself takes no signal). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    void promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

const PAGE_ACCEPT = "text/html,application/xhtml+xml;q=0.9,application/pdf;q=0.8";

/** Why a request was not sent: said to a feed's subscriber as the check's error. */
const REFUSED_SCHEME = "Only http and https addresses can be read.";
const REFUSED_ADDRESS = "The address points to a private or reserved network.";
const NO_ADDRESS = "The site's name has no address.";

/**
 * Resolves and checks the host, then requests the page over a connection to the checked addresses
 * only; a string says why it was refused. `headers` add to (or replace) the usual request headers.
 */
async function requestPinned(
  target: URL,
  allowed: ReadonlySet<string>,
  signal: AbortSignal,
  headers: OutgoingHttpHeaders,
): Promise<IncomingMessage | string> {
  if (target.protocol !== "http:" && target.protocol !== "https:") return REFUSED_SCHEME;
  const hostname = target.hostname.replace(/^\[(.*)\]$/, "$1");
  const isAllowed = allowed.has(hostKey(target));
  // A special-use name (.test, .localhost, …) is refused before any lookup, unless allow-listed.
  if (!isAllowed && isSpecialUseName(hostname)) return REFUSED_ADDRESS;
  const addresses: LookupAddress[] = await abortable(lookup(hostname, { all: true, verbatim: true }), signal);
  const [first] = addresses;
  if (!first) return NO_ADDRESS;
  if (!isAllowed && addresses.some(({ address }) => isForbiddenAddress(address))) return REFUSED_ADDRESS;

  // Node asks for all addresses when it races IPv4 and IPv6 (autoSelectFamily), else for one.
  const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
  const options: RequestOptions = {
    protocol: target.protocol,
    hostname, // kept as the name: it is the Host header and the TLS server name
    port: target.port === "" ? undefined : Number(target.port),
    path: `${target.pathname}${target.search}`,
    method: "GET",
    headers: {
      "User-Agent": `Mozilla/5.0 (compatible; ${SITE_NAME}/1.0; +link preview)`,
      Accept: PAGE_ACCEPT,
      "Accept-Encoding": "gzip, deflate, br",
      ...headers,
    },
    lookup: pinnedLookup,
    // A fresh connection per request: a pooled socket may lead to an address checked for another request.
    agent: false,
    signal,
  };
  return new Promise((resolve, reject) => {
    const request = target.protocol === "https:" ? https.request(options, resolve) : http.request(options, resolve);
    request.on("error", reject);
    request.end();
  });
}

// pipeline() wants a callback; a failure also destroys the output stream, where readCapped sees it.
const ignorePipelineResult = () => undefined;

/** The body as plain bytes, or null for a content coding we do not decode. */
function decodedBody(response: IncomingMessage): Readable | null {
  switch ((response.headers["content-encoding"] ?? "identity").trim().toLowerCase()) {
    case "identity":
    case "":
      return response;
    case "gzip":
    case "x-gzip":
      return pipeline(response, zlib.createGunzip(), ignorePipelineResult);
    case "deflate":
      return pipeline(response, zlib.createInflate(), ignorePipelineResult);
    case "br":
      return pipeline(response, zlib.createBrotliDecompress(), ignorePipelineResult);
    default:
      return null;
  }
}

/** Up to `maxBytes` of `body`; a longer body is cut there and its stream destroyed. */
function readCapped(body: Readable, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onAbort = () => {
      body.destroy();
      reject(signal.reason);
    };
    const settle = () => signal.removeEventListener("abort", onAbort);
    body.on("data", (chunk: Buffer) => {
      const room = maxBytes - size;
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
      size += Math.min(chunk.length, room);
      if (size < maxBytes) return;
      settle();
      body.destroy();
      resolve(Buffer.concat(chunks, size));
    });
    body.on("end", () => {
      settle();
      resolve(Buffer.concat(chunks, size));
    });
    body.on("error", (error) => {
      settle();
      reject(error);
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}

function mimeType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

function byteOrderMarkEncoding(bytes: Buffer): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
}

const HEADER_CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;
const META_CHARSET = /<meta[^>]*?charset\s*=\s*["']?\s*([a-z0-9_.:-]+)/i;

function metaCharset(bytes: Buffer): string | null {
  // Browsers look for the declaration in the first 1024 bytes, read as ASCII.
  const label = META_CHARSET.exec(bytes.subarray(0, 1024).toString("latin1"))?.[1];
  if (!label) return null;
  // A declaration readable as ASCII cannot be UTF-16; HTML reads it as UTF-8.
  return /^utf-?16/i.test(label) ? "utf-8" : label;
}

/** Byte order mark, then the header's charset, then <meta charset>, then UTF-8 (the HTML order). */
function decodeHtml(bytes: Buffer, contentType: string): string {
  const label = byteOrderMarkEncoding(bytes) ?? HEADER_CHARSET.exec(contentType)?.[1] ?? metaCharset(bytes) ?? "utf-8";
  try {
    const decoder = new TextDecoder(label);
    const text = decoder.decode(bytes);
    // Node 20 decodes windows-1252 (which "iso-8859-1" also names) as Latin-1, leaving its curly
    // quotes and dashes (bytes 0x80-0x9F) as control characters.
    return decoder.encoding === "windows-1252" ? windows1252Controls(text) : text;
  } catch {
    // An encoding this runtime does not know.
    return new TextDecoder("utf-8").decode(bytes);
  }
}

type FetchedBody = { bytes: Buffer; contentType: string; url: string };

/** What one request (after its redirects) came to. */
type Exchange =
  | (FetchedBody & { kind: "body"; headers: IncomingHttpHeaders })
  /** Not 2xx (and not a redirect): only a caller that asked for statuses gets these. */
  | { kind: "status"; status: number; url: string; headers: IncomingHttpHeaders }
  | { kind: "refused"; reason: string };

type Exchanging = {
  accepts: (mime: string) => boolean;
  maxBytes: number | ((mime: string) => number);
  headers: OutgoingHttpHeaders;
};

async function fetchWithRedirects(
  url: URL,
  allowed: ReadonlySet<string>,
  { accepts, maxBytes, headers }: Exchanging,
  signal: AbortSignal,
): Promise<Exchange> {
  let target = url;
  for (let redirects = 0; redirects <= MAX_REDIRECTS; redirects += 1) {
    const response = await requestPinned(target, allowed, signal, headers);
    if (typeof response === "string") return { kind: "refused", reason: response };
    try {
      const status = response.statusCode ?? 0;
      if (REDIRECT_STATUSES.has(status)) {
        const location = response.headers.location;
        if (!location) return { kind: "refused", reason: "A redirect without an address." };
        target = new URL(location, target);
        continue;
      }
      if (status < 200 || status > 299) return { kind: "status", status, url: target.href, headers: response.headers };
      const contentType = response.headers["content-type"] ?? "";
      if (!accepts(mimeType(contentType))) return { kind: "refused", reason: "The answer is of a type not read." };
      const body = decodedBody(response);
      if (!body) return { kind: "refused", reason: "The answer is compressed in a way not read." };
      const cap = typeof maxBytes === "number" ? maxBytes : maxBytes(mimeType(contentType));
      const bytes = await readCapped(body, cap, signal);
      return { kind: "body", bytes, contentType, url: target.href, headers: response.headers };
    } finally {
      // Unread bodies (redirects, refusals, the rest of a long page) are dropped with their connection.
      response.destroy();
    }
  }
  return { kind: "refused", reason: `More than ${MAX_REDIRECTS} redirects.` };
}

/** Runs one exchange within the 5 s; throws what the network or the timer threw. */
async function exchange(url: string, options: FetchPageOptions, exchanging: Exchanging): Promise<Exchange> {
  // A timer cleared when the fetch ends, unlike AbortSignal.timeout's, which every save would keep
  // alive (and out of the young generation) for the full 5 s.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(TIMED_OUT)), FETCH_TIMEOUT_MS);
  const allowed = new Set(
    (options.allowedHosts ?? []).map(allowedHostKey).filter((key): key is string => key !== null),
  );
  try {
    return await fetchWithRedirects(new URL(url), allowed, exchanging, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

const TIMED_OUT = "The page took too long to answer.";

async function fetchBody(
  url: string,
  options: FetchPageOptions,
  accepts: (mime: string) => boolean,
  maxBytes: number | ((mime: string) => number),
): Promise<FetchedBody | null> {
  try {
    const answer = await exchange(url, options, { accepts, maxBytes, headers: {} });
    return answer.kind === "body" ? { bytes: answer.bytes, contentType: answer.contentType, url: answer.url } : null;
  } catch {
    return null;
  }
}

/**
 * The HTML of the page at `url` (at most `maxBytes`, 1 MB unless told), or null when the page cannot
 * or must not be fetched (refused address or scheme, too many redirects, timeout, not HTML, HTTP
 * error). Never throws: the caller simply has no page.
 */
export async function fetchPageHtml(url: string, options: FetchPageOptions = {}): Promise<FetchedPage | null> {
  const body = await fetchBody(url, options, (mime) => HTML_TYPES.has(mime), options.maxBytes ?? MAX_PAGE_BYTES);
  return body && { html: decodeHtml(body.bytes, body.contentType), url: body.url };
}

/**
 * What an article is read from: a page's HTML, a PDF's bytes, or a PDF longer than the most read
 * (refused whole: a PDF cut short cannot be read, its table of contents is at its end).
 */
export type FetchedSource =
  | ({ kind: "html" } & FetchedPage)
  | { kind: "pdf"; bytes: Buffer; url: string }
  | { kind: "pdf-too-large"; url: string };

/**
 * The page or PDF at `url` for its article: HTML as fetchPageHtml reads it (at most `maxBytes`), or
 * a PDF (served as one, or as generic bytes that begin with a PDF's signature) of at most
 * `maxPdfBytes`. Null as for fetchPageHtml, and for generic bytes that are no PDF. Never throws.
 */
export async function fetchArticleSource(
  url: string,
  options: FetchPageOptions & { maxBytes: number; maxPdfBytes: number },
): Promise<FetchedSource | null> {
  const body = await fetchBody(
    url,
    options,
    (mime) => HTML_TYPES.has(mime) || PDF_TYPES.has(mime) || BINARY_TYPES.has(mime),
    // One byte more than a PDF may have tells a longer one apart.
    (mime) => (HTML_TYPES.has(mime) ? options.maxBytes : options.maxPdfBytes + 1),
  );
  if (!body) return null;
  const isPdf = body.bytes.subarray(0, PDF_SIGNATURE.length).equals(PDF_SIGNATURE);
  if (isPdf || PDF_TYPES.has(mimeType(body.contentType))) {
    // An HTML page's cap is smaller than a PDF's: a PDF served as HTML that filled it was cut.
    const cut =
      body.bytes.length > options.maxPdfBytes ||
      (HTML_TYPES.has(mimeType(body.contentType)) && body.bytes.length >= options.maxBytes);
    return cut ? { kind: "pdf-too-large", url: body.url } : { kind: "pdf", bytes: body.bytes, url: body.url };
  }
  if (!HTML_TYPES.has(mimeType(body.contentType))) return null;
  return { kind: "html", html: decodeHtml(body.bytes, body.contentType), url: body.url };
}

/** A fetched image: its bytes and the media type its server gave. */
export type FetchedImage = { bytes: Buffer; contentType: string };

/**
 * The image at `url` under the same rules as a page (addresses, redirects, 5 s), when its server
 * calls it an image and it is at most `maxBytes` long (a longer one is refused, not cut). Never throws.
 */
export async function fetchImage(
  url: string,
  options: FetchPageOptions & { maxBytes: number },
): Promise<FetchedImage | null> {
  const body = await fetchBody(url, options, (mime) => mime.startsWith("image/"), options.maxBytes + 1);
  if (!body || body.bytes.length > options.maxBytes) return null;
  return { bytes: body.bytes, contentType: mimeType(body.contentType) };
}

/** What a feed reader asks for: every feed type, and HTML for a page that names its feeds. */
const FEED_ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, text/html;q=0.7, */*;q=0.1";

/** The validators of the last full answer, sent back so an unchanged feed costs its server a 304. */
export type FeedValidators = { etag?: string | null; lastModified?: string | null };

/**
 * A feed's read: unchanged (304); its bytes (at most `maxBytes` + 1, so a longer feed is told apart)
 * with what the poller keeps of the headers; an HTTP error (with Retry-After, for 429 and 503); or
 * no answer (refused address, network, timeout), in words.
 */
export type FetchedFeed =
  | { kind: "not-modified"; url: string }
  | {
      kind: "ok";
      bytes: Buffer;
      contentType: string;
      url: string;
      etag: string | null;
      lastModified: string | null;
      cacheControl: string | null;
    }
  | { kind: "http-error"; status: number; retryAfter: string | null }
  | { kind: "failed"; message: string };

const NETWORK_MESSAGES: Record<string, string> = {
  ENOTFOUND: "The site's name does not exist.",
  EAI_AGAIN: "The site's name could not be looked up.",
  ECONNREFUSED: "The site refused the connection.",
  ECONNRESET: "The site closed the connection.",
  EHOSTUNREACH: "The site cannot be reached.",
  ENETUNREACH: "The site cannot be reached.",
};

function networkMessage(error: unknown): string {
  if (!(error instanceof Error)) return "The feed could not be read.";
  if (error.message === TIMED_OUT) return "The feed took too long to answer.";
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  if (code.startsWith("ERR_TLS") || /certificate|SSL/i.test(error.message))
    return "The site's certificate is not valid.";
  return NETWORK_MESSAGES[code] ?? "The feed could not be read.";
}

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * The feed at `url`, read conditionally with `validators`, under the rules of a page read (checked
 * and pinned addresses, at most 5 redirects each checked, 5 s). Any content type is read: feeds are
 * served as text/plain or text/html as often as under their own types, and the parser judges the
 * body. Never throws.
 */
export async function fetchFeed(
  url: string,
  options: FetchPageOptions & FeedValidators & { maxBytes: number },
): Promise<FetchedFeed> {
  const headers: OutgoingHttpHeaders = { Accept: FEED_ACCEPT };
  if (options.etag) headers["If-None-Match"] = options.etag;
  if (options.lastModified) headers["If-Modified-Since"] = options.lastModified;
  try {
    const answer = await exchange(url, options, { accepts: () => true, maxBytes: options.maxBytes + 1, headers });
    switch (answer.kind) {
      case "refused":
        return { kind: "failed", message: answer.reason };
      case "status":
        return answer.status === 304
          ? { kind: "not-modified", url: answer.url }
          : { kind: "http-error", status: answer.status, retryAfter: header(answer.headers, "retry-after") };
      case "body":
        return {
          kind: "ok",
          bytes: answer.bytes,
          contentType: answer.contentType,
          url: answer.url,
          etag: header(answer.headers, "etag"),
          lastModified: header(answer.headers, "last-modified"),
          cacheControl: header(answer.headers, "cache-control"),
        };
    }
  } catch (error) {
    return { kind: "failed", message: networkMessage(error) };
  }
}
