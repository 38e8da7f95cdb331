// Addresses a feed, an OPML file or a page gives, made absolute: only http(s) addresses are kept,
// since only those can become links or be polled.

/** `value` resolved against `base`, or null when it is not a usable http(s) address. */
export function resolveHttpUrl(value: string | null | undefined, base?: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
