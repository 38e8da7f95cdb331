import { tokenApiRoute } from "@/lib/http/api-route";
import { toLinkResponse } from "@/lib/links/response";
import { deleteLink, updateLink } from "@/lib/links/service";
import { linkUpdateSchema } from "@/lib/validations/link-update";

export const PATCH = tokenApiRoute("links:write", linkUpdateSchema, async ({ user, params, body }) => {
  return toLinkResponse(await updateLink(user, params.id ?? "", body));
});

export const DELETE = tokenApiRoute("links:write", async ({ user, params }) => {
  await deleteLink(user, params.id ?? "");
  return { success: true };
});
