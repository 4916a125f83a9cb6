// Service worker of the site: precaches every built file so the game
// reloads with no network after the first visit.
// scripts/build_site.py writes _site/sw.js from this template, filling in
// VERSION (a hash of the built files' contents) and PRECACHE (their paths,
// relative to this script). A new build changes VERSION, hence this file, so
// the browser installs the new worker, which then deletes the older caches.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = "lepeuple-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates with the server: a stale HTTP-cached file (GitHub
    // Pages sends max-age=600) must not end up in a new build's cache.
    await cache.addAll(PRECACHE.map((path) => new Request(path, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys())
      if (key.startsWith("lepeuple-") && key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // A navigation ignores its query: ?players=…&seed=… is still index.html.
    const hit = await cache.match(url.href, { ignoreSearch: request.mode === "navigate" });
    return hit || fetch(request);
  })());
});
