import { apiRoute } from "@/lib/api";
import { deleteCategory } from "@/lib/categories";

export const DELETE = apiRoute(async ({ user, params }) => {
  await deleteCategory(user, params.id ?? "");
  return { success: true };
});
