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
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/client/*"],
              message: "lib/client/** runs in the browser only; server code does not import it.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
