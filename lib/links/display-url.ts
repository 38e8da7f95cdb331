import "server-only";
import { domainToUnicode } from "node:url";

// An address as a reader should see it: an internationalised host in its own letters
// ("https://bücher.example/"), not the punycode the URL parser stores ("xn--bcher-kva.example").
// A label that mixes Latin with another script stays punycode, as browsers keep it, because
// "аpple" with a Cyrillic "а" is meant to be mistaken for "apple".

const LATIN = /\p{Script=Latin}/u;
const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;

function readableLabel(label: string): boolean {
  return !(LATIN.test(label) && OTHER_SCRIPT.test(label));
}

/** The address with its host shown in Unicode where that is safe to read; the address itself otherwise. */
export function displayUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const host = parsed.hostname;
  if (!host.split(".").some((label) => label.startsWith("xn--"))) return url;
  const unicode = domainToUnicode(host);
  if (unicode === "" || !unicode.split(".").every(readableLabel)) return url;
  // The host comes first after the scheme (stored links carry no credentials).
  const start = url.indexOf(host);
  return start === -1 ? url : url.slice(0, start) + unicode + url.slice(start + host.length);
}
