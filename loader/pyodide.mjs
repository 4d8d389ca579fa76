// PyScript's `interpreter` (pyscript.toml) points here instead of at Pyodide itself: the
// vendored Pyodide, started with the standard library and the wheels as CPython bytecode
// compiled ahead of time by tools/bytecode.py (vendor/bytecode/). A bytecode build made for
// another Pyodide is refused: the page then boots from Pyodide's own source zip and the
// wheels themselves, and the console says why.
import { loadPyodide as loadVendored, version } from "../vendor/pyodide/pyodide.mjs";
import build from "../vendor/bytecode/build.json" with { type: "json" };

export { version };

const PYODIDE_DIR = new URL("../vendor/pyodide/", import.meta.url).href;
const BYTECODE_STDLIB = new URL("../vendor/bytecode/python_stdlib.zip", import.meta.url).href;
// The lock's info block without its 119 kB package list: the page loads no Pyodide package.
const LOCK = new URL("../vendor/bytecode/lock.json", import.meta.url).href;

// Starting CPython and then PyScript's own Python run as one chain of promise callbacks,
// i.e. one long main-thread task: yield to the browser between the two (a key typed or a
// frame to paint is handled there).
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

export async function loadPyodide(options = {}) {
  // PyScript passes indexURL = this folder; the runtime's files stay in vendor/pyodide/.
  const config = { ...options, indexURL: PYODIDE_DIR };
  if (build.pyodide === version) {
    config.stdLibURL = BYTECODE_STDLIB;
    config.lockFileURL = LOCK;
    const pyodide = await loadVendored(config);
    await nextTask();
    return pyodide;
  }
  console.warn(
    `vendor/bytecode was built for Pyodide ${build.pyodide}, this is ${version}: ` +
      "using the source standard library and wheels (run `make vendor` to rebuild it)",
  );
  const pyodide = await loadVendored(config);
  for (const wheel of build.wheels) {
    const response = await fetch(new URL(`../vendor/${wheel}`, import.meta.url));
    if (!response.ok) throw new Error(`vendor/${wheel}: HTTP ${response.status}`);
    // Into the working directory, on sys.path, as PyScript does with [files].
    pyodide.unpackArchive(await response.arrayBuffer(), "zip");
  }
  return pyodide;
}
