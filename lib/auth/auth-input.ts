// Pure checks on what next-auth reads from a request before our code sees it (decision 0162):
// values it would hand to the database or to its own URL check, which answer 500 on these.

/** Text PostgreSQL can store: no NUL character, no lone UTF-16 surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && value.isWellFormed();
}

/**
 * next-auth's own test of a callbackUrl (core/lib/assert.js isValidHttpUrl): an http(s) URL, a
 * path read against the app's URL. What fails it makes next-auth answer 500 "server configuration".
 */
export function isAcceptedCallbackUrl(value: string, baseUrl: string): boolean {
  try {
    return /^https?:/.test(new URL(value, value.startsWith("/") ? baseUrl : undefined).protocol);
  } catch {
    return false;
  }
}
