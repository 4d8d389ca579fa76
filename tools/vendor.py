"""Fill ``vendor/`` with everything the browser page needs, fetched from package registries.

Steps (each prints one line):

* PyScript ``@pyscript/core`` ``dist/`` (without ``*.map``) -> ``vendor/pyscript/``
* Pyodide core files (the five the page needs) -> ``vendor/pyodide/``
* wheels for the page's Python (Pyodide's CPython, not the host's) -> ``vendor/wheels/``
* ``vendor/app.zip``: the project's own packages (``engine/``, ``ui/``, ``maps/``), rebuilt on
  every run because the sources change.
* ``vendor/bytecode/``: the standard library, the wheels and app.zip compiled to CPython 3.14
  bytecode by the vendored Pyodide (``tools/bytecode.py``); only what is out of date is
  rebuilt.

The npm and PyPI parts are skipped when ``vendor/.stamp.json`` records the same pins and all
files are present, so a second run is a fast no-op apart from the app.zip rebuild.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

PYSCRIPT_VERSION = "0.7.31"
PYODIDE_VERSION = "314.0.7"
PAGE_PYTHON_VERSION = "3.14"  # CPython inside Pyodide 314.x
WHEELS: tuple[str, ...] = (
    "networkx==3.6.1",
    "svgwrite==1.4.3",
    "ecdsa==0.19.2",
    "six==1.17.0",
)
PYODIDE_FILES: tuple[str, ...] = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
APP_PACKAGES: tuple[str, ...] = ("engine", "ui", "maps")
APP_SUFFIXES: tuple[str, ...] = (".py", ".json")
APP_RULEBOOKS: tuple[str, ...] = ("ui/rulebooks/*.md", "ui/rulebooks/figures/*.html")
"""The players' rulebooks and their worked examples, which the page's "How to play" reads
(ui/shell/help.py): every ruleset's file, found by name, so a new ruleset's rulebook ships
without a change here.  The adjudication notes (docs/rules-*.md) are for developers and
are not shipped."""

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"
STAMP = VENDOR / ".stamp.json"
RULESET_ARCHIVES = "rulesets"
"""vendor/rulesets/<r>.zip: a ruleset's sources, fetched by the page when one of its games
starts or is restored (ui/shell/archives.py); vendor/rulesets.json lists them."""
RULESET_MANIFEST = "rulesets.json"
# Fixed timestamp so that app.zip is byte-identical when the sources did not change.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


class VendorError(RuntimeError):
    """A fetch step failed; the message says which and why."""


def log(message: str) -> None:
    print(f"vendor: {message}", flush=True)


def pins() -> dict[str, object]:
    return {
        "pyscript": PYSCRIPT_VERSION,
        "pyodide": PYODIDE_VERSION,
        "python": PAGE_PYTHON_VERSION,
        "wheels": list(WHEELS),
    }


def wheel_present(wheels_dir: Path, pin: str) -> bool:
    name, version = pin.split("==")
    stem = f"{name.replace('-', '_').lower()}-{version}-"
    return any(p.name.lower().startswith(stem) for p in wheels_dir.glob("*.whl"))


def stamp_ok(vendor: Path = VENDOR) -> bool:
    stamp = vendor / ".stamp.json"
    try:
        recorded = json.loads(stamp.read_text())
    except (OSError, ValueError):
        return False
    if recorded != pins():
        return False
    if not (vendor / "pyscript" / "core.js").is_file():
        return False
    if not (vendor / PYSCRIPT_PYTHON).is_file():
        return False
    if not all((vendor / "pyodide" / f).is_file() for f in PYODIDE_FILES):
        return False
    return all(wheel_present(vendor / "wheels", pin) for pin in WHEELS)


def run(cmd: list[str], what: str, cwd: Path | None = None) -> str:
    try:
        result = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError as exc:
        raise VendorError(f"{what}: command not found: {cmd[0]} ({exc})") from exc
    if result.returncode != 0:
        detail = (result.stderr or result.stdout).strip().splitlines()[-15:]
        raise VendorError(
            f"{what} failed (exit {result.returncode}): {' '.join(cmd)}\n" + "\n".join(detail)
        )
    return result.stdout


def npm_pack(spec: str, tmp: Path) -> Path:
    """Download the npm tarball of ``spec`` into ``tmp`` and return its path."""
    out = run(["npm", "pack", spec, "--json", "--silent"], f"npm pack {spec}", cwd=tmp)
    try:
        filename = str(json.loads(out)[0]["filename"])
    except (ValueError, LookupError, TypeError):
        tarballs = sorted(tmp.glob("*.tgz"))
        if len(tarballs) != 1:
            raise VendorError(f"npm pack {spec}: could not find the tarball") from None
        return tarballs[0]
    # Scoped packages are written as scope-name-version.tgz.
    path = tmp / filename.lstrip("@").replace("/", "-")
    if not path.is_file():
        tarballs = sorted(tmp.glob("*.tgz"))
        if len(tarballs) != 1:
            raise VendorError(f"npm pack {spec}: tarball {filename} not found")
        path = tarballs[0]
    return path


def extract(tarball: Path, prefix: str, dest: Path, keep: set[str] | None = None) -> int:
    """Copy regular files under ``package/<prefix>`` of an npm tarball into ``dest``.

    ``keep`` restricts to these relative names. ``*.map`` files are always skipped.
    Returns the number of files written.
    """
    base = f"package/{prefix}" if prefix else "package/"
    count = 0
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            if not member.isfile() or not member.name.startswith(base):
                continue
            rel = member.name[len(base) :]
            parts = Path(rel).parts
            if not rel or ".." in parts or Path(rel).is_absolute() or rel.endswith(".map"):
                continue
            if keep is not None and rel not in keep:
                continue
            target = dest / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            src = tar.extractfile(member)
            if src is None:
                continue
            with src, target.open("wb") as fh:
                shutil.copyfileobj(src, fh)
            count += 1
    if keep is not None:
        missing = sorted(k for k in keep if not (dest / k).is_file())
        if missing:
            raise VendorError(f"{tarball.name}: missing {', '.join(missing)}")
    return count


def fetch_pyscript(tmp: Path, vendor: Path) -> None:
    dest = vendor / "pyscript"
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    tarball = npm_pack(f"@pyscript/core@{PYSCRIPT_VERSION}", tmp)
    n = extract(tarball, "dist/", dest)
    if not (dest / "core.js").is_file():
        raise VendorError("@pyscript/core: dist/core.js not in the package")
    log(f"pyscript {PYSCRIPT_VERSION}: {n} files -> {dest.relative_to(ROOT)}/")


PYSCRIPT_PYTHON = "pyscript-python.zip"
"""vendor/pyscript-python.zip: PyScript's own Python package (``pyscript/*.py``), exactly the
text PyScript writes into the page's working directory at start-up, for tools/bytecode.py
to compile (``vendor/bytecode/pyscript-pyc.zip``); a build input, not part of the site."""
PYSCRIPT_PYTHON_SOURCE = "src/stdlib/pyscript.js"


def pyscript_python_files(module_text: str) -> dict[str, str]:
    """The files of PyScript's ``src/stdlib/pyscript.js`` (``export default {...}``: a JSON
    tree of folders and file texts), by path."""
    try:
        tree = json.loads(module_text[module_text.index("{") :].strip().rstrip(";"))
    except ValueError as exc:
        raise VendorError(
            f"@pyscript/core {PYSCRIPT_PYTHON_SOURCE}: not the expected tree"
        ) from exc
    files: dict[str, str] = {}

    def walk(base: str, node: dict[str, object]) -> None:
        for name, value in node.items():
            path = f"{base}/{name}" if base else name
            if isinstance(value, str):
                files[path] = value
            elif isinstance(value, dict):
                walk(path, value)

    walk("", tree)
    return files


def write_pyscript_python(tmp: Path, vendor: Path) -> None:
    """vendor/pyscript-python.zip from the @pyscript/core package (npm)."""
    tarball = npm_pack(f"@pyscript/core@{PYSCRIPT_VERSION}", tmp)
    out = tmp / "pyscript-src"
    extract(tarball, "", out, keep={PYSCRIPT_PYTHON_SOURCE})
    files = pyscript_python_files((out / PYSCRIPT_PYTHON_SOURCE).read_text(encoding="utf-8"))
    with zipfile.ZipFile(vendor / PYSCRIPT_PYTHON, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, text in sorted(files.items()):
            zf.writestr(zipfile.ZipInfo(path, ZIP_DATE), text.encode("utf-8"))
    log(f"pyscript {PYSCRIPT_VERSION}: its Python, {len(files)} files -> vendor/{PYSCRIPT_PYTHON}")


def fetch_pyodide(tmp: Path, vendor: Path) -> None:
    dest = vendor / "pyodide"
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    tarball = npm_pack(f"pyodide@{PYODIDE_VERSION}", tmp)
    n = extract(tarball, "", dest, keep=set(PYODIDE_FILES))
    size = sum((dest / f).stat().st_size for f in PYODIDE_FILES) / 1e6
    log(f"pyodide {PYODIDE_VERSION}: {n} files ({size:.1f} MB) -> {dest.relative_to(ROOT)}/")


def fetch_wheels(vendor: Path) -> None:
    dest = vendor / "wheels"
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    cmd = [
        sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
        "--no-deps", "--only-binary=:all:", "--python-version", PAGE_PYTHON_VERSION,
        "--dest", str(dest), *WHEELS,
    ]  # fmt: skip
    run(cmd, "pip download")
    missing = [pin for pin in WHEELS if not wheel_present(dest, pin)]
    if missing:
        raise VendorError(f"pip download: no wheel for {', '.join(missing)}")
    names = sorted(p.name for p in dest.glob("*.whl"))
    log(f"wheels for Python {PAGE_PYTHON_VERSION}: {', '.join(names)}")


def app_files(root: Path = ROOT) -> list[Path]:
    files: list[Path] = []
    for package in APP_PACKAGES:
        pkg_dir = root / package
        if not pkg_dir.is_dir():
            continue
        for path in pkg_dir.rglob("*"):
            if (
                path.is_file()
                and path.suffix in APP_SUFFIXES
                and "__pycache__" not in path.relative_to(root).parts
            ):
                files.append(path)
    for pattern in APP_RULEBOOKS:
        files += [path for path in root.glob(pattern) if path.is_file()]
    return sorted(files, key=lambda p: p.relative_to(root).as_posix())


class Split(NamedTuple):
    """How the app's files are shared out between the core archive and the rulesets'."""

    first: str
    """The first screen's ruleset (the first page of ``ui/pages.py``), kept in the core."""
    prefixes: dict[str, tuple[str, ...]]
    """For each other ruleset, the path prefixes of the files its own archive holds."""
    kept: frozenset[str]
    """Files under those prefixes that stay in the core: each page module the shell imports
    at start-up and its package's ``__init__.py``."""

    def owner(self, rel: str) -> str | None:
        """The ruleset whose archive holds ``rel`` (relative to the root); None: the core."""
        if rel in self.kept:
            return None
        for ruleset, prefixes in self.prefixes.items():
            if any(rel.startswith(prefix) for prefix in prefixes):
                return ruleset
        return None


