// LinkStash service worker: the app shell, and the reader pages of the newest unread links with
// their images. Hashed static assets and icons are served from the cache once fetched; a page that
// cannot load offline gets the offline page, which lists the articles that can be read offline.
// API answers and other pages (signed-in HTML) are never cached: they pass straight through to the
// network. Reader pages (/read/…) and images are fetched from the network first, and from the
// reader cache without one. The dashboard asks the worker to sync (components/reader/
// offline-reader-sync.tsx) with the number of articles this device keeps (KEEP_MIN to KEEP_MAX); the worker
// asks the server what changed since its cursor (/api/links/offline, docs/decisions/0346) and
// fetches only the pages whose version changed. Only articles are kept (docs/decisions/0385): the
// server lists links whose article is ready, and a page fetched without one is not kept (its bucket
// is asked again next time).
//
// The reader cache belongs to one user (docs/decisions/0302): every page tells the worker who is
// signed in (an opaque key, null for nobody), and pages of anyone else are dropped at once; signing
// out drops them as the sign-out starts.
//
// The values it shares with the server and the pages come from their modules, written to
// sw-constants.js (lib/offline/sw-constants.ts, `npm run sw:constants`).
importScripts("/sw-constants.js");
const {
  SHELL_CACHE: CACHE,
  READER_CACHE,
  // Whose pages these are and which: { owner, keep, cursor, pages: [{ url, title, version, bucket,
  // savedAt, bytes, images }] }, newest first. The titles are for the offline page; a page whose
  // version is unchanged is not fetched again.
  READER_INDEX,
  OFFLINE_PAGE,
  LOGOUT_PATH,
  KEEP_MIN,
  // The most a device keeps is also the most pages the cache holds.
  KEEP_MAX: MAX_READER_PAGES,
  // Images kept per article.
  MAX_IMAGES_PER_PAGE,
  BUCKET_TOKEN_LENGTH,
  // A cursor's bucket hash the server never gives: that bucket is sent again next time.
  UNKNOWN_BUCKET,
  MESSAGE_READER_OWNER,
  MESSAGE_SYNC_READER_PAGES,
  MESSAGE_READER_STATUS,
} = self.SW_CONSTANTS;
// Reader pages fetched at once during a sync.
const SYNC_CONCURRENCY = 4;
// What a reader page showing its article holds (components/reader/reader-view.tsx).
const ARTICLE_MARK = 'class="reader-content"';
const PRECACHE = [OFFLINE_PAGE, "/icons/icon-192.png", "/icons/icon-512.png"];
// Each deploy brings new hashed assets; the oldest beyond this many are dropped.
const MAX_ASSETS = 150;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((key) => key !== CACHE && key !== READER_CACHE).map((key) => caches.delete(key))),
      )
      .then(() => self.clients.claim()),
  );
});

function isShellAsset(url) {
  return url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/");
}

async function trim(cache) {
  const keys = await cache.keys();
  // Cache keys come back in insertion order: the oldest first.
  const assets = keys.filter((request) => !PRECACHE.includes(new URL(request.url).pathname));
  await Promise.all(assets.slice(0, Math.max(0, assets.length - MAX_ASSETS)).map((request) => cache.delete(request)));
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, response.clone());
    await trim(cache);
  }
  return response;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readerIndex() {
  const cache = await caches.open(READER_CACHE);
  const response = await cache.match(READER_INDEX);
  const index = response ? await response.json().catch(() => null) : null;
  return index && Array.isArray(index.pages) ? index : { owner: null, pages: [] };
}

// Bumped whenever the reader cache is dropped: a fill that started before stops writing.
let readerGeneration = 0;

function forgetReaderPages() {
  readerGeneration += 1;
  return caches.delete(READER_CACHE);
}

/** Drops the reader cache unless it is this user's (null: nobody is signed in). */
async function claimReaderPages(owner) {
  const cache = await caches.open(READER_CACHE);
  const held = (await cache.keys()).length > 0;
  if (held && (await readerIndex()).owner !== owner) await forgetReaderPages();
}

/** The offline page, listing what can be read offline (written here: the page itself runs no script). */
async function offlinePage() {
  const cached = await caches.match(OFFLINE_PAGE);
  if (!cached) return Response.error();
  const { pages } = await readerIndex();
  const list = pages.length
    ? `<h2>Read offline</h2><ul>${pages
        .map((page) => `<li><a href="${escapeHtml(page.url)}">${escapeHtml(page.title)}</a></li>`)
        .join("")}</ul>`
    : "";
  const html = (await cached.text()).replace("<!-- offline-articles -->", list);
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function networkOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    return offlinePage();
  }
}

