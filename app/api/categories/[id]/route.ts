import { tokenApiRoute } from "@/lib/http/api-route";
import { deleteCategory } from "@/lib/categories/service";

export const DELETE = tokenApiRoute("categories:write", async ({ user, params }) => {
  await deleteCategory(user, params.id ?? "");
  return { success: true };
});
