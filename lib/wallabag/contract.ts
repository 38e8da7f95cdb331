import "server-only";
import { z } from "zod";
import { defineEndpoint, operationOf } from "@/lib/http/contract";
import {
  annotationChangeSchema,
  annotationDeleteSchema,
  deleteEntryQuerySchema,
  entriesQuerySchema,
  entryChangeSchema,
  entryTagsSchema,
  newAnnotationSchema,
  newEntrySchema,
  tagLabelQuerySchema,
  tagLabelsQuerySchema,
} from "@/lib/wallabag/schemas";

// wallabag's API v2, at the paths its apps call (with or without `.json`: next.config.mjs rewrites
// the one to the other). An app's access token or a personal token, never the session. Every
// success is 200 with a JSON object (KOReader takes nothing else); errors are `{code, message}`,
// whose status the apps read (a 401 makes them sign in again). wallabag's protocol, not this API's:
// its operations are served and tested like the others but left out of the OpenAPI document.

const entry = z.looseObject({ id: z.number().int() });
const entryParams = z.object({
  id: z
    .string()
    .meta({ description: "The entry's number." })
    // Not a number: no entry has it (404), as wallabag answers.
    .transform((value) => (/^\d{1,9}$/.test(value) ? Number.parseInt(value, 10) : 0)),
});
const ok = (description: string, schema: z.ZodType = entry) => ({ status: 200 as const, description, schema });

export const listEntriesEndpoint = defineEndpoint({
  method: "get",
  path: "/api/entries",
  tag: "links",
  summary: "List entries (wallabag)",
  access: { app: "links:read" },
  query: entriesQuerySchema,
  success: ok("A page of entries, as wallabag pages them.", z.looseObject({ _embedded: z.looseObject({}) })),
  errors: { 400: ["validation_failed"], 404: ["not_found"] },
});

export const createEntryEndpoint = defineEndpoint({
  method: "post",
  path: "/api/entries",
  tag: "links",
  summary: "Save an entry (wallabag)",
  access: { app: "links:save" },
  body: { schema: newEntrySchema, required: true, form: true },
  success: ok("The entry (an address saved before: that entry)."),
  errors: { 402: ["plan_limit"], 404: ["not_found"], 409: ["conflict"], 429: ["rate_limited"] },
});

export const entryExistsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/entries/exists",
  tag: "links",
  summary: "Whether addresses are saved (wallabag)",
  access: { app: "links:lookup" },
  ownQuery: z.object({
    url: z.string().optional(),
    hashed_url: z.string().optional(),
    "urls[]": z.string().optional(),
    "hashed_urls[]": z.string().optional(),
    return_id: z.string().optional(),
  }),
  success: ok("`{exists}` for one, a map for several.", z.looseObject({})),
  errors: { 400: ["validation_failed"] },
});

export const getEntryEndpoint = defineEndpoint({
  method: "get",
  path: "/api/entries/{id}",
  tag: "links",
  summary: "One entry (wallabag)",
  access: { app: "links:read" },
  params: entryParams,
  success: ok("The entry."),
  errors: { 404: ["not_found"] },
});

export const changeEntryEndpoint = defineEndpoint({
  method: "patch",
  path: "/api/entries/{id}",
  tag: "links",
  summary: "Change an entry (wallabag)",
  access: { app: "links:write" },
  params: entryParams,
  body: { schema: entryChangeSchema, form: true },
  success: ok("The entry."),
  errors: { 404: ["not_found"] },
});

export const deleteEntryEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/entries/{id}",
  tag: "links",
  summary: "Delete an entry (wallabag)",
  access: { app: "links:write" },
  params: entryParams,
  query: deleteEntryQuerySchema,
  success: ok("The entry as it was, or `{id}` with `expect=id`.", z.looseObject({ id: z.number().int() })),
  errors: { 400: ["validation_failed"], 404: ["not_found"] },
});

export const exportEntryEndpoint = defineEndpoint({
  method: "get",
  path: "/api/entries/{id}/{file}",
  tag: "links",
  summary: "An entry as a file (wallabag): export.epub, export.html, export.txt, or Markdown (md)",
  access: { app: "links:read" },
  params: z.object({ id: entryParams.shape.id, file: z.string() }),
  success: {
    status: 200,
    description: "The file.",
    content: {
      "application/epub+zip": z.string(),
      "text/html": z.string(),
      "text/plain": z.string(),
      "text/markdown": z.string(),
    },
  },
  errors: { 404: ["not_found"], 429: ["rate_limited"], 503: ["unavailable"] },
});

export const reloadEntryEndpoint = defineEndpoint({
  method: "patch",
  path: "/api/entries/{id}/reload",
  tag: "links",
  summary: "Fetch an entry's page again (wallabag)",
  access: { app: "links:write" },
  params: entryParams,
  success: ok("The entry; its article is replaced once the page has been read again."),
  errors: { 404: ["not_found"], 429: ["rate_limited"] },
});

export const entryTagsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/entries/{id}/tags",
  tag: "links",
  summary: "An entry's tags (wallabag)",
  access: { app: "links:read" },
  params: entryParams,
  success: ok("Its tags.", z.array(z.looseObject({}))),
  errors: { 404: ["not_found"] },
});

export const addEntryTagsEndpoint = defineEndpoint({
  method: "post",
  path: "/api/entries/{id}/tags",
  tag: "links",
  summary: "Tag an entry (wallabag)",
  access: { app: "links:write" },
  params: entryParams,
  body: { schema: entryTagsSchema, required: true, form: true },
  success: ok("The entry."),
  errors: { 404: ["not_found"] },
});

