import "server-only";
import { z } from "zod";
import { successSchema } from "@/lib/api-docs/responses";
import { defineEndpoint, idParam } from "@/lib/http/contract";
import {
  categoryNamesAnswer,
  historyQuerySchema,
  linkAnswer,
  linkListAnswer,
  linkLookupQuerySchema,
  linkSchema,
  linkUpdateSchema,
  savedLinkAnswer,
  todayQuerySchema,
} from "@/lib/links/schemas";

// Saving, listing, finding, changing and deleting links. A personal API token works on each, when it
// has the endpoint's scope.

const pageHeaders = z.object({
  Link: z
    .string()
    .optional()
    .meta({ description: 'The next page: `<…>; rel="next"` (the same query with a cursor); absent on the last page.' }),
  "X-Day-Totals": z
    .string()
    .optional()
    .meta({ description: "Each day on the page with its full count: `2026-11-22=120,2026-11-21=3`." }),
});

/** A page of links: its answer is built with its headers (lib/links/page-response.ts). */
const linkPage = (what: string) => ({
  status: 200 as const,
  description: `${what}, newest first, 50 at most (\`limit\` up to 50).`,
  schema: linkListAnswer,
  headers: pageHeaders,
});

export const saveLinkEndpoint = defineEndpoint({
  method: "post",
  path: "/api/links",
  tag: "links",
  summary: "Save a link",
  description:
    "The address is normalised (a missing scheme becomes https). Up to three categories; `categories` wins over `category`, and its first is the primary. The title and the article are fetched after the answer. The same address saved again on the same day in the caller's time zone is not saved twice: the answer is the link saved first (200, `alreadySaved: true`), given the new save's notes (added below its own) and categories (added, at most three). A repeated save never counts against the free plan's daily limit.",
  access: { token: "links:save" },
  body: { schema: linkSchema.meta({ id: "LinkInput" }), required: true },
  success: { status: 201, description: "Saved.", schema: savedLinkAnswer },
  answers: { 200: { description: "Already saved today: that link.", schema: savedLinkAnswer } },
  errors: { 402: ["plan_limit"], 429: ["rate_limited"] },
});

export const todayLinksEndpoint = defineEndpoint({
  method: "get",
  path: "/api/links/today",
  tag: "links",
  summary: "List today's links",
  description: "The caller's links saved today in their time zone.",
  access: { token: "links:read" },
  query: todayQuerySchema,
  success: linkPage("Today's links"),
  errors: { 400: ["validation_failed"] },
});

export const backTodayEndpoint = defineEndpoint({
  method: "get",
  path: "/api/links/back-today",
  tag: "links",
  summary: "List the links back today",
  description:
    "The caller's unread, unarchived links whose reminder day (`remindOn`) is today or earlier in their time zone, the earliest day first, 50 at most. A reminder is removed when a digest carrying the link is sent, or when the link is marked read, archived or its reminder removed.",
  access: { token: "links:read" },
  success: { status: 200, description: "The links back today.", schema: linkListAnswer },
});

export const historyEndpoint = defineEndpoint({
  method: "get",
  path: "/api/links/history",
  tag: "links",
  summary: "List or search all links",
  description:
    "Every link of the caller; `q` searches titles, addresses, notes, categories and article text (every word, as a prefix).",
  access: { token: "links:read" },
  query: historyQuerySchema,
  success: linkPage("Links"),
  errors: { 400: ["validation_failed"] },
});

export const lookupLinkEndpoint = defineEndpoint({
  method: "get",
  path: "/api/links/lookup",
  tag: "links",
  summary: "Find the caller's link to an address",
  description:
    "The address is normalised as a save normalises it; the newest of the caller's links to exactly that address, or `null`. The browser extension's badge asks it for the page in view.",
  access: { token: "links:lookup" },
  query: linkLookupQuerySchema,
  success: {
    status: 200,
    description: "The link, or null when the address is not in the stash.",
    schema: z.object({ link: linkAnswer.nullable() }),
  },
  errors: { 400: ["validation_failed"] },
});

export const linkCategoriesEndpoint = defineEndpoint({
  method: "get",
  path: "/api/links/categories",
  tag: "links",
  summary: "List the categories on the caller's links",
  access: { token: "links:read" },
  success: { status: 200, description: "Category names.", schema: categoryNamesAnswer },
});

export const updateLinkEndpoint = defineEndpoint({
  method: "patch",
  path: "/api/links/{id}",
  tag: "links",
  summary: "Mark a link read or unread, set or remove its reminder, archive it",
  description:
    "Any of `read`, `remindOn` and `archived`. Marking a read link read again keeps its first read time. A reminder is for an unread link in the stash: setting one marks the link unread and takes it out of the archive; marking it read or archiving it removes the reminder. `remindOn` must be a calendar day from today (in the caller's time zone) to 5 years ahead.",
  access: { token: "links:write" },
  params: idParam("link"),
  body: { schema: linkUpdateSchema, required: true },
  success: { status: 200, description: "The link as it is now.", schema: linkAnswer },
  errors: { 404: ["not_found"] },
});

export const deleteLinkEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/links/{id}",
  tag: "links",
  summary: "Delete a link",
  access: { token: "links:write" },
  params: idParam("link"),
  success: { status: 200, description: "Deleted.", schema: successSchema },
  errors: { 404: ["not_found"] },
});
