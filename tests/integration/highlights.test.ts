import { describe, expect, it } from "vitest";
import { DELETE as deleteRoute, PATCH as patchRoute } from "@/app/api/links/[id]/highlights/[hid]/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/links/[id]/highlights/route";
import { createApiToken } from "@/lib/auth/api-tokens";
import { PERSONAL_TOKEN_SCOPES } from "@/lib/auth/token-scopes";
import { getDb } from "@/lib/db/client";
import { anchorHighlight, describeRange } from "@/lib/highlights/anchor";
import { MAX_HIGHLIGHTS_PER_LINK } from "@/lib/highlights/rules";
import { apiRequest, routeParams, signedInUser } from "@/tests/support/factories";

type Options = { cookie?: string; json?: unknown; headers?: Record<string, string>; origin?: string | null };

const create = (linkId: string, options: Options) =>
  createRoute(apiRequest("POST", `/api/links/${linkId}/highlights`, options), routeParams({ id: linkId }));
const list = (linkId: string, options: Options) =>
  listRoute(apiRequest("GET", `/api/links/${linkId}/highlights`, options), routeParams({ id: linkId }));
const patch = (linkId: string, hid: string, options: Options) =>
  patchRoute(apiRequest("PATCH", `/api/links/${linkId}/highlights/${hid}`, options), routeParams({ id: linkId, hid }));
const remove = (linkId: string, hid: string, options: Options) =>
  deleteRoute(
    apiRequest("DELETE", `/api/links/${linkId}/highlights/${hid}`, options),
    routeParams({ id: linkId, hid }),
  );

async function ownerWithLink() {
  const { user, cookie } = await signedInUser();
  const link = await getDb().link.create({ data: { userId: user.id, url: "https://example.test/article" } });
  return { user, cookie, link };
}