export const removeEntryTagEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/entries/{id}/tags/{tag}",
  tag: "links",
  summary: "Untag an entry (wallabag)",
  access: { app: "links:write" },
  params: z.object({ id: entryParams.shape.id, tag: z.string().meta({ description: "The tag's id or name." }) }),
  success: ok("The entry."),
  errors: { 404: ["not_found"] },
});

export const listTagsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/tags",
  tag: "links",
  summary: "Every tag (wallabag)",
  access: { app: "categories:read" },
  success: ok("The tags.", z.array(z.looseObject({}))),
});

const tag = z.looseObject({ id: z.number().int(), label: z.string() });

export const deleteTagEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/tags/{tag}",
  tag: "links",
  summary: "Delete a tag from every entry (wallabag)",
  access: { app: "links:write" },
  params: z.object({ tag: z.string().meta({ description: "The tag's id (or its name)." }) }),
  success: ok("The tag deleted.", tag),
  errors: { 404: ["not_found"] },
});

export const deleteTagByLabelEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/tag/label",
  tag: "links",
  summary: "Delete a tag by its name from every entry (wallabag)",
  access: { app: "links:write" },
  query: tagLabelQuerySchema,
  success: ok("The tag deleted.", tag),
  errors: { 400: ["validation_failed"], 404: ["not_found"] },
});

export const deleteTagsByLabelEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/tags/label",
  tag: "links",
  summary: "Delete tags by their names from every entry (wallabag)",
  access: { app: "links:write" },
  query: tagLabelsQuerySchema,
  success: ok("The tags deleted.", z.array(tag)),
  errors: { 400: ["validation_failed"], 404: ["not_found"] },
});

// Annotations: an entry's number to list and add them, an annotation's number to change and delete one.
const annotation = z.looseObject({ id: z.number().int(), annotator_schema_version: z.string() });
const annotationParams = z.object({
  id: z
    .string()
    .meta({ description: "The entry's number (GET, POST) or the annotation's (PUT, DELETE)." })
    .transform((value) => (/^\d{1,9}$/.test(value) ? Number.parseInt(value, 10) : 0)),
});

export const listAnnotationsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/annotations/{id}",
  tag: "links",
  summary: "An entry's annotations (wallabag)",
  access: { app: "links:read" },
  params: annotationParams,
  success: ok("`{total, rows}`: its highlights as annotations.", z.looseObject({ rows: z.array(annotation) })),
  errors: { 404: ["not_found"] },
});

export const createAnnotationEndpoint = defineEndpoint({
  method: "post",
  path: "/api/annotations/{id}",
  tag: "links",
  summary: "Annotate an entry (wallabag): a highlight",
  access: { app: "links:write" },
  params: annotationParams,
  body: { schema: newAnnotationSchema, required: true },
  success: ok("The annotation.", annotation),
  errors: { 404: ["not_found"], 409: ["conflict"] },
});

export const changeAnnotationEndpoint = defineEndpoint({
  method: "put",
  path: "/api/annotations/{id}",
  tag: "links",
  summary: "Change an annotation's text (wallabag)",
  access: { app: "links:write" },
  params: annotationParams,
  body: { schema: annotationChangeSchema },
  success: ok("The annotation.", annotation),
  errors: { 404: ["not_found"] },
});

export const deleteAnnotationEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/annotations/{id}",
  tag: "links",
  summary: "Delete an annotation (wallabag)",
  access: { app: "links:write" },
  params: annotationParams,
  body: { schema: annotationDeleteSchema },
  success: ok("The annotation as it was.", annotation),
  errors: { 404: ["not_found"] },
});

export const versionEndpoint = defineEndpoint({
  method: "get",
  path: "/api/version",
  tag: "links",
  summary: "The wallabag version this server answers as",
  access: "public",
  success: ok("A version string.", z.string()),
});

export const infoEndpoint = defineEndpoint({
  method: "get",
  path: "/api/info",
  tag: "links",
  summary: "What this server is (wallabag)",
  access: "public",
  success: ok("Its name and version.", z.looseObject({})),
});

export const appUserEndpoint = defineEndpoint({
  method: "get",
  path: "/api/user",
  tag: "account",
  summary: "The signed-in account (wallabag)",
  access: { app: "links:read" },
  success: ok("The account.", z.looseObject({})),
});

export const WALLABAG_ENDPOINTS = [
  listEntriesEndpoint,
  createEntryEndpoint,
  entryExistsEndpoint,
  getEntryEndpoint,
  changeEntryEndpoint,
  deleteEntryEndpoint,
  exportEntryEndpoint,
  reloadEntryEndpoint,
  entryTagsEndpoint,
  addEntryTagsEndpoint,
  removeEntryTagEndpoint,
  listTagsEndpoint,
  deleteTagEndpoint,
  deleteTagByLabelEndpoint,
  deleteTagsByLabelEndpoint,
  listAnnotationsEndpoint,
  createAnnotationEndpoint,
  changeAnnotationEndpoint,
  deleteAnnotationEndpoint,
  versionEndpoint,
  infoEndpoint,
  appUserEndpoint,
];

/** The operations served for wallabag's apps, outside the OpenAPI document. */
export const WALLABAG_OPERATIONS = WALLABAG_ENDPOINTS.map(operationOf);