function isReaderPage(url) {
  return /^\/read\/[^/]+$/.test(url.pathname);
}

async function readerPage(request) {
  const cache = await caches.open(READER_CACHE);
  const path = new URL(request.url).pathname;
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected && (await cache.match(path))) await cache.put(path, response.clone());
    return response;
  } catch {
    return (await cache.match(path)) ?? offlinePage();
  }
}

/** The images of a reader page's article (their src), absolute, at most MAX_IMAGES_PER_PAGE. */
function articleImages(html) {
  const start = html.indexOf(ARTICLE_MARK);
  if (start < 0) return [];
  const urls = new Set();
  for (const tag of html.slice(start).matchAll(/<img\b[^>]*>/gi)) {
    const src = /\ssrc="([^"]+)"/i.exec(tag[0]);
    if (!src) continue;
    const raw = src[1]
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;|&#39;/g, "'");
    try {
      const url = new URL(raw, self.location.origin);
      if (url.protocol === "https:" || url.origin === self.location.origin) urls.add(url.href);
    } catch {
      // Not an address: nothing to keep.
    }
    if (urls.size >= MAX_IMAGES_PER_PAGE) break;
  }
  return [...urls];
}

/**
 * Keeps an image in the reader cache; answers its size, or null when it is not kept. Another
 * site's image is kept only when that site allows it (CORS): an opaque answer counts for megabytes
 * in the browser's storage quota whatever its size (docs/decisions/0347).
 */
async function keepImage(cache, url) {
  const held = await cache.match(url);
  if (held) return Number(held.headers.get("content-length")) || (await held.clone().blob()).size;
  const sameOrigin = new URL(url).origin === self.location.origin;
  const response = await fetch(
    url,
    sameOrigin ? { credentials: "same-origin" } : { mode: "cors", credentials: "omit" },
  );
  if (!response.ok || !(response.headers.get("content-type") ?? "").startsWith("image/")) return null;
  const body = await response.blob();
  await cache.put(
    url,
    new Response(body, { headers: { "Content-Type": body.type, "Content-Length": String(body.size) } }),
  );
  return body.size;
}

/**
 * Fetches one reader page and its images into the cache; answers its entry's bytes and images.
 * Throws for a page that shows no article (its article is being prepared again): it is not kept.
 */
async function fetchReaderPage(cache, url, generation) {
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok || response.redirected) throw new Error(`reader page ${response.status}`);
  const html = await response.text();
  if (!html.includes(ARTICLE_MARK)) throw new Error("reader page without its article");
  // Signed out (or someone else signed in) meanwhile: nothing more goes in.
  if (generation !== readerGeneration) return null;
  await cache.put(url, new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  let bytes = new Blob([html]).size;
  const images = [];
  for (const image of articleImages(html)) {
    if (generation !== readerGeneration) return null;
    const size = await keepImage(cache, image).catch(() => null);
    if (size === null) continue;
    images.push(image);
    bytes += size;
  }
  return { bytes, images };
}

async function inTurns(items, limit, work) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(limit, queue.length) }, async () => {
      while (queue.length > 0) await work(queue.shift());
    }),
  );
}

/**
 * Brings the reader cache up to date with the newest `keep` unread links of this user: asks the
 * server what changed since the cursor it holds, fetches the pages (and images) of links new or
 * changed, drops those no longer listed. Pages it holds under an unchanged version are not fetched.
 */
