import "server-only";
import { z } from "zod";
import { successSchema } from "@/lib/api-docs/responses";
import { categorySchema } from "@/lib/categories/schemas";
import { defineEndpoint, idParam } from "@/lib/http/contract";

// The categories endpoints: a user's own categories, beside the ten built-in ones.

export const categoryAnswer = z.object({ id: z.string(), name: z.string() }).meta({ id: "Category" });

export const listCategoriesEndpoint = defineEndpoint({
  method: "get",
  path: "/api/categories",
  tag: "categories",
  summary: "List the caller's own categories",
  description: "The ten built-in categories are fixed and not listed.",
  access: { token: "categories:read" },
  success: { status: 200, description: "Oldest first.", schema: z.array(categoryAnswer) },
});

export const createCategoryEndpoint = defineEndpoint({
  method: "post",
  path: "/api/categories",
  tag: "categories",
  summary: "Create a category",
  description: "Names are compared ignoring case, built-in names included.",
  access: { token: "categories:write" },
  body: { schema: categorySchema, required: true },
  success: { status: 201, description: "Created.", schema: categoryAnswer },
  errors: { 409: ["already_exists"], 429: ["rate_limited"] },
});

export const deleteCategoryEndpoint = defineEndpoint({
  method: "delete",
  path: "/api/categories/{id}",
  tag: "categories",
  summary: "Delete a category",
  description: "Links keep the name among their categories.",
  access: { token: "categories:write" },
  params: idParam("category"),
  success: { status: 200, description: "Deleted.", schema: successSchema },
  errors: { 404: ["not_found"] },
});

export const CATEGORY_ENDPOINTS = [listCategoriesEndpoint, createCategoryEndpoint, deleteCategoryEndpoint];
