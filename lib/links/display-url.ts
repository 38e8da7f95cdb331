// The package, not Node's deprecated built-in of the same name: the link list decodes hosts in the
// browser too.
import punycode from "punycode/punycode.js";

// An address as a reader should see it: an internationalised host in its own letters
// ("https://bücher.example/"), not the punycode the URL parser stores ("xn--bcher-kva.example"), and
// letters of other alphabets in the path, query and fragment instead of their %-escapes
// ("/déjà-vu", not "/d%C3%A9j%C3%A0-vu"). Pure, so the link list in the browser and the digest
// email on the server show the same words (docs/decisions/0304).
//
// Kept unambiguous: a label that mixes Latin with another script stays punycode, as browsers keep
// it, because "аpple" with a Cyrillic "а" is meant to be mistaken for "apple"; only escapes of
// non-ASCII letters, marks and digits are decoded (never a space, "/", "?", "%", an invisible or a
// direction mark); and the result must parse back to the very same address, so copying or
// clicking what is shown opens the same page.

const LATIN = /\p{Script=Latin}/u;
const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const READABLE_CHARACTER = /^[\p{L}\p{M}\p{N}]$/u;
const ESCAPE_RUN = /(?:%[0-9A-Fa-f]{2})+/g;

/** The Unicode text of a punycode label without its "xn--" prefix; null when it is not valid punycode. */
function decodePunycode(input: string): string | null {
  try {
    return punycode.decode(input);
  } catch {
    // RangeError: not valid punycode; the host is shown as stored.
    return null;
  }
}

function readableLabel(label: string): boolean {
  return !(LATIN.test(label) && OTHER_SCRIPT.test(label));
}

/** The host in Unicode where every xn-- label decodes and reads safely; null to keep it as it is. */
function unicodeHost(host: string): string | null {
  const labels = host.split(".");
  if (!labels.some((label) => label.startsWith("xn--"))) return null;
  const decoded: string[] = [];
  for (const label of labels) {
    const unicode = label.startsWith("xn--") ? decodePunycode(label.slice(4)) : label;
    if (unicode === null || unicode === "" || !readableLabel(unicode)) return null;
    decoded.push(unicode);
  }
  return decoded.join(".");
}

/** The length of the UTF-8 sequence a lead byte starts; 0 for a byte that cannot start one. */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The character a UTF-8 sequence spells when it is a non-ASCII letter, mark or digit; null otherwise. */
function readableCharacter(bytes: number[]): string | null {
  try {
    const character = UTF8.decode(Uint8Array.from(bytes));
    return READABLE_CHARACTER.test(character) ? character : null;
  } catch {
    return null;
  }
}

/** One run of %-escapes with each non-ASCII letter, mark or digit decoded; every other escape kept. */
function decodeEscapeRun(run: string): string {
  const escapes = run.match(/%[0-9A-Fa-f]{2}/g) ?? [];
  const bytes = escapes.map((escape) => parseInt(escape.slice(1), 16));
  let shown = "";
  let index = 0;
  while (index < escapes.length) {
    const length = sequenceLength(bytes[index] ?? 0);
    const character = length > 0 ? readableCharacter(bytes.slice(index, index + length)) : null;
    if (character !== null) {
      shown += character;
      index += length;
    } else {
      shown += escapes[index] ?? "";
      index += 1;
    }
  }
  return shown;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * The address as read: the host in Unicode and the escaped letters of the rest decoded, where that
 * is safe to read and parses back to the same address; each part that is not stays as stored.
 */
export function displayUrl(url: string): string {
  const parsed = parse(url);
  if (!parsed) return url;
  const href = parsed.href;
  const sameAddress = (shown: string) => parse(shown)?.href === href;

  const host = parsed.hostname;
  // The host comes first after the scheme (stored links carry no credentials).
  const hostStart = url.indexOf(host);
  if (hostStart === -1) return url;
  const unicode = unicodeHost(host);
  const withHost = unicode === null ? url : url.slice(0, hostStart) + unicode + url.slice(hostStart + host.length);
  const base = sameAddress(withHost) ? withHost : url;
  const restStart = hostStart + (base === url ? host.length : (unicode ?? host).length);

  const readable = base.slice(0, restStart) + base.slice(restStart).replace(ESCAPE_RUN, decodeEscapeRun);
  return sameAddress(readable) ? readable : base;
}

/** The site of an address as read: "bücher.example" of "https://www.xn--bcher-kva.example/a?b". */
export function displayHost(url: string): string {
  const parsed = parse(url);
  if (!parsed) return url;
  return (unicodeHost(parsed.hostname) ?? parsed.hostname).replace(/^www\./, "");
}
