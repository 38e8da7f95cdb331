import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import config, { articlePagesPort, imagesPort } from "../../playwright.config";
import { signUpAndOnboard } from "./support";

// Offline reading, larger: Settings keeps 200 unread articles on this device with their images
// (of another site that allows it), the worker syncs them, the device goes offline and reads an
// early and a late one from the offline page. A link whose article is not ready yet is not kept
// (it would open to no article); once it is, the next sync fetches it, with the one link changed
// meanwhile, and those two pages alone.

// Another site's images come from a local HTTPS server (the reader's CSP takes https: images) with a
// certificate made for the run, which this browser is told to accept.
const baseLaunch = config.use?.launchOptions ?? {};
test.use({
  viewport: { width: 375, height: 800 },
  launchOptions: { ...baseLaunch, args: [...(baseLaunch.args ?? []), "--ignore-certificate-errors"] },
});

const READER_CACHE = "linkstash-reader-v2";
const COUNT = 200;
const origin = `http://127.0.0.1:${articlePagesPort}`;
const IMAGES = `https://127.0.0.1:${imagesPort}`;
// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

function story(n: number): string {
  const sentence = `Story ${n} follows the coast road past the harbour and the old mill. `;
  return `<!doctype html><html lang="en"><head><title>Story ${n}</title></head><body><article>
    <h1>Story ${n}</h1>
    <p><img src="${IMAGES}/story-${n}.png" alt="Map of story ${n}" width="40" height="40"></p>
    ${Array.from({ length: 6 }, () => `<p>${sentence.repeat(4)}</p>`).join("\n")}
  </article></body></html>`;
}

let server: Server;
let images: Server;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const n = Number(/story-(\d+)/.exec(req.url ?? "")?.[1] ?? 0);
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(story(n));
  });
  await new Promise<void>((resolve) => server.listen(articlePagesPort, "127.0.0.1", resolve));
  const dir = mkdtempSync(path.join(tmpdir(), "linkstash-images-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-keyout",
      path.join(dir, "key.pem"),
      "-out",
      path.join(dir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  images = createHttpsServer(
    { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) },
    (req, res) => {
      // Images of a site that allows other sites to read them (CORS), except /opaque.png.
      const cors = req.url === "/opaque.png" ? {} : { "access-control-allow-origin": "*" };
      res.writeHead(200, { "content-type": "image/png", ...cors }).end(PNG);
    },
  );
  await new Promise<void>((resolve) => images.listen(imagesPort, "127.0.0.1", resolve));
});

test.afterAll(() => {
  for (const each of [server, images]) {
    each.closeAllConnections();
    each.close();
  }
});

type Index = { pages: { url: string; title: string; version: string; images?: string[] }[] };

function readerIndex(page: Page): Promise<Index | null> {
  return page.evaluate(async (name) => {
    const response = await (await caches.open(name)).match("/offline-reader-index.json");
    return response ? ((await response.json()) as Index) : null;
  }, READER_CACHE);
}

function cachedReaderPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const requests = await (await caches.open(name)).keys();
    return requests.map((request) => new URL(request.url).pathname).filter((p) => p.startsWith("/read/"));
  }, READER_CACHE);
}

async function expectImagesShown(page: Page): Promise<void> {
  for (const image of await page.locator(".reader-content img").all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0))
      .toBe(true);
  }
}

type Listed = { id: string; title: string | null; readingMinutes: number | null };

/** The user's unread links, every page of the history (requests from the page, the browser's own connections). */
function unreadLinks(page: Page): Promise<Listed[]> {
  return page.evaluate(async () => {
    const all: Listed[] = [];
    for (let next: string | null = "/api/links/history?unread=1&limit=50"; next;) {
      const res: Response = await fetch(next);
      all.push(...((await res.json()) as Listed[]));
      next = /<([^>]+)>;\s*rel="next"/.exec(res.headers.get("link") ?? "")?.[1] ?? null;
    }
    return all;
  });
}

