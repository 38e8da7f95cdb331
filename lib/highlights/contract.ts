import "server-only";
import { z } from "zod";
import { successSchema } from "@/lib/api-docs/responses";
import { MAX_HIGHLIGHTS_PER_LINK, MAX_HIGHLIGHTS_PER_USER } from "@/lib/highlights/rules";
import {
  highlightAnswer,
  highlightCreateSchema,
  highlightListAnswer,
  highlightUpdateSchema,
} from "@/lib/highlights/schemas";
import { defineEndpoint, idParam } from "@/lib/http/contract";

// The highlights of a link's article, under the link's path.

const highlightParams = z.object({
  id: z.string().meta({ description: "The link's id." }),
  hid: z.string().meta({ description: "The highlight's id." }),
});

export const listHighlightsEndpoint = defineEndpoint({
  method: "get",
  path: "/api/links/{id}/highlights",
  tag: "links",
  summary: "List a link's highlights",
  description: "Every highlight of the link with its note, whether or not it is still found in the article's text.",
  access: { token: "links:read" },
  params: idParam("link"),
  success: { status: 200, description: "The highlights.", schema: highlightListAnswer },
  errors: { 404: ["not_found"] },
});

export const createHighlightEndpoint = defineEndpoint({
  method: "post",
  path: "/api/links/{id}/highlights",
  tag: "links",
  summary: "Highlight a passage of a link's article",
  description: `The passage as a W3C Web Annotation TextQuoteSelector (\`quote\`, \`prefix\`, \`suffix\`) and, optionally, a TextPositionSelector (\`start\`, \`end\`), with a note and a colour. A link holds at most ${MAX_HIGHLIGHTS_PER_LINK} highlights, an account ${MAX_HIGHLIGHTS_PER_USER.toLocaleString("en-US")}.`,
  access: { token: "links:write" },
  params: idParam("link"),
  body: { schema: highlightCreateSchema, required: true },
  success: { status: 201, description: "Created.", schema: highlightAnswer },
  errors: { 404: ["not_found"], 409: ["conflict"] },
});

export const updateHighlightEndpoint = defineEndpoint({
  method: "patch",
  path: "/api/links/{id}/highlights/{hid}",
  tag: "links",
  summary: "Change a highlight's note or colour",
  access: { token: "links:write" },
  params: highlightParams,
  body: { schema: highlightUpdateSchema, required: true },
  success: { status: 200, description: "The highlight as it is now.", schema: highlightAnswer },
  errors: { 404: ["not_found"] },
});

export const deleteHighlightEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/links/{id}/highlights/{hid}",
  tag: "links",
  summary: "Delete a highlight",
  access: { token: "links:write" },
  params: highlightParams,
  success: { status: 200, description: "Deleted.", schema: successSchema },
  errors: { 404: ["not_found"] },
});

export const HIGHLIGHT_ENDPOINTS = [
  listHighlightsEndpoint,
  createHighlightEndpoint,
  updateHighlightEndpoint,
  deleteHighlightEndpoint,
];
