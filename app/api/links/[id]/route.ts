import { apiRoute } from "@/lib/api";
import { deleteLink } from "@/lib/links";

export const DELETE = apiRoute(async ({ user, params }) => {
  await deleteLink(user, params.id ?? "");
  return { success: true };
});
