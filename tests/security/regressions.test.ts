import { describe, expect, it } from "vitest";
import type { RouteMethod } from "@/tests/security/route-inventory";

// The exact requests the fuzzer found answering 500, each now refused with a 4xx and a message
// (decision 0162). A NUL or a lone surrogate cannot reach PostgreSQL (its text has no NUL; a lone
// surrogate has no UTF-8 form), and a malformed cookie is no session.

const { getDb } = await import("@/lib/db/client");
const { SESSION_COOKIE } = await import("@/lib/auth/session");
const { signedInUser } = await import("@/tests/support/factories");
const { loadRouteInventory } = await import("@/tests/security/route-inventory");
const { callRoute, errorMessage, jsonRequest, rawRequest } = await import("@/tests/security/route-call");

const routes = new Map((await loadRouteInventory()).map((route) => [route.key, route]));

function route(key: string): RouteMethod {
  const found = routes.get(key);
  if (!found) throw new Error(`no route ${key}`);
  return found;
}

async function expectRefused(res: Response, status: number): Promise<void> {
  expect(res.status).toBe(status);
  expect(await errorMessage(res)).not.toBeNull();
}

describe("requests that used to answer 500", () => {
  it.each([
    ["a NUL", `${SESSION_COOKIE}=%00`],
    ["a malformed %-escape", `${SESSION_COOKIE}=%E0%A4%A`],
    ["a 4 kB token", `${SESSION_COOKIE}=${"a".repeat(4096)}`],
  ])("a session cookie with %s is no session (401), and logging out with it just redirects", async (_, cookie) => {
    await expectRefused(
      await callRoute(route("GET /api/auth/user"), rawRequest({ method: "GET", path: "/api/auth/user", cookie })),
      401,
    );
    await expectRefused(
      await callRoute(
        route("POST /api/links"),
        jsonRequest({ method: "POST", path: "/api/links", cookie, json: { url: "example.test" } }),
      ),
      401,
    );
    expect(
      (await callRoute(route("GET /api/logout"), rawRequest({ method: "GET", path: "/api/logout", cookie }))).status,
    ).toBe(303);
  });

  it("stores notes with a NUL or half an emoji as the text the database can hold", async () => {
    const { user, cookie } = await signedInUser();
    const res = await callRoute(
      route("POST /api/links"),
      jsonRequest({
        method: "POST",
        path: "/api/links",
        cookie,
        json: { url: "example.test", notes: "a\u0000b \ud83d" },
      }),
    );
    expect(res.status).toBe(201);
    expect((await getDb().link.findFirstOrThrow({ where: { userId: user.id } })).notes).toBe("ab \ufffd");
  });

  it("refuses a category name with half an emoji (400), as a category and on a link", async () => {
    const { cookie } = await signedInUser();
    await expectRefused(
      await callRoute(
        route("POST /api/categories"),
        jsonRequest({ method: "POST", path: "/api/categories", cookie, json: { name: "x\ud800" } }),
      ),
      400,
    );
    await expectRefused(
      await callRoute(
        route("POST /api/links"),
        jsonRequest({
          method: "POST",
          path: "/api/links",
          cookie,
          json: { url: "example.test", categories: ["x\ud800"] },
        }),
      ),
      400,
    );
  });

  it.each([
    ["DELETE /api/links/[id]", "/api/links/%00", { id: "\u0000" }],
    ["DELETE /api/categories/[id]", "/api/categories/a%00", { id: "a\u0000" }],
    ["DELETE /api/invitations/[idOrCode]", "/api/invitations/a%00", { idOrCode: "a\u0000" }],
  ])("%s with a NUL in the id is not found (404)", async (key, path, params) => {
    const { cookie } = await signedInUser();
    await expectRefused(await callRoute(route(key), rawRequest({ method: "DELETE", path, cookie }), params), 404);
  });

  it("refuses a history filter or cursor with a NUL (400)", async () => {
    const { cookie } = await signedInUser();
    const history = (query: string) =>
      callRoute(
        route("GET /api/links/history"),
        rawRequest({ method: "GET", path: `/api/links/history${query}`, cookie }),
      );
    await expectRefused(await history("?category=%00"), 400);
    await expectRefused(
      await history(`?cursor=${Buffer.from("2020-01-01T00:00:00.000Z|\u0000").toString("base64url")}`),
      400,
    );
  });

  it("does not fail on a next-auth POST whose callbackUrl is not a string", async () => {
    const { cookie } = await signedInUser();
    const res = await callRoute(
      route("POST /api/auth/[...nextauth]"),
      jsonRequest({ method: "POST", path: "/api/auth/signout", cookie, json: { callbackUrl: {} } }),
      { nextauth: ["signout"] },
    );
    // No CSRF token: next-auth's redirect back to its sign-out page, the session kept.
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("csrf=true");
  });
});
