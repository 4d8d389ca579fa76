"""The few DOM helpers, and the autosave key, that every page uses (runs in Pyodide;
pyscript is imported on use, so importing this module costs nothing before Python has
started the page)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def found(node: Any) -> bool:
    """A DOM lookup result is an element (not JS null/undefined, which Pyodide may
    hand over as ``jsnull`` rather than None)."""
    return node is not None and type(node).__name__ not in ("JsNull", "JsUndefined")


def el(element_id: str) -> Any:
    from pyscript import document

    return document.getElementById(element_id)


def save_key(ruleset: str) -> str:
    """The browser-storage key of a ruleset's autosaved game (index.html's start-up
    script, written by ``make prerender``, checks the same keys)."""
    return f"risk-family.{ruleset}.v1"


def form_fields(form: Any) -> tuple[Callable[[str], str], Callable[[str], bool]]:
    """Readers of a form's field values and check boxes, by name."""

    def text(name: str) -> str:
        return str(form.elements.namedItem(name).value)

    def checked(name: str) -> bool:
        return bool(form.elements.namedItem(name).checked)

    return text, checked
