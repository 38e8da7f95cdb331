// Link URL normalisation (docs/product.md, "Links and categories"). Pure: one rule for the add-link
// form, the routes and the import.
import tlds from "tlds";

export const URL_REQUIRED_MESSAGE = "URL is required";
export const URL_INVALID_MESSAGE = "Please enter a valid website address";
export const MAX_URL_LENGTH = 2048;
export const URL_TOO_LONG_MESSAGE = "A link can be at most 2,048 characters long";

export type NormalizedUrl = { ok: true; url: string } | { ok: false; message: string };

const HTTP_SCHEME = /^https?:\/\//i;
// Whitespace and control characters: the URL parser would silently drop tabs and newlines
// (or percent-encode spaces), so text like "hello world.com" must be refused, not repaired.
const WHITESPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

function hasWebHostname(hostname: string): boolean {
  if (hostname === "localhost" || hostname === "localhost.") return true;
  // An IPv6 literal, e.g. "[2606:4700::1111]".
  if (hostname.startsWith("[")) return true;
  // At least two labels, none empty ("example.com", not "example", ".com" or "a..b"); one trailing
  // dot (the DNS root) is allowed.
  const labels = hostname.replace(/\.$/, "").split(".");
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}

/**
 * Top-level domains a scheme-less address may end in: the root zone's, in ASCII and Unicode (the URL
 * parser gives punycode, so any "xn--" ending is taken too), and the names reserved for testing and
 * for this machine.
 */
const TOP_LEVEL_DOMAINS = new Set([...tlds, "test", "example", "localhost"]);

/**
 * Whether a host typed without a scheme is an address and not a name ("Node.js", "e.g", "file.txt"):
 * an IP address, or a name ending in a real top-level domain.
 */
function isTypedAddressHost(hostname: string): boolean {
  if (hostname.startsWith("[")) return true;
  const last = hostname.replace(/\.$/, "").split(".").at(-1) ?? "";
  return /^\d+$/.test(last) || last.startsWith("xn--") || TOP_LEVEL_DOMAINS.has(last);
}

/**
 * Trims the input, prepends "https://" when it has no http(s) scheme, and checks that the result is a
 * web address. "javascript:alert(1)" becomes "https://javascript:alert(1)", whose port is not a
 * number, so it is refused; every accepted URL starts with http:// or https://. Without a scheme the
 * host must end in a real top-level domain: "example.com/page" is an address, "Node.js" a name.
 *
 * The stored value is the URL parser's `href`, not the typed text: browsers, email clients and the
 * title fetcher then all read the very address validated here (typed forms such as
 * "https://evil.example\@good.example" or "0x7f.1" mean different hosts to different parsers).
 * International hosts are therefore stored in punycode.
 */
export function normalizeUrl(input: string): NormalizedUrl {
  const trimmed = input.trim();
  if (trimmed === "") return { ok: false, message: URL_REQUIRED_MESSAGE };
  const invalid: NormalizedUrl = { ok: false, message: URL_INVALID_MESSAGE };
  const tooLong: NormalizedUrl = { ok: false, message: URL_TOO_LONG_MESSAGE };
  if (trimmed.length > MAX_URL_LENGTH) return tooLong;
  if (WHITESPACE_OR_CONTROL.test(trimmed)) return invalid;

  const typedScheme = HTTP_SCHEME.test(trimmed);
  const candidate = typedScheme ? trimmed : `https://${trimmed}`;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return invalid;
  }
  // "mailto:me@example.com" parses as user "mailto" at example.com; credentials are never a link.
  if (parsed.username !== "" || parsed.password !== "") return invalid;
  if (!hasWebHostname(parsed.hostname)) return invalid;
  if (!typedScheme && !isTypedAddressHost(parsed.hostname)) return invalid;
  if (parsed.href.length > MAX_URL_LENGTH) return tooLong;
  return { ok: true, url: parsed.href };
}

/**
 * A URL read from an export file: the save rule, scheme-less addresses included. Such files hold
 * complete addresses, some with a literal space (Pocket wrote them as saved): a browser
 * percent-encodes those, and so does this. A space in the host still makes it invalid; tabs,
 * newlines and typed text are refused as always.
 */
export function normalizeImportedUrl(input: string): NormalizedUrl {
  const trimmed = input.trim();
  return normalizeUrl(HTTP_SCHEME.test(trimmed) ? trimmed.replaceAll(" ", "%20") : trimmed);
}
