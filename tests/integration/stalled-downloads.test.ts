import { createServer, type Server } from "node:http";
import { fromBufferPromise } from "yauzl";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as exportRoute } from "@/app/api/export/route";
import { storeArticle } from "@/lib/articles/queries";
import { getDb } from "@/lib/db/client";
import { bookBuilds, MAX_BOOK_BUILDS } from "@/lib/epub/book-builds";
import { BOOK_BUILDS_PER_USER, BOOK_LIMITS } from "@/lib/epub/limits";
import { apiRequest, DOWNLOAD_TEST_HOST, signedInUser } from "@/tests/support/factories";

// Downloads nobody reads: an article with 30 large images, several downloads of its book whose
// reader takes the headers and nothing more. The server ends each after the stall deadline, the
// image fetches stop there, and books past the process's bound wait for a free build.

vi.hoisted(() => {
  process.env.DOWNLOAD_STALL_SECONDS = "2";
});

const IMAGES_PER_ARTICLE = 30;
const origin = `http://${DOWNLOAD_TEST_HOST}`;
// A PNG signature and a megabyte after it: a type every reader shows, and large.
const LARGE_PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(1024 * 1024, 7)]);

let server: Server;
const served = new Map<string, number>();
const servedImages = () => [...served.values()].reduce((sum, count) => sum + count, 0);

beforeAll(async () => {
  server = createServer((req, res) => {
    const owner = (req.url ?? "").split("/")[2] ?? "";
    served.set(owner, (served.get(owner) ?? 0) + 1);
    res.writeHead(200, { "content-type": "image/png" }).end(LARGE_PNG);
  });
  const [host, port] = DOWNLOAD_TEST_HOST.split(":");
  await new Promise<void>((resolve) => server.listen(Number(port), host, resolve));
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A signed-in user with one link whose article shows 30 large images, served under /images/<name>/. */
async function userWithLargeArticle(name: string) {
  const { user, cookie } = await signedInUser();
  const link = await getDb().link.create({
    data: { userId: user.id, url: `https://${name}.example/article`, title: `Pictures of ${name}` },
  });
  const images = Array.from(
    { length: IMAGES_PER_ARTICLE },
    (_, index) => `<p><img src="${origin}/images/${name}/${index}.png" alt="Picture ${index}"></p>`,
  ).join("");
  await storeArticle(link, {
    status: "ready",
    title: `Pictures of ${name}`,
    byline: null,
    siteName: null,
    excerpt: null,
    lang: null,
    dir: null,
    publishedTime: null,
    contentHtml: `<p>Thirty pictures.</p>${images}`,
    textContent: "Thirty pictures.",
    wordCount: 2,
    readingMinutes: 1,
    reason: null,
    extractedAt: new Date(),
  });
  return { cookie, linkId: link.id };
}

const bookRequest = (who: { cookie: string; linkId: string }) =>
  exportRoute(apiRequest("GET", `/api/export?format=epub&link=${who.linkId}`, { cookie: who.cookie }));

describe("downloads nobody reads", () => {
  it("are ended after the stall deadline, their image fetches stop, and books past the bound wait", async () => {
    const log = vi.spyOn(console, "log");
    const [ann, bob, cat] = await Promise.all(["ann", "bob", "cat"].map(userWithLargeArticle));
    if (!ann || !bob || !cat) throw new Error("the users were not made");

    // The repro: downloads whose reader takes the headers only, as many as the process builds at once.
    const stalled: Response[] = [];
    for (const who of [ann, ann, bob, bob]) stalled.push(await bookRequest(who));
    expect(stalled.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(stalled).toHaveLength(MAX_BOOK_BUILDS);
    expect(bookBuilds().active).toBe(MAX_BOOK_BUILDS);

    // One user holds at most two builds: a third is refused at once, with when to try again.
    const third = await bookRequest(ann);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("30");
    expect(await third.json()).toMatchObject({
      code: "rate_limited",
      message: expect.stringContaining(`${BOOK_BUILDS_PER_USER} books`),
    });

    // Another user's book waits for a free build rather than failing.
    const waiting = bookRequest(cat);
    await vi.waitFor(() => expect(bookBuilds().waiting).toBe(1));

    // The deadline passes: every stalled download is ended and logged once, which frees the builds.
    const waited = await waiting;
    expect(waited.status).toBe(200);
    await vi.waitFor(() => expect(bookBuilds().waiting).toBe(0));
    const ended = () => log.mock.calls.filter(([line]) => String(line).includes('"download ended: not read"'));
    await vi.waitFor(() => expect(ended()).toHaveLength(MAX_BOOK_BUILDS), { timeout: 10_000 });
    for (const res of stalled) {
      const reader = res.body?.getReader();
      await expect(reader?.read()).rejects.toThrow(/not read/);
    }

    // Each stalled build fetched what its fetchers hold and the zip's pipeline took (each stage takes
    // one chunk past its buffer), not its 30 images.
    const perStalled = 2 * BOOK_LIMITS.imageFetchConcurrency;
    expect(served.get("ann") ?? 0).toBeLessThanOrEqual(2 * perStalled);
    expect(served.get("bob") ?? 0).toBeLessThanOrEqual(2 * perStalled);
    const stalledFetches = (served.get("ann") ?? 0) + (served.get("bob") ?? 0);

    // The waiting book is read as it comes and holds all 30 pictures.
    const body = Buffer.from(await waited.arrayBuffer());
    expect(served.get("cat")).toBe(IMAGES_PER_ARTICLE);
    const zip = await fromBufferPromise(body, { lazyEntries: true });
    let pictures = 0;
    for await (const entry of zip.eachEntry()) if (entry.fileName.startsWith("OEBPS/images/")) pictures += 1;
    expect(pictures).toBe(IMAGES_PER_ARTICLE);

    // Nothing of the ended downloads is fetched later.
    await vi.waitFor(() => expect(bookBuilds().active).toBe(0));
    expect((served.get("ann") ?? 0) + (served.get("bob") ?? 0)).toBe(stalledFetches);
    expect(servedImages()).toBe(stalledFetches + IMAGES_PER_ARTICLE);
    expect(ended()).toHaveLength(MAX_BOOK_BUILDS);
  });
});
