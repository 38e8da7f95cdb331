import { deleteHighlightEndpoint, updateHighlightEndpoint } from "@/lib/highlights/contract";
import { toHighlightResponse } from "@/lib/highlights/response";
import { deleteHighlight, updateHighlight } from "@/lib/highlights/service";
import { endpointRoute } from "@/lib/http/api-route";

export const PATCH = endpointRoute(updateHighlightEndpoint, async ({ user, params, body }) =>
  toHighlightResponse(await updateHighlight(user, params.id, params.hid, body)),
);

export const DELETE = endpointRoute(deleteHighlightEndpoint, async ({ user, params }) => {
  await deleteHighlight(user, params.id, params.hid);
  return { success: true as const };
});
