import { createHighlight, listHighlights } from "@/lib/highlights/service";
import { toHighlightResponse } from "@/lib/highlights/response";
import { tokenApiRoute } from "@/lib/http/api-route";
import { highlightCreateSchema } from "@/lib/validations/highlight";

export const GET = tokenApiRoute("links:read", async ({ user, params }) => ({
  highlights: (await listHighlights(user, params.id ?? "")).map(toHighlightResponse),
}));

export const POST = tokenApiRoute("links:write", highlightCreateSchema, async ({ user, params, body }) =>
  Response.json(toHighlightResponse(await createHighlight(user, params.id ?? "", body)), { status: 201 }),
);
