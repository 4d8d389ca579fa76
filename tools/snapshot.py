"""The recipe of the page's Python memory snapshot: ``vendor/snapshot.json``.

    python tools/snapshot.py

On a return visit the page does not start CPython and import the engine again: it restores
a Pyodide memory snapshot (``loadPyodide``'s ``_loadSnapshot``) that this device made after
its first visit, in a worker, off the page's main thread (``loader/snapshot-worker.mjs``).
What goes into that snapshot is decided here, by the build, not by what a player did:

* ``archives``: the files the worker unpacks first, as the page has them (the core archive
  and its bytecode, which PyScript unpacks from pyscript.toml ``[files]``; the wheels'
  bytecode, which every game unpacks), each with its sha256: the worker refuses a file of
  another build;
* ``modules``: what it then imports: every engine module of the core archive (not its
  command line, ``engine/__main__.py``), the wheels,
  and the standard-library modules PyScript's own Python imports. Nothing under ``ui``:
  those modules reach into the page (``pyscript``, ``js``), which a snapshot cannot hold;
* ``runtime``: the runtime it runs in (the Pyodide files, the bytecode standard library),
  each with its sha256, which the worker checks before it starts;
* ``key``: the sha256 of all the above and of the worker's code. The page uses a stored snapshot
  only when its key is this build's: any other is deleted, never restored, and the page
  makes a new one. ``make`` (tools/vendor.py) rewrites this file whenever an input changed.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"
RECIPE = VENDOR / "snapshot.json"
WORKER_CODE: tuple[str, ...] = (
    "loader/snapshot-worker.mjs",
    "loader/snapshot.mjs",
    "loader/runtime.mjs",
)
"""The code that makes the snapshot: a change to it is a new snapshot."""
RUNTIME: tuple[str, ...] = (
    "vendor/pyodide/pyodide.mjs",
    "vendor/pyodide/pyodide.asm.mjs",
    "vendor/pyodide/pyodide.asm.wasm",
    "vendor/bytecode/python_stdlib.zip",
    "vendor/bytecode/lock.json",
)
ARCHIVES: tuple[str, ...] = (
    "vendor/app.zip",
    "vendor/bytecode/app-pyc.zip",
    "vendor/bytecode/wheels-pyc.zip",
)
PYSCRIPT_STDLIB: tuple[str, ...] = (
    "base64",
    "encodings.cp437",
    "html",
    "html.entities",
    "inspect",
    "json",
    "shutil",
    "zipfile",
)
"""Imported by PyScript's own Python and its unpacking of ``[files]`` before the page's
script runs (measured: the modules in ``sys.modules`` when ui/main.py starts, less those of
a bare Pyodide and PyScript's own)."""
ENGINE = "engine"


class SnapshotRecipeError(RuntimeError):
    """An input of the recipe is missing or unreadable; the message names it."""


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def archive_modules(path: Path) -> list[str]:
    """The importable modules an archive holds (``.py`` or ``.pyc`` outside ``__pycache__``)."""
    found: set[str] = set()
    with zipfile.ZipFile(path) as zf:
        for name in zf.namelist():
            stem, dot, suffix = name.rpartition(".")
            if dot and suffix in {"py", "pyc"} and "__pycache__" not in name:
                found.add(stem.removesuffix("/__init__").replace("/", "."))
    return sorted(found)


def recipe_modules(root: Path) -> list[str]:
    """Every engine module of the core archive, each wheel's top-level package, and the
    standard-library modules PyScript imports."""
    vendor = root / "vendor"
    engine = [
        m
        for m in archive_modules(vendor / "app.zip")
        if (m == ENGINE or m.startswith(ENGINE + ".")) and not m.endswith(".__main__")
    ]
    wheels = sorted(
        {m.split(".")[0] for m in archive_modules(vendor / "bytecode" / "wheels-pyc.zip")}
    )
    return [*PYSCRIPT_STDLIB, *wheels, *engine]


def build_recipe(root: Path = ROOT) -> dict[str, object]:
    """The recipe for the build in ``root`` (its vendor/ filled by tools/vendor.py).

    :raises SnapshotRecipeError: an input is missing."""
    needed = [*RUNTIME, *ARCHIVES, *WORKER_CODE]
    missing = [rel for rel in needed if not (root / rel).is_file()]
    if missing:
        raise SnapshotRecipeError(f"snapshot: missing {', '.join(missing)}: run `make vendor`")
    archives = [{"url": rel, "sha256": sha256(root / rel)} for rel in ARCHIVES]
    runtime = [{"url": rel, "sha256": sha256(root / rel)} for rel in RUNTIME]
    modules = recipe_modules(root)
    inputs = {
        "runtime": runtime,
        "code": {rel: sha256(root / rel) for rel in WORKER_CODE},
        "archives": archives,
        "modules": modules,
    }
    key = hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()[:20]
    return {"key": key, "archives": archives, "runtime": runtime, "modules": modules}


def write_recipe(root: Path = ROOT) -> tuple[bool, dict[str, object]]:
    """Write ``vendor/snapshot.json`` unless it already says the same; True if rewritten."""
    recipe = build_recipe(root)
    text = json.dumps(recipe, indent=1, sort_keys=True) + "\n"
    path = root / "vendor" / "snapshot.json"
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False, recipe
    path.write_text(text, encoding="utf-8")
    return True, recipe


def main() -> int:
    try:
        changed, recipe = write_recipe()
    except SnapshotRecipeError as exc:
        print(exc)
        return 1
    modules = recipe["modules"]
    assert isinstance(modules, list)
    state = "rewritten" if changed else "up to date"
    print(f"snapshot: recipe {recipe['key']} {state} ({len(modules)} modules to import)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