def ruleset_split(root: Path = ROOT) -> Split:
    """Found from the engine's registry (``engine/rulesets/__init__.py``) and the page list
    (``ui/pages.py``), not from a list here: a ruleset's archive holds
    ``engine/rulesets/<r>/``, its maps ``maps/<r>.json`` and ``maps/<r>_*.json``, and its page
    package ``ui/<p>/`` apart from the page module and ``__init__.py``."""
    modules: dict[str, str] = literal(root / "engine" / "rulesets" / "__init__.py", "MODULES")
    pages = page_entries(root / "ui" / "pages.py")
    page_modules = dict(pages)
    first = pages[0][0] if pages else next(iter(modules), "")
    prefixes: dict[str, tuple[str, ...]] = {}
    kept: set[str] = set()
    for ruleset, module in modules.items():
        if ruleset == first:
            continue
        owned = [module.replace(".", "/") + "/", f"maps/{ruleset}.json", f"maps/{ruleset}_"]
        if ruleset in page_modules:
            package, _, _ = page_modules[ruleset].rpartition(".")
            owned.append(package.replace(".", "/") + "/")
            kept |= {package.replace(".", "/") + "/__init__.py"}
            kept |= {page_modules[ruleset].replace(".", "/") + ".py"}
        prefixes[ruleset] = tuple(owned)
    return Split(first, prefixes, frozenset(kept))