async function syncReaderPages(owner, keep) {
  await claimReaderPages(owner);
  const generation = readerGeneration;
  const index = await readerIndex();
  const since = index.owner === owner && index.keep === keep && typeof index.cursor === "string" ? index.cursor : "";
  // Offline or the server is away: the pages held stay as they are until the next sync.
  const response = await fetch(`/api/links/offline?keep=${keep}${since ? `&since=${since}` : ""}`, {
    credentials: "same-origin",
  }).catch(() => null);
  if (!response?.ok) return;
  const answer = await response.json();
  if (generation !== readerGeneration || !Array.isArray(answer.buckets)) return;
  const cache = await caches.open(READER_CACHE);
  const held = new Map(index.pages.map((page) => [page.url, page]));
  const answered = new Set(answer.buckets.map((bucket) => bucket.bucket));
  const pages = index.pages.filter((page) => Number.isInteger(page.bucket) && !answered.has(page.bucket));
  let cursor = String(answer.cursor ?? "");
  const unknown = (bucket) => {
    const at = bucket * BUCKET_TOKEN_LENGTH;
    cursor = cursor.slice(0, at) + UNKNOWN_BUCKET + cursor.slice(at + BUCKET_TOKEN_LENGTH);
  };
  const work = answer.buckets.flatMap(({ bucket, links }) => links.map((link) => ({ bucket, link })));
  await inTurns(work, SYNC_CONCURRENCY, async ({ bucket, link }) => {
    const url = `/read/${encodeURIComponent(link.id)}`;
    const entry = { url, title: String(link.title), version: String(link.version), bucket, savedAt: link.savedAt };
    const old = held.get(url);
    if (old && old.version === entry.version && (await cache.match(url))) {
      pages.push({ ...old, ...entry });
      return;
    }
    try {
      const fetched = await fetchReaderPage(cache, url, generation);
      if (fetched) pages.push({ ...entry, ...fetched });
    } catch {
      // Offline, the server is away or the page came without its article: what was cached before
      // stays, and the bucket is asked again.
      if (old) pages.push(old);
      unknown(bucket);
    }
  });
  if (generation !== readerGeneration) return;
  pages.sort((a, b) => String(b.savedAt).localeCompare(String(a.savedAt)));
  const kept = pages.slice(0, MAX_READER_PAGES);
  const wanted = new Set([READER_INDEX, ...kept.flatMap((page) => [page.url, ...(page.images ?? [])])]);
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    const key = url.origin === self.location.origin ? url.pathname : url.href;
    if (!wanted.has(key) && !wanted.has(url.href)) await cache.delete(request);
  }
  await cache.put(
    READER_INDEX,
    new Response(JSON.stringify({ owner, keep, cursor, pages: kept }), {
      headers: { "Content-Type": "application/json" },
    }),
  );
}

/** What this device keeps: pages, images and their bytes (for Settings). */
async function readerStatus() {
  const { keep, pages } = await readerIndex();
  const images = new Set(pages.flatMap((page) => page.images ?? []));
  return {
    keep: typeof keep === "number" ? keep : null,
    pages: pages.length,
    images: images.size,
    bytes: pages.reduce((sum, page) => sum + (Number(page.bytes) || 0), 0),
  };
}

async function readerImage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await (await caches.open(READER_CACHE)).match(request.url);
    if (cached) return cached;
    throw error;
  }
}

// One reader task at a time, in the order they came: an owner check must not drop a fill halfway
// through (its index is written last). Signing out does not wait for them.
let readerTasks = Promise.resolve();

function readerTask(task) {
  readerTasks = readerTasks.then(task, task);
  return readerTasks;
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (event.origin !== self.location.origin || !data) return;
  const owner = typeof data.owner === "string" && data.owner !== "" ? data.owner : null;
  if (data.type === MESSAGE_READER_OWNER) event.waitUntil(readerTask(() => claimReaderPages(owner)));
  const keep = Number(data.keep);
  // A port, when sent, hears what the device keeps once the sync is done (Settings shows it).
  const port = event.ports[0];
  const report = () => (port ? readerStatus().then((status) => port.postMessage(status)) : undefined);
  if (
    data.type === MESSAGE_SYNC_READER_PAGES &&
    owner !== null &&
    Number.isInteger(keep) &&
    keep >= KEEP_MIN &&
    keep <= MAX_READER_PAGES
  )
    event.waitUntil(readerTask(() => syncReaderPages(owner, keep)).then(report));
  if (data.type === MESSAGE_READER_STATUS) event.waitUntil(Promise.resolve(report()));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // The app's own icons and assets (the offline page's icon among them) are the shell's, cached first.
  if (request.method === "GET" && url.origin === self.location.origin && isShellAsset(url)) {
    event.respondWith(cacheFirst(request));
    return;
  }
  // Images, of this site or another: an article's images are kept with its page for reading offline.
  if (request.method === "GET" && request.destination === "image") {
    event.respondWith(readerImage(request));
    return;
  }
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && url.pathname === LOGOUT_PATH) {
    // Signing out (the link or the confirm page's form): the reader pages go now, before anyone
    // can go offline. The request itself is left to the browser, so the server sees it as sent.
    event.waitUntil(forgetReaderPages());
    return;
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate" && isReaderPage(url)) event.respondWith(readerPage(request));
  else if (request.mode === "navigate") event.respondWith(networkOrOffline(request));
});
