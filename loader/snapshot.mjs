// The page's Python memory snapshot, kept on this device (Cache Storage) for return visits.
//
// A snapshot is made once per build, after the first visit, by loader/snapshot-worker.mjs
// (off the page's main thread) from the recipe tools/snapshot.py wrote into
// vendor/snapshot.json. It is stored with the recipe's key; the page restores it only when
// that key is this build's. A snapshot of another build is deleted, never restored, and a
// new one is made; one that fails to restore is marked refused (with why) and not made
// again for this build. <html data-snapshot> says what happened, for the curious and the
// tests: none, making, stored, restored, stale, refused or unavailable (with a reason in
// data-snapshot-why); the console says it too.
import recipe from "../vendor/snapshot.json" with { type: "json" };

// Not "risk-family-…": sw.js deletes every cache of that prefix but its own build's.
const CACHE = "risk-family.snapshot";
// One entry per copy of the site (its scope), never fetched: only a Cache Storage key.
const ENTRY = new URL("../vendor/python.snapshot", import.meta.url).href;
const KEY_HEADER = "x-snapshot-key";
const REFUSED_HEADER = "x-snapshot-refused";

const SNAPSHOT_KEY = recipe.key;

/** Cache Storage exists (a secure context: https, or localhost). */
const CAN_STORE = typeof caches !== "undefined";

/** Say what happened to the snapshot on <html> (a worker has no document: skipped). */
export function report(state, why = "") {
  if (typeof document === "undefined") return;
  document.documentElement.dataset.snapshot = state;
  if (why) document.documentElement.dataset.snapshotWhy = why;
  else delete document.documentElement.dataset.snapshotWhy;
}

// Header values are ISO-8859-1: an error's text may not be.
const headerSafe = (text) => encodeURIComponent(String(text).slice(0, 300));

/**
 * What this device holds for this build: {state: "found", bytes} (bytes: a promise of the
 * snapshot, still being read), or {state, why} with state "none", "stale" (another
 * build's: deleted now), "refused" or "unavailable".
 */
export async function storedSnapshot() {
  if (!CAN_STORE) return { state: "unavailable", why: "no Cache Storage here (not https)" };
  // Not caches.open: that would create the cache on every visit.
  const response = await caches.match(ENTRY, { cacheName: CACHE });
  if (!response) return { state: "none" };
  const key = response.headers.get(KEY_HEADER);
  if (key !== SNAPSHOT_KEY) {
    await (await caches.open(CACHE)).delete(ENTRY);
    return { state: "stale", why: `made for build ${key}, this is ${SNAPSHOT_KEY}` };
  }
  const refused = response.headers.get(REFUSED_HEADER);
  if (refused) return { state: "refused", why: decodeURIComponent(refused) };
  return { state: "found", bytes: response.arrayBuffer().then((body) => new Uint8Array(body)) };
}

export async function storeSnapshot(bytes) {
  const cache = await caches.open(CACHE);
  const headers = { "content-type": "application/octet-stream", [KEY_HEADER]: SNAPSHOT_KEY };
  await cache.put(ENTRY, new Response(bytes, { headers }));
}

/** This build's snapshot could not be restored: keep only why, so it is not made again. */
export async function refuseSnapshot(why) {
  const cache = await caches.open(CACHE);
  const headers = { [KEY_HEADER]: SNAPSHOT_KEY, [REFUSED_HEADER]: headerSafe(why) };
  await cache.put(ENTRY, new Response("", { headers }));
}

const whenReady = () =>
  new Promise((resolve) => {
    const ready = () => document.body && document.body.dataset.ready === "true";
    if (ready()) return resolve();
    new MutationObserver((_, observer) => {
      if (ready()) {
        observer.disconnect();
        resolve();
      }
    }).observe(document.documentElement, { subtree: true, attributeFilter: ["data-ready"] });
  });
const whenIdle = () =>
  new Promise((resolve) =>
    typeof requestIdleCallback === "function"
      ? requestIdleCallback(resolve, { timeout: 3000 })
      : setTimeout(resolve, 1000),
  );

/** Once the page is ready, its build cached by the service worker (sw.js: what a return
 * visit loads) and the page idle, make this build's snapshot in a worker. Without a
 * service worker there is no return visit to make it for. */
export async function makeSnapshotLater() {
  await whenReady();
  if (!("serviceWorker" in navigator)) return report("unavailable", "no service worker here");
  await navigator.serviceWorker.ready;
  await whenIdle();
  report("making");
  const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), {
    type: "module",
  });
  const result = await new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => resolve({ ok: false, why: event.message || "worker failed" });
  });
  worker.terminate();
  if (result.ok) {
    document.documentElement.dataset.snapshotBytes = String(result.bytes);
    document.documentElement.dataset.snapshotMs = String(Math.round(result.ms));
    report("stored");
    console.info(
      `Python snapshot for return visits: ${(result.bytes / 1e6).toFixed(1)} MB, ` +
        `made in ${(result.ms / 1000).toFixed(1)} s`,
    );
  } else {
    report("unavailable", result.why);
    console.warn("Python snapshot not made:", result.why);
  }
}
