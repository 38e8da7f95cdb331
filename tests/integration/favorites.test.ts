import { describe, expect, it } from "vitest";
import { PATCH as patchLinkRoute } from "@/app/api/links/[id]/route";
import { GET as historyRoute } from "@/app/api/links/history/route";
import { getDb } from "@/lib/db/client";
import { selectBook } from "@/lib/epub/epub-export";
import { toLinkResponse } from "@/lib/links/response";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";

// Favorites (docs/product.md, "Favorites"): the star through PATCH /api/links/{id}, the link JSON's
// favoritedAt, History's filter and the book of the favorites.

const patch = (cookie: string | undefined, id: string, json: unknown) =>
  patchLinkRoute(apiRequest("PATCH", `/api/links/${id}`, { cookie, json }), routeParams({ id }));

const stored = (id: string) => getDb().link.findUniqueOrThrow({ where: { id } });

async function ownerWithLinks() {
  const owner = await signedInUser();
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes));
  const make = (path: string, minutes: number, data: { categories?: string[]; readAt?: Date } = {}) =>
    getDb().link.create({
      data: {
        userId: owner.user.id,
        url: `https://favorites.example/${path}`,
        title: path,
        categories: data.categories ?? ["Uncategorized"],
        category: data.categories?.[0] ?? "Uncategorized",
        createdAt: at(minutes),
        readAt: data.readAt ?? null,
      },
    });
  const links = {
    plain: await make("plain", 1),
    work: await make("work", 2, { categories: ["Work"] }),
    read: await make("read", 3, { readAt: at(30) }),
  };
  return { ...owner, links };
}

describe("PATCH /api/links/{id} with favorite", () => {
  it("adds the link to Favorites, keeps the first time when starred again, and removes it", async () => {
    const { cookie, links } = await ownerWithLinks();
    const res = await patch(cookie, links.plain.id, { favorite: true });
    expect(res.status).toBe(200);
    const answered = await res.json();
    const row = await stored(links.plain.id);
    expect(row.favoritedAt).toBeInstanceOf(Date);
    // The answer is the link's one JSON shape, with the time it became a favorite.
    expect(answered).toEqual(toLinkResponse(row));
    expect(answered.favoritedAt).toBe(row.favoritedAt?.toISOString());

    const again = await patch(cookie, links.plain.id, { favorite: true });
    expect((await again.json()).favoritedAt).toBe(row.favoritedAt?.toISOString());

    const removed = await patch(cookie, links.plain.id, { favorite: false });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ favoritedAt: null });
    expect((await stored(links.plain.id)).favoritedAt).toBeNull();
  });

  it("changes nothing else: read state, archive and reminder stay as they were", async () => {
    const { cookie, links } = await ownerWithLinks();
    const before = await stored(links.read.id);
    await patch(cookie, links.read.id, { favorite: true });
    const after = await stored(links.read.id);
    expect({ ...after, favoritedAt: null, updatedAt: null }).toEqual({ ...before, updatedAt: null });
  });

  it("refuses a favorite that is not true or false with a clear message, and changes nothing", async () => {
    const { cookie, links } = await ownerWithLinks();
    for (const favorite of ["yes", 1, null]) {
      const res = await patch(cookie, links.plain.id, { favorite });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "validation_failed", message: "favorite must be true or false" });
    }
    expect((await stored(links.plain.id)).favoritedAt).toBeNull();
  });

  it("answers 404 for another user's link and 401 signed out, changing nothing", async () => {
    const { links } = await ownerWithLinks();
    const intruder = await signedInUser();
    expect((await patch(intruder.cookie, links.plain.id, { favorite: true })).status).toBe(404);
    expect((await patch(undefined, links.plain.id, { favorite: true })).status).toBe(401);
    expect((await stored(links.plain.id)).favoritedAt).toBeNull();
  });
});

describe("GET /api/links/history?favorites=1", () => {
  it("lists the favorites alone, newest first, with the other filters too", async () => {
    const { cookie, links } = await ownerWithLinks();
    for (const link of [links.plain, links.work, links.read]) await patch(cookie, link.id, { favorite: true });
    await patch(cookie, links.plain.id, { favorite: false });
    const urls = async (query: string) => {
      const res = await historyRoute(apiRequest("GET", `/api/links/history?${query}`, { cookie }));
      expect(res.status).toBe(200);
      return ((await res.json()) as { url: string }[]).map((link) =>
        link.url.replace("https://favorites.example/", ""),
      );
    };
    expect(await urls("favorites=1")).toEqual(["read", "work"]);
    expect(await urls("favorites=0")).toEqual(["read", "work", "plain"]);
    expect(await urls("favorites=1&unread=1")).toEqual(["work"]);
    expect(await urls("favorites=1&category=work")).toEqual(["work"]);
    expect(await urls("favorites=1&q=read")).toEqual(["read"]);
  });

  it("refuses another value with 400, and shows no one else's favorites", async () => {
    const { cookie, links } = await ownerWithLinks();
    await patch(cookie, links.plain.id, { favorite: true });
    const bad = await historyRoute(apiRequest("GET", "/api/links/history?favorites=yes", { cookie }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: "validation_failed", message: "favorites must be 1 or 0" });
    const other = await signedInUser();
    const res = await historyRoute(apiRequest("GET", "/api/links/history?favorites=1", { cookie: other.cookie }));
    expect(await res.json()).toEqual([]);
  });
});

describe("the book of the favorites", () => {
  it("holds the favorites alone and says so on its title page", async () => {
    const { user, cookie, links } = await ownerWithLinks();
    await patch(cookie, links.work.id, { favorite: true });
    await patch(cookie, links.read.id, { favorite: true });
    const book = await selectBook(user, { q: null, unread: false, favorites: true }, new Date());
    expect(book.title).toBe("LinkStash: Favorites");
    const urls: string[] = [];
    for await (const link of book.links) urls.push(link.url);
    expect(urls).toEqual(["https://favorites.example/read", "https://favorites.example/work"]);
  });

  it("answers 404 when there is no favorite to put in it", async () => {
    const { user } = await ownerWithLinks();
    await expect(selectBook(user, { q: null, unread: false, favorites: true }, new Date())).rejects.toMatchObject({
      status: 404,
    });
  });
});
