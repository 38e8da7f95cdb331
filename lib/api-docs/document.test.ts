import { readFileSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/http/error-codes";
import { listRouteFiles, REPO_ROOT, routePattern, UNKNOWN_API_PATH_PATTERN } from "@/tests/security/route-inventory";
import { apiDocument, apiDocumentJson, buildApiDocument, OPERATIONS } from "./document";
import { referenceOf } from "./reference";
import { WALLABAG_OPERATIONS } from "@/lib/wallabag/contract";

const DOCUMENTED_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

// The document as a client reads it: plain JSON.
type ErrorSchema = { allOf?: unknown[]; properties?: { code?: { enum?: string[] } } };
type JsonOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: ErrorSchema }> }>;
};
const served: { paths: Record<string, Record<string, JsonOperation | undefined>> } = JSON.parse(apiDocumentJson());

/** The HTTP methods a route file exports: `export const GET = …`, `export async function GET`, `export { handler as GET }`. */
function exportedMethods(source: string): string[] {
  const named = [...source.matchAll(/export\s+(?:const|(?:async\s+)?function)\s+([A-Z]+)\b/g)].map((match) => match[1]);
  const renamed = [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) =>
    (match[1] ?? "").split(",").map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    ),
  );
  return DOCUMENTED_METHODS.filter((method) => named.includes(method) || renamed.includes(method));
}

/** "/api/links/[id]" -> "/api/links/{id}"; a catch-all "[...nextauth]" -> "{nextauth}". */
function openApiPath(pattern: string): string {
  return pattern.replace(/\[\[?(?:\.\.\.)?([^\]]+)\]?\]/g, "{$1}");
}

function routeMethods(): string[] {
  // The catch-all for paths that do not exist is no operation of the API.
  const files = listRouteFiles().filter((file) => routePattern(file) !== UNKNOWN_API_PATH_PATTERN);
  return files.flatMap((file) => {
    const source = readFileSync(path.join(REPO_ROOT, file), "utf8");
    return exportedMethods(source).map((method) => `${method} ${openApiPath(routePattern(file))}`);
  });
}

function documentedMethods(): string[] {
  return Object.entries(served.paths).flatMap(([route, item]) =>
    DOCUMENTED_METHODS.filter((method) => item[method.toLowerCase()] !== undefined).map(
      (method) => `${method} ${route}`,
    ),
  );
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    // What GET /api/openapi.json serves, and a fresh build: the same document.
    expect(JSON.parse(JSON.stringify(buildApiDocument()))).toEqual(JSON.parse(apiDocumentJson()));
    const result = await new Validator().validate(JSON.parse(apiDocumentJson()));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(apiDocument().openapi).toBe("3.1.0");
  });

  it("lists every route method under app/api but wallabag's protocol, and nothing that is not one", () => {
    const wallabag = WALLABAG_OPERATIONS.map((operation) => `${operation.method.toUpperCase()} ${operation.path}`);
    const routes = routeMethods().filter((route) => !wallabag.includes(route));
    // The reading of route files finds what the app has (a broken pattern would find nothing).
    expect(routes).toContain("DELETE /api/links/{id}");
    expect(routes).toContain("POST /api/auth/{nextauth}");
    expect(routes.length).toBeGreaterThan(40);
    const documented = documentedMethods();
    expect(
      documented.filter((route) => wallabag.includes(route)),
      "wallabag's protocol in the document",
    ).toEqual([]);
    expect(
      routes.filter((route) => !documented.includes(route)),
      "routes missing from the document",
    ).toEqual([]);
    expect(
      documented.filter((route) => !routes.includes(route)),
      "documented operations without a route",
    ).toEqual([]);
  });

  it("reads a route file's exported methods in each way they are written", () => {
    expect(exportedMethods("export const GET = a;\nexport const DELETE = b;")).toEqual(["GET", "DELETE"]);
    expect(exportedMethods("export { handler as GET, handler as POST };")).toEqual(["GET", "POST"]);
    expect(exportedMethods("export async function PATCH() {}\nexport const maxDuration = 60;")).toEqual(["PATCH"]);
    expect(openApiPath("/api/invitations/[idOrCode]/claim")).toBe("/api/invitations/{idOrCode}/claim");
    expect(openApiPath("/api/auth/[...nextauth]")).toBe("/api/auth/{nextauth}");
  });

  it("gives every operation a unique id, a tag, a summary and its security", () => {
    const ids = new Set<string>();
    for (const item of Object.values(served.paths)) {
      for (const method of DOCUMENTED_METHODS) {
        const operation = item[method.toLowerCase()];
        if (!operation) continue;
        expect(ids.has(operation.operationId), operation.operationId).toBe(false);
        ids.add(operation.operationId);
        expect(operation.tags).toHaveLength(1);
        expect(operation.summary).not.toBe("");
        expect(operation.security).toBeDefined();
      }
    }
    expect(ids.size).toBe(OPERATIONS.length);
  });

  it("answers every error with the Error schema and codes of the list; every operation can answer 500", () => {
    for (const operation of OPERATIONS) {
      const responses = served.paths[operation.path]?.[operation.method]?.responses ?? {};
      expect(Object.keys(responses), `${operation.method} ${operation.path}`).toContain("500");
      for (const [status, response] of Object.entries(responses)) {
        const schema = response.content?.["application/json"]?.schema;
        if (Number(status) < 400 || operation.path === "/api/health") continue;
        expect(schema?.allOf, `${operation.method} ${operation.path} ${status}`).toEqual([
          { $ref: "#/components/schemas/Error" },
        ]);
        const codes = schema?.properties?.code?.enum ?? [];
        expect(codes.length).toBeGreaterThan(0);
        for (const code of codes) expect(ERROR_CODES).toContain(code);
      }
    }
  });

  it("says which operations take a personal token: the links, categories and feeds ones only", () => {
    const withToken = OPERATIONS.filter((operation) => operation.access === "token").map(
      (operation) => `${operation.method.toUpperCase()} ${operation.path}`,
    );
    expect(withToken.every((key) => /^\w+ \/api\/(links|categories|feeds|feed-items)(\/|$)/.test(key))).toBe(true);
    expect(withToken).toContain("POST /api/links");
    const save = served.paths["/api/links"]?.post;
    expect(save?.security).toEqual([{ personalToken: [] }, { session: [] }]);
    expect(save?.responses["401"]?.content?.["application/json"]?.schema.properties?.code?.enum).toEqual([
      "unauthenticated",
      "invalid_token",
    ]);
    expect(served.paths["/api/tokens"]?.post?.security).toEqual([{ session: [] }]);
  });

  it("is served as JSON text built once", () => {
    expect(apiDocumentJson()).toBe(apiDocumentJson());
    expect(JSON.parse(apiDocumentJson())).toEqual(apiDocument());
  });
});

