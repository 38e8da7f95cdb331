import { tokenApiRoute } from "@/lib/api";
import { deleteLink, setLinkRead, toLinkResponse } from "@/lib/links";
import { linkReadSchema } from "@/lib/validations/link-read";

export const PATCH = tokenApiRoute(linkReadSchema, async ({ user, params, body }) => {
  return toLinkResponse(await setLinkRead(user, params.id ?? "", body.read));
});

export const DELETE = tokenApiRoute(async ({ user, params }) => {
  await deleteLink(user, params.id ?? "");
  return { success: true };
});
