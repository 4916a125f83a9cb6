// Service worker of the site: precaches the files the page uses, so the game
// reloads with no network after the first visit.
// scripts/build_site.py writes _site/sw.js from this template, filling in
// VERSION (a hash of the precached files' contents) and PRECACHE ({path,
// relative to this script: hash of its contents}). A new build changes
// VERSION, hence this file, so the browser installs the new worker.
//
// Every file is sent once: a file already at hand with the right hash is
// taken, not downloaded: from "lepeuple-fetched", where the page put what it
// downloaded on its first visit (web/startup/interpreter.mjs; the page registers this
// worker once that is done), from an older version's cache (an update
// downloads only what changed), or from the HTTP cache (checked: it may be
// stale).
//
// Updates: the new cache is filled completely before anything uses it (an
// install cut off, e.g. by going offline, deletes its partial cache and the
// old version stays). The new worker then waits: a page running on the old
// build keeps the old files. When the page is reloaded and it is the only
// window of the site, the old worker answers the navigation with a short
// "new version" page, asks the new worker to take over, and that page
// reloads once it has (web/startup/loader.mjs): the reload gets the new build whole.
const VERSION = "__VERSION__";
const PRECACHE = __PRECACHE__;
const CACHE = `lepeuple-${VERSION}`;

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function hasHash(response, hash) {
  if (!response?.ok) return false;
  return hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer())).slice(0, hash.length) === hash;
}

async function precache(cache, path, hash) {
  const url = new URL(path, location).href;
  if (await hasHash(await cache.match(url), hash)) return;  // an earlier try of this install
  for (const name of await caches.keys()) {
    if (name === CACHE || !name.startsWith("lepeuple-")) continue;
    const found = await (await caches.open(name)).match(url);
    if (await hasHash(found, hash)) return cache.put(url, found);
  }
  // The HTTP cache, revalidated as the server asks; index.html is there as the
  // page's own address (./), from the visit that registered this worker.
  let response = await fetch(path === "index.html" ? new URL("./", location).href : url);
  if (!(await hasHash(response, hash))) response = await fetch(url, { cache: "reload" });
  if (!(await hasHash(response, hash))) throw new Error(`${path}: not the file of version ${VERSION}`);
  await cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await Promise.all(Object.entries(PRECACHE).map(([path, hash]) => precache(cache, path, hash)));
    } catch (error) {
      await caches.delete(CACHE);  // never a partial cache
      throw error;
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys())
      if (key.startsWith("lepeuple-") && key !== CACHE) await caches.delete(key);
  })());
});

// From the "new version" page (below) once it has loaded, posted to the waiting
// worker only (for an active worker skipWaiting() does nothing). Not from here
// while this worker still answers that page's requests: under load Chromium then
// sometimes left this old worker running and the new one waiting until the old
// one was stopped by hand (scripts/bench/update_stress.py; our reading: it asks the
// old worker to stop once idle only at skipWaiting(), and a request just after
// cancels that). `self` is this worker's global scope, never equal
// to registration.waiting or .active (ServiceWorker objects).
self.addEventListener("message", (event) => {
  if (event.data === "lepeuple:activate") self.skipWaiting();
});

// The "new version" page: the loading screen of web/startup/loader.mjs, which waits
// for the new worker to take over, then reloads.
const UPDATE_PAGE = `<!doctype html>
<html lang="en" data-update>
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Le Dernier Peuple</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./web/startup/loading.css">
  <script type="module" src="./web/startup/loader.mjs"></script>
</head>
<body>
  <div id="app"><div class="loading" id="loading">
    <p id="loading-text">New version…</p>
    <progress id="loading-bar" max="1" value="0" aria-labelledby="loading-text"></progress>
  </div></div>
  <pre id="error" role="alert" hidden></pre>
</body>
</html>
`;

async function isOnlyWindow() {
  const windows = await self.clients.matchAll({ type: "window" });
  return windows.length === 0 || (windows.length === 1 && windows[0].focused && windows[0].visibilityState === "visible");
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin) return;
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  event.respondWith((async () => {
    const navigate = request.mode === "navigate";
    const waiting = self.registration.waiting;
    // (Fetch events go to the active worker only: this one is not `waiting`.)
    if (navigate && waiting && url.pathname.endsWith("/index.html")
        && await isOnlyWindow()) {
      return new Response(UPDATE_PAGE, { headers: {
        "Content-Type": "text/html; charset=utf-8",
        "Content-Security-Policy": "default-src 'self'; img-src data:; script-src 'self'; object-src 'none'; base-uri 'none'",
      } });
    }
    const cache = await caches.open(CACHE);
    // A navigation ignores its query: ?players=…&seed=… is still index.html.
    const hit = await cache.match(url.href, { ignoreSearch: navigate });
    return hit || fetch(request);
  })());
});
