import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  // Billing on: the free plan's daily limit applies to saves after the trial, and must not to imports.
  process.env.STRIPE_SECRET_KEY = "sk_test_import";
});

const { POST: importRoute } = await import("@/app/api/import/route");
const { POST: saveLink } = await import("@/app/api/links/route");
const { getDb } = await import("@/lib/db/client");
const { dispatchDigests } = await import("@/lib/digests/dispatch");
const { IMPORT_MAX_BYTES } = await import("@/lib/import/import-links");
const { localDayBounds } = await import("@/lib/time/local-day");
const { apiRequest, signedInUser } = await import("@/tests/support/factories");
const { fixture, importLines, uploadRequest } = await import("@/tests/support/import-requests");

const DAY = 86_400_000;

async function upload(cookie: string, name: string, body: Uint8Array | string = fixture(name)) {
  const res = await importRoute(uploadRequest(cookie, name, body));
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/ndjson/);
  const lines = await importLines(res);
  const summary = lines.at(-1);
  if (!summary?.done) throw new Error(`no summary: ${JSON.stringify(lines)}`);
  return { lines, summary };
}

const linksOf = (userId: string) => getDb().link.findMany({ where: { userId }, orderBy: { url: "asc" } });

describe("POST /api/import", () => {
  it("imports Pocket's ZIP: every part, times kept, tags as categories, archive as read, a bad row reported", async () => {
    const { user, cookie } = await signedInUser();
    const { lines, summary } = await upload(cookie, "pocket-export.zip");
    expect(summary).toMatchObject({
      format: "Pocket export (ZIP)",
      processed: 9,
      imported: 7,
      skipped: 1,
      errors: 1,
      error: null,
    });
    expect(summary.problems).toEqual([{ line: 7, reason: "Please enter a valid website address: not a url at all" }]);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const links = await linksOf(user.id);
    expect(links).toHaveLength(7);
    const ddia = links.find((link) => link.url === "https://dataintensive.test/chapter-5");
    expect(ddia).toMatchObject({
      title: "Designing Data-Intensive Applications, Chapter 5",
      category: "databases",
      categories: ["databases", "distributed systems"],
      createdAt: new Date(1609459200 * 1000),
      readAt: null,
    });
    expect(links.find((link) => link.title === "Café crème — a history ☕")?.readAt).toEqual(
      new Date(1612137600 * 1000),
    );
    expect(links.find((link) => link.url === "https://sample.test/quotes?a=1&b=2")).toMatchObject({
      title: 'He said "hello", then left',
      categories: ["Uncategorized"],
    });
    expect(links.find((link) => link.url === "https://demo.test/tags")).toMatchObject({
      categories: ["News", "Work", "reading"],
      notes: "Tags: later, python",
    });
    expect(links.find((link) => link.title === "日本語のタイトル")).toMatchObject({
      url: "https://xn--r8jz45g.test/%E8%A8%98%E4%BA%8B",
      categories: ["日本語"],
    });
    const multiline = links.find((link) => link.url === "https://example.test/multiline");
    expect(multiline?.title).toBe("Multi-line title");
    // No time in the file: the latest an import may carry, before the user's today.
    expect(multiline?.createdAt.getTime()).toBeLessThan(localDayBounds(user.timezone, new Date()).start.getTime());
  });

  it("imports Pocket's CSV part, Instapaper's CSV and bookmark HTML", async () => {
    const { user, cookie } = await signedInUser();
    expect((await upload(cookie, "pocket/part_000001.csv")).summary).toMatchObject({
      format: "Pocket CSV",
      imported: 2,
      errors: 0,
    });

    const instapaper = await upload(cookie, "instapaper-export.csv");
    expect(instapaper.summary).toMatchObject({ format: "Instapaper CSV", processed: 6, imported: 5, errors: 1 });
    expect(instapaper.summary.problems?.[0]?.line).toBe(6);
    const html = await upload(cookie, "bookmarks.html");
    expect(html.summary).toMatchObject({ format: "bookmark HTML", processed: 5, imported: 4, errors: 1 });
    expect((await upload(cookie, "ril_export.html")).summary).toMatchObject({ imported: 3 });

    const links = await linksOf(user.id);
    expect(links).toHaveLength(14);
    expect(links.find((link) => link.url === "https://blog.example.test/post?id=7")).toMatchObject({
      title: "Ünïcödé — Blog post",
      notes: "A highlighted passage, with a comma",
      categories: ["reading", "ideas"],
      createdAt: new Date(1580515200 * 1000),
      readAt: new Date(1580515200 * 1000),
    });
    expect(links.find((link) => link.url === "https://example.test/folder-link")?.categories).toEqual(["Research"]);
    // Instapaper's Starred folder is Favorites; it keeps no time of starring, so the save time stands in.
    expect(links.find((link) => link.url === "https://example.test/emoji")).toMatchObject({
      favoritedAt: new Date(1588291200 * 1000),
      readAt: null,
    });
    expect(links.filter((link) => link.favoritedAt !== null).map((link) => link.url)).toEqual([
      "https://example.test/emoji",
    ]);
    expect(links.find((link) => link.url.startsWith("https://example.test/recipes/"))).toMatchObject({
      url: "https://example.test/recipes/cr%C3%A8me-br%C3%BBl%C3%A9e",
      categories: ["dessert", "french", "Recipes"],
      notes: "Grandma's version, with <less> sugar",
      createdAt: new Date(1600000300 * 1000),
    });
  });

  it("keeps what real exports hold: read state, titles equal to their address, a literal <, and reports a bare name as a URL", async () => {
    const { user, cookie } = await signedInUser();
    const pocketHtml = await upload(cookie, "pocket-ril-export-fidelity.html");
    expect(pocketHtml.summary).toMatchObject({ format: "bookmark HTML", imported: 4, errors: 0 });
    const linkding = await upload(cookie, "linkding-bookmarks.html");
    expect(linkding.summary).toMatchObject({ imported: 3, errors: 0 });
    const pocketCsv = await upload(cookie, "pocket-fidelity.csv");
    expect(pocketCsv.summary).toMatchObject({ format: "Pocket CSV", processed: 4, imported: 2, skipped: 1, errors: 1 });
    // The Foswiki page is in the HTML file too: a repeat, skipped; the bare name is reported, nothing else lost.
    expect(pocketCsv.summary.problems).toEqual([{ line: 4, reason: "Please enter a valid website address: Node.js" }]);
    const instapaper = await upload(cookie, "instapaper-fidelity.csv");
    expect(instapaper.summary).toMatchObject({ format: "Instapaper CSV", imported: 2, errors: 1 });
    expect(instapaper.summary.problems).toEqual([{ line: 4, reason: "Please enter a valid website address: Node.js" }]);

    const links = await linksOf(user.id);
    expect(links).toHaveLength(11);
    expect(links.some((link) => link.url.includes("node.js"))).toBe(false);
    const byUrl = new Map(links.map((link) => [link.url, link]));
    expect(byUrl.get("https://wiki.example/Main/WebHome")?.title).toBe("WebHome < ProjetSEG < Foswiki");
    expect(byUrl.get("https://example.test/hearts")?.title).toBe("I <3 bookmarks");
    for (const url of [
      "https://example.test/untitled-in-pocket",
      "https://example.test/titled-with-its-address",
      "https://example.test/untitled-in-pocket-csv",
      "https://example.test/untitled-in-instapaper",
    ])
      expect(byUrl.get(url)?.title).toBe(url);
    const read = links.filter((link) => link.readAt !== null).map((link) => [link.url, link.readAt]);
    expect(read).toEqual([
      ["https://example.test/already-read", new Date(1650000100 * 1000)],
      ["https://example.test/read-in-instapaper", new Date(1600000100 * 1000)],
      ["https://example.test/read-in-pocket", new Date(1600000200 * 1000)],
      ["https://example.test/read-in-pocket-csv", new Date(1600000100 * 1000)],
    ]);
  });

  it("reads LinkStash's own export files back whole: read times, categories holding a comma or a |", async () => {
    for (const name of ["linkstash-export.html", "linkstash-export.csv"]) {
      const { user, cookie } = await signedInUser();
      expect((await upload(cookie, name)).summary).toMatchObject({ imported: 3, errors: 0 });
      const links = await linksOf(user.id);
      expect(links.map(({ url, title, categories, readAt }) => ({ url, title, categories, readAt }))).toEqual([
        {
          url: "https://example.test/read",
          title: "Read and filed",
          categories: ["Later, maybe", "News"],
          readAt: new Date(1700086400 * 1000),
        },
        {
          url: "https://example.test/titled-with-its-address",
          title: "https://example.test/titled-with-its-address",
          categories: ["a|b", "100% sure"],
          readAt: null,
        },
        { url: "https://example.test/untitled", title: null, categories: ["Uncategorized"], readAt: null },
      ]);
    }
  });

  it("takes a time the database cannot hold (year +200000 or -1000) as impossible, and keeps every row of the batch", async () => {
    const far = "+200000-01-01T00:00:00Z";
    const before = "-001000-01-01T00:00:00Z";
    const saved = "2024-03-04T05:06:07.000Z";
    const json = JSON.stringify({
      format: "linkstash",
      version: 1,
      links: [
        { url: "https://example.test/fine", createdAt: saved, readAt: null, categories: [] },
        {
          url: "https://example.test/far",
          createdAt: far,
          readAt: before,
          categories: [],
          highlights: [{ quote: "A passage", createdAt: far }],
        },
        { url: "https://example.test/before", createdAt: before, readAt: far, categories: [] },
      ],
    });
    const csv = [
      "url,title,notes,categories,created_at,read_at",
      `https://example.test/fine,Fine,,,${saved},`,
      `https://example.test/far,Far,,,${far},${before}`,
      `https://example.test/before,Before,,,${before},${far}`,
    ].join("\n");
    for (const [name, body] of [
      ["export.json", json],
      ["export.csv", csv],
    ] as const) {
      const { user, cookie } = await signedInUser();
      const { summary } = await upload(cookie, name, body);
      expect(summary, name).toMatchObject({ processed: 3, imported: 3, errors: 0, error: null });
      const links = await linksOf(user.id);
      const fine = links.find((link) => link.url === "https://example.test/fine");
      expect(fine?.createdAt.toISOString(), name).toBe(saved);
      for (const link of links.filter((l) => l !== fine)) {
        // Saved at the latest an import may carry (the cap), and read then: the file says read.
        expect(link.createdAt.getTime(), `${name} ${link.url}`).toBeLessThan(Date.now());
        expect(link.createdAt.getUTCFullYear(), `${name} ${link.url}`).toBeGreaterThanOrEqual(2026);
        expect(link.readAt, `${name} ${link.url}`).toEqual(link.createdAt);
      }
      if (name === "export.json") {
        const far = links.find((link) => link.url === "https://example.test/far");
        const highlights = await getDb().highlight.findMany({ where: { userId: user.id } });
        expect(highlights.map((h) => ({ quote: h.quote, createdAt: h.createdAt }))).toEqual([
          { quote: "A passage", createdAt: far?.createdAt },
        ]);
      }
    }
  });

  it("skips links already stashed and repeats within the file, so a re-run imports nothing", async () => {
    const { user, cookie } = await signedInUser();
    await getDb().link.create({
      data: { userId: user.id, url: "https://example.test/part-two", createdAt: new Date(Date.now() - 3 * DAY) },
    });
    const first = await upload(cookie, "pocket-export.zip");
    expect(first.summary).toMatchObject({ imported: 6, skipped: 2 });
    const again = await upload(cookie, "pocket-export.zip");
    expect(again.summary).toMatchObject({ processed: 9, imported: 0, skipped: 8, errors: 1 });
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(7);
  });

  it("keeps imported links out of the next digest's new links: capped at the cursor, or a cursor set before the first link", async () => {
    const cursor = new Date("2021-03-15T00:00:00Z");
    // Without links from the stash, which may bring imported links back (a test of their own).
    const due = { nextDigestAt: new Date(Date.now() - 60_000), rediscoverCount: 0 };
    const withCursor = await signedInUser({ ...due, digestCursor: cursor });
    const fresh = await signedInUser(due);
    const handSaved = await getDb().link.create({
      data: {
        userId: fresh.user.id,
        url: "https://example.test/saved-by-hand",
        createdAt: new Date(Date.now() - 2 * 3_600_000),
      },
    });
    await upload(withCursor.cookie, "pocket-export.zip");
    await upload(fresh.cookie, "pocket-export.zip");

    const capped = await linksOf(withCursor.user.id);
    expect(capped.every((link) => link.createdAt.getTime() <= cursor.getTime())).toBe(true);
    expect(capped.find((link) => link.url === "https://dataintensive.test/chapter-5")?.createdAt).toEqual(
      new Date(1609459200 * 1000),
    );
    const after = await getDb().user.findUniqueOrThrow({ where: { id: fresh.user.id } });
    expect(after.digestCursor?.getTime()).toBeLessThan(handSaved.createdAt.getTime());

    await dispatchDigests();
    const deliveries = await getDb().digestDelivery.findMany({
      where: { userId: { in: [withCursor.user.id, fresh.user.id] } },
    });
    expect(deliveries.find((row) => row.userId === withCursor.user.id)).toMatchObject({
      status: "skipped",
      linkCount: 0,
    });
    expect(deliveries.find((row) => row.userId === fresh.user.id)).toMatchObject({ status: "sent", linkCount: 1 });
    const mail = await getDb().mailboxMessage.findFirstOrThrow({ where: { to: fresh.user.email } });
    expect(mail.text).toContain("https://example.test/saved-by-hand");
    expect(mail.text).not.toContain("dataintensive.test");
  });

  it("brings imported links back under From your stash, never as new links", async () => {
    const { user, cookie } = await signedInUser({
      // Imported links saved later are capped at the cursor.
      digestCursor: new Date("2021-03-15T00:00:00Z"),
      nextDigestAt: new Date(Date.now() - 60_000),
    });
    await upload(cookie, "pocket-export.zip");
    await dispatchDigests();
    const mail = await getDb().mailboxMessage.findFirstOrThrow({ where: { to: user.email } });
    expect(mail.subject).toMatch(/came back$/);
    expect(mail.text).toContain("From your stash");
    // Saved a week or more before the period the digest covers began.
    const unread = await getDb().link.count({
      where: { userId: user.id, readAt: null, createdAt: { lte: new Date("2021-03-08T00:00:00Z") } },
    });
    expect(unread).toBeGreaterThan(0);
    const back = await getDb().link.findMany({ where: { userId: user.id, resurfacedAt: { not: null } } });
    expect(back).toHaveLength(Math.min(3, unread));
    for (const link of back) expect(mail.text).toContain(link.url);
  });

  it("does not apply the free daily limit to imports, nor count them as saved today", async () => {
    const { user, cookie } = await signedInUser({ trialEndsAt: new Date(Date.now() - DAY) });
    expect((await upload(cookie, "instapaper-export.csv")).summary.imported).toBe(5);
    const save = await saveLink(apiRequest("POST", "/api/links", { cookie, json: { url: "example.test/today" } }));
    expect(save.status).toBe(201);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(6);
  });

  it("answers 400 for a file it cannot read, 413 for one too large, 401 signed out, 403 cross-origin", async () => {
    const { user, cookie } = await signedInUser();
    const unknown = await importRoute(uploadRequest(cookie, "people.csv", "name,email\nAda,ada@example.com\n"));
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toMatch(/not an export we can read/);
    expect((await importRoute(uploadRequest(cookie, "empty.csv", ""))).status).toBe(400);
    // A ZIP is read to its directory before the answer starts, so a damaged one is refused outright.
    const damaged = await importRoute(uploadRequest(cookie, "x.zip", Buffer.from("PK\u0003\u0004 broken")));
    expect(damaged.status).toBe(400);
    expect((await damaged.json()).message).toMatch(/damaged/);
    const tooLarge = await importRoute(
      uploadRequest(cookie, "big.csv", "url\n", { "content-length": String(IMPORT_MAX_BYTES + 1) }),
    );
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).message).toMatch(/larger than 64 MB/);
    expect((await importRoute(uploadRequest(undefined, "bookmarks.html", fixture("bookmarks.html")))).status).toBe(401);
    const foreign = uploadRequest(cookie, "bookmarks.html", fixture("bookmarks.html"), {
      origin: "https://evil.example",
    });
    expect((await importRoute(foreign)).status).toBe(403);
    expect(await getDb().link.count({ where: { userId: user.id } })).toBe(0);
  });
});
