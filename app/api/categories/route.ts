import { tokenApiRoute } from "@/lib/http/api-route";
import { createCategory, listCategories, toCategoryResponse } from "@/lib/categories/service";
import { clientIp } from "@/lib/http/rate-limit";
import { categorySchema } from "@/lib/validations/category";

export const GET = tokenApiRoute("categories:read", async ({ user }) =>
  (await listCategories(user)).map(toCategoryResponse),
);

export const POST = tokenApiRoute("categories:write", categorySchema, async ({ req, user, body }) =>
  Response.json(toCategoryResponse(await createCategory(user, body.name, clientIp(req))), { status: 201 }),
);
