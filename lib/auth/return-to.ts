// Pure: where to go after signing in (docs/decisions/0142). The target is parsed as a browser would
// parse it against the app's origin first, and the checks run on the result: a same-origin path
// that is still a path (not `//host`, which a browser reads as another site) once dot segments and
// escapes are resolved. Anything else falls back to the dashboard.

export const DEFAULT_RETURN_PATH = "/dashboard";

/** Any fixed origin serves for path-only callers: only the path part of the result is used. */
const PLACEHOLDER_ORIGIN = "http://linkstash.invalid";

/** Pages that save a link they are given; after a sign-in they ask first (see signInReturnPath). */
const SAVING_PAGES = new Set(["/save", "/share"]);

/** The query flag that makes /save and /share ask before saving, whoever opened them. */
export const ASK_BEFORE_SAVING_PARAM = "confirm";

/**
 * The saving page a path opens, or null. The router serves "/share/" (and "/%73hare") as /share,
 * so the path is compared once its escapes are decoded and its trailing slashes dropped; letter
 * case too, as erring towards asking costs nothing.
 */
export function savingPageOf(pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  const page = decoded.replace(/\/+$/, "").toLowerCase();
  return SAVING_PAGES.has(page) ? page : null;
}

export function safeReturnPath(value: unknown, appOrigin: string = PLACEHOLDER_ORIGIN): string {
  if (typeof value !== "string" || value === "") return DEFAULT_RETURN_PATH;
  // Control characters and backslashes are read differently by different URL parsers.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_RETURN_PATH;
  let parsed: URL;
  try {
    parsed = new URL(value, appOrigin);
  } catch {
    return DEFAULT_RETURN_PATH;
  }
  if (parsed.origin !== new URL(appOrigin).origin) return DEFAULT_RETURN_PATH;
  // A relative value must name a path ("dashboard" or "?x" would resolve against the base's path).
  if (!value.startsWith("/") && !value.startsWith(`${parsed.origin}/`)) return DEFAULT_RETURN_PATH;
  const path = parsed.pathname;
  // "/.//evil.example" resolves to the path "//evil.example", which a Location header sends off-site.
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return DEFAULT_RETURN_PATH;
  return `${path}${parsed.search}${parsed.hash}`;
}

/**
 * The path to land on after a sign-in. A sign-in link can be requested by anyone for any address,
 * with any return path: /save and /share never save on arrival from one (they get the ask flag, and
 * /save loses its key, a per-user secret that has no place in an email).
 */
export function signInReturnPath(value: unknown, appOrigin: string = PLACEHOLDER_ORIGIN): string {
  const path = safeReturnPath(value, appOrigin);
  const url = new URL(path, PLACEHOLDER_ORIGIN);
  const savingPage = savingPageOf(url.pathname);
  if (savingPage === null) return path;
  url.pathname = savingPage;
  url.searchParams.delete("key");
  url.searchParams.set(ASK_BEFORE_SAVING_PARAM, "1");
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The request header through which the proxy tells a page's layout the path it serves (with its query). */
export const PAGE_PATH_HEADER = "x-linkstash-page";

/**
 * Where a signed-out visitor of a signed-in page goes. An article (a digest's or a shared "Read"
 * link) is what they came for: sign in, then back to it. Any other page shows the landing page.
 */
export function signedOutDestination(pagePath: string | null): string {
  if (pagePath === null || !pagePath.startsWith("/read/")) return "/";
  return `/api/login?${new URLSearchParams({ returnTo: safeReturnPath(pagePath) }).toString()}`;
}

/**
 * Where a signed-in user who has not finished onboarding goes: onboarding, then on to the page they
 * had opened (which onboarding passes through signInReturnPath again, as it comes from a URL).
 */
export function onboardingDestination(pagePath: string | null): string {
  const returnTo = pagePath === null ? DEFAULT_RETURN_PATH : signInReturnPath(pagePath);
  if (returnTo === DEFAULT_RETURN_PATH) return "/onboarding";
  return `/onboarding?${new URLSearchParams({ returnTo }).toString()}`;
}
