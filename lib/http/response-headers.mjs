// The headers every response carries, written into the build by next.config.mjs's headers().
// Plain JavaScript: `next start` reads a JavaScript config as it is, whereas a TypeScript one loads
// a compiler into every server process (decision 0318).

/** @typedef {{ key: string; value: string }} HeaderEntry */

/**
 * Every response, pages and /api alike.
 * @type {HeaderEntry[]}
 */
export const BASELINE_SECURITY_HEADERS = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Old browsers' counterpart of frame-ancestors 'none'.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/**
 * Every /api answer: per-user or state-changing, never for a shared cache.
 * @type {HeaderEntry[]}
 */
export const API_HEADERS = [{ key: "Cache-Control", value: "no-store" }];

/**
 * The routes a personal API token works on (links and categories), readable from a browser
 * extension's pages and service worker without a host permission for the server (decision 0324).
 * Any origin, never with credentials: a browser sends no cookie with such a request, so only a
 * caller holding a token gets anything the API would not give it anyway.
 * @type {HeaderEntry[]}
 */
export const TOKEN_API_CORS_HEADERS = [
  { key: "Access-Control-Allow-Origin", value: "*" },
  { key: "Access-Control-Allow-Headers", value: "Authorization, Content-Type" },
  { key: "Access-Control-Allow-Methods", value: "GET, POST, PATCH, PUT, DELETE" },
  { key: "Access-Control-Expose-Headers", value: "Link, X-Day-Totals, Retry-After" },
  { key: "Access-Control-Max-Age", value: "600" },
];
