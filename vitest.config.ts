import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  "server-only": path.resolve(import.meta.dirname, "tests/support/server-only-stub.ts"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "extension/src/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file gets its own database; two files at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // Scenarios only a multi-connection server can stage: concurrent dispatchers, killed processes.
          name: "integration-pg",
          include: ["tests/integration-pg/**/*.test.ts"],
          environment: "node",
          env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
      {
        resolve: { alias },
        test: {
          // The access-control matrix and the fuzzer: the real route handlers on a fresh database.
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/support/integration-global-setup.ts"],
          setupFiles: ["tests/support/integration-setup.ts"],
          testTimeout: 300_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // Kills and restarts the built server (run after `next build`).
          name: "crash",
          include: ["tests/crash/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
      {
        resolve: { alias },
        test: {
          // Three built servers behind HAProxy, through PgBouncer on PostgreSQL (run after `next build`).
          name: "instances",
          include: ["tests/instances/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
