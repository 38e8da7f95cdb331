import { deleteCategoryEndpoint } from "@/lib/categories/contract";
import { deleteCategory } from "@/lib/categories/service";
import { endpointRoute } from "@/lib/http/api-route";

export const DELETE = endpointRoute(deleteCategoryEndpoint, async ({ user, params }) => {
  await deleteCategory(user, params.id);
  return { success: true as const };
});
