// How the page's Pyodide is started: shared by the page (loader/pyodide.mjs) and the worker
// that makes its memory snapshot (loader/snapshot-worker.mjs), so that a snapshot is made
// in the very runtime it is restored into.
import { version } from "../vendor/pyodide/pyodide.mjs";
import build from "../vendor/bytecode/build.json" with { type: "json" };

export const PYODIDE_DIR = new URL("../vendor/pyodide/", import.meta.url).href;
const BYTECODE_STDLIB = new URL("../vendor/bytecode/python_stdlib.zip", import.meta.url).href;
// The lock's info block without its 119 kB package list: the page loads no Pyodide package.
const LOCK = new URL("../vendor/bytecode/lock.json", import.meta.url).href;

/** The bytecode in vendor/bytecode/ was compiled by this Pyodide (else it is refused). */
export const BYTECODE_FITS = build.pyodide === version;
/** For a refused bytecode build: the wheels to unpack instead, as vendor/ paths. */
export const SOURCE_WHEELS = build.wheels;
export const BYTECODE_PYODIDE = build.pyodide;

/** loadPyodide's options (before any snapshot option). */
export function runtimeConfig() {
  const config = { indexURL: PYODIDE_DIR };
  if (BYTECODE_FITS) {
    config.stdLibURL = BYTECODE_STDLIB;
    config.lockFileURL = LOCK;
  }
  return config;
}
