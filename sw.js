// Service worker: keeps one build of the page for offline play and fast return visits.
//
// vendor/site-build.js (tools/offline.py) lists this build's files with their sha256 and a
// version; a new build changes that script, so the browser installs a new worker, which
// caches the new build under its own name and deletes the older ones once active.
//
// No mixed versions: each page (client) is served from one source for its whole life,
// decided when it is navigated to. If the network answers with the same build version,
// or does not answer (offline), the page comes from this worker's cache; if the network
// has another build, the page comes from the network, whole, and asks for the new worker
// (index.html), which caches that build and takes over the next visits.
importScripts("./vendor/site-build.js");

const BUILD = self.SITE_BUILD;
const PREFIX = "risk-family-";
const CACHE = PREFIX + BUILD.version;
const SCOPE = new URL("./", self.location).href;
const INDEX = SCOPE + "index.html";
const FROM_NETWORK = new Set(); // clients navigated while the network had another build

const hex = (buffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function precache() {
  try {
    await fill(await caches.open(CACHE));
  } catch (error) {
    await caches.delete(CACHE); // nothing half-cached is left behind
    throw error;
  }
}

async function fill(cache) {
  for (const [path, sha256] of Object.entries(BUILD.files)) {
    const url = SCOPE + path;
    const response = await fetch(url, { cache: "no-cache" });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    const digest = hex(await crypto.subtle.digest("SHA-256", body));
    if (digest !== sha256) {
      // The server already holds another build: do not keep a mixture.
      throw new Error(`${path}: not the file of build ${BUILD.version}`);
    }
    await cache.put(url, new Response(body, { status: 200, headers: response.headers }));
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

async function networkBuild() {
  try {
    const response = await fetch(SCOPE + "vendor/site-build.json", { cache: "no-store" });
    return response.ok ? (await response.json()).version : null;
  } catch {
    return null; // offline
  }
}

async function fromCache(url) {
  const cache = await caches.open(CACHE);
  return cache.match(url);
}

async function navigate(event) {
  const url = new URL(event.request.url);
  const page = url.origin + url.pathname;
  if (page !== SCOPE && page !== INDEX) return fetch(event.request); // not the game page
  const version = await networkBuild();
  if (version !== null && version !== BUILD.version) {
    if (event.resultingClientId) FROM_NETWORK.add(event.resultingClientId);
    return revalidated(event.request); // the page asks for the new worker once it is ready
  }
  return (await fromCache(INDEX)) || fetch(event.request);
}

// Static hosts often send no Cache-Control: the HTTP cache may then keep an older file for
// hours on heuristics. What comes from the network here is always revalidated.
function revalidated(request) {
  return request.mode === "navigate"
    ? fetch(request.url, { cache: "no-cache", credentials: "same-origin" })
    : fetch(request, { cache: "no-cache" });
}

async function subresource(event) {
  if (FROM_NETWORK.has(event.clientId)) return revalidated(event.request);
  const url = new URL(event.request.url);
  return (await fromCache(url.origin + url.pathname)) || fetch(event.request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith(request.mode === "navigate" ? navigate(event) : subresource(event));
});