describe("the highlights of a link", () => {
  it("takes no creation time from the client: one sent, however odd, is ignored and the server's time kept", async () => {
    const { cookie, link } = await ownerWithLink();
    for (const createdAt of ["+200000-01-01T00:00:00Z", "-001000-01-01T00:00:00Z", "not a time"]) {
      const before = Date.now();
      const res = await create(link.id, { cookie, json: { quote: `passage ${createdAt}`, createdAt } });
      expect(res.status, createdAt).toBe(201);
      const stored = await getDb().highlight.findFirstOrThrow({
        where: { linkId: link.id, quote: `passage ${createdAt}` },
      });
      expect(stored.createdAt.getTime(), createdAt).toBeGreaterThanOrEqual(before);
      expect(stored.createdAt.getTime(), createdAt).toBeLessThanOrEqual(Date.now());
    }
  });

  it("creates (201 with an id), lists, changes and deletes a highlight", async () => {
    const { cookie, link } = await ownerWithLink();
    const res = await create(link.id, {
      cookie,
      json: { quote: "the tide came in", prefix: "At dusk ", suffix: " slowly", note: "  Lovely  ", color: "green" },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({
      id: expect.any(String),
      linkId: link.id,
      quote: "the tide came in",
      prefix: "At dusk ",
      suffix: " slowly",
      note: "Lovely",
      color: "green",
      start: null,
      end: null,
    });

    const second = await (await create(link.id, { cookie, json: { quote: "another", start: 3, end: 10 } })).json();
    expect(second).toMatchObject({ color: "yellow", note: null, prefix: "", suffix: "", start: 3, end: 10 });

    const listed = await (await list(link.id, { cookie })).json();
    expect(listed.highlights.map((h: { id: string }) => h.id)).toEqual([created.id, second.id]);

    const changed = await patch(link.id, created.id, { cookie, json: { note: "", color: "purple" } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      id: created.id,
      note: null,
      color: "purple",
      quote: "the tide came in",
    });

    expect((await remove(link.id, created.id, { cookie })).status).toBe(200);
    expect((await remove(link.id, created.id, { cookie })).status).toBe(404);
    expect(await getDb().highlight.count({ where: { linkId: link.id } })).toBe(1);
  });

  it("answers 404 for another user's link or highlight, and 401 signed out, changing nothing", async () => {
    const owner = await ownerWithLink();
    const stranger = await signedInUser();
    const highlight = await getDb().highlight.create({
      data: { userId: owner.user.id, linkId: owner.link.id, quote: "private words" },
    });
    const strangerLink = await getDb().link.create({
      data: { userId: stranger.user.id, url: "https://sample.test/own" },
    });

    for (const res of [
      await list(owner.link.id, { cookie: stranger.cookie }),
      await create(owner.link.id, { cookie: stranger.cookie, json: { quote: "x" } }),
      await patch(owner.link.id, highlight.id, { cookie: stranger.cookie, json: { note: "mine" } }),
      await remove(owner.link.id, highlight.id, { cookie: stranger.cookie }),
      // The stranger's own link with the owner's highlight: still not theirs.
      await patch(strangerLink.id, highlight.id, { cookie: stranger.cookie, json: { note: "mine" } }),
      await remove(strangerLink.id, highlight.id, { cookie: stranger.cookie }),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found" });
    }
    // The owner's highlight under another of the owner's links is not found either.
    const otherLink = await getDb().link.create({ data: { userId: owner.user.id, url: "https://example.test/b" } });
    expect((await remove(otherLink.id, highlight.id, { cookie: owner.cookie })).status).toBe(404);

    expect((await list(owner.link.id, {})).status).toBe(401);
    expect((await create(owner.link.id, { json: { quote: "x" } })).status).toBe(401);
    expect(await getDb().highlight.findUniqueOrThrow({ where: { id: highlight.id } })).toEqual(highlight);
  });

  it("works with a personal API token from any origin", async () => {
    const { user, link } = await ownerWithLink();
    const { secret } = await createApiToken(user, "Script", PERSONAL_TOKEN_SCOPES);
    const headers = { authorization: `Bearer ${secret}` };
    const res = await create(link.id, { headers, origin: "https://elsewhere.example", json: { quote: "by script" } });
    expect(res.status).toBe(201);
    expect((await (await list(link.id, { headers })).json()).highlights).toHaveLength(1);
  });

  it.each([
    [{}, "quote must be the highlighted text: 1 to 5000 characters"],
    [{ quote: "   " }, "quote must be the highlighted text: 1 to 5000 characters"],
    [{ quote: "x".repeat(5001) }, "quote must be the highlighted text: 1 to 5000 characters"],
    [{ quote: "a\u0000b" }, "quote must be the highlighted text: 1 to 5000 characters"],
    [{ quote: "ok", prefix: "p".repeat(201) }, "prefix and suffix must be text of at most 200 characters"],
    [{ quote: "ok", note: "n".repeat(2001) }, "note must be text of at most 2000 characters, or null"],
    [{ quote: "ok", color: "red" }, "color must be one of yellow, green, blue, pink, purple"],
    [{ quote: "ok", start: 4 }, "start and end must be offsets in the article's text, start before end"],
    [{ quote: "ok", start: 9, end: 4 }, "start and end must be offsets in the article's text, start before end"],
  ])("refuses %j with 400 {code, message}", async (json, message) => {
    const { cookie, link } = await ownerWithLink();
    const res = await create(link.id, { cookie, json });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message });
    expect(await getDb().highlight.count({ where: { linkId: link.id } })).toBe(0);
  });

  it("refuses a change that names nothing to change", async () => {
    const { user, cookie, link } = await ownerWithLink();
    const highlight = await getDb().highlight.create({ data: { userId: user.id, linkId: link.id, quote: "q" } });
    const res = await patch(link.id, highlight.id, { cookie, json: { quote: "rewritten" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: "validation_failed", message: "Send note (text or null) or color" });
  });

  it("keeps a link within its cap even when requests race for the last places", async () => {
    const { user, cookie, link } = await ownerWithLink();
    await getDb().highlight.createMany({
      data: Array.from({ length: MAX_HIGHLIGHTS_PER_LINK - 2 }, (_, i) => ({
        userId: user.id,
        linkId: link.id,
        quote: `q${i}`,
      })),
    });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => create(link.id, { cookie, json: { quote: "r" } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await getDb().highlight.count({ where: { linkId: link.id } })).toBe(MAX_HIGHLIGHTS_PER_LINK);
  });

  it("goes with its link when the link is deleted", async () => {
    const { cookie, link } = await ownerWithLink();
    await create(link.id, { cookie, json: { quote: "gone soon" } });
    await getDb().link.delete({ where: { id: link.id } });
    expect(await getDb().highlight.count({ where: { linkId: link.id } })).toBe(0);
  });

  it("anchors a stored highlight in the article after it is extracted again from a changed page", async () => {
    const { user, cookie, link } = await ownerWithLink();
    const before =
      "Ships left the harbour at dawn. The keeper counted every one of them twice. Nobody came back before noon.";
    await getDb().article.create({
      data: { linkId: link.id, userId: user.id, status: "ready", textContent: before },
    });
    const quote = "The keeper counted every one of them twice.";
    const at = before.indexOf(quote);
    await create(link.id, { cookie, json: describeRange(before, at, at + quote.length) });

    const after =
      "Editor's note: this story was updated with a correction. Ships left the harbour at dawn. " +
      "The keeper counted every one of them twice! Nobody came back before noon.";
    await getDb().article.update({ where: { linkId: link.id }, data: { textContent: after } });

    const [stored] = (await (await list(link.id, { cookie })).json()).highlights;
    const article = await getDb().article.findUniqueOrThrow({ where: { linkId: link.id } });
    const anchor = anchorHighlight(article.textContent ?? "", stored);
    expect(anchor?.method).toBe("fuzzy");
    expect(after.slice(anchor?.start ?? 0, anchor?.end ?? 0)).toBe("The keeper counted every one of them twice!");
  });
});
