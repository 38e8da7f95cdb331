// The headers every response carries, written into the build by next.config.mjs's headers().
// Plain JavaScript (types in response-headers.d.mts): `next start` reads a JavaScript config as it
// is, whereas a TypeScript one loads a compiler into every server process (decision 0318).

/** Every response, pages and /api alike. */
export const BASELINE_SECURITY_HEADERS = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Old browsers' counterpart of frame-ancestors 'none'.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/** Every /api answer: per-user or state-changing, never for a shared cache. */
export const API_HEADERS = [{ key: "Cache-Control", value: "no-store" }];
