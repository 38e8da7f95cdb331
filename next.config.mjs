// Plain JavaScript: `next start` reads it as it is, whereas a TypeScript config loads a compiler
// into every server process, about 26 MB (decision 0318).
import { EXTRACTOR_CHILD_MODULES, EXTRACTOR_PACKAGES } from "./lib/articles/extractor-child-path.mjs";
import { API_HEADERS, BASELINE_SECURITY_HEADERS, TOKEN_API_CORS_HEADERS } from "./lib/http/response-headers.mjs";

/** @type {import("next").NextConfig} */
const nextConfig = {
  // PGlite ships its WebAssembly and data files beside its JavaScript: load it from node_modules.
  // smtp-server (save by email's listener) is loaded from node_modules as it is, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "smtp-server"],
  poweredByHeader: false,
  // Next loads every page and route module at start by default: here that is about 20 MB of memory
  // held for routes a server may never be asked for. Each is loaded by its first request instead
  // (decision 0318).
  experimental: { preloadEntriesOnStart: false },
  // The start-up migrator reads the migrations at run time; article extraction starts its child
  // process from its file, which imports the budget check, the sanitiser, Readability, linkedom
  // and sanitize-html itself, with their dependencies (decision 0300).
  outputFileTracingIncludes: {
    "/*": [
      "./prisma/migrations/**/*",
      ...EXTRACTOR_CHILD_MODULES.map((file) => `./${file}`),
      ...EXTRACTOR_PACKAGES.map((name) => `./node_modules/${name}/**/*`),
    ],
  },
  // Evaluated at build time, so only headers that hold for every deployment: the page CSP (a nonce
  // per response) comes from proxy.ts, HSTS (APP_URL is https) from proxy.ts and the API routes.
  // wallabag's apps write most of its API's paths with ".json", some without; its server answers
  // both, and so does this one (lib/wallabag/contract.ts).
  async rewrites() {
    return [
      {
        source: "/api/:path((?:entries|tags|tag|annotations|version|info|user)(?:/[^.]*)?)\\.json",
        destination: "/api/:path",
      },
    ];
  },
  async headers() {
    return [
      { source: "/:path*", headers: BASELINE_SECURITY_HEADERS },
      // Every API answer but the API document, which is the same for everyone until the next deploy.
      { source: "/api/:path((?!openapi\\.json$).*)", headers: API_HEADERS },
      // The token routes, for browser extensions; Next answers their preflight (OPTIONS) itself.
      { source: "/api/links/:path*", headers: TOKEN_API_CORS_HEADERS },
      { source: "/api/categories/:path*", headers: TOKEN_API_CORS_HEADERS },
      // wallabag's API and its token endpoint, for wallabagger (a browser extension) likewise.
      ...[
        "/api/entries/:path*",
        "/api/tags/:path*",
        "/api/tag/:path*",
        "/api/annotations/:path*",
        "/api/version",
        "/api/info",
        "/oauth/:path*",
      ].map((source) => ({
        source,
        headers: TOKEN_API_CORS_HEADERS,
      })),
      // The service worker's own policy (a worker's fetches follow its script's CSP, not the
      // page's): it may fetch this site, and the https: images the reader shows, to keep them
      // offline (docs/decisions/0347). It renders nothing, so no nonce. The constants it imports
      // (docs/decisions/0393) are served alike.
      ...["/sw.js", "/sw-constants.js"].map((source) => ({
        source,
        headers: [
          {
            key: "Content-Security-Policy",
            value: "default-src 'self'; connect-src 'self' https:; img-src 'self' https:",
          },
        ],
      })),
    ];
  },
};

export default nextConfig;
