import { createHighlightEndpoint, listHighlightsEndpoint } from "@/lib/highlights/contract";
import { toHighlightResponse } from "@/lib/highlights/response";
import { createHighlight, listHighlights } from "@/lib/highlights/service";
import { endpointRoute } from "@/lib/http/api-route";

export const GET = endpointRoute(listHighlightsEndpoint, async ({ user, params }) => ({
  highlights: (await listHighlights(user, params.id)).map(toHighlightResponse),
}));

export const POST = endpointRoute(createHighlightEndpoint, async ({ user, params, body }) =>
  toHighlightResponse(await createHighlight(user, params.id, body)),
);
