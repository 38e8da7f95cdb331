import type { NextConfig } from "next";
import { API_HEADERS, BASELINE_SECURITY_HEADERS } from "./lib/http/security-headers";

const nextConfig: NextConfig = {
  // PGlite ships its WebAssembly and data files beside its JavaScript: load it from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  poweredByHeader: false,
  // The start-up migrator reads these at run time.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*"] },
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
