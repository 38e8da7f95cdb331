import type { NextConfig } from "next";
import { API_HEADERS, BASELINE_SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // PGlite ships its WebAssembly and data files beside its JavaScript: load it from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  poweredByHeader: false,
  // The start-up migrator reads the migrations at run time; article extraction starts its worker
  // from its file, which imports Readability and linkedom itself (decision 0260).
  outputFileTracingIncludes: {
    "/*": [
      "./prisma/migrations/**/*",
      "./lib/articles/readability-worker.mjs",
      "./node_modules/@mozilla/readability/**/*",
      "./node_modules/linkedom/**/*",
    ],
  },
  // Evaluated at build time, so only headers that hold for every deployment: the page CSP (a nonce
  // per response) comes from proxy.ts, HSTS (APP_URL is https) from proxy.ts and the API routes.
  async headers() {
    return [
      { source: "/:path*", headers: BASELINE_SECURITY_HEADERS },
      { source: "/api/:path*", headers: API_HEADERS },
    ];
  },
};

export default nextConfig;
