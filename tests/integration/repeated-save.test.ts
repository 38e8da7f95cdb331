import { describe, expect, it } from "vitest";
import { POST as saveLink } from "@/app/api/links/route";
import { getDb } from "@/lib/db/client";
import { saveLink as saveLinkAs } from "@/lib/links/service";
import { localDateKey } from "@/lib/time/local-day";
import { linkSchema } from "@/lib/links/schemas";
import { apiRequest, signedInUser } from "@/tests/support/factories";

type SaveAnswer = {
  success: boolean;
  alreadySaved: boolean;
  link: { id: string; notes: string | null; categories: string[] };
};

async function save(cookie: string, json: unknown): Promise<{ status: number; body: SaveAnswer }> {
  const res = await saveLink(apiRequest("POST", "/api/links", { cookie, json }));
  return { status: res.status, body: (await res.json()) as SaveAnswer };
}

describe("the same address saved twice on one local day", () => {
  it("is one link even when the first save was made before the day was recorded", async () => {
    // An address saved today and again: the second save meets the first through the unique index.
    const { user, cookie } = await signedInUser({ timezone: "America/Adak" });
    await save(cookie, { url: "example.test/recorded" });
    const stored = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored.savedOn).toEqual(new Date(`${localDateKey("America/Adak", new Date())}T00:00:00Z`));
  });

  it("answers the first link with 200 and alreadySaved, keeping one row", async () => {
    const { user, cookie } = await signedInUser();
    const first = await save(cookie, { url: "https://example.test/twice" });
    expect(first).toMatchObject({ status: 201, body: { success: true, alreadySaved: false } });
    // The same address as the form normalises it: no scheme means https.
    const again = await save(cookie, { url: "example.test/twice" });
    expect(again).toMatchObject({ status: 200, body: { success: true, alreadySaved: true } });
    expect(again.body.link.id).toBe(first.body.link.id);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
    expect(await getDb().pageWork.count({ where: { userId: user.id } })).toBeLessThanOrEqual(1);
  });

  it("gives the first link what the second save brings: notes below its own, categories up to three", async () => {
    const { user, cookie } = await signedInUser();
    await save(cookie, { url: "example.test/notes", notes: "first thought", categories: ["News"] });
    const again = await save(cookie, {
      url: "example.test/notes",
      notes: "second thought",
      categories: ["Tech", "news"],
    });
    expect(again.status).toBe(200);
    const stored = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({
      notes: "first thought\n\nsecond thought",
      category: "News",
      categories: ["News", "Tech"],
    });
    expect(again.body.link).toMatchObject({ notes: "first thought\n\nsecond thought", categories: ["News", "Tech"] });
  });

  it("makes a link read or marked not interested earlier that day unread again, so the digest carries it", async () => {
    const { user, cookie } = await signedInUser();
    const first = await save(cookie, { url: "example.test/read-then-again", notes: "first", categories: ["News"] });
    await getDb().link.update({
      where: { id: first.body.link.id },
      data: { readAt: new Date(), archivedAt: new Date() },
    });
    const again = await save(cookie, { url: "example.test/read-then-again", notes: "second" });
    expect(again).toMatchObject({ status: 200, body: { alreadySaved: true } });
    const stored = await getDb().link.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({ readAt: null, archivedAt: null, notes: "first\n\nsecond", categories: ["News"] });
  });

  it("stores one link for twenty simultaneous saves of one address", async () => {
    const { user, cookie } = await signedInUser();
    const answers = await Promise.all(Array.from({ length: 20 }, () => save(cookie, { url: "example.test/burst" })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    expect(new Set(answers.map((answer) => answer.body.link.id)).size).toBe(1);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(1);
  });

  it("saves the address again on a later local day, and other users' saves are their own", async () => {
    const { user, cookie } = await signedInUser({ timezone: "Pacific/Auckland" });
    const yesterday = new Date(Date.now() - 36 * 3_600_000);
    const saved = await saveLinkAs(user, linkSchema.parse({ url: "example.test/daily" }), null, yesterday);
    expect(saved.created).toBe(true);
    expect(saved.link.savedOn).toEqual(new Date(`${localDateKey(user.timezone, yesterday)}T00:00:00Z`));
    expect((await save(cookie, { url: "example.test/daily" })).status).toBe(201);
    const other = await signedInUser();
    expect((await save(other.cookie, { url: "example.test/daily" })).status).toBe(201);
    expect(await getDb().link.count({ where: { userId: user.id, url: "https://example.test/daily" } })).toBe(2);
  });
});
