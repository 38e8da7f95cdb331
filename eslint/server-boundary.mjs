// Local ESLint rules for the code's boundaries (decision 0048):
// - `no-server-module`: a browser-side file (components/**, lib/client/**) imports no module that
//   declares `import "server-only"`, not even for its types; pure modules (rules, response shapes)
//   are what it may import.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];
const serverOnlyCache = new Map();

function resolveImport(fromFile, specifier) {
  let base;
  if (specifier.startsWith("@/")) base = path.join(ROOT, specifier.slice(2));
  else if (specifier.startsWith("./") || specifier.startsWith("../"))
    base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const extension of ["", ...EXTENSIONS]) {
    const candidate = base + extension;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function isServerOnly(file) {
  if (!serverOnlyCache.has(file)) {
    serverOnlyCache.set(file, /^import ["']server-only["'];?$/m.test(fs.readFileSync(file, "utf8")));
  }
  return serverOnlyCache.get(file);
}

const noServerModule = {
  meta: {
    type: "problem",
    docs: { description: "Browser-side code imports no server-only module" },
    messages: {
      serverModule:
        "'{{specifier}}' is a server module (it imports \"server-only\"); browser-side code imports pure modules only (for types, a response.ts).",
    },
    schema: [],
  },
  create(context) {
    function check(node) {
      const specifier = node.source?.value;
      if (typeof specifier !== "string") return;
      const file = resolveImport(context.filename, specifier);
      if (file && isServerOnly(file))
        context.report({ node: node.source, messageId: "serverModule", data: { specifier } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const plugin = { rules: { "no-server-module": noServerModule } };

export default plugin;
