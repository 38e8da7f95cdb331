// LinkStash service worker: the app shell only. Hashed static assets and icons are served from the
// cache once fetched; a page that cannot load offline gets the offline page. API answers and pages
// (signed-in HTML) are never cached: they pass straight through to the network.
const CACHE = "linkstash-shell-v1";
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
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
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

async function networkOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(networkOrOffline(request));
  else if (isShellAsset(url)) event.respondWith(cacheFirst(request));
});
