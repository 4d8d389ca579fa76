// Makes the page's Python memory snapshot, in a worker (off the page's main thread): the
// runtime (checked to be the recipe's) started exactly as the page starts it
// (loader/runtime.mjs), the recipe's archives unpacked where the page unpacks them (the
// working directory), the recipe's modules imported, then Pyodide's memory stored under
// the recipe's key (loader/snapshot.mjs).
// Posts {ok, bytes, ms} or {ok: false, why}.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import recipe from "../vendor/snapshot.json" with { type: "json" };
import { BYTECODE_FITS, runtimeConfig } from "./runtime.mjs";
import { storeSnapshot } from "./snapshot.mjs";

const hex = (buffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

async function archive(url, sha256) {
  const response = await fetch(new URL(`../${url}`, import.meta.url));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  if (hex(await crypto.subtle.digest("SHA-256", body)) !== sha256) {
    throw new Error(`${url} is not the file of this build (a newer one is on the server)`);
  }
  return body;
}

// In a function, so that __main__ keeps none of its names.
const IMPORT_RECIPE = `
def _import_recipe(names):
    import importlib
    for name in names:
        importlib.import_module(name)
_import_recipe(${JSON.stringify(recipe.modules)})
del _import_recipe
`;

async function make() {
  if (!BYTECODE_FITS) throw new Error("the bytecode build is refused: no snapshot");
  const started = performance.now();
  // The runtime Pyodide is about to fetch is this build's (else the snapshot would be of
  // another build under this build's key).
  for (const { url, sha256 } of recipe.runtime) await archive(url, sha256);
  const pyodide = await loadPyodide({ ...runtimeConfig(), _makeSnapshot: true });
  for (const { url, sha256 } of recipe.archives) {
    pyodide.unpackArchive(await archive(url, sha256), "zip");
  }
  pyodide.runPython(IMPORT_RECIPE);
  const bytes = pyodide.makeMemorySnapshot();
  await storeSnapshot(bytes);
  return { ok: true, bytes: bytes.length, ms: performance.now() - started };
}

make().then(
  (result) => postMessage(result),
  (error) => postMessage({ ok: false, why: String(error && error.message ? error.message : error) }),
);
