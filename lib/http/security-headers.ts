// Security headers that depend on the response or the configuration: HSTS, the pages' policy with
// its nonce, the mailbox's policy. Pure (no env, no "server-only"); what depends on the run-time
// configuration (HSTS, upgrade-insecure-requests) takes it as an argument. The headers every
// response carries are in response-headers.mjs, which next.config.mjs reads at build time.
import type { HeaderEntry } from "@/lib/http/response-headers.mjs";

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
