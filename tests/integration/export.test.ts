import { describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/export/route";
import { POST as importRoute } from "@/app/api/import/route";
import { getDb } from "@/lib/db/client";
import { apiRequest, signedInUser } from "@/tests/support/factories";
import { importLines, uploadRequest } from "@/tests/support/import-requests";

const FORMATS = ["json", "csv", "html"] as const;

/**
 * An account with links as saving stores them, shaped to trip every format: quotes, commas, line
 * breaks, unicode, read state, a title equal to its address, category names holding "," and "|".
 */
async function stockedUser() {
  const owner = await signedInUser();
  await getDb().link.createMany({
    data: [
      {
        userId: owner.user.id,
        url: "https://example.test/a?x=1&y=2",
        title: 'Quotes "and", commas',
        notes: "Line one\nline <two> & more",
        category: "News",
        categories: ["News", "Ünïcödé"],
        createdAt: new Date("2024-03-04T05:06:07.000Z"),
      },
      {
        userId: owner.user.id,
        url: "https://sample.test/",
        categories: ["Uncategorized"],
        createdAt: new Date("2023-01-01T00:00:00.000Z"),
        readAt: new Date("2023-02-01T00:00:00.000Z"),
      },
      {
        userId: owner.user.id,
        url: "https://xn--r8jz45g.test/",
        title: "日本語",
        category: "Work",
        categories: ["Work", "Tutorial", "later & maybe"],
        createdAt: new Date("2022-06-30T23:59:59.000Z"),
      },
      {
        userId: owner.user.id,
        url: "https://example.test/titled-with-its-address",
        title: "https://example.test/titled-with-its-address",
        category: "Later, maybe",
        categories: ["Later, maybe", "a|b", "50%2C off"],
        createdAt: new Date("2024-05-06T07:08:09.000Z"),
        readAt: new Date("2024-05-07T08:09:10.123Z"),
      },
    ],
  });
  return owner;
}

function exportOf(cookie: string | undefined, format: string) {
  return exportRoute(apiRequest("GET", `/api/export?format=${format}`, { cookie }));
}

const comparable = (
  links: {
    url: string;
    title: string | null;
    notes: string | null;
    category: string;
    categories: string[];
    createdAt: Date;
    readAt: Date | null;
  }[],
  format: string,
) =>
  links
    .map((link) => ({
      url: link.url,
      title: link.title,
      notes: link.notes,
      category: link.category,
      categories: link.categories,
      // The bookmark format keeps whole seconds.
      createdAt: format === "html" ? Math.floor(link.createdAt.getTime() / 1000) : link.createdAt.getTime(),
      readAt:
        link.readAt && format === "html" ? Math.floor(link.readAt.getTime() / 1000) : (link.readAt?.getTime() ?? null),
    }))
    .sort((a, b) => a.url.localeCompare(b.url));

describe("GET /api/export", () => {
  it.each(FORMATS)("streams %s as a dated attachment holding the owner's links only", async (format) => {
    const owner = await stockedUser();
    const stranger = await stockedUser();
    await getDb().link.create({ data: { userId: stranger.user.id, url: "https://stranger.example/secret" } });
    const res = await exportOf(owner.cookie, format);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="linkstash-\\d{4}-\\d{2}-\\d{2}\\.${format}"$`),
    );
    const text = await res.text();
    expect(text).toContain("sample.test");
    expect(text).not.toContain("stranger.example");
  });

  it.each(FORMATS)(
    "round-trips %s: exported then imported into a fresh account gives the same links, titles, read state and categories",
    async (format) => {
      const owner = await stockedUser();
      const file = await (await exportOf(owner.cookie, format)).text();
      const fresh = await signedInUser();
      const res = await importRoute(uploadRequest(fresh.cookie, `linkstash.${format}`, file));
      expect(res.status).toBe(200);
      expect((await importLines(res)).at(-1)).toMatchObject({ done: true, imported: 4, skipped: 0, errors: 0 });
      const before = await getDb().link.findMany({ where: { userId: owner.user.id } });
      const after = await getDb().link.findMany({ where: { userId: fresh.user.id } });
      // An untitled link stays untitled and one titled with its address keeps that title, in every format.
      expect(comparable(after, format)).toEqual(comparable(before, format));
      expect(after.filter((link) => link.readAt !== null)).toHaveLength(2);
    },
  );

  it.each(FORMATS)(
    "round-trips %s keeping read, archived, reminder and favorite states exactly, and an untitled link untitled",
    async (format) => {
      const owner = await signedInUser();
      const states = [
        { path: "plain", readAt: null, archivedAt: null, remindOn: null, favoritedAt: null },
        {
          path: "read",
          readAt: new Date("2024-02-02T10:00:00.000Z"),
          archivedAt: null,
          remindOn: null,
          favoritedAt: null,
        },
        {
          path: "archived",
          readAt: null,
          archivedAt: new Date("2024-02-03T11:00:00.000Z"),
          remindOn: null,
          favoritedAt: null,
        },
        {
          path: "reminded",
          readAt: null,
          archivedAt: null,
          remindOn: new Date("2024-12-24T00:00:00.000Z"),
          favoritedAt: null,
        },
        {
          path: "favorite",
          readAt: null,
          archivedAt: null,
          remindOn: null,
          favoritedAt: new Date("2024-02-06T14:00:00.000Z"),
        },
        {
          path: "all-four",
          readAt: new Date("2024-02-04T12:00:00.000Z"),
          archivedAt: new Date("2024-02-05T13:00:00.000Z"),
          remindOn: new Date("2025-01-31T00:00:00.000Z"),
          favoritedAt: new Date("2024-02-07T15:00:00.000Z"),
        },
      ];
      await getDb().link.createMany({
        data: states.map((state, i) => ({
          userId: owner.user.id,
          url: `https://states.test/${state.path}`,
          title: i === 0 ? null : state.path,
          categories: ["Uncategorized"],
          createdAt: new Date("2024-01-01T00:00:00.000Z"),
          readAt: state.readAt,
          archivedAt: state.archivedAt,
          remindOn: state.remindOn,
          favoritedAt: state.favoritedAt,
        })),
      });
      const file = await (await exportOf(owner.cookie, format)).text();
      const fresh = await signedInUser();
      const res = await importRoute(uploadRequest(fresh.cookie, `linkstash.${format}`, file));
      expect((await importLines(res)).at(-1)).toMatchObject({ done: true, imported: 6, errors: 0 });
      const shape = (userId: string) =>
        getDb()
          .link.findMany({ where: { userId }, orderBy: { url: "asc" } })
          .then((links) =>
            links.map((link) => ({
              url: link.url,
              title: link.title,
              readAt: link.readAt?.toISOString() ?? null,
              archivedAt: link.archivedAt?.toISOString() ?? null,
              remindOn: link.remindOn?.toISOString().slice(0, 10) ?? null,
              favoritedAt: link.favoritedAt?.toISOString() ?? null,
            })),
          );
      const after = await shape(fresh.user.id);
      expect(after).toEqual(await shape(owner.user.id));
      expect(after.filter((link) => link.archivedAt !== null)).toHaveLength(2);
      expect(after.filter((link) => link.remindOn !== null)).toHaveLength(2);
      expect(after.filter((link) => link.favoritedAt !== null)).toHaveLength(2);
      expect(after.find((link) => link.url.endsWith("/plain"))?.title).toBeNull();
    },
  );

  it("round-trips highlights and their notes through LinkStash JSON; importing the file again adds none twice", async () => {
    const owner = await stockedUser();
    const db = getDb();
    const links = await db.link.findMany({ where: { userId: owner.user.id }, orderBy: { url: "asc" } });
    const [first, second] = links;
    if (!first || !second) throw new Error("no links");
    await db.highlight.create({
      data: {
        userId: owner.user.id,
        linkId: first.id,
        quote: "A passage\nacross two lines",
        prefix: "Before it: ",
        suffix: " and after.",
        start: 11,
        end: 36,
        note: "Worth rereading",
        color: "green",
        createdAt: new Date("2024-04-01T10:00:00.000Z"),
      },
    });
    await db.highlight.create({
      data: { userId: owner.user.id, linkId: second.id, quote: "Short", createdAt: new Date("2024-04-02T10:00:00Z") },
    });
    const file = await (await exportOf(owner.cookie, "json")).text();
    const fresh = await signedInUser();
    const res = await importRoute(uploadRequest(fresh.cookie, "linkstash.json", file));
    expect((await importLines(res)).at(-1)).toMatchObject({ done: true, imported: 4, errors: 0 });

    const highlightsOf = async (userId: string) =>
      (
        await db.highlight.findMany({
          where: { userId },
          include: { link: { select: { url: true } } },
          orderBy: { createdAt: "asc" },
        })
      ).map(({ quote, prefix, suffix, start, end, note, color, createdAt, link }) => ({
        url: link.url,
        quote,
        prefix,
        suffix,
        start,
        end,
        note,
        color,
        createdAt,
      }));
    const before = await highlightsOf(owner.user.id);
    expect(before).toHaveLength(2);
    expect(await highlightsOf(fresh.user.id)).toEqual(before);

    const again = await importRoute(uploadRequest(fresh.cookie, "linkstash.json", file));
    expect((await importLines(again)).at(-1)).toMatchObject({ done: true, imported: 0, skipped: 4 });
    expect(await db.highlight.count({ where: { userId: fresh.user.id } })).toBe(2);
  });

  it("exports the highlights alone as Markdown, the owner's only", async () => {
    const owner = await stockedUser();
    const stranger = await signedInUser();
    const db = getDb();
    const link = await db.link.findFirstOrThrow({ where: { userId: owner.user.id, url: "https://sample.test/" } });
    await db.highlight.create({
      data: { userId: owner.user.id, linkId: link.id, quote: "Kept words", note: "My note" },
    });
    const strangerLink = await db.link.create({ data: { userId: stranger.user.id, url: "https://sample.test/x" } });
    await db.highlight.create({ data: { userId: stranger.user.id, linkId: strangerLink.id, quote: "Secret words" } });

    const res = await exportOf(owner.cookie, "markdown");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="linkstash-\d{4}-\d{2}-\d{2}\.md"$/);
    const text = await res.text();
    expect(text).toContain("## [https://sample.test/](<https://sample.test/>)\n\n> Kept words\n\nNote: My note\n");
    expect(text).not.toContain("Secret words");
    // Links without highlights are left out.
    expect(text).not.toContain("example.test/a");
  });

  it("pages through more links than one page holds, newest first", async () => {
    const { user, cookie } = await signedInUser();
    const base = Date.parse("2020-01-01T00:00:00Z");
    await getDb().link.createMany({
      data: Array.from({ length: 2500 }, (_, i) => ({
        userId: user.id,
        url: `https://example.test/${i}`,
        createdAt: new Date(base + i * 1000),
      })),
    });
    const body = JSON.parse(await (await exportOf(cookie, "json")).text());
    expect(body.links).toHaveLength(2500);
    expect(body.links[0].url).toBe("https://example.test/2499");
    expect(new Set(body.links.map((link: { url: string }) => link.url)).size).toBe(2500);
  });

  it("answers 400 for an unknown format and 401 signed out", async () => {
    const { cookie } = await signedInUser();
    const unknown = await exportOf(cookie, "xml");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toMatch(/json, csv, html, markdown/);
    expect((await exportRoute(apiRequest("GET", "/api/export", { cookie }))).status).toBe(400);
    expect((await exportOf(undefined, "json")).status).toBe(401);
  });
});
