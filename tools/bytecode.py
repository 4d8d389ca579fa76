"""Compile the page's Python to CPython bytecode ahead of time, with the vendored Pyodide.

    python tools/bytecode.py [--force]

The bytecode must come from the exact CPython the page runs (Pyodide 314.x, CPython 3.14:
same magic number, same marshal format), so the compiler is the vendored Pyodide itself,
run under Node.js (``node`` on PATH, no npm packages needed). Outputs, in
``vendor/bytecode/``:

* ``python_stdlib.zip``: Pyodide's standard library, with its ``.py`` replaced by ``.pyc``
  for the modules the page imports (found by a probe that imports the wheels, app.zip and
  the ruleset archives; the rest stays source), on sys.path from the start (zipimport).
  Unchecked hash-based pycs (no source beside them to check against), docstrings left out,
  asserts kept. The loader (``loader/pyodide.mjs``) passes it to ``loadPyodide`` as
  ``stdLibURL``; the bare page keeps Pyodide's source zip.
* ``wheels-pyc.zip``: the wheels (networkx, svgwrite, ecdsa, six) as ``.pyc`` only, the same
  way; the first screen imports none of them, so the page fetches it with the first game
  (``ui/shell/archives.py``, listed in ``vendor/rulesets.json``) and unpacks it.
* ``app-pyc.zip``: ``__pycache__/*.cpython-314.pyc`` for ``vendor/app.zip``, unpacked beside
  the sources by PyScript; ``ruleset-<r>-pyc.zip`` the same for ``vendor/rulesets/<r>.zip``
  (a ruleset other than the first screen's, fetched by the page on first use).
  *Checked* hash-based pycs: CPython hashes the source it imports
  and refuses (recompiles) any pyc whose hash differs, so a stale app bytecode can cost
  time but never run old code.
* ``lock.json``: Pyodide's lock file with its ``info`` only (the page installs no Pyodide
  package), rewritten on every run.
* ``build.json``: for each output, the sha256 of its inputs, the Pyodide version and this
  tool's own hash. An output whose record differs is rebuilt; ``--check`` only reports.
  Also the wheels' names, which the loader unpacks when it refuses the bytecode.

Discovers modules from the archives (every ``.py`` they hold), not from a file list, so it
keeps working when packages move.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "vendor"
OUT = VENDOR / "bytecode"
RECORD = OUT / "build.json"
PYODIDE_DIR = VENDOR / "pyodide"

# Inside Pyodide: the stdlib zip is written to this path and put on sys.path (zipimport);
# PyScript unpacks [files] into the working directory, $HOME.
STDLIB_MOUNT = "/lib/python314.zip"
SITE_DIR = "/home/pyodide"

COMPILER = Path(__file__).with_name("pyodide_compile.py")

# Standard-library modules PyScript's own Python imports (it runs in the page, not in the
# probe; Pyodide's boot modules, e.g. its archive unpacking, are imported in the probe too).
PYSCRIPT_IMPORTS: tuple[str, ...] = (
    "asyncio",
    "base64",
    "collections",
    "functools",
    "html",
    "inspect",
    "io",
    "json",
)

DRIVER = r"""
import { loadPyodide } from "%(pyodide)s";
const [vendor, code] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: "%(index)s" });
py.FS.mkdirTree("/host");
py.FS.mount(py.FS.filesystems.NODEFS, { root: vendor }, "/host");
const info = py.runPython("import sys, json, importlib.util; " +
  "json.dumps([sys.version.split()[0], importlib.util.MAGIC_NUMBER.hex()])");
