"""Run inside the vendored Pyodide by tools/bytecode.py (not by the host's Python).

The caller prepends the globals ``JOBS`` (JSON: a list of [kind, base, input zips, output
zip], paths as Pyodide sees them), ``PROBE`` (archives to import from, or []),
``STDLIB_MOUNT`` and ``PYSCRIPT_IMPORTS``; the last expression is the JSON result
(output -> module count).
"""

# ruff: noqa: F821
import ast
import contextlib
import importlib.util
import json
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc, cache_from_source

ZIP_DATE = (2020, 1, 1, 0, 0, 0)
SKIP_DIRS = {"tests", "test"}
DOC_OWNERS = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def is_test(name):
    """A package's own tests (the page never imports them)."""
    *dirs, base = name.split("/")
    return (
        bool(SKIP_DIRS.intersection(dirs))
        or base.startswith("test_")
        or base.endswith("_test.py")
        or base == "conftest.py"
    )


def sources(path):
    with zipfile.ZipFile(path) as zf:
        for info in sorted(zf.infolist(), key=lambda i: i.filename):
            if not info.is_dir() and not is_test(info.filename):
                yield info.filename, zf.read(info)


def without_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, DOC_OWNERS) and node.body:
            first = node.body[0]
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def pyc(data, filename, checked, strip):
    source = without_docstrings(ast.parse(data, filename)) if strip else data
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked))


def add(zf, name, data):
    info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zf.writestr(info, data)


def sourceless(parts, out, base):
    """``parts``: (archive, modules to compile or None for all); other modules stay source."""
    count = 0
    with zipfile.ZipFile(out, "w") as zf:
        for src, only in parts:
            for name, data in sources(src):
                if name.endswith(".py") and (only is None or name in only):
                    add(zf, name[:-3] + ".pyc", pyc(data, f"{base}/{name}", False, True))
                    count += 1
                else:
                    add(zf, name, data)
    return count


def cached(inputs, out, base):
    count = 0
    with zipfile.ZipFile(out, "w") as zf:
        for src in inputs:
            for name, data in sources(src):
                if name.endswith(".py"):
                    add(zf, cache_from_source(name), pyc(data, f"{base}/{name}", True, False))
                    count += 1
    return count


def first_screen_modules(site_zips, extra):
    """Standard-library modules imported at boot, by PyScript's own Python, and by every
    module of the page's packages that imports outside a browser (ui modules that need
    ``js`` fail part-way, after their other imports)."""
    import sys

    sys.path[:0] = site_zips
    names = list(extra)
    for path in site_zips:
        with zipfile.ZipFile(path) as zf:
            for name in zf.namelist():
                if name.endswith(".py") and "/" in name and not is_test(name):
                    names.append(name[:-3].removesuffix("/__init__").replace("/", "."))
    for name in names:
        with contextlib.suppress(BaseException):
            __import__(name)
    found = set()
    for module in list(sys.modules.values()):
        file = getattr(module, "__file__", None) or ""
        if file.startswith(STDLIB_MOUNT + "/"):
            found.add(file[len(STDLIB_MOUNT) + 1 :])
    return found


counts = {}
jobs = json.loads(JOBS)
only = None
if PROBE:
    only = first_screen_modules(PROBE, PYSCRIPT_IMPORTS)
for kind, base, inputs, out in jobs:
    if kind == "sourceless":
        # The standard library: only the modules the page imports as bytecode.
        counts[out] = sourceless([(inputs[0], only)], out, base)
    elif kind == "wheels":
        counts[out] = sourceless([(wheel, None) for wheel in inputs], out, base)
    else:
        counts[out] = cached(inputs, out, base)
json.dumps(counts)
