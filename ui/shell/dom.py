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


def stored(name: str) -> str | None:
    """A value of the browser's storage (None when absent or empty)."""
    from pyscript import window

    value = window.localStorage.getItem(name)
    return str(value) if found(value) and value else None


def store(name: str, value: str) -> None:
    from pyscript import window

    window.localStorage.setItem(name, value)


def browser_key() -> Any:
    """This browser's signing key (:func:`ui.shell.device_key.device_key` on its storage)."""
    from ui.shell.device_key import device_key

    return device_key(stored, store)


class BrowserPage:
    """What every ruleset page's class reads the browser with (a base class: its
    ``session`` is the game shown, or None)."""

    session: Any

    @staticmethod
    def doc() -> Any:
        from pyscript import document

        return document

    @staticmethod
    def win() -> Any:
        from pyscript import window

        return window

    def el(self, element_id: str) -> Any:
        return self.doc().getElementById(element_id)

    @property
    def active(self) -> bool:
        return self.session is not None


def save_key(ruleset: str) -> str:
    """The browser-storage key of a ruleset's autosaved game (index.html's start-up
    script, written by ``make prerender``, checks the same keys)."""
    return f"risk-family.{ruleset}.v1"


def form_fields(form: Any) -> tuple[Callable[[str], str], Callable[[str], bool]]:
    """Readers of a form's field values and check boxes, by name ("" and False for a
    field the form does not have)."""

    def text(name: str) -> str:
        node = form.elements.namedItem(name)
        return str(node.value) if found(node) else ""

    def checked(name: str) -> bool:
        node = form.elements.namedItem(name)
        return bool(node.checked) if found(node) else False

    return text, checked


def focused_territory() -> tuple[Any, str | None]:
    """The focused element, and the territory it stands for (None: it is no territory)."""
    from pyscript import document

    active = document.activeElement
    if found(active) and found(getattr(active, "dataset", None)):
        territory = getattr(active.dataset, "territory", None)
        return active, None if territory is None else str(territory)
    return active, None


def redraw_board(board: Any, svg: str) -> None:
    """Draw ``svg`` into ``board``, the territory focused before focused again (a player
    moving over the map with the keyboard keeps their place)."""
    _, focused = focused_territory()
    board.innerHTML = svg
    if focused:
        again = board.querySelector(f'[data-territory="{focused}"]')
        if found(again):
            again.focus()
