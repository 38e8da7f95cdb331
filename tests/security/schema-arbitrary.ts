import fc from "fast-check";
import { z } from "zod";
import { field, plausible, shape } from "@/tests/security/fuzz-arbitraries";

// Values for an operation's zod schema (its params, query or body in lib/<domain>/contract.ts), read
// through its JSON Schema (z.toJSONSchema): what the schema accepts, each field as often hostile
// (fuzz-arbitraries.ts's `shape` and `field`), so a newly declared operation is fuzzed with the
// input its contract describes.

type JsonSchema = z.core.JSONSchema._JSONSchema;
type Defs = Record<string, JsonSchema>;

/** Stands for the sender's own address in an email field: replaced before sending, so a change of address to one's own can succeed. */
export const OWN_EMAIL = "__own__";

/** A short string the JSON Schema's length and pattern allow (a pattern fast-check cannot read is dropped). */
function stringOf(schema: z.core.JSONSchema.JSONSchema): fc.Arbitrary<string> {
  if (schema.format === "email") return fc.oneof(plausible.email, fc.constant(OWN_EMAIL));
  if (schema.format === "uri" || schema.format === "url") return plausible.url;
  if (schema.format === "date") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, minLength + 40));
  if (schema.pattern !== undefined) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((value) => value.length <= maxLength);
    } catch {
      // A pattern syntax fast-check does not generate from: plain strings of the right length.
    }
  }
  // A bare string field often takes an address, a link or a time zone: plausible ones reach further.
  const plain = fc.string({ minLength, maxLength });
  if (maxLength < 40) return plain;
  const kinds = fc.oneof(plausible.url, plausible.email, plausible.timezone, fc.constant(OWN_EMAIL));
  const fitting = kinds.filter((value) => value.length >= minLength && value.length <= maxLength);
  return fc.oneof(plain, fitting);
}

function numberOf(schema: z.core.JSONSchema.JSONSchema, integer: boolean): fc.Arbitrary<number> {
  const low = typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum + 1 : schema.minimum;
  const high = typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum - 1 : schema.maximum;
  const min = Math.max(low ?? -1000, Number.MIN_SAFE_INTEGER);
  const max = Math.min(high ?? 1000, Number.MAX_SAFE_INTEGER);
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}

/** A value the schema accepts, with hostile fields mixed into its objects. */
function valueOf(schema: JsonSchema, defs: Defs): fc.Arbitrary<unknown> {
  if (schema === true) return fc.jsonValue({ maxDepth: 2 });
  if (schema === false) return fc.constant(undefined);
  // A schema with a meta id is written once under $defs and referred to.
  const referred = schema.$ref?.startsWith("#/$defs/") ? defs[schema.$ref.slice("#/$defs/".length)] : undefined;
  if (referred !== undefined) return valueOf(referred, defs);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((alternative) => valueOf(alternative, defs)));
  if (schema.allOf?.[0]) return valueOf(schema.allOf[0], defs);
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length === 0) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...types.map((type) => valueOfType(schema, type, defs)));
}

function valueOfType(
  schema: z.core.JSONSchema.JSONSchema,
  type: z.core.JSONSchema.SchemaType,
  defs: Defs,
): fc.Arbitrary<unknown> {
  switch (type) {
    case "string":
      return stringOf(schema);
    case "integer":
    case "number":
      return numberOf(schema, type === "integer");
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = schema.items === undefined || Array.isArray(schema.items) ? true : schema.items;
      const minLength = schema.minItems ?? 0;
      return fc.array(valueOf(items, defs), {
        minLength,
        maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 5, 5)),
      });
    }
    case "object": {
      const properties = Object.entries(schema.properties ?? {});
      if (properties.length > 0)
        return shape(Object.fromEntries(properties.map(([key, property]) => [key, valueOf(property, defs)])));
      const values = schema.additionalProperties ?? true;
      return fc.dictionary(fc.string({ maxLength: 8 }), field(valueOf(values, defs)), { maxKeys: 5 });
    }
  }
}

/** What a request body of this schema may be: mostly what it accepts, its fields often hostile. */
export function schemaValue(schema: z.core.$ZodType): fc.Arbitrary<unknown> {
  // The request's side of a transform; a type JSON cannot say (a date, a custom check) is any value.
  const root = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return valueOf(root, root.$defs ?? {});
}

/** Each field of an object schema (a query's, a path's) as text its schema accepts; the caller mixes in hostile text. */
export function schemaFields(schema: z.ZodObject): Record<string, fc.Arbitrary<string>> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, property]) => [
      key,
      schemaValue(property).map((value) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""))),
    ]),
  );
}
