"""Per-ruleset archives (issue 19): the page starts with the core and fetches each other
ruleset on first use (tools/vendor.py splits, ui/shell/archives.py fetches)."""

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import io
import json
import shutil
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from engine.rulesets import MODULES
from tests.tool_loader import load_tool
from ui.pages import PAGES
from ui.shell.archives import ArchiveError, ArchiveFile, Archives, RulesetArchive, read_manifest

ROOT = Path(__file__).resolve().parents[1]


def vendor_tool() -> ModuleType:
    return load_tool("vendor")


def names(archive: Path) -> set[str]:
    with zipfile.ZipFile(archive) as zf:
        return set(zf.namelist())


def test_every_ruleset_but_the_first_screens_has_its_own_archive(tmp_path: Path) -> None:
    """ "A core archive (engine core, ui/shell, the first screen's page: Classic) fetched at
    start, and one archive per other ruleset (engine/rulesets/<r>/ + ui/<r>/ + its maps)";
    the page module the shell imports at start-up stays in the core."""
    vendor = vendor_tool()
    core = vendor.build_app_zip(root=ROOT, dest=tmp_path / "app.zip", quiet=True)
    first = PAGES[0].ruleset
    assert first == "classic"
    held = names(core)
    assert "engine/rulesets/classic/turn.py" in held and "maps/classic_geometry.json" in held
    assert "ui/shell/page.py" in held and "engine/core.py" in held
    for ruleset in set(MODULES) - {first}:
        archive = tmp_path / "rulesets" / f"{ruleset}.zip"
        own = names(archive)
        assert f"engine/rulesets/{ruleset}/__init__.py" in own
        assert not any(n.startswith(f"engine/rulesets/{ruleset}/") for n in held)
        assert f"maps/{ruleset}.json" in own or ruleset == "capital"  # Capital plays Classic's
    for entry in PAGES[1:]:
        page_file = entry.module.replace(".", "/") + ".py"
        assert page_file in held
        package = page_file.rpartition("/")[0]
        own = names(tmp_path / "rulesets" / f"{entry.ruleset}.zip")
        assert own and all(n not in held for n in own)
        assert any(n.startswith(package + "/") for n in own)


