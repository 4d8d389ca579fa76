"""A bytecode build or snapshot recipe that is out of date is refused, and `make` rebuilds it.

tools/bytecode.py records, for each output in vendor/bytecode/, the sha256 of its inputs
(the Pyodide binary, the source archives) and of itself. In the page the app's bytecode is
made of checked hash-based pycs: CPython compares each with the source it sits beside.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from conftest import READY_JS, ROOT, _load_tool
from playwright.sync_api import Browser

MARK = '\nimport js as _js\n_js.document.body.dataset.staleCheck = "source"\n'


def make_vendor() -> subprocess.CompletedProcess[str]:
    """`make vendor`, the virtualenv counted as made (-o: these tests are about vendor/,
    not about pip)."""
    return subprocess.run(
        ["make", "-o", ".venv/.stamp", "vendor"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def rewrite_zip(path: Path, name: str, extra: bytes) -> None:
    """Append ``extra`` to member ``name`` of the zip at ``path``."""
    with zipfile.ZipFile(path) as zf:
        members = [(info, zf.read(info)) for info in zf.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for info, data in members:
            zf.writestr(info, data + extra if info.filename == name else data)


def test_make_rebuilds_a_bytecode_output_whose_record_is_out_of_date() -> None:
    """`make vendor` finds an output whose recorded inputs differ and rebuilds it."""
    bytecode = _load_tool("bytecode")
    record_path = ROOT / "vendor" / "bytecode" / "build.json"
    record = json.loads(record_path.read_text())
    entry = record["outputs"]["app-pyc.zip"]
    entry["inputs"]["app.zip"] = "0" * 64  # as if built from another app.zip
    record_path.write_text(json.dumps(record))
    assert bytecode.stale() == ["app-pyc.zip"]
    result = make_vendor()
    assert result.returncode == 0, result.stderr
    assert "app-pyc.zip:" in result.stdout
    assert "python_stdlib.zip:" not in result.stdout  # only what was out of date
    assert bytecode.stale() == []


def test_make_rewrites_a_snapshot_recipe_that_is_out_of_date() -> None:
    """`make vendor` rewrites vendor/snapshot.json when its key is not the one the build's
    inputs give; the page then refuses every snapshot made under the old key and makes a
    new one (e2e/test_snapshot.py)."""
    snapshot = _load_tool("snapshot")
    path = ROOT / "vendor" / "snapshot.json"
    recipe = json.loads(path.read_text())
    path.write_text(json.dumps({**recipe, "key": "0" * 20}))
    result = make_vendor()
    assert result.returncode == 0, result.stderr
    assert f"snapshot recipe {recipe['key']}: rewritten" in result.stdout
    assert json.loads(path.read_text()) == snapshot.build_recipe(ROOT) == recipe


def test_a_changed_input_makes_only_its_output_stale(tmp_path: Path) -> None:
    """A new app.zip makes app-pyc.zip stale (not the stdlib or the wheels); the rebuilt
    archive holds the new module's bytecode."""
    bytecode = _load_tool("bytecode")
    vendor = tmp_path / "vendor"
    vendor.mkdir()
    source = ROOT / "vendor"
    for name in ("pyodide", "wheels", "bytecode"):
        shutil.copytree(source / name, vendor / name)
    for name in ("app.zip", ".stamp.json"):
        shutil.copy2(source / name, vendor / name)
    out = vendor / "bytecode"
    assert bytecode.stale(vendor, out) == []
    with zipfile.ZipFile(vendor / "app.zip", "a") as zf:
        zf.writestr("engine/late_addition.py", "VALUE = 1\n")
    assert bytecode.stale(vendor, out) == ["app-pyc.zip"]
    assert bytecode.ensure(vendor=vendor, out=out) == ["app-pyc.zip"]
    assert bytecode.stale(vendor, out) == []
    with zipfile.ZipFile(out / "app-pyc.zip") as zf:
        assert "engine/__pycache__/late_addition.cpython-314.pyc" in zf.namelist()


def test_the_page_refuses_app_bytecode_older_than_its_source(
    browser: Browser, tmp_path: Path
) -> None:
    """A module whose source changed after its pyc was built runs from the source."""
    site = tmp_path / "site"
    dist = [sys.executable, str(ROOT / "tools" / "dist.py"), "--out", str(site)]
    subprocess.run(dist, check=True, capture_output=True)
    rewrite_zip(site / "vendor" / "app.zip", "engine/__init__.py", MARK.encode())
    serve = _load_tool("serve")
    server, url = serve.start_background(root=site)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(READY_JS, timeout=90_000, polling=50)
        assert page.evaluate("document.body.dataset.staleCheck") == "source"
    finally:
        context.close()
        server.shutdown()
        server.server_close()
