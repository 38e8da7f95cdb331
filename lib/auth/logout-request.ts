// Pure: what a request to the logout endpoint may do (docs/decisions/0302). Only the user's own
// top-level navigation ends the session: the Sign out link, an address typed or bookmarked, our own
// confirm form. An image, a script's fetch or a frame never does, and a link from another site
// gets a page asking first. Browsers say which is which in their Fetch Metadata headers; a client
// without them (a script, an old browser) is judged by its Origin or Referer when it sends one.

/** The page that asks before signing out, with a form that posts back to the logout endpoint. */
export const SIGN_OUT_PAGE = "/sign-out";

export type LogoutAnswer =
  /** End the session. */
  | "sign-out"
  /** Keep the session and show the page that asks (a same-origin form). */
  | "confirm"
  /** Keep the session and refuse (403). */
  | "refuse";

export type LogoutRequest = {
  method: string;
  /** The Sec-Fetch-Site, Sec-Fetch-Mode and Sec-Fetch-Dest headers (null when absent). */
  site: string | null;
  mode: string | null;
  dest: string | null;
  origin: string | null;
  referer: string | null;
};

const NAVIGATION_DESTINATIONS = new Set(["document", "empty"]);

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The site the request came from by its Origin, else its Referer; null when it names none. */
function sender(req: LogoutRequest): string | null {
  // "null" (a sandboxed or privacy-sensitive context) is never ours.
  if (req.origin !== null) return req.origin;
  return req.referer ? originOf(req.referer) : null;
}

export function logoutAnswer(req: LogoutRequest, appOrigin: string): LogoutAnswer {
  if (req.method === "POST") {
    // Only our own form (or our own page's script): anything else has no business here.
    if (req.site !== null) return req.site === "same-origin" ? "sign-out" : "refuse";
    return req.origin === appOrigin ? "sign-out" : "refuse";
  }
  if (req.site !== null) {
    // Only a navigation has the mode "navigate" (a script cannot ask for it). Its destination is
    // "document" for a tab; a navigation a service worker passes on with fetch() arrives as "empty"
    // (Chromium), keeping its mode and site. A frame ("iframe") never signs out.
    if (req.mode !== "navigate" || !NAVIGATION_DESTINATIONS.has(req.dest ?? "")) return "refuse";
    // "none": the user's own action in the browser (the address bar, a bookmark).
    return req.site === "same-origin" || req.site === "none" ? "sign-out" : "confirm";
  }
  const from = sender(req);
  return from === null || from === appOrigin ? "sign-out" : "confirm";
}