const counts = py.runPython(code);
process.stdout.write(JSON.stringify({ info: JSON.parse(info), counts: JSON.parse(counts) }));
"""


class BytecodeError(RuntimeError):
    """The compile step failed; the message says why."""


def log(message: str) -> None:
    print(f"bytecode: {message}", flush=True)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def jobs(vendor: Path = VENDOR) -> dict[str, tuple[str, str, list[Path]]]:
    """Output name -> (kind, where Pyodide sees it, inputs)."""
    wheels = sorted((vendor / "wheels").glob("*.whl"))
    return {
        # Bytecode for the stdlib modules the page imports (found by a probe that imports the
        # wheels and app.zip), source for the rest. An app change that imports one more
        # stdlib module does not rebuild it: that module compiles from source in the page.
        "python_stdlib.zip": (
            "sourceless",
            STDLIB_MOUNT,
            [vendor / "pyodide" / "python_stdlib.zip"],
        ),
        # The wheels, bytecode only: the first screen imports none of them, so the page
        # fetches this with the first game (ui/shell/archives.py), unpacked beside the app.
        WHEELS_PYC: ("wheels", SITE_DIR, wheels),
        "app-pyc.zip": ("cached", SITE_DIR, [vendor / "app.zip"]),
        # PyScript's own package, which it writes as source at start-up (tools/vendor.py):
        # unpacked first, its __pycache__ spares compiling it in the page.
        **(
            {PYSCRIPT_PYC: ("cached", SITE_DIR, [vendor / "pyscript-python.zip"])}
            if (vendor / "pyscript-python.zip").is_file()
            else {}
        ),
        # One per ruleset archive (tools/vendor.py), fetched with it on first use.
        **{
            ruleset_pyc(archive): ("cached", SITE_DIR, [archive])
            for archive in sorted((vendor / "rulesets").glob("*.zip"))
        },
    }


WHEELS_PYC = "wheels-pyc.zip"
PYSCRIPT_PYC = "pyscript-pyc.zip"


def ruleset_pyc(archive: Path) -> str:
    """The bytecode output of ``vendor/rulesets/<r>.zip``."""
    return f"ruleset-{archive.stem}-pyc.zip"


def pyodide_version(vendor: Path = VENDOR) -> str:
    """The Pyodide version that tools/vendor.py recorded (the compiler's own identity is
    the sha256 of pyodide.asm.wasm, among each output's inputs)."""
    try:
        return str(json.loads((vendor / ".stamp.json").read_text())["pyodide"])
    except (OSError, ValueError, KeyError):
        return "unknown"


def expected_record(inputs: list[Path], vendor: Path = VENDOR) -> dict[str, object]:
    compiler = [vendor / "pyodide" / "pyodide.asm.wasm"]
    return {
        "pyodide": pyodide_version(vendor),
        "tool": hashlib.sha256(Path(__file__).read_bytes() + COMPILER.read_bytes()).hexdigest(),
        "inputs": {p.relative_to(vendor).as_posix(): sha256(p) for p in [*compiler, *inputs]},
    }


def read_record(out: Path = OUT) -> dict[str, object]:
    try:
        data = json.loads((out / "build.json").read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def stale(vendor: Path = VENDOR, out: Path = OUT) -> list[str]:
    """Outputs that are missing or were built from other inputs (or by another tool)."""
    record = read_record(out)
    outputs = record.get("outputs", {})
    names: list[str] = []
    for name, (_, _, inputs) in jobs(vendor).items():
        entry = outputs.get(name) if isinstance(outputs, dict) else None
        fresh = (
            isinstance(entry, dict)
            and (out / name).is_file()
            and entry.get("sha256") == sha256(out / name)
            and {k: entry.get(k) for k in ("pyodide", "tool", "inputs")}
            == expected_record(inputs, vendor)
        )
        if not fresh:
            names.append(name)
    return names


def compile_outputs(names: list[str], vendor: Path = VENDOR, out: Path = OUT) -> None:
    if shutil.which("node") is None:
        raise BytecodeError("node (Node.js) not found on PATH: it runs the vendored Pyodide")
    out.mkdir(parents=True, exist_ok=True)
    table = jobs(vendor)
    spec = [
        [
            table[name][0],
            table[name][1],
            ["/host/" + p.relative_to(vendor).as_posix() for p in table[name][2]],
            "/host/" + (out / f"{name}.tmp").relative_to(vendor).as_posix(),
        ]
        for name in names
    ]
    # The probe imports the page's packages from their archives: the wheels and app.zip.
    archives = [
        vendor / "app.zip",
        *sorted((vendor / "rulesets").glob("*.zip")),
        *sorted((vendor / "wheels").glob("*.whl")),
    ]
    probe = (
        []
        if "python_stdlib.zip" not in names
        else ["/host/" + p.relative_to(vendor).as_posix() for p in archives]
    )
    code = (
        f"JOBS = {json.dumps(json.dumps(spec))}\nPROBE = {probe!r}\n"
        f"STDLIB_MOUNT = {STDLIB_MOUNT!r}\nPYSCRIPT_IMPORTS = {PYSCRIPT_IMPORTS!r}\n"
        + COMPILER.read_text()
    )
    index = (vendor / "pyodide").resolve().as_posix() + "/"
    driver = DRIVER % {"pyodide": index + "pyodide.mjs", "index": index}
    with tempfile.TemporaryDirectory(prefix="bytecode-") as tmp:
        script = Path(tmp) / "compile.mjs"
        script.write_text(driver)
        result = subprocess.run(
            ["node", str(script), str(vendor.resolve()), code],
            capture_output=True,
            text=True,
            check=False,
        )
    if result.returncode != 0:
        detail = "\n".join((result.stderr or result.stdout).strip().splitlines()[-15:])
        raise BytecodeError(f"node failed (exit {result.returncode}):\n{detail}")
    report = json.loads(result.stdout)
    record = read_record(out)
    outputs = record.get("outputs")
    # Keep the records of the current outputs only (a job that no longer exists is dropped).
    outputs = {k: v for k, v in outputs.items() if k in table} if isinstance(outputs, dict) else {}
    for name in names:
        tmp_out = out / f"{name}.tmp"
        tmp_out.replace(out / name)
        outputs[name] = {
            **expected_record(table[name][2], vendor),
            "sha256": sha256(out / name),
            "bytes": (out / name).stat().st_size,
        }
    version, magic = report["info"]
    data: dict[str, object] = {
        "python": version,
        "magic": magic,
        "pyodide": pyodide_version(vendor),
    }
    # For loader/pyodide.mjs: the wheels to unpack when it refuses this bytecode.
    data["wheels"] = [
        p.relative_to(vendor).as_posix() for p in sorted((vendor / "wheels").glob("*.whl"))
    ]
    data["outputs"] = outputs
    (out / "build.json").write_text(json.dumps(data, indent=2, sort_keys=True) + "\n")
    counts = {Path(k).name.removesuffix(".tmp"): v for k, v in report["counts"].items()}
    for name in names:
        size = (out / name).stat().st_size / 1e6
        log(f"{name}: {counts[name]} modules, {size:.2f} MB")


def write_lock(vendor: Path = VENDOR, out: Path = OUT) -> None:
    """``lock.json``: Pyodide's lock file without its package list (119 kB less to fetch).

    The page installs no Pyodide package (its wheels are in the stdlib zip); Pyodide still
    checks the lock's ``info`` (the ABI version) at start-up, so that part is kept as is."""
    lock = json.loads((vendor / "pyodide" / "pyodide-lock.json").read_text())
    text = json.dumps({"info": lock["info"], "packages": {}}, sort_keys=True) + "\n"
    path = out / "lock.json"
    if not path.is_file() or path.read_text() != text:
        out.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def ensure(force: bool = False, vendor: Path = VENDOR, out: Path = OUT) -> list[str]:
    """Rebuild the outputs that are stale (all with ``force``); return their names. The
    bytecode of a ruleset archive that is gone is deleted."""
    names = list(jobs(vendor)) if force else stale(vendor, out)
    if names:
        compile_outputs(names, vendor, out)
    for old in out.glob("ruleset-*-pyc.zip"):
        if old.name not in jobs(vendor):
            old.unlink()
    write_lock(vendor, out)
    return names


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="rebuild every output")
    parser.add_argument("--check", action="store_true", help="only report stale outputs")
    args = parser.parse_args(argv)
    try:
        if args.check:
            names = stale()
            for name in names:
                log(f"{name} is out of date")
            return 1 if names else 0
        names = ensure(force=args.force)
    except (BytecodeError, OSError) as exc:
        print(f"bytecode: ERROR: {exc}", file=sys.stderr)
        return 1
    if not names:
        log("up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
