// LinkStash service worker: the app shell, and the reader pages of the newest unread links. Hashed
// static assets and icons are served from the cache once fetched; a page that cannot load offline
// gets the offline page, which lists the articles that can be read offline. API answers and other
// pages (signed-in HTML) are never cached: they pass straight through to the network. Reader pages
// (/read/…) are fetched from the network first, and from the reader cache without one; the app
// posts the list to keep (components/reader/offline-reader-sync.tsx) and everything else is dropped.
//
// The reader cache belongs to one user (docs/decisions/0302): every page tells the worker who is
// signed in (an opaque key, null for nobody), and pages of anyone else are dropped at once; signing
// out drops them as the sign-out starts.
const CACHE = "linkstash-shell-v1";
const READER_CACHE = "linkstash-reader-v2";
// Whose pages these are and which: { owner, pages: [{ url, title, version }] }. The titles are for
// the offline page; a page whose version the app posts again is not fetched again.
const READER_INDEX = "/offline-reader-index.json";
const LOGOUT_PATH = "/api/logout";
const MAX_READER_PAGES = 50;
const OFFLINE_PAGE = "/offline.html";
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

/**
 * Keeps exactly these reader pages ({ url, title, version }, newest first) of this user in the
 * reader cache. A page held already under the same version is kept as it is: a dashboard visit
 * with nothing new fetches nothing (opening a page online refreshes its copy anyway).
 */
async function keepReaderPages(owner, pages) {
  await claimReaderPages(owner);
  const generation = readerGeneration;
  const wanted = pages
    .filter((page) => page && typeof page.url === "string" && isReaderPage(new URL(page.url, self.location.origin)))
    .slice(0, MAX_READER_PAGES);
  const cache = await caches.open(READER_CACHE);
  const held = new Map((await readerIndex()).pages.map((page) => [page.url, page.version]));
  const kept = [];
  for (const page of wanted) {
    const entry = { url: page.url, title: String(page.title ?? page.url), version: String(page.version ?? "") };
    const cached = await cache.match(page.url);
    if (cached && held.get(page.url) === entry.version) {
      kept.push(entry);
      continue;
    }
    try {
      const response = await fetch(page.url, { credentials: "same-origin" });
      if (!response.ok || response.redirected) continue;
      // Signed out (or someone else signed in) meanwhile: nothing more goes in.
      if (generation !== readerGeneration) return;
      await cache.put(page.url, response);
      kept.push(entry);
    } catch {
      // Offline or the server is away: what was cached before stays, marked stale for next time.
      if (cached) kept.push({ ...entry, version: held.get(page.url) ?? "" });
    }
  }
  if (generation !== readerGeneration) return;
  const keep = new Set(kept.map((page) => page.url));
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path !== READER_INDEX && !keep.has(path)) await cache.delete(request);
  }
  await cache.put(
    READER_INDEX,
    new Response(JSON.stringify({ owner, pages: kept }), { headers: { "Content-Type": "application/json" } }),
  );
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
  if (data.type === "reader-owner") event.waitUntil(readerTask(() => claimReaderPages(owner)));
  if (data.type === "keep-reader-pages" && owner !== null)
    event.waitUntil(readerTask(() => keepReaderPages(owner, Array.isArray(data.pages) ? data.pages : [])));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
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
  else if (isShellAsset(url)) event.respondWith(cacheFirst(request));
});
