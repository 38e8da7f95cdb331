// Pure: what a "Share → LinkStash" (Web Share Target) or a bookmarklet hands over, turned into the
// link to save. Android apps often share "Some text https://…" in `text` and leave `url` empty, so
// the first http(s) URL of `url`, else of `text`, is the link and what remains of the text the note.

export type SharedInput = { url?: string | null; title?: string | null; text?: string | null };
export type SharedLink = { url: string; title: string | null; notes: string | null };

const WEB_URL = /https?:\/\/[^\s<>"'`]+/i;
// Punctuation that ends a sentence or closes a bracket around a URL is not part of it.
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>»”’]+$/;

function firstWebUrl(value: string): string | null {
  const match = WEB_URL.exec(value);
  return match ? match[0].replace(TRAILING_PUNCTUATION, "") : null;
}

function tidy(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

export function sharedLink(input: SharedInput): SharedLink | null {
  const title = tidy(input.title);
  const text = tidy(input.text);
  const fromUrl = input.url ? firstWebUrl(input.url) : null;
  if (fromUrl) return { url: fromUrl, title, notes: text };
  const fromText = text ? firstWebUrl(text) : null;
  if (!fromText || !text) return null;
  // The rest of the text, without the URL and the separators around it.
  const rest = text
    .replace(fromText, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s\-–—:|]+|[\s\-–—:|]+$/g, "");
  return { url: fromText, title, notes: rest === "" ? null : rest };
}

/** The first value of a search parameter as Next hands it to a page. */
export function firstParam(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * Whether a page was opened by the user themselves, from its Sec-Fetch-Site request header: "none"
 * for a navigation the browser started (the share sheet's Web Share Target, a typed address, a
 * bookmark), "same-origin" from LinkStash's own pages. A navigation another site started, or a
 * browser that sends no such header, is not: the page asks before saving.
 */
export function isUserStartedNavigation(secFetchSite: string | null): boolean {
  return secFetchSite === "none" || secFetchSite === "same-origin";
}
