import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { defineConfig } from "prisma/config";

// The CLI only generates the client and diffs migrations (`prisma migrate diff --script`). The
// JavaScript schema engine runs both offline; an in-memory PGlite stands in as its database so the
// CLI never downloads a native engine. Migrations are applied by lib/db/migrate.ts, not by the CLI.
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  adapter: async () => new PrismaPGlite(new PGlite()),
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
});