def assigned(path: Path, name: str) -> ast.expr:
    """The value assigned to ``name`` at the top of the module ``path`` (read, not run: the
    host's Python need not import the page)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == name and node.value is not None:
            return node.value
    raise VendorError(f"{path}: no {name} = ... found")


def literal(path: Path, name: str) -> dict[str, str]:
    value = ast.literal_eval(assigned(path, name))
    if not isinstance(value, dict):
        raise VendorError(f"{path}: {name} is not a dict")
    return {str(k): str(v) for k, v in value.items()}


def page_entries(path: Path) -> list[tuple[str, str]]:
    """(ruleset, page module) of each ``PageEntry(...)`` in ``PAGES``, in order."""
    if not path.is_file():
        return []
    entries: list[tuple[str, str]] = []
    for call in ast.walk(assigned(path, "PAGES")):
        if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "PageEntry":
            fields = dict(zip(("ruleset", "title", "choice", "module"), call.args, strict=False))
            fields.update({k.arg: k.value for k in call.keywords if k.arg})
            entries.append(
                (ast.literal_eval(fields["ruleset"]), ast.literal_eval(fields["module"]))
            )
    return entries


def write_zip(files: list[Path], root: Path, dest: Path) -> tuple[bool, int]:
    """A deterministic zip of ``files`` (paths kept relative to ``root``), rewritten only
    when its bytes change; returns (rewritten, size)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in files:
            info = zipfile.ZipInfo(path.relative_to(root).as_posix(), date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, path.read_bytes())
    data = buf.getvalue()
    dest.parent.mkdir(parents=True, exist_ok=True)
    changed = not dest.is_file() or dest.read_bytes() != data
    if changed:
        tmp = dest.with_suffix(".zip.tmp")
        tmp.write_bytes(data)
        tmp.replace(dest)
    return changed, len(data)


