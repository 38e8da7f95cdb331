import { deleteHighlight, updateHighlight } from "@/lib/highlights/service";
import { toHighlightResponse } from "@/lib/highlights/response";
import { tokenApiRoute } from "@/lib/http/api-route";
import { highlightUpdateSchema } from "@/lib/validations/highlight";

export const PATCH = tokenApiRoute("links:write", highlightUpdateSchema, async ({ user, params, body }) =>
  toHighlightResponse(await updateHighlight(user, params.id ?? "", params.hid ?? "", body)),
);

export const DELETE = tokenApiRoute("links:write", async ({ user, params }) => {
  await deleteHighlight(user, params.id ?? "", params.hid ?? "");
  return { success: true };
});
