"""tools/snapshot.py: what the page's Python memory snapshot holds, and its key.

The key is what keeps a stale snapshot from ever being restored: the page restores a
stored snapshot only when its key is the build's (loader/snapshot.mjs, e2e/test_snapshot.py).
These cases build a small fake vendor/ tree and check that every input moves the key.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from tests.tool_loader import load_tool

ROOT = Path(__file__).resolve().parents[1]


def snapshot_tool() -> ModuleType:
    return load_tool("snapshot")


def write_zip(path: Path, names: dict[str, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in names.items():
            zf.writestr(name, text)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A build with the recipe's inputs: runtime files, the three archives, the loader."""
    tool = snapshot_tool()
    for rel in tool.RUNTIME:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"runtime {rel}")
    for rel in tool.WORKER_CODE:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"// {rel}")
    write_zip(
        tmp_path / "vendor" / "app.zip",
        {
            "engine/__init__.py": "",
            "engine/__main__.py": "raise SystemExit(main())",
            "engine/core.py": "X = 1",
            "engine/rulesets/classic/__init__.py": "",
            "ui/shell/page.py": "from pyscript import document",
            "maps/classic.json": "{}",
        },
    )
    write_zip(
        tmp_path / "vendor" / "bytecode" / "app-pyc.zip",
        {"engine/__pycache__/core.cpython-314.pyc": "pyc"},
    )
    write_zip(
        tmp_path / "vendor" / "bytecode" / "wheels-pyc.zip",
        {"networkx/__init__.pyc": "", "networkx/algorithms/x.pyc": "", "six.pyc": ""},
    )
    return tmp_path


def test_the_recipe_imports_the_engine_and_the_wheels_never_the_page(site: Path) -> None:
    """ "Nothing under ``ui``: those modules reach into the page (``pyscript``, ``js``),
    which a snapshot cannot hold" and not the engine's command line."""
    recipe = snapshot_tool().build_recipe(site)
    modules = recipe["modules"]
    assert {"engine", "engine.core", "engine.rulesets.classic", "networkx", "six"} <= set(modules)
    assert "json" in modules and "html.entities" in modules  # PyScript's own imports
    assert not [m for m in modules if m.startswith("ui") or m.endswith("__main__")]
    assert "networkx.algorithms.x" not in modules  # a wheel imports its own submodules
    assert [entry["url"] for entry in recipe["runtime"]] == list(snapshot_tool().RUNTIME)
    assert all(len(entry["sha256"]) == 64 for entry in recipe["runtime"])
    urls = [entry["url"] for entry in recipe["archives"]]
    assert urls == [
        "vendor/app.zip",
        "vendor/bytecode/app-pyc.zip",
        "vendor/bytecode/wheels-pyc.zip",
    ]


@pytest.mark.parametrize(
    "changed",
    [
        "vendor/pyodide/pyodide.asm.wasm",
        "vendor/bytecode/python_stdlib.zip",
        "vendor/app.zip",
        "vendor/bytecode/app-pyc.zip",
        "vendor/bytecode/wheels-pyc.zip",
        "loader/snapshot-worker.mjs",
        "loader/runtime.mjs",
    ],
)
def test_any_changed_input_gives_a_new_key(site: Path, changed: str) -> None:
    """ "The page uses a stored snapshot only when its key is this build's": a new runtime,
    standard library, archive or worker code is a new key, so the old snapshot is refused."""
    tool = snapshot_tool()
    before = tool.build_recipe(site)["key"]
    path = site / changed
    path.write_bytes(path.read_bytes() + b"\n")
    assert tool.build_recipe(site)["key"] != before


def test_an_unchanged_build_keeps_its_key_and_its_file(site: Path) -> None:
    """Rebuilding without a change writes nothing (the stored snapshot stays good)."""
    tool = snapshot_tool()
    changed, recipe = tool.write_recipe(site)
    assert changed
    stored = site / "vendor" / "snapshot.json"
    assert json.loads(stored.read_text())["key"] == recipe["key"]
    assert tool.write_recipe(site) == (False, recipe)


def test_a_missing_input_is_named(site: Path) -> None:
    tool = snapshot_tool()
    (site / "vendor" / "bytecode" / "wheels-pyc.zip").unlink()
    with pytest.raises(tool.SnapshotRecipeError, match=r"wheels-pyc\.zip.*make vendor"):
        tool.build_recipe(site)


def test_the_repository_recipe_is_current() -> None:
    """`make` (tools/vendor.py) rewrites vendor/snapshot.json whenever an input changed:
    the one in vendor/ is the one the build's inputs give."""
    if not (ROOT / "vendor" / "snapshot.json").is_file():
        pytest.skip("vendor/ not built")
    tool = snapshot_tool()
    stored = json.loads((ROOT / "vendor" / "snapshot.json").read_text())
    assert stored == tool.build_recipe(ROOT)


def test_the_site_ships_the_loader_and_the_recipe(tmp_path: Path) -> None:
    """The worker and the recipe are part of the site (dist, and the service worker's
    cache), though no HTML names them."""
    if not (ROOT / "vendor" / "snapshot.json").is_file():
        pytest.skip("vendor/ not built")
    files = {str(p) for p in load_tool("dist").site_files(ROOT)}
    assert {
        "loader/pyodide.mjs",
        "loader/runtime.mjs",
        "loader/snapshot.mjs",
        "loader/snapshot-worker.mjs",
        "vendor/snapshot.json",
    } <= files


def vendor_tool() -> ModuleType:
    return load_tool("vendor")


def test_pyscripts_python_is_taken_as_the_text_it_writes() -> None:
    """PyScript writes its package from a tree of file texts (src/stdlib/pyscript.js); the
    bytecode the page ships for it is compiled from exactly those texts, so CPython's
    checked hash accepts it instead of compiling the source in the page."""
    module_text = (
        "// ⚠️ This file is an artifact: DO NOT MODIFY\n"
        'export default {\n  "pyscript": {\n    "__init__.py": "from pyscript.a import x\\n",\n'
        '    "sub": {"b.py": "y = \'é\'"}\n  }\n};\n'
    )
    files = vendor_tool().pyscript_python_files(module_text)
    assert files == {
        "pyscript/__init__.py": "from pyscript.a import x\n",
        "pyscript/sub/b.py": "y = 'é'",
    }


def test_pyscripts_python_not_in_the_expected_form_is_named() -> None:
    tool = vendor_tool()
    with pytest.raises(tool.VendorError, match=r"src/stdlib/pyscript\.js"):
        tool.pyscript_python_files("export default nothing;")
