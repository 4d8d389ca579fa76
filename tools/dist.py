"""Build ``dist/``: exactly what a static host needs to serve the game.

    python tools/dist.py [--out dist]

Contents: index.html, pyscript.toml, every local file index.html references (e.g. the
``ui/main.py`` entry script), static assets under ``ui/`` (css, js, images; the Python
packages come via ``vendor/app.zip``), ``loader/`` and ``vendor/`` (pyscript, pyodide,
bytecode, app.zip).
Afterwards every relative URL in index.html and pyscript.toml is checked to exist in dist/.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
# The wheels reach the page as bytecode (vendor/bytecode/wheels.zip), not as .whl files.
VENDOR_PARTS: tuple[str, ...] = ("pyscript", "pyodide", "bytecode", "app.zip")
UI_ASSET_SUFFIXES: frozenset[str] = frozenset(
    {".css", ".js", ".mjs", ".svg", ".png", ".jpg", ".webp", ".ico", ".woff2", ".json"}
)
URL_ATTRS: frozenset[str] = frozenset({"src", "href", "config"})


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


def copy(src: Path, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    if src.is_dir():
        shutil.copytree(src, dest, ignore=shutil.ignore_patterns("*.map", "__pycache__"))
    else:
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

    for name in ("index.html", "pyscript.toml"):
        copy(root / name, out / name)
    for part in VENDOR_PARTS:
        copy(vendor / part, out / "vendor" / part)
    ui = root / "ui"
    if ui.is_dir():
        for asset in sorted(ui.rglob("*")):
            if asset.is_file() and asset.suffix in UI_ASSET_SUFFIXES:
                copy(asset, out / asset.relative_to(root))
    # Files the page loads by URL (e.g. <script type="py" src="./ui/main.py">).
    for ref in site_refs(root):
        src = root / ref
        if src.is_file() and not (out / ref).exists():
            copy(src, out / ref)

    broken = sorted({str(ref) for ref in site_refs(out) if not (out / ref).is_file()})
    if broken:
        raise DistError("dist/ lacks files referenced by the page: " + ", ".join(broken))
    return sum(f.stat().st_size for f in out.rglob("*") if f.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build dist/ for a static host.")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
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
