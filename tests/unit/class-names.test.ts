import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// `cn` joins class names without merging them (decision 0286): tailwind-merge would cost every page
// that renders a Button in the browser 10 KB. That is only right while no class list the code writes
// holds two utilities that set the same thing, because then the stylesheet's order, not the list's,
// would pick the winner. tailwind-merge, a development dependency, is the judge here: every class
// list that can occur (each branch of a condition, each variant of a component, each component with
// the classes its callers add) must come out of it unchanged.

const root = path.resolve(import.meta.dirname, "../..");
const SOURCE_DIRS = ["app", "components", "emails"];
const MAX_COMBINATIONS = 256;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx$/.test(entry.name) ? [relative] : [];
  });
}

function parse(relative: string): ts.SourceFile {
  const text = readFileSync(path.join(root, relative), "utf8");
  return ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

/** Every list of class strings an expression can produce: a condition's branches are alternatives. */
function possibleLists(node: ts.Node): string[][] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [[node.text]];
  if (ts.isConditionalExpression(node)) return [...possibleLists(node.whenTrue), ...possibleLists(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const operator = node.operatorToken.kind;
    if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return [[], ...possibleLists(node.right)];
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken)
      return [...possibleLists(node.left), ...possibleLists(node.right)];
  }
  if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node))
    return node.expression ? possibleLists(node.expression) : [[]];
  // Anything else (a call's arguments, a template's parts): every part is there together.
  let lists: string[][] = [[]];
  const parts: ts.Node[] = [];
  if (ts.isTemplateExpression(node))
    parts.push(node.head, ...node.templateSpans.flatMap((s) => [s.expression, s.literal]));
  else node.forEachChild((child) => void parts.push(child));
  for (const part of parts) {
    const texts =
      ts.isTemplateHead(part) || ts.isTemplateMiddle(part) || ts.isTemplateTail(part)
        ? [[part.text]]
        : possibleLists(part);
    lists = lists.flatMap((list) => texts.map((more) => [...list, ...more])).slice(0, MAX_COMBINATIONS);
  }
  return lists;
}

const classesOf = (list: string[]) => list.join(" ").split(/\s+/).filter(Boolean);

/** The classes tailwind-merge would drop from the list: each overridden by a later one. */
function overridden(classes: string[]): string[] {
  const kept = new Set(twMerge(classes.join(" ")).split(" "));
  return [...new Set(classes.filter((name) => !kept.has(name)))];
}

type Variants = { base: string; variants: Map<string, Map<string, string>>; defaults: Map<string, string> };

/** `const fooVariants = cva(base, { variants, defaultVariants })` in the UI primitives. */
function cvaDefinitions(file: ts.SourceFile): Map<string, Variants> {
  const found = new Map<string, Variants>();
  const text = (node: ts.Node | undefined) => (node && ts.isStringLiteral(node) ? node.text : "");
  const entries = (node: ts.Node | undefined) =>
    node && ts.isObjectLiteralExpression(node)
      ? node.properties.filter(ts.isPropertyAssignment).map((p) => [p.name.getText(file), p.initializer] as const)
      : [];
  file.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isCallExpression(node.initializer)) {
      const call = node.initializer;
      if (call.expression.getText(file) === "cva") {
        const options = new Map(entries(call.arguments[1]));
        found.set(node.name.getText(file), {
          base: text(call.arguments[0]),
          variants: new Map(
            entries(options.get("variants")).map(([key, value]) => [
              key,
              new Map(entries(value).map(([option, classes]) => [option, text(classes)])),
            ]),
          ),
          defaults: new Map(
            entries(options.get("defaultVariants")).map(([key, value]) => [
              key,
              value.getText(file).replaceAll('"', ""),
            ]),
          ),
        });
      }
    }
    node.forEachChild(visit);
  });
  return found;
}

