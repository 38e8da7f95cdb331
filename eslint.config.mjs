import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypeScript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import boundaries from "./eslint/server-boundary.mjs";

// Code that runs in the browser: it may import pure modules, never server ones.
const BROWSER_FILES = ["components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}"];
// Code that runs only on the server: it never reaches for browser helpers.
const SERVER_FILES = [
  "lib/**/*.{ts,tsx}",
  "app/api/**/*.ts",
  "app/dev/**/*.ts",
  "emails/**/*.{ts,tsx}",
  "scripts/**/*.{ts,tsx}",
];

const CLIENT_ONLY_MODULES = {
  group: ["@/lib/client/*"],
  message: "lib/client/** runs in the browser only; server code does not import it.",
};
// Database access (decision 0399): Prisma for ordinary reads and writes, and SQL only where only SQL
// can say it, both in the domain's lib/<domain>/queries.ts (or, for a part of a domain with
// statements of its own, a <part>-queries.ts beside it); nothing else holds the client.
const DATABASE_CLIENT = {
  name: "@/lib/db/client",
  importNames: ["getDb", "queryRows", "columnList"],
  message:
    "Reach the database through the domain's lib/<domain>/queries.ts (a transaction: inTransaction from @/lib/db/transaction).",
};
// A transaction's client is the database too: outside those files it is only handed on to them.
const TRANSACTION_CLIENT_CALLS = [
  "CallExpression[callee.object.object.name='tx']",
  "CallExpression[callee.object.name='tx'][callee.property.name=/^\\$/]",
  "TaggedTemplateExpression[tag.object.name='tx']",
].map((selector) => ({
  selector,
  message: "Statements on a transaction belong in the domain's queries.ts: hand `tx` to a function there.",
}));
const DATABASE_ACCESS_FILES = ["lib/**/queries.ts", "lib/**/*-queries.ts", "lib/db/**", "**/*.test.{ts,tsx}"];

const config = [
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "lib/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "extension/dist/**",
    ],
  },
  ...nextVitals,
  ...nextTypeScript,
  prettier,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
  {
    // Playwright's fixtures call `use(...)`, which is not React's hook.
    files: ["tests/e2e/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: BROWSER_FILES,
    plugins: { boundaries },
    rules: {
      "boundaries/no-server-module": "error",
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/db/*", "@/lib/generated/*"],
              message: "The database stays on the server: pass data in as props or fetch it from the API.",
            },
          ],
        },
      ],
    },
  },
  {
    files: SERVER_FILES,
    ignores: ["lib/client/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [CLIENT_ONLY_MODULES] }] },
  },
  {
    // Later blocks replace the rule's options: the server files here keep the browser-helper pattern.
    files: ["lib/**/*.{ts,tsx}", "app/api/**/*.ts", "app/dev/**/*.ts"],
    ignores: ["lib/client/**", ...DATABASE_ACCESS_FILES],
    rules: {
      "no-restricted-imports": ["error", { paths: [DATABASE_CLIENT], patterns: [CLIENT_ONLY_MODULES] }],
      "no-restricted-syntax": ["error", ...TRANSACTION_CLIENT_CALLS],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/api/**", "app/dev/**"],
    rules: { "no-restricted-imports": ["error", { paths: [DATABASE_CLIENT] }] },
  },
];

export default config;
