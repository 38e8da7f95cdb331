import { existsSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  EXTRACTOR_CHILD_MODULES,
  EXTRACTOR_CHILD_PATH,
  EXTRACTOR_PACKAGES,
} from "@/lib/articles/extractor-child-path.mjs";

const ROOT = path.resolve(import.meta.dirname, "..", "..");

/** Every module specifier a file imports, statically or not. */
function specifiers(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const found = [...source.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+"([^"]+)"/gm)].map((match) => match[1]);
  const dynamic = [...source.matchAll(/\bimport\(\s*"([^"]+)"\s*\)/g)].map((match) => match[1]);
  return [...found, ...dynamic].filter((specifier) => specifier !== undefined);
}

/** A package's name from a bare specifier ("@scope/name/sub" is "@scope/name"). */
function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return (specifier.startsWith("@") ? parts.slice(0, 2) : parts.slice(0, 1)).join("/");
}

/** Whether Node finds the package from the file: a node_modules folder holding it, here or above. */
function packageFound(file: string, name: string): boolean {
  for (let dir = path.dirname(path.join(ROOT, file)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "node_modules", name, "package.json"))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/** The child's file and the project modules it reaches, and the packages they import. */
function childGraph(): { modules: string[]; packages: string[] } {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const pending = [EXTRACTOR_CHILD_PATH];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (modules.has(file)) continue;
    expect(existsSync(path.join(ROOT, file)), file).toBe(true);
    modules.add(file);
    for (const specifier of specifiers(file)) {
      if (specifier.startsWith(".")) pending.push(path.posix.join(path.posix.dirname(file), specifier));
      else if (!specifier.startsWith("node:") && !builtinModules.includes(specifier)) {
        const name = packageName(specifier);
        expect(packageFound(file, name), `${file} imports ${specifier}`).toBe(true);
        packages.add(name);
      }
    }
  }
  return { modules: [...modules].sort(), packages: [...packages].sort() };
}

describe("the extractor child's path", () => {
  it("names the child's file, and lists every project module it imports, each one there", () => {
    expect(existsSync(path.join(ROOT, EXTRACTOR_CHILD_PATH))).toBe(true);
    expect(childGraph().modules).toEqual([...EXTRACTOR_CHILD_MODULES].sort());
  });

  it("lists for the build every package the child's modules import", () => {
    const { packages } = childGraph();
    expect(packages).toContain("@mozilla/readability");
    expect(EXTRACTOR_PACKAGES).toEqual(expect.arrayContaining(packages));
  });
});
