// PyScript's `interpreter` (pyscript.toml) points here instead of at Pyodide itself: the
// vendored Pyodide, started with the standard library as CPython bytecode compiled ahead
// of time by tools/bytecode.py (vendor/bytecode/; loader/runtime.mjs). A
// bytecode build made for another Pyodide is refused: the page then boots from Pyodide's
// own source zip and the wheels themselves, and the console says why.
//
// On the game's page (<meta name="python-snapshot" content="on">), a return visit restores
// this device's memory snapshot of the build instead of starting CPython and importing
// the engine (loader/snapshot.mjs); after a first visit the snapshot is made for the next.
import { loadPyodide as loadVendored, version } from "../vendor/pyodide/pyodide.mjs";
import {
  BYTECODE_FITS,
  BYTECODE_PYODIDE,
  PYODIDE_DIR,
  SOURCE_WHEELS,
  runtimeConfig,
} from "./runtime.mjs";
import { makeSnapshotLater, refuseSnapshot, report, storedSnapshot } from "./snapshot.mjs";

export { version };

// Starting CPython and then PyScript's own Python run as one chain of promise callbacks,
// i.e. one long main-thread task: yield to the browser between the two (a key typed or a
// frame to paint is handled there).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const snapshotPage = () =>
  typeof document !== "undefined" &&
  document.querySelector('meta[name="python-snapshot"]')?.content === "on";

/** PyScript's call: its options are its output streams (the page loads no packages). */
export async function loadPyodide(options = {}) {
  const config = { ...options, ...runtimeConfig() };
  if (!BYTECODE_FITS) return bootFromSource(config);
  if (snapshotPage()) {
    const restored = await restore(config);
    if (restored) return restored;
  }
  const pyodide = await loadVendored(config);
  await nextTask();
  return pyodide;
}

/** This device's snapshot of the build, restored; null when there is none to restore (one
 * is then made after this visit) or it failed to restore (it is then marked refused). */
async function restore(config) {
  let found;
  try {
    found = await storedSnapshot();
  } catch (error) {
    found = { state: "unavailable", why: String(error) };
  }
  if (found.state !== "found") {
    report(found.state, found.why);
    if (found.state === "none" || found.state === "stale") makeSnapshotLater();
    return null;
  }
  const started = performance.now();
  try {
    const pyodide = await loadVendored({
      ...config,
      _loadSnapshot: found.bytes,
      createPyodideModule: heapFor(found.bytes),
    });
    // The generator's state came from the worker that made the snapshot: draw a new one.
    pyodide.runPython("import random; random.seed()");
    const ms = Math.round(performance.now() - started);
    report("restored");
    console.info(`Python restored from this device's snapshot in ${ms} ms`);
    await nextTask();
    return pyodide;
  } catch (error) {
    console.warn("The Python snapshot could not be restored; starting afresh:", error);
    report("refused", String(error));
    await refuseSnapshot(String(error)).catch(() => {});
    return null;
  }
}

/** Pyodide's module factory, with the heap grown to hold the snapshot before Pyodide copies
 * it in: Pyodide 314 does not grow it, and the wasm's own memory starts at 30 MiB. */
function heapFor(snapshot) {
  return async (settings) => {
    const { default: createPyodideModule } = await import(`${PYODIDE_DIR}pyodide.asm.mjs`);
    const module = await createPyodideModule(settings);
    const bytes = await snapshot;
    // A block as large as the snapshot ends past the snapshot's size wherever it is put,
    // so the heap grows to hold it; what the allocation wrote is replaced by the snapshot.
    if (bytes.length > module.HEAP8.length) module._malloc(bytes.length);
    return module;
  };
}

async function bootFromSource(config) {
  console.warn(
    `vendor/bytecode was built for Pyodide ${BYTECODE_PYODIDE}, this is ${version}: ` +
      "using the source standard library and wheels (run `make vendor` to rebuild it)",
  );
  report("unavailable", "the bytecode build is refused");
  const pyodide = await loadVendored(config);
  for (const wheel of SOURCE_WHEELS) {
    const response = await fetch(new URL(`../vendor/${wheel}`, import.meta.url));
    if (!response.ok) throw new Error(`vendor/${wheel}: HTTP ${response.status}`);
    // Into the working directory, on sys.path, as PyScript does with [files].
    pyodide.unpackArchive(await response.arrayBuffer(), "zip");
  }
  return pyodide;
}
