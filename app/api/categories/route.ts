import { tokenApiRoute } from "@/lib/api";
import { createCategory, listCategories, toCategoryResponse } from "@/lib/categories";
import { clientIp } from "@/lib/rate-limit";
import { categorySchema } from "@/lib/validations/category";

export const GET = tokenApiRoute(async ({ user }) => (await listCategories(user)).map(toCategoryResponse));

export const POST = tokenApiRoute(categorySchema, async ({ req, user, body }) =>
  Response.json(toCategoryResponse(await createCategory(user, body.name, clientIp(req))), { status: 201 }),
);
