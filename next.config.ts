import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite ships its WebAssembly and data files beside its JavaScript: load it from node_modules.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  poweredByHeader: false,
  // The start-up migrator reads these at run time.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*"] },
};

export default nextConfig;
