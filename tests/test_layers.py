"""The layers of docs/architecture.md, checked on every import statement of engine/ and
ui/ (those inside functions and TYPE_CHECKING blocks too)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULESETS = sorted(
    p.name
    for p in (ROOT / "engine" / "rulesets").iterdir()
    if p.is_dir() and (p / "__init__.py").exists()
)
PAGES = sorted(
    p.name
    for p in (ROOT / "ui").iterdir()
    if p.is_dir() and p.name != "shell" and (p / "__init__.py").exists()
)


def imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def module_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def refused(path: Path, prefixes: list[str]) -> list[str]:
    return sorted(
        name
        for name in imports(path)
        if any(name == p or name.startswith(p + ".") for p in prefixes)
    )


def test_the_layout_has_the_expected_wings() -> None:
    assert {"classic", "capital"} <= set(RULESETS)
    assert {"classic", "capital"} <= set(PAGES)


@pytest.mark.parametrize("path", module_files("engine"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_engine_imports_no_page_and_no_sibling_ruleset(path: Path) -> None:
    """engine/ never imports ui/; a ruleset imports only itself and the core; the core
    imports no ruleset (it finds them by name through engine/rulesets/__init__.py)."""
    forbidden = ["ui", "js", "pyodide", "pyscript"]
    parts = path.relative_to(ROOT).parts
    own = parts[2] if parts[1] == "rulesets" and len(parts) > 3 else None
    forbidden += [f"engine.rulesets.{r}" for r in RULESETS if r != own]
    assert refused(path, forbidden) == []


@pytest.mark.parametrize("path", module_files("ui"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_shell_imports_no_ruleset_page_and_pages_no_sibling(path: Path) -> None:
    """ui/shell/, ui/pages.py and ui/main.py import no ruleset page (they load them by
    name from the registry) and no ruleset; a ruleset page imports the shell, its own
    wing, the engine's core and its own ruleset."""
    parts = path.relative_to(ROOT).parts
    own = parts[1] if len(parts) > 2 and parts[1] in PAGES else None
    forbidden = [f"ui.{p}" for p in PAGES if p != own]
    forbidden += [f"engine.rulesets.{r}" for r in RULESETS if r != own]
    assert refused(path, forbidden) == []
