import { tokenApiRoute } from "@/lib/api";
import { deleteCategory } from "@/lib/categories";

export const DELETE = tokenApiRoute(async ({ user, params }) => {
  await deleteCategory(user, params.id ?? "");
  return { success: true };
});
