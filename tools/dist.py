"""Build ``dist/``: exactly what a static host needs to serve the game.

    python tools/dist.py [--out dist]

Contents (``site_files``): index.html, pyscript.toml, sw.js, manifest.webmanifest, every
local file they reference (the ``ui/main.py`` entry script, ``loader/pyodide.mjs``, icons),
static assets under ``ui/`` (css, js, images; the Python packages come via
``vendor/app.zip``) and ``vendor/`` (pyscript, pyodide, bytecode, wheels, app.zip), plus the build
record the service worker caches by (``vendor/site-build.js``/``.json``, tools/offline.py).
Afterwards every relative URL in index.html and pyscript.toml is checked to exist in dist/.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
import offline  # tools/ is not a package: imported from this folder

ROOT = Path(__file__).resolve().parent.parent
# The wheels reach the page as bytecode in vendor/bytecode/python_stdlib.zip; the .whl files
# are for loader/pyodide.mjs when it refuses a bytecode build made for another Pyodide.
# vendor/rulesets/ and rulesets.json: the archives of the rulesets fetched on first use.
VENDOR_PARTS: tuple[str, ...] = (
    "pyscript", "pyodide", "bytecode", "wheels", "app.zip", "rulesets", "rulesets.json",
    "snapshot.json",
)  # fmt: skip
LOADER = "loader"
"""The page's start-up scripts (loader/pyodide.mjs and the modules and worker it loads)."""
UI_ASSET_SUFFIXES: frozenset[str] = frozenset(
    {".css", ".js", ".mjs", ".svg", ".png", ".jpg", ".webp", ".ico", ".woff2", ".json"}
)
URL_ATTRS: frozenset[str] = frozenset({"src", "href", "config"})
# Served from the site root: the page, its config, the service worker (whose scope is the
# folder it is served from) and the web app manifest.
ROOT_FILES: tuple[str, ...] = ("index.html", "pyscript.toml", "sw.js", "manifest.webmanifest")


class DistError(RuntimeError):
    pass


class _RefParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in URL_ATTRS and value:
                self.refs.append(value)


def local_path(url: str, base: PurePosixPath) -> PurePosixPath | None:
    """Resolve a relative URL against the directory ``base`` (both relative to the site root).

    Returns None for absolute/off-site URLs, fragments and data: URLs.
    """
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path or url.startswith("#"):
        return None
    path = unquote(parts.path)
    joined = PurePosixPath(path.lstrip("/")) if path.startswith("/") else base / path
    resolved: list[str] = []
    for part in joined.parts:
        if part == "..":
            if not resolved:
                raise DistError(f"URL {url!r} points outside the site root")
            resolved.pop()
        elif part != ".":
            resolved.append(part)
    return PurePosixPath(*resolved)


def html_refs(html_file: Path, site: Path) -> list[PurePosixPath]:
    parser = _RefParser()
    parser.feed(html_file.read_text(encoding="utf-8"))
    base = PurePosixPath(html_file.parent.relative_to(site).as_posix())
    return [p for ref in parser.refs if (p := local_path(ref, base)) is not None]


def toml_refs(toml_file: Path, site: Path, page_dir: PurePosixPath) -> list[PurePosixPath]:
    """``interpreter`` resolves against the page, ``[files]`` sources against the toml."""
    config = tomllib.loads(toml_file.read_text(encoding="utf-8"))
    toml_dir = PurePosixPath(toml_file.parent.relative_to(site).as_posix())
    refs: list[PurePosixPath] = []
    interpreter = config.get("interpreter")
    if isinstance(interpreter, str) and (p := local_path(interpreter, page_dir)) is not None:
        refs.append(p)
    for src in config.get("files", {}):
        if (p := local_path(src, toml_dir)) is not None:
            refs.append(p)
    for pkg in config.get("packages", []):
        if isinstance(pkg, str) and "/" in pkg and (p := local_path(pkg, toml_dir)) is not None:
            refs.append(p)
    return refs


def site_refs(site: Path) -> list[PurePosixPath]:
    """All local files referenced by index.html and the pyscript.toml files it names."""
    index = site / "index.html"
    refs = html_refs(index, site)
    for ref in list(refs):
        if ref.suffix == ".toml" and (site / ref).is_file():
            refs.extend(toml_refs(site / ref, site, PurePosixPath(".")))
    return refs


def manifest_refs(manifest: Path, site: Path) -> list[PurePosixPath]:
    """Icons of a web app manifest (they resolve against the manifest's URL)."""
    data = json.loads(manifest.read_text(encoding="utf-8"))
    base = PurePosixPath(manifest.parent.relative_to(site).as_posix())
    icons = data.get("icons", []) if isinstance(data, dict) else []
    return [
        p
        for icon in icons
        if isinstance(icon, dict)
        and isinstance(icon.get("src"), str)
        and (p := local_path(icon["src"], base)) is not None
    ]


def site_files(root: Path = ROOT) -> list[PurePosixPath]:
    """Every file of the site, relative to ``root``: what dist/ holds and what the service
    worker keeps for offline play. Found from the page's references and the folders the
    page loads from, not from a list of modules."""
    files: set[PurePosixPath] = {PurePosixPath(name) for name in ROOT_FILES}
    vendor = root / "vendor"
    for part in VENDOR_PARTS:
        path = vendor / part
        found = sorted(path.rglob("*")) if path.is_dir() else [path]
        for item in found:
            if item.is_file() and item.suffix != ".map" and "__pycache__" not in item.parts:
                files.add(PurePosixPath(item.relative_to(root).as_posix()))
    for script in sorted((root / LOADER).glob("*.mjs")):
        files.add(PurePosixPath(script.relative_to(root).as_posix()))
    ui = root / "ui"
    if ui.is_dir():
        for asset in ui.rglob("*"):
            if asset.is_file() and asset.suffix in UI_ASSET_SUFFIXES:
                files.add(PurePosixPath(asset.relative_to(root).as_posix()))
    for ref in site_refs(root):
        if (root / ref).is_file():
            files.add(ref)
    for ref in list(files):
        if ref.suffix == ".webmanifest" and (root / ref).is_file():
            files.update(r for r in manifest_refs(root / ref, root) if (root / r).is_file())
    return sorted(files - set(offline.GENERATED), key=str)


def copy(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dest)


def build(out: Path, root: Path = ROOT) -> int:
    vendor = root / "vendor"
    missing = [p for p in VENDOR_PARTS if not (vendor / p).exists()]
    if missing:
        raise DistError(f"vendor/ lacks {', '.join(missing)}: run `make vendor`")
    if out.resolve() == root.resolve():
        raise DistError("refusing to build into the repo root")
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)

    files = site_files(root)
    for rel in files:
        copy(root / rel, out / rel)
    offline.write_build(out, files)

    refs = site_refs(out) + [PurePosixPath(p) for p in offline.GENERATED]
    broken = sorted({str(ref) for ref in refs if not (out / ref).is_file()})
    if broken:
        raise DistError("dist/ lacks files referenced by the page: " + ", ".join(broken))
    return sum(f.stat().st_size for f in out.rglob("*") if f.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build dist/ for a static host.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    import vendor

    try:
        vendor.build_app_zip(quiet=True)
        vendor.build_bytecode()
        total = build(args.out)
    except (DistError, OSError, vendor.VendorError) as exc:
        print(f"dist: ERROR: {exc}", file=sys.stderr)
        return 1
    files = sum(1 for f in args.out.rglob("*") if f.is_file())
    print(f"dist: {files} files, {total / 1e6:.1f} MB in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
