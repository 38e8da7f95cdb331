import { apiRoute } from "@/lib/api";
import { createCategory, listCategories, toCategoryResponse } from "@/lib/categories";
import { categorySchema } from "@/lib/validations/category";

export const GET = apiRoute(async ({ user }) => (await listCategories(user)).map(toCategoryResponse));

export const POST = apiRoute(categorySchema, async ({ user, body }) =>
  Response.json(toCategoryResponse(await createCategory(user, body.name)), { status: 201 }),
);