describe("the reference page's content", () => {
  const reference = referenceOf(apiDocument());

  it("has every operation once, under its tag, with its answers", () => {
    const operations = reference.sections.flatMap((section) => section.operations);
    expect(operations).toHaveLength(OPERATIONS.length);
    const save = operations.find((operation) => operation.method === "POST" && operation.path === "/api/links");
    expect(save).toMatchObject({
      summary: "Save a link",
      access: "With a personal API token or the browser session",
      body: { mediaType: "application/json", required: true },
    });
    expect(save?.body?.variants[0]?.fields.map((field) => field.name)).toEqual([
      "url",
      "title",
      "notes",
      "category",
      "categories",
    ]);
    expect(save?.answers.find((answer) => answer.status === "402")?.codes).toEqual(["plan_limit"]);
    const saved = save?.answers.find((answer) => answer.status === "201");
    expect(saved?.codes).toEqual([]);
    expect(saved?.variants[0]?.fields.map((field) => `${field.name}: ${field.type}`)).toEqual([
      "success: true",
      "alreadySaved: boolean",
      "link: Link",
    ]);
    expect(save?.answers.find((answer) => answer.status === "200")?.variants[0]?.fields).toHaveLength(3);
  });

  it("shows a union body as its variants and parameters with where they go", () => {
    const operations = reference.sections.flatMap((section) => section.operations);
    const settings = operations.find((operation) => operation.path === "/api/user/settings");
    expect(
      settings?.body?.variants.map((variant) => variant.fields.find((f) => f.name === "emailFrequency")?.type),
    ).toEqual(['"daily"', '"weekly"', '"custom"', '"none"']);
    const history = operations.find((operation) => operation.path === "/api/links/history");
    expect(history?.parameters.map((parameter) => `${parameter.in} ${parameter.name}`)).toEqual([
      "query limit",
      "query cursor",
      "query category",
      "query q",
      "query unread",
      "query favorites",
    ]);
    expect(reference.schemas.map((schema) => schema.name)).toContain("Link");
    const article = reference.schemas.find((schema) => schema.name === "Article");
    expect(article?.variants.map((variant) => variant.fields.find((field) => field.name === "status")?.type)).toEqual([
      '"pending"',
      '"unavailable"',
      '"ready"',
    ]);
  });
});
