import { tokenApiRoute } from "@/lib/http/api-route";
import { toLinkResponse } from "@/lib/links/response";
import { deleteLink, setLinkRead } from "@/lib/links/service";
import { linkReadSchema } from "@/lib/validations/link-read";

export const PATCH = tokenApiRoute(linkReadSchema, async ({ user, params, body }) => {
  return toLinkResponse(await setLinkRead(user, params.id ?? "", body.read));
});

export const DELETE = tokenApiRoute(async ({ user, params }) => {
  await deleteLink(user, params.id ?? "");
  return { success: true };
});