async function readyCount(page: Page): Promise<number> {
  return (await unreadLinks(page)).filter((link) => link.readingMinutes !== null).length;
}

test("keeps 200 ready articles offline with their images, adds one once ready and syncs only what changed", async ({
  page,
  context,
}) => {
  test.setTimeout(900_000);
  await signUpAndOnboard(page);

  // 200 unread links come in by an import, which fetches no page: the reader's first open asks for
  // each article (this server's page-fetch budget lets all be fetched at once). Story 50 is not
  // opened, so its article stays pending.
  const now = Math.floor(Date.now() / 1000);
  const rows = Array.from(
    { length: COUNT },
    (_, i) => `Story ${i + 1},${origin}/story-${i + 1},${now - 1000 + i},,,unread`,
  );
  const imported = await page.evaluate(
    async (csv) => (await fetch("/api/import?filename=part_000000.csv", { method: "POST", body: csv })).text(),
    ["title,url,time_added,cursor,tags,status", ...rows].join("\r\n"),
  );
  expect(imported).toMatch(new RegExp(`"imported":${COUNT}\\b`));
  const links = await unreadLinks(page);
  expect(links).toHaveLength(COUNT);
  const pending = links.find((link) => link.title === "Story 50");
  if (!pending) throw new Error("Story 50 was not imported");
  const pendingUrl = `/read/${encodeURIComponent(pending.id)}`;
  const asked = await page.evaluate(
    async (ids) => {
      const statuses: number[] = [];
      for (const id of ids) statuses.push((await fetch(`/api/links/${encodeURIComponent(id)}/article`)).status);
      return statuses;
    },
    links.filter((link) => link.id !== pending.id).map((link) => link.id),
  );
  expect(asked.every((status) => status === 200)).toBe(true);
  await expect.poll(() => readyCount(page), { timeout: 300_000 }).toBe(COUNT - 1);
  // One article read online first, as a reader would: the reader's scripts are then in the app's cache.
  const first = links.find((link) => link.title === "Story 1");
  await page.goto(`/read/${encodeURIComponent(first?.id ?? "")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Story 1" })).toBeVisible();
  await expect(page.getByText("Story 1 follows the coast road").first()).toBeVisible();

  // The server lists the ready ones alone.
  const listed = await page.evaluate(
    async (keep) =>
      (await (await fetch(`/api/links/offline?keep=${keep}`)).json()) as {
        total: number;
        buckets: { links: { id: string }[] }[];
      },
    COUNT,
  );
  expect(listed.total).toBe(COUNT - 1);
  expect(listed.buckets.flatMap((bucket) => bucket.links).some((link) => link.id === pending.id)).toBe(false);

  // Settings: keep 200 on this device; the worker fetches them and says what it keeps.
  await page.goto("/settings");
  const offline = page.getByRole("heading", { name: "Offline reading" }).locator("xpath=../..");
  await page.getByLabel("Unread articles kept on this device").selectOption("200");
  const kept = page.getByText(/^Kept: \d+ articles? and \d+ images?, [\d.]+ (KB|MB)\.$/);
  await expect(kept).toBeVisible({ timeout: 300_000 });
  // Each article has an image of another site; the one not ready is not counted.
  await expect(kept).toHaveText(new RegExp(`^Kept: ${COUNT - 1} articles and ${COUNT - 1} images, `));
  await expect(page.getByText(/^LinkStash uses [\d.]+ (KB|MB|GB) of this device's storage in all\.$/)).toBeVisible();
  expect(await cachedReaderPaths(page)).toHaveLength(COUNT - 1);
  expect(await cachedReaderPaths(page)).not.toContain(pendingUrl);
  const { violations } = await new AxeBuilder({ page }).include("main").analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await offline.scrollIntoViewIfNeeded();
  await offline.screenshot({
    path: path.join(test.info().project.outputDir, "screens", "settings-offline-reading-phone.png"),
  });

  // What an opaque answer (another site's image without CORS) would cost in the storage quota,
  // measured in the worker (the page's CSP keeps its own fetches to this site).
  const worker = context.serviceWorkers()[0];
  if (!worker) throw new Error("no service worker");
  const padding = await worker.evaluate(async (url) => {
    const before = (await navigator.storage.estimate()).usage ?? 0;
    const scratch = await caches.open("opaque-measure");
    await scratch.put(url, await fetch(url, { mode: "no-cors" }));
    const after = (await navigator.storage.estimate()).usage ?? 0;
    await caches.delete("opaque-measure");
    return after - before;
  }, `${IMAGES}/opaque.png`);
  test.info().annotations.push({ type: "opaque image in the quota (bytes)", description: String(padding) });
  console.log(`one opaque 1x1 PNG (${PNG.length} bytes) counts ${padding} bytes in the storage estimate`);

  // Offline: the offline page lists the ready ones, not the pending one; an early and a late
  // article open with their images.
  await context.setOffline(true);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible();
  await expect(page.getByRole("list").getByRole("link")).toHaveCount(COUNT - 1);
  await expect(page.getByRole("link", { name: "Story 50", exact: true })).toHaveCount(0);
  for (const n of [1, COUNT]) {
    await page.getByRole("link", { name: `Story ${n}`, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Story ${n}` })).toBeVisible();
    await expect(page.getByText(`Story ${n} follows the coast road`).first()).toBeVisible();
    await expect(page.getByRole("img", { name: `Map of story ${n}` })).toBeVisible();
    await expectImagesShown(page);
    await page.goBack();
  }
  await context.setOffline(false);

  // Story 50's article is fetched, and one link changes (set aside, still unread): the next sync
  // asks for the changes since its cursor and fetches those two pages alone.
  const articleStatus = () =>
    page.evaluate(
      async (id) =>
        ((await (await fetch(`/api/links/${encodeURIComponent(id)}/article`)).json()) as { status: string }).status,
      pending.id,
    );
  await expect.poll(articleStatus, { timeout: 120_000 }).toBe("ready");
  const index = await readerIndex(page);
  const changed = index?.pages.find((entry) => entry.title === "Story 120");
  if (!changed) throw new Error("Story 120 is not kept");
  const id = decodeURIComponent(changed.url.replace("/read/", ""));
  const patched = await page.evaluate(
    async (linkId) =>
      (
        await fetch(`/api/links/${linkId}`, {
          method: "PATCH",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ archived: true }),
        })
      ).status,
    id,
  );
  expect(patched).toBe(200);
  const fetched: string[] = [];
  const synced: string[] = [];
  context.on("request", (request) => {
    if (!request.serviceWorker()) return;
    const url = new URL(request.url());
    if (url.pathname.startsWith("/read/")) fetched.push(url.pathname);
    if (url.pathname === "/api/links/offline") synced.push(url.search);
  });
  await page.goto("/dashboard");
  await expect
    .poll(
      async () => {
        const pages = (await readerIndex(page))?.pages ?? [];
        const now = pages.find((entry) => entry.url === changed.url)?.version;
        return pages.some((entry) => entry.url === pendingUrl) && now !== undefined && now !== changed.version;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  expect([...fetched].sort()).toEqual([changed.url, pendingUrl].sort());
  expect(synced).toHaveLength(1);
  expect(synced[0]).toMatch(/^\?keep=200&since=[\w-]{192}$/);
  expect(await cachedReaderPaths(page)).toHaveLength(COUNT);

  // Settings counts it now, and offline it is listed.
  await page.goto("/settings");
  await expect(page.getByText(/^Kept: \d+ articles?/)).toHaveText(
    new RegExp(`^Kept: ${COUNT} articles and ${COUNT} images, `),
  );
  await context.setOffline(true);
  await page.goto("/dashboard");
  await expect(page.getByRole("list").getByRole("link")).toHaveCount(COUNT);
  await page.getByRole("link", { name: "Story 50", exact: true }).click();
  await expect(page.getByText("Story 50 follows the coast road").first()).toBeVisible();
  await context.setOffline(false);
});
