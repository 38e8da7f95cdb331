import { describe, expect, it } from "vitest";
import { DELETE as deleteCategoryRoute } from "@/app/api/categories/[id]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/categories/route";
import { getDb } from "@/lib/db/client";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";

const create = (cookie: string, json: unknown) => createRoute(apiRequest("POST", "/api/categories", { cookie, json }));

describe("POST /api/categories", () => {
  it("creates a trimmed custom category and lists it", async () => {
    const { cookie } = await signedInUser();
    const res = await create(cookie, { name: "  Recipes  " });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toEqual({ id: expect.any(String), name: "Recipes" });
    const list = await (await listRoute(apiRequest("GET", "/api/categories", { cookie }))).json();
    expect(list).toEqual([created]);
  });

  it.each([[""], ["   "]])("refuses the blank name %j with the product's message", async (name) => {
    const { user, cookie } = await signedInUser();
    const res = await create(cookie, { name });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message: "Please enter a valid category name" });
    expect(await getDb().category.count({ where: { userId: user.id } })).toBe(0);
  });

  it.each([["news"], ["UNCATEGORIZED"], ["recipes"], ["RECIPES "]])(
    "answers 409 for %j, which matches a built-in or an own category ignoring case",
    async (name) => {
      const { user, cookie } = await signedInUser();
      await create(cookie, { name: "Recipes" });
      const res = await create(cookie, { name });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        code: "already_exists",
        message: "A category with this name already exists (case-insensitive match).",
      });
      expect(await getDb().category.count({ where: { userId: user.id } })).toBe(1);
    },
  );

  it("lets two users have the same name, and settles simultaneous duplicates to one", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    expect((await create(a.cookie, { name: "Reading" })).status).toBe(201);
    expect((await create(b.cookie, { name: "reading" })).status).toBe(201);
    const results = await Promise.all(Array.from({ length: 8 }, () => create(a.cookie, { name: "Podcasts" })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
  });

  it("answers 401 when signed out", async () => {
    expect((await create("", { name: "X" })).status).toBe(401);
    expect((await listRoute(apiRequest("GET", "/api/categories"))).status).toBe(401);
  });
});

describe("GET /api/categories", () => {
  it("lists only the user's own categories", async () => {
    const a = await signedInUser();
    const b = await signedInUser();
    await create(a.cookie, { name: "Mine" });
    await create(b.cookie, { name: "Theirs" });
    const list: { name: string }[] = await (
      await listRoute(apiRequest("GET", "/api/categories", { cookie: a.cookie }))
    ).json();
    expect(list.map((c) => c.name)).toEqual(["Mine"]);
  });
});

describe("DELETE /api/categories/{id}", () => {
  it("deletes the owner's category and keeps links' association", async () => {
    const { user, cookie } = await signedInUser();
    const { id } = await (await create(cookie, { name: "Temp" })).json();
    await getDb().link.create({
      data: { userId: user.id, url: "https://x.example", category: "Temp", categories: ["Temp"] },
    });
    const res = await deleteCategoryRoute(
      apiRequest("DELETE", `/api/categories/${id}`, { cookie }),
      routeParams({ id }),
    );
    expect(res.status).toBe(200);
    expect(await getDb().category.count({ where: { id } })).toBe(0);
    expect((await getDb().link.findFirstOrThrow({ where: { userId: user.id } })).categories).toEqual(["Temp"]);
  });

  it("answers 404 for another user's category (untouched), a built-in name, and 401 signed out", async () => {
    const owner = await signedInUser();
    const intruder = await signedInUser();
    const { id } = await (await create(owner.cookie, { name: "Private" })).json();
    const res = await deleteCategoryRoute(
      apiRequest("DELETE", `/api/categories/${id}`, { cookie: intruder.cookie }),
      routeParams({ id }),
    );
    expect(res.status).toBe(404);
    expect(await getDb().category.count({ where: { id } })).toBe(1);
    const builtIn = await deleteCategoryRoute(
      apiRequest("DELETE", "/api/categories/News", { cookie: owner.cookie }),
      routeParams({ id: "News" }),
    );
    expect(builtIn.status).toBe(404);
    const out = await deleteCategoryRoute(apiRequest("DELETE", `/api/categories/${id}`), routeParams({ id }));
    expect(out.status).toBe(401);
  });
});
