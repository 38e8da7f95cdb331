import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/export/route";
import { POST as importRoute } from "@/app/api/import/route";
import { getDb } from "@/lib/db/client";
import { MAX_OPML_FEEDS, MAX_SUBSCRIPTIONS_PER_USER } from "@/lib/subscriptions/limits";
import { apiRequest, signedInUser } from "@/tests/support/factories";
import { importLines, uploadRequest } from "@/tests/support/import-requests";

// Feed readers' OPML lists through Settings' import (subscriptions made, nothing fetched) and the
// feeds followed through GET /api/export?format=opml. The fixtures are real exports
// (tests/fixtures/opml/README.md); the counts below were read off the files themselves.

const OPML_FIXTURES = path.resolve(import.meta.dirname, "../fixtures/opml");
const opmlFixture = (name: string) => readFileSync(path.join(OPML_FIXTURES, name));

async function importOpml(cookie: string, name: string, body: Uint8Array | string = opmlFixture(name)) {
  const res = await importRoute(uploadRequest(cookie, path.basename(name), body));
  expect(res.status).toBe(200);
  const summary = (await importLines(res)).at(-1);
  if (!summary?.done) throw new Error(`no summary for ${name}`);
  return summary;
}

/** The user's subscriptions as url → category ("" for Uncategorized). */
async function subscriptionsOf(userId: string): Promise<Map<string, string>> {
  const rows = await getDb().subscription.findMany({ where: { userId }, include: { source: true } });
  return new Map(rows.map((row) => [row.source.url, row.category ?? ""]));
}

function categoryCounts(subscriptions: Map<string, string>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const category of subscriptions.values()) counts[category] = (counts[category] ?? 0) + 1;
  return counts;
}

/** The xmlUrl attributes of a file, counted by a plain search, not by the OPML reader. */
const xmlUrlCount = (name: string) =>
  opmlFixture(name)
    .toString("utf8")
    .match(/\bxmlUrl=/g)?.length ?? 0;

function exportOpml(cookie: string | undefined) {
  return exportRoute(apiRequest("GET", "/api/export?format=opml", { cookie }));
}

function opmlOf(outlines: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0"><head><title>t</title></head><body>\n${outlines}\n</body></opml>\n`;
}