def test_a_new_ruleset_lands_in_its_own_archive_without_a_change_to_the_tools(
    tmp_path: Path,
) -> None:
    """The split discovers rulesets from the registry and the page list: a ruleset added
    there (with its page package) gets its own archive; one that is gone loses it."""
    root = tmp_path / "repo"
    for part in ("engine", "ui", "maps", "docs"):
        shutil.copytree(ROOT / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    registry = root / "engine" / "rulesets" / "__init__.py"
    registry.write_text(
        registry.read_text().replace(
            "MODULES: dict[str, str] = {",
            'MODULES: dict[str, str] = {\n    "toy": "engine.rulesets.toy",',
        )
    )
    (root / "engine" / "rulesets" / "toy").mkdir()
    (root / "engine" / "rulesets" / "toy" / "__init__.py").write_text("")
    (root / "maps" / "toy.json").write_text("{}")
    (root / "ui" / "toy").mkdir()
    for name in ("__init__.py", "page.py", "session.py"):
        (root / "ui" / "toy" / name).write_text("")
    pages = root / "ui" / "pages.py"
    pages.write_text(
        pages.read_text().rstrip()[:-1] + '    PageEntry("toy", "Toy", "Toy", "ui.toy.page"),\n)\n'
    )
    dest = root / "vendor" / "app.zip"
    (root / "vendor" / "rulesets").mkdir(parents=True)
    (root / "vendor" / "rulesets" / "gone.zip").write_bytes(b"")
    vendor_tool().build_app_zip(root=root, dest=dest, quiet=True)
    toy = names(root / "vendor" / "rulesets" / "toy.zip")
    assert toy == {"engine/rulesets/toy/__init__.py", "maps/toy.json", "ui/toy/session.py"}
    assert {"ui/toy/page.py", "ui/toy/__init__.py"} <= names(dest)
    assert not (root / "vendor" / "rulesets" / "gone.zip").exists()


def zipped(files: dict[str, str]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return buffer.getvalue()


class Server:
    """Stands in for the network: the bytes at each URL, and the URLs asked for."""

    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files
        self.asked: list[str] = []

    def now(self, url: str) -> bytes:
        self.asked.append(url)
        if url not in self.files:
            raise ArchiveError("archive/unreachable", f"{url} could not be fetched (HTTP 404)")
        return self.files[url]

    async def later(self, url: str) -> bytes:
        return self.now(url)


def site_with(
    tmp_path: Path, blob: bytes, listed_hash: str | None = None
) -> tuple[Archives, Server]:
    url = "vendor/rulesets/zz_toy.zip"
    entry = RulesetArchive(
        "zz_toy",
        (ArchiveFile(url, listed_hash or hashlib.sha256(blob).hexdigest()),),
        frozenset({"zz_toy_pkg", "zz_toy_pkg.rules"}),
    )
    server = Server({url: blob})
    return Archives({"zz_toy": entry}, tmp_path, server.later, server.now), server


TOY = {"zz_toy_pkg/__init__.py": "", "zz_toy_pkg/rules.py": "DICE = 3\n"}


@pytest.fixture
def on_path(tmp_path: Path) -> object:
    sys.path.insert(0, str(tmp_path))
    yield
    sys.path.remove(str(tmp_path))
    for name in [n for n in sys.modules if n.startswith("zz_toy_pkg")]:
        del sys.modules[name]


@pytest.mark.usefixtures("on_path")
def test_importing_a_module_of_a_ruleset_not_yet_fetched_fetches_its_archive(
    tmp_path: Path,
) -> None:
    """Anything that imports a ruleset's module before the shell fetched it (a pasted code
    of another ruleset) gets it: the finder fetches the archive once, then the import goes on."""
    archives, server = site_with(tmp_path, zipped(TOY))
    sys.meta_path.insert(0, archives)
    try:
        assert not archives.ready("zz_toy") and archives.ready("classic")
        module = importlib.import_module("zz_toy_pkg.rules")
        assert module.DICE == 3
        assert server.asked == ["vendor/rulesets/zz_toy.zip"]
        asyncio.run(archives.ensure("zz_toy"))  # already there: not fetched again
        assert server.asked == ["vendor/rulesets/zz_toy.zip"] and archives.ready("zz_toy")
    finally:
        sys.meta_path.remove(archives)


def test_the_shell_awaits_the_archive_before_the_page(tmp_path: Path) -> None:
    """``ensure`` fetches and unpacks every file of the ruleset's archive."""
    archives, _ = site_with(tmp_path, zipped(TOY))
    asyncio.run(archives.ensure("zz_toy"))
    assert (tmp_path / "zz_toy_pkg" / "rules.py").read_text() == "DICE = 3\n"
    assert archives.ready("zz_toy")


def test_an_archive_of_another_build_is_refused_and_nothing_unpacked(tmp_path: Path) -> None:
    """A file whose sha256 is not the one the page was built with is refused (typed,
    saying to reload) and nothing of it is unpacked."""
    archives, _ = site_with(tmp_path, zipped(TOY), listed_hash="0" * 64)
    with pytest.raises(ArchiveError) as caught:
        asyncio.run(archives.ensure("zz_toy"))
    assert caught.value.code == "archive/stale" and "reload the page" in str(caught.value)
    assert not (tmp_path / "zz_toy_pkg").exists() and not archives.ready("zz_toy")


def test_a_failed_fetch_says_which_file_and_leaves_the_ruleset_to_retry(tmp_path: Path) -> None:
    archives, server = site_with(tmp_path, zipped(TOY))
    server.files.clear()
    with pytest.raises(ArchiveError) as caught:
        asyncio.run(archives.ensure("zz_toy"))
    assert caught.value.code == "archive/unreachable" and "zz_toy.zip" in str(caught.value)
    assert not archives.ready("zz_toy")
    server.files["vendor/rulesets/zz_toy.zip"] = zipped(TOY)
    asyncio.run(archives.ensure("zz_toy"))
    assert archives.ready("zz_toy")


def test_every_game_needs_the_shared_archive_first(tmp_path: Path) -> None:
    """The wheels (networkx...) are not in the core: even a game of the first screen's
    ruleset waits for them; a ruleset of its own archive needs both."""
    wheels = zipped({"zz_wheel/__init__.pyc": "x"})
    url = "vendor/bytecode/wheels-pyc.zip"
    shared = RulesetArchive(
        "wheels", (ArchiveFile(url, hashlib.sha256(wheels).hexdigest()),), frozenset({"zz_wheel"})
    )
    archives, server = site_with(tmp_path, zipped(TOY))
    archives = Archives(archives.listed, tmp_path, server.later, server.now, {"wheels": shared})
    server.files[url] = wheels
    assert not archives.ready("classic") and not archives.ready("zz_toy")
    asyncio.run(archives.ensure("classic"))
    assert archives.ready("classic") and not archives.ready("zz_toy")
    asyncio.run(archives.ensure("zz_toy"))
    assert server.asked == [url, "vendor/rulesets/zz_toy.zip"] and archives.ready("zz_toy")


def test_two_callers_at_once_share_one_fetch(tmp_path: Path) -> None:
    """The form's head start and the Start click both wait for the same download."""
    archives, server = site_with(tmp_path, zipped(TOY))

    async def both() -> None:
        await asyncio.gather(archives.ensure("zz_toy"), archives.ensure("zz_toy"))

    asyncio.run(both())
    assert server.asked == ["vendor/rulesets/zz_toy.zip"] and archives.ready("zz_toy")


def test_a_malformed_manifest_is_refused_typed() -> None:
    with pytest.raises(ArchiveError) as caught:
        read_manifest(json.dumps({"rulesets": {"capital": {"files": [{}]}}}))
    assert caught.value.code == "archive/manifest"


def test_the_built_manifest_lists_each_archive_with_its_hash() -> None:
    """vendor/rulesets.json (tools/vendor.py) names each ruleset's sources and bytecode with
    the sha256 of the files in vendor/, and the modules they hold."""
    path = ROOT / "vendor" / "rulesets.json"
    if not path.is_file():
        pytest.skip("vendor/ not built (make vendor)")
    shared, listed = read_manifest(path.read_text())
    assert set(listed) == set(MODULES) - {PAGES[0].ruleset}
    assert {"networkx", "svgwrite", "ecdsa"} <= shared["wheels"].modules
    for entry in [*listed.values(), *shared.values()]:
        for file in entry.files:
            data = (ROOT / file.url).read_bytes()
            assert hashlib.sha256(data).hexdigest() == file.sha256
        assert any(f.url.startswith("vendor/bytecode/") for f in entry.files)
    for entry in listed.values():
        assert f"engine.rulesets.{entry.ruleset}" in entry.modules
