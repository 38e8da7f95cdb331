// Pure: the two steps of a magic-link sign-in (docs/decisions/0140). The emailed link opens a page
// that only shows which account it signs in to; its button POSTs to next-auth's callback with the
// link's parameters. A GET of the callback (an old link, a mail scanner, a link someone forwarded)
// is sent to that page and signs nobody in.

export const SIGN_IN_CONFIRM_PATH = "/login/confirm";
export const EMAIL_CALLBACK_PATH = "/api/auth/callback/email";

/** The parameters next-auth puts on its callback link. */
export type MagicLinkParams = { token: string; email: string; callbackUrl: string };

/** The confirmation page for next-auth's callback link (`url`), on the app's own origin. */
export function signInConfirmUrl(url: string, appUrl: string): string {
  return `${appUrl}${SIGN_IN_CONFIRM_PATH}${new URL(url).search}`;
}

/** The link's parameters from the page's query; null when one is missing or repeated. */
export function magicLinkParams(query: Record<string, string | string[] | undefined>): MagicLinkParams | null {
  const { token, email, callbackUrl } = query;
  if (typeof token !== "string" || typeof email !== "string" || !token || !email) return null;
  return { token, email, callbackUrl: typeof callbackUrl === "string" ? callbackUrl : "" };
}

/** Where the confirmation page's form posts: next-auth's callback, which reads them from the query. */
export function signInCallbackAction({ token, email, callbackUrl }: MagicLinkParams): string {
  const query = new URLSearchParams({ token, email, ...(callbackUrl ? { callbackUrl } : {}) });
  return `${EMAIL_CALLBACK_PATH}?${query}`;
}
