import { createCategoryEndpoint, listCategoriesEndpoint } from "@/lib/categories/contract";
import { createCategory, listCategories, toCategoryResponse } from "@/lib/categories/service";
import { endpointRoute } from "@/lib/http/api-route";
import { clientIp } from "@/lib/http/client-ip";

export const GET = endpointRoute(listCategoriesEndpoint, async ({ user }) =>
  (await listCategories(user)).map(toCategoryResponse),
);

export const POST = endpointRoute(createCategoryEndpoint, async ({ req, user, body }) =>
  toCategoryResponse(await createCategory(user, body.name, clientIp(req))),
);