def build_app_zip(root: Path = ROOT, dest: Path | None = None, quiet: bool = False) -> Path:
    """(Re)build ``vendor/app.zip`` (the core) and ``vendor/rulesets/<r>.zip`` (one per
    ruleset other than the first screen's, fetched by the page on first use); deterministic.

    The archives keep the folder prefixes (``engine/__init__.py``...) so that once unpacked
    into the working directory (which is on ``sys.path``) ``import engine`` works. A file is
    only rewritten when its bytes change; the archive of a ruleset that is gone is deleted.
    """
    dest = dest or root / "vendor" / "app.zip"
    split = ruleset_split(root)
    parts = split.prefixes
    grouped: dict[str | None, list[Path]] = {None: [], **{r: [] for r in parts}}
    for path in app_files(root):
        grouped[split.owner(path.relative_to(root).as_posix())].append(path)
    changed, size = write_zip(grouped[None], root, dest)
    folder = dest.parent / RULESET_ARCHIVES
    summary = [f"app.zip {'rebuilt' if changed else 'unchanged'}: {len(grouped[None])} files, "
               f"{size / 1e3:.1f} kB"]  # fmt: skip
    for ruleset in parts:
        changed, size = write_zip(grouped[ruleset], root, folder / f"{ruleset}.zip")
        summary.append(f"{ruleset} {len(grouped[ruleset])} files, {size / 1e3:.1f} kB")
    for old in folder.glob("*.zip"):
        if old.stem not in parts:
            old.unlink()
    if not quiet:
        log("; ".join(summary))
    return dest


def check_toml(root: Path = ROOT) -> None:
    """Every ``[files]`` source in pyscript.toml must exist (catches a name drift)."""
    toml = root / "pyscript.toml"
    if not toml.is_file():
        return
    config = tomllib.loads(toml.read_text())
    missing = [src for src in config.get("files", {}) if not (toml.parent / src).is_file()]
    if missing:
        raise VendorError(f"pyscript.toml lists files that are not vendored: {', '.join(missing)}")