describe("importing an OPML list of feeds", () => {
  it("subscribes to Flym's, AntennaPod's, RSS Guard's and NetNewsWire's feeds, each folder a category", async () => {
    const { user, cookie } = await signedInUser();

    const flym = await importOpml(cookie, "feeder/Flym_auto_backup.opml");
    expect(xmlUrlCount("feeder/Flym_auto_backup.opml")).toBe(11);
    expect(flym).toMatchObject({
      format: "OPML list of feeds",
      processed: 11,
      imported: 11,
      skipped: 0,
      errors: 0,
      error: null,
      feeds: { subscribed: 11, alreadySubscribed: 0, cut: 0, cutBecause: null },
    });
    let subscriptions = await subscriptionsOf(user.id);
    expect(categoryCounts(subscriptions)).toEqual({ "black humor": 2, comics: 7, Tech: 1, "Political humour": 1 });
    expect(subscriptions.get("http://www.smbc-comics.com/rss.php")).toBe("black humor");
    expect(subscriptions.get("http://www.questionablecontent.net/QCRSS.xml")).toBe("comics");
    expect(subscriptions.get("https://www.archlinux.org/feeds/news/")).toBe("Tech");

    const antennapod = await importOpml(cookie, "feeder/antennapod-feeds.opml");
    expect(xmlUrlCount("feeder/antennapod-feeds.opml")).toBe(8);
    expect(antennapod.feeds).toEqual({ subscribed: 8, alreadySubscribed: 0, cut: 0, cutBecause: null });
    subscriptions = await subscriptionsOf(user.id);
    // No folders: Uncategorized.
    expect(subscriptions.get("http://nightvale.libsyn.com/rss")).toBe("");
    expect(subscriptions.get("http://feeds.soundcloud.com/users/soundcloud:users:154104768/sounds.rss")).toBe("");

    const rssGuard = await importOpml(cookie, "feeder/rssguard_2.opml");
    expect(xmlUrlCount("feeder/rssguard_2.opml")).toBe(30);
    expect(rssGuard.feeds?.subscribed).toBe(30);
    subscriptions = await subscriptionsOf(user.id);
    expect(subscriptions.get("http://xkcd.com/rss.xml")).toBe("Actu Geek");
    expect(subscriptions.get("https://github.com/jendrikseipp/pogo/releases.atom")).toBe("Mainstream update");
    expect(subscriptions.get("http://www.les-trois-sagesses.org/rss-articles.xml")).toBe("Religion");
    // Its last feed sits outside every folder.
    const lyon = [...subscriptions].find(([url]) => url.startsWith("http://www.mairie6.lyon.fr/"));
    expect(lyon?.[1]).toBe("");

    const netNewsWire = await importOpml(cookie, "netnewswire/Subs.opml");
    // 207 outlines, one feed listed twice ("http://feed.katiefloyd.com" and ".../").
    expect(xmlUrlCount("netnewswire/Subs.opml")).toBe(207);
    expect(netNewsWire.feeds).toEqual({ subscribed: 206, alreadySubscribed: 0, cut: 0, cutBecause: null });
    subscriptions = await subscriptionsOf(user.id);
    expect(subscriptions.size).toBe(11 + 8 + 30 + 206);
    expect(subscriptions.get("http://iosunittesting.com/feed/")).toBe("Programming");
    expect(subscriptions.get("http://www.antipope.org/charlie/blog-static/atom.xml")).toBe("Writers");
    expect(subscriptions.get("http://jvns.ca/atom.xml")).toBe("");

    // Rows only: into the stash, unprimed, each feed new to LinkStash due for a check now.
    const rows = await getDb().subscription.findMany({ where: { userId: user.id }, include: { source: true } });
    expect(rows.every((row) => row.into === "stash" && row.primedAt === null)).toBe(true);
    expect(rows.every((row) => row.source.checkedAt === null && row.source.nextCheckAt <= new Date())).toBe(true);
    expect(rows.find((row) => row.source.url === "http://aliceisntdead.libsyn.com/rss")?.source).toMatchObject({
      title: "Alice Isn't Dead",
      siteUrl: "http://www.aliceisntdead.com/",
    });
    expect(await getDb().feedItem.count()).toBe(0);
  });

  it("subscribes to nothing new the second time, and two users share each feed address", async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    const name = "feeder/rssguard_2.opml";
    expect((await importOpml(first.cookie, name)).feeds?.subscribed).toBe(30);
    const again = await importOpml(first.cookie, name);
    expect(again).toMatchObject({
      imported: 0,
      skipped: 30,
      feeds: { subscribed: 0, alreadySubscribed: 30, cut: 0 },
    });
    expect(await getDb().subscription.count({ where: { userId: first.user.id } })).toBe(30);

    const urls = [...(await subscriptionsOf(first.user.id)).keys()];
    const later = new Date(Date.now() + 3_600_000);
    // A shared address keeps its own schedule: the second subscriber waits for its next check.
    await getDb().feedSource.update({ where: { url: "http://xkcd.com/rss.xml" }, data: { nextCheckAt: later } });
    expect((await importOpml(second.cookie, name)).feeds?.subscribed).toBe(30);
    expect(await getDb().feedSource.count({ where: { url: { in: urls } } })).toBe(30);
    const sourceIds = async (userId: string) =>
      (await getDb().subscription.findMany({ where: { userId }, orderBy: { sourceId: "asc" } })).map(
        (row) => row.sourceId,
      );
    expect(await sourceIds(second.user.id)).toEqual(await sourceIds(first.user.id));
    expect(
      (await getDb().feedSource.findUniqueOrThrow({ where: { url: "http://xkcd.com/rss.xml" } })).nextCheckAt,
    ).toEqual(later);
  });

  it("starts a subscription to a feed already read from its stored items, with no wait for the next check", async () => {
    const { user, cookie } = await signedInUser();
    const later = new Date(Date.now() + 3_600_000);
    const source = await getDb().feedSource.create({
      data: { url: "https://read.example/feed.xml", title: "Read", succeededAt: new Date(), nextCheckAt: later },
    });
    await getDb().feedItem.createMany({
      data: Array.from({ length: 7 }, (_, n) => ({
        sourceId: source.id,
        guid: `post-${n}`,
        url: `https://read.example/posts/${n}`,
        title: `Post ${n}`,
        publishedAt: new Date(Date.UTC(2026, 10, 1 + n)),
      })),
    });
    const summary = await importOpml(
      cookie,
      "read.opml",
      opmlOf(`<outline text="Reading"><outline text="Read" xmlUrl="https://read.example/feed.xml"/></outline>`),
    );
    expect(summary.feeds?.subscribed).toBe(1);
    const links = await getDb().link.findMany({ where: { userId: user.id }, orderBy: { url: "asc" } });
    // The newest five, in the folder's category; the feed keeps its own schedule.
    expect(links.map((link) => [link.url, link.category])).toEqual(
      [2, 3, 4, 5, 6].map((n) => [`https://read.example/posts/${n}`, "Reading"]),
    );
    expect((await getDb().feedSource.findUniqueOrThrow({ where: { id: source.id } })).nextCheckAt).toEqual(later);
  });

  it("files a folder by the category rules: a built-in spelling, Uncategorized and an impossible name as none", async () => {
    const { user, cookie } = await signedInUser();
    const long = "x".repeat(51);
    const summary = await importOpml(
      cookie,
      "folders.opml",
      opmlOf(`
        <outline text="news"><outline text="A" xmlUrl="https://a.example/feed"/></outline>
        <outline text="UNCATEGORIZED"><outline text="B" xmlUrl="https://b.example/feed"/></outline>
        <outline text="${long}"><outline text="C" xmlUrl="https://c.example/feed"/></outline>
        <outline text="  Cafe\u0301s  "><outline text="D" xmlUrl="https://d.example/feed"/></outline>
        <outline text="E" xmlUrl="https://user:secret@e.example/feed"/>`),
    );
    expect(summary).toMatchObject({ imported: 4, errors: 1, feeds: { subscribed: 4 } });
    expect(Object.fromEntries(await subscriptionsOf(user.id))).toEqual({
      "https://a.example/feed": "News",
      "https://b.example/feed": "",
      "https://c.example/feed": "",
      "https://d.example/feed": "Caf\u00e9s",
    });
  });

  it("reports the feeds past the file's limit and the account's as cut, and subscribes up to them", async () => {
    const { user, cookie } = await signedInUser();
    const extra = 3;
    const outlines = Array.from(
      { length: MAX_OPML_FEEDS + extra },
      (_, i) => `<outline text="Feed ${i}" xmlUrl="https://feeds.example/${i}.xml"/>`,
    ).join("\n");
    const summary = await importOpml(cookie, "many.opml", opmlOf(outlines));
    expect(summary).toMatchObject({
      processed: MAX_OPML_FEEDS + extra,
      imported: MAX_SUBSCRIPTIONS_PER_USER,
      feeds: {
        subscribed: MAX_SUBSCRIPTIONS_PER_USER,
        alreadySubscribed: 0,
        cut: MAX_OPML_FEEDS + extra - MAX_SUBSCRIPTIONS_PER_USER,
        cutBecause: "one file brings at most 1,000 feeds and an account follows at most 500 feeds",
      },
    });
    const subscriptions = await subscriptionsOf(user.id);
    expect(subscriptions.size).toBe(MAX_SUBSCRIPTIONS_PER_USER);
    // The file's order: its first feeds are the ones taken.
    expect(subscriptions.has("https://feeds.example/0.xml")).toBe(true);
    expect(subscriptions.has(`https://feeds.example/${MAX_SUBSCRIPTIONS_PER_USER}.xml`)).toBe(false);

    // A full account subscribes to nothing more, and says why.
    const more = await importOpml(
      cookie,
      "more.opml",
      opmlOf(`<outline text="New" xmlUrl="https://new.example/feed"/>`),
    );
    expect(more.feeds).toEqual({
      subscribed: 0,
      alreadySubscribed: 0,
      cut: 1,
      cutBecause: "an account follows at most 500 feeds",
    });
  });

  it("answers 400 with a plain message for a file that is not an OPML list or lists no feeds", async () => {
    const { user, cookie } = await signedInUser();
    const refused = async (name: string, body: string, message: RegExp) => {
      const res = await importRoute(uploadRequest(cookie, name, body));
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer.code).toBe("validation_failed");
      expect(answer.message).toMatch(message);
    };
    const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>x</title><item><link>https://x.example/1</link></item></channel></rss>`;
    await refused("feed.xml", rss, /not an OPML list of feeds/);
    await refused("broken.opml", "<<< this is not XML at all >>>", /not an OPML list of feeds/);
    await refused("empty.opml", opmlOf(`<outline text="Folder"></outline>`), /lists no feed addresses/);
    await refused("local.opml", opmlOf(`<outline text="x" xmlUrl="file:///etc/passwd"/>`), /lists no feed addresses/);
    await refused("notes.opml", "just some text", /not an export we can read/);
    expect(await getDb().subscription.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe("GET /api/export?format=opml", () => {
  it("downloads the caller's feeds as OPML 2.0 that imports back into the same addresses and categories", async () => {
    const owner = await signedInUser();
    await importOpml(owner.cookie, "netnewswire/Subs.opml");
    await importOpml(owner.cookie, "feeder/Flym_auto_backup.opml");
    const res = await exportOpml(owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/x-opml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="linkstash-feeds-\d{4}-\d{2}-\d{2}\.opml"$/,
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    const text = await res.text();
    expect(text).toContain(`<opml version="2.0">`);
    expect(text.match(/\bxmlUrl=/g)).toHaveLength(206 + 11);

    const copy = await signedInUser();
    const summary = await importOpml(copy.cookie, "linkstash-feeds.opml", text);
    expect(summary.feeds).toEqual({ subscribed: 217, alreadySubscribed: 0, cut: 0, cutBecause: null });
    expect(await subscriptionsOf(copy.user.id)).toEqual(await subscriptionsOf(owner.user.id));
  });

  it("holds only the caller's own feeds, and is 401 signed out", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    await importOpml(owner.cookie, "feeder/Flym_auto_backup.opml");
    await importOpml(other.cookie, "feeder/antennapod-feeds.opml");
    const text = await (await exportOpml(other.cookie)).text();
    expect(text.match(/\bxmlUrl=/g)).toHaveLength(8);
    expect(text).toContain("http://nightvale.libsyn.com/rss");
    expect(text).not.toContain("smbc-comics");

    const empty = await signedInUser();
    const none = await (await exportOpml(empty.cookie)).text();
    expect(none).toContain("<body>\n  </body>");

    expect((await exportOpml(undefined)).status).toBe(401);
  });
});
