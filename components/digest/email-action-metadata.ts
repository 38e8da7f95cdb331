import type { Metadata } from "next";

/**
 * The head of an email action page: its URL carries a token that changes someone's link, so it is
 * kept out of indexes and out of referrers to other sites. "same-origin" rather than "no-referrer":
 * under "no-referrer" a browser sends `Origin: null` with the page's form POST, which the API's
 * same-origin rule refuses.
 */
export const emailActionMetadata = (title: string): Metadata => ({
  title,
  robots: { index: false, follow: false },
  referrer: "same-origin",
});
