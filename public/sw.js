// LinkStash service worker: the app shell, and the reader pages of the newest unread links. Hashed
// static assets and icons are served from the cache once fetched; a page that cannot load offline
// gets the offline page, which lists the articles that can be read offline. API answers and other
// pages (signed-in HTML) are never cached: they pass straight through to the network. Reader pages
// (/read/…) are fetched from the network first, and from the reader cache without one; the app
// posts the list to keep (components/reader/offline-reader-sync.tsx) and everything else is dropped.
const CACHE = "linkstash-shell-v1";
const READER_CACHE = "linkstash-reader-v1";
// The titles of the cached reader pages, for the offline page: a JSON array of { url, title }.
const READER_INDEX = "/offline-reader-index.json";
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
  if (!response) return [];
  const pages = await response.json();
  return Array.isArray(pages) ? pages : [];
}

/** The offline page, listing what can be read offline (written here: the page itself runs no script). */
async function offlinePage() {
  const cached = await caches.match(OFFLINE_PAGE);
  if (!cached) return Response.error();
  const pages = await readerIndex();
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

/** Keeps exactly these reader pages ({ url, title }, newest first) in the reader cache. */
async function keepReaderPages(pages) {
  const wanted = pages
    .filter((page) => page && typeof page.url === "string" && isReaderPage(new URL(page.url, self.location.origin)))
    .slice(0, MAX_READER_PAGES);
  const cache = await caches.open(READER_CACHE);
  const kept = [];
  for (const page of wanted) {
    try {
      const response = await fetch(page.url, { credentials: "same-origin" });
      if (!response.ok || response.redirected) continue;
      await cache.put(page.url, response);
      kept.push({ url: page.url, title: String(page.title ?? page.url) });
    } catch {
      // Offline or the server is away: what was cached before stays.
      if (await cache.match(page.url)) kept.push({ url: page.url, title: String(page.title ?? page.url) });
    }
  }
  const keep = new Set(kept.map((page) => page.url));
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path !== READER_INDEX && !keep.has(path)) await cache.delete(request);
  }
  await cache.put(
    READER_INDEX,
    new Response(JSON.stringify(kept), { headers: { "Content-Type": "application/json" } }),
  );
}

self.addEventListener("message", (event) => {
  if (event.origin !== self.location.origin || !event.data || event.data.type !== "keep-reader-pages") return;
  event.waitUntil(keepReaderPages(Array.isArray(event.data.pages) ? event.data.pages : []));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && isReaderPage(url)) event.respondWith(readerPage(request));
  else if (request.mode === "navigate") event.respondWith(networkOrOffline(request));
  else if (isShellAsset(url)) event.respondWith(cacheFirst(request));
});