def sibling(name: str) -> ModuleType:
    """Another tool of tools/ (not a package), imported by name."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.pop(0)


def write_snapshot_recipe() -> None:
    """vendor/snapshot.json: what the page's memory snapshot holds, and its key (a stored
    snapshot of another key is never restored: tools/snapshot.py)."""
    snapshot = sibling("snapshot")
    try:
        changed, recipe = snapshot.write_recipe(ROOT)
    except snapshot.SnapshotRecipeError as exc:
        raise VendorError(str(exc)) from exc
    log(f"snapshot recipe {recipe['key']}: {'rewritten' if changed else 'up to date'}")


def write_site_build() -> None:
    """vendor/site-build.js/.json: the files the service worker caches (tools/offline.py)."""
    sibling("offline").write_for_repo(ROOT)


def build_bytecode(force: bool = False) -> None:
    """Bring vendor/bytecode/ up to date (tools/bytecode.py; needs vendor/ and node)."""
    bytecode = sibling("bytecode")
    try:
        if not bytecode.ensure(force=force):
            log("bytecode: up to date")
    except bytecode.BytecodeError as exc:
        raise VendorError(str(exc)) from exc
    write_ruleset_manifest(VENDOR, bytecode.ruleset_pyc, bytecode.WHEELS_PYC)


def archive_entry(files: list[Path], vendor: Path) -> dict[str, object]:
    """The files of one archive the page fetches on first use, with their sha256, and the
    modules they hold (every ``.py`` or ``.pyc`` outside ``__pycache__``)."""
    archive_modules = sibling("snapshot").archive_modules
    modules = {module for path in files for module in archive_modules(path)}
    return {
        "files": [
            {
                "url": path.relative_to(vendor.parent).as_posix(),
                "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
            }
            for path in files
        ],
        "modules": sorted(modules),
    }


def write_ruleset_manifest(
    vendor: Path, pyc_name: Callable[[Path], str], wheels_pyc: str
) -> dict[str, object]:
    """``vendor/rulesets.json``: what the page fetches on first use (ui/shell/archives.py).
    ``shared``: the wheels' bytecode, needed by every game (the first screen imports none
    of them); ``rulesets``: each ruleset archive, sources and bytecode. Each file with its
    sha256 (a file of another build is refused), each archive with the modules it holds
    (importing one of them before its archive is there fetches it)."""
    shared = vendor / "bytecode" / wheels_pyc
    record: dict[str, object] = {
        "shared": {"wheels": archive_entry([shared], vendor)} if shared.is_file() else {},
        "rulesets": {
            archive.stem: archive_entry(
                [p for p in (archive, vendor / "bytecode" / pyc_name(archive)) if p.is_file()],
                vendor,
            )
            for archive in sorted((vendor / RULESET_ARCHIVES).glob("*.zip"))
        },
    }
    text = json.dumps(record, indent=1, sort_keys=True) + "\n"
    path = vendor / RULESET_MANIFEST
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return record


def vendor(force: bool = False) -> None:
    if not force and stamp_ok(VENDOR):
        log(f"pyscript {PYSCRIPT_VERSION}, pyodide {PYODIDE_VERSION}, wheels: up to date")
    else:
        VENDOR.mkdir(exist_ok=True)
        STAMP.unlink(missing_ok=True)
        with tempfile.TemporaryDirectory(prefix="vendor-") as tmp_name:
            tmp = Path(tmp_name)
            fetch_pyscript(tmp, VENDOR)
            write_pyscript_python(tmp, VENDOR)
            fetch_pyodide(tmp, VENDOR)
        fetch_wheels(VENDOR)
        STAMP.write_text(json.dumps(pins(), indent=2) + "\n")
    build_app_zip()
    build_bytecode(force=force)
    write_snapshot_recipe()
    check_toml()
    write_site_build()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="re-fetch even if up to date")
    parser.add_argument(
        "--app-only", action="store_true", help="only rebuild vendor/app.zip and its bytecode"
    )
    args = parser.parse_args(argv)
    try:
        if args.app_only:
            build_app_zip()
            build_bytecode()
            write_snapshot_recipe()
            write_site_build()
        else:
            vendor(force=args.force)
    except VendorError as exc:
        print(f"vendor: ERROR: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
