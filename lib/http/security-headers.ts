// Security headers. Pure (no env, no "server-only"): next.config.ts imports it at build time, when
// headers() is evaluated once and written into the build, so nothing here may depend on the
// run-time configuration; what does (HSTS, upgrade-insecure-requests) takes it as an argument.

export type HeaderEntry = { key: string; value: string };

/** Every response, pages and /api alike (next.config.ts headers()). */
export const BASELINE_SECURITY_HEADERS: HeaderEntry[] = [
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Old browsers' counterpart of frame-ancestors 'none'.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/** Every /api answer: per-user or state-changing, never for a shared cache. */
export const API_HEADERS: HeaderEntry[] = [{ key: "Cache-Control", value: "no-store" }];

/** Only sent when APP_URL is https (browsers ignore it over plain http anyway). */
export const HSTS: HeaderEntry = { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" };

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(" "))
    .join("; ");
}

/** A fresh, unguessable nonce for one page response (128 random bits). */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/**
 * The pages' policy, after Next's guide (proxy.ts + nonce). Scripts: only those carrying this
 * response's nonce (Next puts it on its own tags, read from this header) and what they load
 * ('strict-dynamic'); 'unsafe-eval' only in development, where React's dev tooling needs it.
 * Styles: 'unsafe-inline' and no nonce (a nonce would make browsers ignore 'unsafe-inline'):
 * React renders `style` attributes and Radix injects <style> elements at run time (scroll lock,
 * positioning), which a nonce cannot cover.
 */
export function pageContentSecurityPolicy(options: { nonce: string; development: boolean; https: boolean }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": [
      "'self'",
      `'nonce-${options.nonce}'`,
      "'strict-dynamic'",
      ...(options.development ? ["'unsafe-eval'"] : []),
    ],
    "style-src": ["'self'", "'unsafe-inline'"],
    // The reader shows an article's images from their own site (https only), sent with no referrer.
    "img-src": ["'self'", "blob:", "data:", "https:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    // Explicit: worker-src would fall back to script-src, where 'strict-dynamic' ignores 'self'.
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // Forms only go to this site: sign-in posts through fetch, OAuth and Stripe are navigations.
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  // Over plain http (a local instance) the upgrade would point every asset at a port without TLS.
  if (options.https) directives["upgrade-insecure-requests"] = [];
  return policy(directives);
}

/**
 * The developer mailbox (plain server HTML): no script at all. The email shown in its
 * <iframe srcdoc> inherits this policy, so inline styles and remote images of the email are allowed;
 * the document is sandboxed as well (forms for the recipient filter, links opening new tabs).
 */
export const MAILBOX_CONTENT_SECURITY_POLICY = policy({
  "default-src": ["'none'"],
  "style-src": ["'unsafe-inline'"],
  "img-src": ["'self'", "data:", "https:"],
  "base-uri": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
  sandbox: ["allow-forms", "allow-popups", "allow-popups-to-escape-sandbox"],
});
