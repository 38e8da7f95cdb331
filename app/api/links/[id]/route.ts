import { tokenApiRoute } from "@/lib/api";
import { deleteLink } from "@/lib/links";

export const DELETE = tokenApiRoute(async ({ user, params }) => {
  await deleteLink(user, params.id ?? "");
  return { success: true };
});
