import type { oas31 } from "zod-openapi";

// The API reference page's content, read from the OpenAPI document (lib/api-docs/document.ts): per
// tag, each operation with who may call it, its parameters, its body's fields and its answers
// (an error answer as its codes). Pure, so the page stays a plain server render.

type Schema = oas31.SchemaObject | oas31.ReferenceObject;

export type ReferenceField = { name: string; type: string; required: boolean; description: string | null };

/** One shape a body or an answer may take (a union has several); one without fields has its type only. */
export type ReferenceVariant = { type: string; fields: ReferenceField[] };

export type ReferenceBody = { mediaType: string; required: boolean; variants: ReferenceVariant[] };

export type ReferenceAnswer = {
  status: string;
  description: string;
  mediaTypes: string[];
  type: string | null;
  /** The fields of an answer described in place; empty for a named schema (see the schemas) or an error. */
  variants: ReferenceVariant[];
  headers: string[];
  /** The error codes of an error answer, empty for others. */
  codes: string[];
};

export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  /** Who may call it, in words. */
  access: string;
  parameters: (ReferenceField & { in: string })[];
  body: ReferenceBody | null;
  answers: ReferenceAnswer[];
};

export type ReferenceSection = { tag: string; description: string; operations: ReferenceOperation[] };

export type ReferenceSchema = { name: string; description: string | null; variants: ReferenceVariant[] };

export type Reference = {
  title: string;
  version: string;
  sections: ReferenceSection[];
  schemas: ReferenceSchema[];
};

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const SCHEME_WORDS: Record<string, string> = {
  personalToken: "a personal API token",
  session: "the browser session",
  cronSecret: "the scheduler's secret",
};

function isReference(value: object): value is oas31.ReferenceObject {
  return "$ref" in value;
}

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

function resolve(document: oas31.OpenAPIObject, schema: Schema): oas31.SchemaObject {
  if (!isReference(schema)) return schema;
  const target = document.components?.schemas?.[refName(schema.$ref)];
  return target === undefined ? {} : resolve(document, target);
}

/** A short type: `string`, `Link[]`, `"daily" | "weekly"`, `string | null`. */
export function typeLabel(schema: Schema): string {
  if (isReference(schema)) return refName(schema.$ref);
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return [...new Set(union.map(typeLabel))].join(" | ");
  if (schema.allOf) return schema.allOf.map(typeLabel).join(" & ");
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return "any";
  return types
    .map((type) => {
      if (type === "array") return `${schema.items ? typeLabel(schema.items) : "any"}[]`;
      if (type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object")
        return `{ [key]: ${typeLabel(schema.additionalProperties)} }`;
      if (type === "string" && schema.format) return `string (${schema.format})`;
      return type;
    })
    .join(" | ");
}

function describe(schema: Schema): string | null {
  return isReference(schema) ? null : (schema.description ?? null);
}

function fieldsOf(document: oas31.OpenAPIObject, schema: Schema): ReferenceField[] {
  const object = resolve(document, schema);
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    type: typeLabel(property),
    required: required.has(name),
    description: describe(property) ?? describe(resolve(document, property)),
  }));
}

function variantsOf(document: oas31.OpenAPIObject, schema: Schema): ReferenceVariant[] {
  const resolved = resolve(document, schema);
  const union = resolved.oneOf ?? resolved.anyOf;
  const shapes = union ?? [schema];
  return shapes.map((shape) => ({ type: typeLabel(shape), fields: fieldsOf(document, shape) }));
}

function accessOf(document: oas31.OpenAPIObject, operation: oas31.OperationObject): string {
  const schemes = (operation.security ?? document.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return "Anyone";
  return `With ${schemes.map((scheme) => SCHEME_WORDS[scheme] ?? scheme).join(" or ")}`;
}

function answersOf(document: oas31.OpenAPIObject, responses: oas31.ResponsesObject): ReferenceAnswer[] {
  const entries: [string, oas31.ResponseObject | oas31.ReferenceObject][] = Object.entries(responses);
  return entries.flatMap(([status, response]) => {
    if (isReference(response)) return [];
    const content = Object.entries(response.content ?? {});
    const schema = content[0]?.[1].schema;
    const codes = schema && !isReference(schema) && schema.allOf ? codesOf(schema.properties?.code) : [];
    const inPlace = schema && !isReference(schema) && codes.length === 0 ? variantsOf(document, schema) : [];
    return [
      {
        status,
        description: response.description,
        mediaTypes: content.map(([type]) => type),
        type: schema ? typeLabel(schema) : null,
        variants: inPlace.filter((variant) => variant.fields.length > 0),
        headers: Object.keys(response.headers ?? {}),
        codes,
      },
    ];
  });
}

function codesOf(schema: Schema | undefined): string[] {
  if (!schema || isReference(schema)) return [];
  return (schema.enum ?? []).filter((value): value is string => typeof value === "string");
}

function parametersOf(operation: oas31.OperationObject): ReferenceOperation["parameters"] {
  return (operation.parameters ?? []).flatMap((parameter) =>
    isReference(parameter)
      ? []
      : [
          {
            name: parameter.name,
            in: parameter.in,
            type: parameter.schema ? typeLabel(parameter.schema) : "string",
            required: parameter.required ?? false,
            description: parameter.description ?? (parameter.schema ? describe(parameter.schema) : null),
          },
        ],
  );
}

function bodyOf(document: oas31.OpenAPIObject, operation: oas31.OperationObject): ReferenceBody | null {
  const body = operation.requestBody;
  if (!body || isReference(body)) return null;
  const [mediaType, media] = Object.entries(body.content)[0] ?? [];
  if (!mediaType || !media) return null;
  return {
    mediaType,
    required: body.required ?? false,
    variants: media.schema ? variantsOf(document, media.schema) : [],
  };
}

/** The page's content, in the document's order of tags and paths. */
export function referenceOf(document: oas31.OpenAPIObject): Reference {
  const operations: (ReferenceOperation & { tag: string })[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation: oas31.OperationObject | undefined = item[method];
      if (!operation) continue;
      operations.push({
        tag: operation.tags?.[0] ?? "other",
        id: operation.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? "",
        description: operation.description ?? null,
        access: accessOf(document, operation),
        parameters: parametersOf(operation),
        body: bodyOf(document, operation),
        answers: answersOf(document, operation.responses ?? {}),
      });
    }
  }
  const sections = (document.tags ?? []).map((tag) => ({
    tag: tag.name,
    description: tag.description ?? "",
    operations: operations.filter((operation) => operation.tag === tag.name),
  }));
  const schemas = Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => ({
    name,
    description: describe(schema),
    variants: variantsOf(document, schema),
  }));
  return { title: document.info.title, version: document.info.version, sections, schemas };
}