/** Each UI primitive's own classes, and the cva definition it draws on. */
function primitives(): Map<string, { own: string[]; variants?: Variants }> {
  const found = new Map<string, { own: string[]; variants?: Variants }>();
  for (const relative of sourceFiles("components/ui")) {
    const file = parse(relative);
    const definitions = cvaDefinitions(file);
    file.forEachChild((node) => {
      if (!ts.isFunctionDeclaration(node) || !node.name || !node.body || !/^[A-Z]/.test(node.name.text)) return;
      const own: string[] = [];
      let variants: Variants | undefined;
      node.body.forEachChild(function visit(child) {
        if (ts.isCallExpression(child)) {
          const callee = child.expression.getText(file);
          if (callee === "cn") for (const arg of child.arguments) if (ts.isStringLiteral(arg)) own.push(arg.text);
          variants ??= definitions.get(callee);
        }
        child.forEachChild(visit);
      });
      if (own.length || variants) found.set(node.name.text, { own, variants });
    });
  }
  return found;
}

type Finding = { where: string; dropped: string[] };

function findings(): Finding[] {
  const ui = primitives();
  const result: Finding[] = [];
  // Every variant of every component: its base classes with each combination of options.
  for (const relative of sourceFiles("components/ui")) {
    for (const [name, { base, variants }] of cvaDefinitions(parse(relative))) {
      let lists: string[][] = [[base]];
      for (const options of variants.values())
        lists = lists.flatMap((list) => [...options.values()].map((more) => [...list, more]));
      for (const list of lists) {
        const dropped = overridden(classesOf(list));
        if (dropped.length) result.push({ where: `${relative} ${name}`, dropped });
      }
    }
  }
  for (const relative of SOURCE_DIRS.flatMap(sourceFiles)) {
    const file = parse(relative);
    const where = (node: ts.Node) => `${relative}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;
    const check = (node: ts.Node, lists: string[][]) => {
      for (const list of lists) {
        const dropped = overridden(classesOf(list));
        if (dropped.length) return void result.push({ where: where(node), dropped });
      }
    };
    file.forEachChild(function visit(node) {
      if (ts.isCallExpression(node) && node.expression.getText(file) === "cn") check(node, possibleLists(node));
      if (ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) {
        const primitive = ui.get(node.tagName.getText(file));
        const attribute = (name: string) =>
          node.attributes.properties.find(
            (p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText(file) === name,
          );
        const className = attribute("className")?.initializer;
        if (primitive && className) {
          // The component's classes in each variant its attributes can choose, then the caller's.
          let own: string[][] = [primitive.own];
          for (const [key, options] of primitive.variants?.variants ?? []) {
            const chosen = attribute(key)?.initializer;
            const picks =
              chosen && ts.isStringLiteral(chosen)
                ? [chosen.text]
                : chosen
                  ? [...options.keys()]
                  : [primitive.variants?.defaults.get(key) ?? ""];
            own = own.flatMap((list) => picks.map((pick) => [...list, options.get(pick) ?? ""]));
          }
          const base = primitive.variants ? [primitive.variants.base] : [];
          check(
            node,
            own.flatMap((list) => possibleLists(className).map((caller) => [...base, ...list, ...caller])),
          );
        }
      }
      node.forEachChild(visit);
    });
  }
  return result;
}

describe("class names are joined, not merged", () => {
  it("finds an override when there is one", () => {
    expect(overridden(classesOf(["h-10 px-4", "h-auto"]))).toEqual(["h-10"]);
    expect(overridden(classesOf(["h-10 px-4", "w-full"]))).toEqual([]);
    const expression = ts.createSourceFile(
      "x.ts",
      'cn("bg-card p-4", read && "bg-muted")',
      ts.ScriptTarget.Latest,
      true,
    );
    expect(possibleLists(expression.statements[0]!).map(classesOf)).toContainEqual(["bg-card", "p-4", "bg-muted"]);
  });

  it("no class list in the code relies on a merge to settle which utility wins", () => {
    expect(findings().map(({ where, dropped }) => `${where} overrides ${dropped.join(" ")}`)).toEqual([]);
  });
});
