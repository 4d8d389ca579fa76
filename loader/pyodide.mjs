// PyScript's `interpreter` (pyscript.toml) points here instead of at Pyodide itself: the
// vendored Pyodide, started with the standard library and the wheels as CPython bytecode
// compiled ahead of time by tools/bytecode.py (vendor/bytecode/). A bytecode build made for
// another Pyodide is refused: the page then boots from Pyodide's own source zip and the
// wheels themselves, and the console says why.
//
// index.html calls start({snapshot: true}) as soon as the page is parsed, so the runtime
// downloads and starts while PyScript is still reading its config and loading its plugins;
// PyScript's own call to loadPyodide then gets the same start. On a return visit that
// start restores this device's memory snapshot of the build instead of starting CPython
// (loader/snapshot.mjs); after a first visit, the snapshot is made for the next one.
import { loadPyodide as loadVendored, version } from "../vendor/pyodide/pyodide.mjs";
import {
  BYTECODE_FITS,
  BYTECODE_PYODIDE,
  PYODIDE_DIR,
  SOURCE_WHEELS,
  runtimeConfig,
} from "./runtime.mjs";
import {
  makeSnapshotLater,
  refuseSnapshot,
  report,
  storedSnapshot,
} from "./snapshot.mjs";

export { version };

// Starting CPython and then PyScript's own Python run as one chain of promise callbacks,
// i.e. one long main-thread task: yield to the browser between the two (a key typed or a
// frame to paint is handled there).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
// The prerendered board is painted before CPython's start takes the main thread.
const afterPaint = () =>
  new Promise((resolve) =>
    typeof requestAnimationFrame === "function"
      ? requestAnimationFrame(() => setTimeout(resolve, 0))
      : resolve(),
  );

// Python's output goes where PyScript says once it has asked for the interpreter (its
// terminal, or the console); until then, to the console.
const output = {
  stdout: (...args) => console.log(...args),
  stderr: (...args) => console.error(...args),
};
const streams = {
  stdout: (...args) => output.stdout(...args),
  stderr: (...args) => output.stderr(...args),
};

let starting = null;

/** Start the runtime now (index.html), without waiting for PyScript to ask. With
 * `snapshot`, restore this device's snapshot of the build, or make one after this visit. */
export function start({ snapshot = false } = {}) {
  starting ??= boot(snapshot);
  return starting;
}

/** PyScript's call. Only its output streams are taken: the page loads no packages. */
export function loadPyodide(options = {}) {
  if (options.stdout) output.stdout = options.stdout;
  if (options.stderr) output.stderr = options.stderr;
  return start();
}

async function boot(snapshot) {
  const painted = afterPaint();
  if (!BYTECODE_FITS) {
    await painted;
    return bootFromSource(runtimeConfig(streams));
  }
  if (snapshot) {
    const restored = await restore(painted);
    if (restored) return restored;
  }
  const pyodide = await loadVendored({
    ...runtimeConfig(streams),
    createPyodideModule: moduleFactory(painted),
  });
  await nextTask();
  return pyodide;
}

/**
 * Pyodide's module factory, called once the runtime's files are fetching (Pyodide starts
 * those downloads first): it waits for the first paint before the wasm is instantiated
 * (a long main-thread task), and for a snapshot grows the heap to hold it before Pyodide
 * copies it in (Pyodide 314 does not, and the wasm's own memory starts at 30 MiB).
 */
function moduleFactory(painted, snapshot = null) {
  return async (settings) => {
    const [{ default: createPyodideModule }] = await Promise.all([
      import(`${PYODIDE_DIR}pyodide.asm.mjs`),
      painted,
    ]);
    const module = await createPyodideModule(settings);
    const bytes = snapshot && (await snapshot);
    // A block as large as the snapshot ends past the snapshot's size wherever it is put,
    // so the heap grows to hold it; what the allocation wrote is replaced by the snapshot.
    if (bytes && bytes.length > module.HEAP8.length) module._malloc(bytes.length);
    return module;
  };
}

/** This device's snapshot of the build, restored; null when there is none to restore (one
 * is then made after this visit) or it failed to restore (it is then marked refused). */
async function restore(painted) {
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
      ...runtimeConfig(streams),
      _loadSnapshot: found.bytes,
      createPyodideModule: moduleFactory(painted, found.bytes),
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
