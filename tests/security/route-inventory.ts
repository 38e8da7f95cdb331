import { readdirSync } from "node:fs";
import path from "node:path";

// Every /api route handler of the app, read from app/api/**/route.ts at test time, so a new route
// file or a new exported method shows up here (and in the security suites) without anyone listing it.

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

const MUTATING_METHODS: ReadonlySet<HttpMethod> = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isMutating(method: HttpMethod): boolean {
  return MUTATING_METHODS.has(method);
}

export type RouteParams = Record<string, string | string[]>;
export type RouteContext = { params: Promise<RouteParams> };
/** What Next calls: the request and a context whose params are a promise (empty without dynamic segments). */
export type RouteHandler = (req: Request, context: RouteContext) => Response | Promise<Response>;

export type RouteMethod = {
  /** "METHOD /api/path", the key of the security tables, e.g. "DELETE /api/links/[id]". */
  key: string;
  method: HttpMethod;
  /** The URL pattern: route groups dropped, dynamic segments kept as written ("[id]", "[...nextauth]"). */
  pattern: string;
  /** The route file relative to the repository root. */
  file: string;
  handler: RouteHandler;
};

/**
 * The catch-all that answers 404 `{ code, message }` to every /api path no other route serves. It is
 * a route like the others for the security suites, but no operation of the API (the OpenAPI document
 * leaves it out).
 */
export const UNKNOWN_API_PATH_PATTERN = "/api/[...unknown]";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");
const API_DIR = path.join(REPO_ROOT, "app", "api");

/** app/api/**\/route.ts relative to the repository root, sorted. */
export function listRouteFiles(): string[] {
  return readdirSync(API_DIR, { recursive: true, encoding: "utf8" })
    .filter((entry) => path.basename(entry) === "route.ts")
    .map((entry) => path.posix.join("app", "api", entry.split(path.sep).join("/")))
    .sort();
}

/** "app/api/(group)/links/[id]/route.ts" -> "/api/links/[id]". */
export function routePattern(file: string): string {
  const segments = file
    .split("/")
    .slice(1, -1)
    // Route groups "(name)" and parallel-route slots "@name" are not part of the URL.
    .filter((segment) => !/^\(.*\)$/.test(segment) && !segment.startsWith("@"));
  return `/${segments.join("/")}`;
}

// Typed by its runtime shape: Next calls every exported method function this way.
function isRouteHandler(value: unknown): value is RouteHandler {
  return typeof value === "function";
}

/** Imports every route file and lists each exported HTTP method handler. */
export async function loadRouteInventory(): Promise<RouteMethod[]> {
  const methods: RouteMethod[] = [];
  for (const file of listRouteFiles()) {
    const exports: Record<string, unknown> = await import(/* @vite-ignore */ path.join(REPO_ROOT, file));
    const pattern = routePattern(file);
    for (const method of HTTP_METHODS) {
      const handler = exports[method];
      if (isRouteHandler(handler)) methods.push({ key: `${method} ${pattern}`, method, pattern, file, handler });
    }
  }
  return methods;
}

/** A concrete path for a pattern: "/api/links/[id]" with { id: "abc" } -> "/api/links/abc". */
export function fillPattern(pattern: string, params: RouteParams = {}): string {
  return pattern.replace(/\[\[?(?:\.\.\.)?([^\]]+)\]?\]/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for [${name}]`);
    return (Array.isArray(value) ? value : [value]).map(encodeURIComponent).join("/");
  });
}

/** The dynamic segments of a pattern, e.g. "/api/invitations/[idOrCode]/claim" -> [{ name: "idOrCode", catchAll: false }]. */
export function dynamicSegments(pattern: string): { name: string; catchAll: boolean }[] {
  return [...pattern.matchAll(/\[\[?(\.\.\.)?([^\]]+)\]?\]/g)].map((match) => ({
    name: match[2] ?? "",
    catchAll: match[1] !== undefined,
  }));
}

/**
 * A raw path for a pattern whose dynamic segments are written as given, not encoded: how a request
 * line carries a segment the router must decode ("/api/links/[id]" with "%ED%A0%80").
 */
export function rawPattern(pattern: string, segment: string): string {
  return pattern.replace(/\[\[?(?:\.\.\.)?([^\]]+)\]?\]/g, segment);
}

/** Every page and route of the app with a dynamic segment, as URL patterns ("/invite/[code]"), sorted. */
export function listDynamicPatterns(): string[] {
  const files = readdirSync(path.join(REPO_ROOT, "app"), { recursive: true, encoding: "utf8" })
    .map((entry) => path.posix.join("app", entry.split(path.sep).join("/")))
    .filter((file) => /\/(page\.tsx|route\.ts)$/.test(file) && file.includes("["));
  return [...new Set(files.map(routePattern))].sort();
}

/** "/api/links/[id]" -> "/api/links/{id}", "[...nextauth]" -> "{nextauth}": the contract's path of a route. */
export function operationPath(pattern: string): string {
  return pattern.replace(/\[\[?(?:\.\.\.)?([^\]]+)\]?\]/g, "{$1}");
}

/** What the join needs of an operation (lib/http/contract.ts's Operation has more). */
type Declared = { method: string; path: string };

export type JoinedRoute<Op extends Declared> = { route: RouteMethod; operation: Op };

/**
 * Every route method joined to the operation that declares it (method + path), and what is left on
 * either side: a route method without an operation, an operation no route file serves. The
 * catch-all for unknown /api paths is no operation, and left out.
 */
export function joinOperations<Op extends Declared>(
  routes: readonly RouteMethod[],
  operations: readonly Op[],
): { joined: JoinedRoute<Op>[]; routesWithout: string[]; operationsWithout: string[] } {
  const byKey = new Map(
    operations.map((operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation]),
  );
  const served = new Set<string>();
  const joined: JoinedRoute<Op>[] = [];
  const routesWithout: string[] = [];
  for (const route of routes) {
    if (route.pattern === UNKNOWN_API_PATH_PATTERN) continue;
    const key = `${route.method} ${operationPath(route.pattern)}`;
    const operation = byKey.get(key);
    if (operation) {
      served.add(key);
      joined.push({ route, operation });
    } else routesWithout.push(route.key);
  }
  const operationsWithout = [...byKey.keys()].filter((key) => !served.has(key));
  return { joined, routesWithout, operationsWithout };
}
