import "@/lib/zod/setup";
import { z } from "zod";
import { MAX_TEXT_OFFSET } from "@/lib/highlights/rules";
import { MAX_TITLE_LENGTH, urlField } from "@/lib/links/schemas";

// wallabag's API v2 as its apps send it: query strings, JSON bodies and form fields alike (the
// Android app sends forms, KOReader and wallabagger JSON), so every value may come as a string.
// Fields the apps may send that LinkStash does not keep (public, language, authors, origin_url,
// preview_picture, published_at) are accepted and ignored, as an app expects.

const FLAG_MESSAGE = "Use 1 or 0.";

/** wallabag's flags: 1 or 0, as a number, a string or a boolean. */
const flag = z
  .union([z.literal([0, 1, "0", "1", "true", "false", ""]), z.boolean()], { error: FLAG_MESSAGE })
  .transform((value) => value === 1 || value === "1" || value === "true" || value === true);

/** A comma-separated list of tag names ("a, b"), or an array of them. */
const tagList = z
  .union([z.string().max(2000), z.array(z.string().max(200)).max(50)], {
    error: "tags is a comma-separated list of names.",
  })
  .transform((value) =>
    (Array.isArray(value) ? value : value.split(",")).map((name) => name.trim()).filter((name) => name !== ""),
  );

const title = z
  .string()
  .max(10_000)
  .overwrite((value) =>
    value.replaceAll("\u0000", "").replace(/\s+/g, " ").trim().slice(0, MAX_TITLE_LENGTH).toWellFormed(),
  );

const whole = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number.` })
    .int({ error: `${name} must be a whole number.` })
    .min(min, { error: `${name} must be at least ${min}.` });

/** The most entries a page holds: a larger perPage is answered with pages of this size. */
export const MAX_ENTRIES_PER_PAGE = 100;
export const DEFAULT_ENTRIES_PER_PAGE = 30;

// GET /api/entries: archive, starred, sort, order, page, perPage, tags, since, detail, domain_name.
export const entriesQuerySchema = z.object({
  archive: flag.optional(),
  starred: flag.optional(),
  sort: z
    .enum(["created", "updated", "archived"], { error: "sort is created, updated or archived." })
    .default("created"),
  order: z.enum(["asc", "desc"], { error: "order is asc or desc." }).default("desc"),
  page: whole("page", 1).max(1_000_000).default(1),
  perPage: whole("perPage", 1)
    .max(1_000_000)
    .default(DEFAULT_ENTRIES_PER_PAGE)
    .transform((value) => Math.min(value, MAX_ENTRIES_PER_PAGE)),
  tags: tagList.optional(),
  since: whole("since", 0).max(253_402_300_799).default(0),
  detail: z.enum(["full", "metadata"], { error: "detail is full or metadata." }).default("full"),
  domain_name: z.string().max(300).optional(),
});

export type EntriesQuery = z.output<typeof entriesQuerySchema>;

// POST /api/entries.
export const newEntrySchema = z.looseObject({
  url: urlField,
  title: title.optional(),
  tags: tagList.optional(),
  archive: flag.optional(),
  starred: flag.optional(),
});

export type NewEntry = z.output<typeof newEntrySchema>;

// PATCH /api/entries/{id}: a non-empty `tags` replaces the entry's tags; empty or absent keeps them.
export const entryChangeSchema = z.looseObject({
  title: title.optional(),
  tags: tagList.optional(),
  archive: flag.optional(),
  starred: flag.optional(),
});

export type EntryChange = z.output<typeof entryChangeSchema>;

// POST /api/entries/{id}/tags.
export const entryTagsSchema = z.looseObject({ tags: tagList });

// DELETE /api/entries/{id}: `expect=id` answers the id alone.
export const deleteEntryQuerySchema = z.object({
  expect: z.enum(["entry", "id"], { error: "expect is entry or id." }).default("entry"),
});

/** An entry's number in a path: digits, with or without wallabag's `.json`. */
export const entryIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}(\.json)?$/, { error: "Not found" })
    .transform((value) => Number.parseInt(value, 10)),
});

// Annotations (annotator.js's shape), as wallabag's apps send them: JSON, `ranges` a list of
// {start, startOffset, end, endOffset} (offsets as numbers or digits). The highlights' own schema
// then applies their bounds (lib/highlights/schemas.ts); these only read the shape.

const RANGE_MESSAGE = "ranges is a list of {start, startOffset, end, endOffset}.";
const rangePath = z
  .string({ error: RANGE_MESSAGE })
  .max(1000, { error: RANGE_MESSAGE })
  .nullish()
  .transform((value) => value ?? "");
const rangeOffset = z.coerce
  .number({ error: RANGE_MESSAGE })
  .int({ error: RANGE_MESSAGE })
  .min(0, { error: RANGE_MESSAGE })
  .max(MAX_TEXT_OFFSET, { error: RANGE_MESSAGE });
const annotationRange = z.looseObject(
  { start: rangePath, startOffset: rangeOffset, end: rangePath, endOffset: rangeOffset },
  { error: RANGE_MESSAGE },
);

/** What an annotation's text or quote may hold before the highlights' bounds are applied. */
const annotationText = (name: string) =>
  z
    .string({ error: `${name} must be text.` })
    .max(100_000, { error: `${name} is too long.` })
    .nullish()
    .transform((value) => value ?? "");

// POST /api/annotations/{entry}: text (the note), quote (the passage; may be empty), ranges.
export const newAnnotationSchema = z.looseObject({
  text: annotationText("text"),
  quote: annotationText("quote"),
  ranges: z.array(annotationRange, { error: RANGE_MESSAGE }).max(100, { error: RANGE_MESSAGE }).default([]),
});

export type NewAnnotation = z.output<typeof newAnnotationSchema>;

// PUT /api/annotations/{id}: the text (absent is empty, as wallabag's form reads it). The web
// annotator sends the whole annotation back; the rest is ignored.
export const annotationChangeSchema = z.looseObject({ text: annotationText("text") });

// DELETE /api/annotations/{id}: the web annotator sends the annotation along; nothing of it is read.
export const annotationDeleteSchema = z.looseObject({}).optional();

// DELETE /api/tag/label?tag=… and DELETE /api/tags/label?tags=a,b.
export const tagLabelQuerySchema = z.object({ tag: z.string().max(200).default("") });
export const tagLabelsQuerySchema = z.object({ tags: tagList.default([]) });
