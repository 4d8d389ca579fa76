"""Warnings before mistakes (issues 27, 29 and 30), one design for every ruleset: before
an action that is probably a mistake, a short plain sentence and two answers, "Go on
anyway" (the action is done) and "Go back" (nothing changes).

Each ruleset decides *whether* to warn with a pure check of its own (``ui/<ruleset>/
cautions.py``: the warning's text, or None); this module only asks.  :func:`warning_html`
is pure; :func:`ask` shows it in the browser as a modal dialog: the focus stays on its two
buttons (Tab and Shift+Tab go round them), Escape or a tap beside the card is "Go back",
and the focus returns to where it was.  Pyodide is imported on use, so the pure part is
importable anywhere."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

GO_ON = "Go on anyway"
GO_BACK = "Go back"
OVERLAY_ID = "warning"
"""The id of the dialog's overlay (created on first use)."""


@dataclass(frozen=True)
class Caution:
    """A warning to ask before an action: ``case`` names the kind of mistake (stable, for
    tests and styles: "odds", "capital", "unspent", "took", "card", "placement"), ``text``
    is the sentence a player reads."""

    case: str
    text: str


def warning_html(caution: Caution) -> str:
    """The dialog's card: the sentence, then "Go back" (focused first: the safe answer)
    and "Go on anyway"."""
    return (
        '<div class="card warning-card" role="alertdialog" aria-modal="true"'
        ' aria-labelledby="warning-title" aria-describedby="warning-text"'
        f' data-testid="warning" data-case="{escape(caution.case)}">'
        '<h2 id="warning-title">Are you sure?</h2>'
        f'<p id="warning-text" data-testid="warning-text">{escape(caution.text)}</p>'
        '<div class="row end">'
        '<button type="button" class="btn" data-warning="back" data-testid="warning-back"'
        f" data-autofocus>{GO_BACK}</button>"
        '<button type="button" class="btn primary" data-warning="go"'
        f' data-testid="warning-go">{GO_ON}</button>'
        "</div></div>"
    )


class WarningDialog:
    """The one warning dialog of the page (runs in Pyodide)."""

    def __init__(self) -> None:
        self.go: Callable[[], None] | None = None
        self.back: Callable[[], None] | None = None
        self.opener: Any = None
        self.proxies: list[Any] = []

    @property
    def open(self) -> bool:
        return self.go is not None

    def overlay(self) -> Any:
        from pyodide.ffi import create_proxy
        from pyscript import document

        from ui.shell.dom import found

        box = document.getElementById(OVERLAY_ID)
        if found(box):
            return box
        box = document.createElement("div")
        box.id = OVERLAY_ID
        box.className = "overlay warning-overlay"
        box.dataset.testid = "warning-overlay"
        box.hidden = True
        document.body.appendChild(box)
        for kind, handler in (("click", self.on_click), ("keydown", self.on_key)):
            proxy = create_proxy(handler)
            self.proxies.append(proxy)
            box.addEventListener(kind, proxy)
        proxy = create_proxy(self.on_focus)
        self.proxies.append(proxy)
        document.addEventListener("focusin", proxy)
        return box

    def ask(
        self, caution: Caution, go: Callable[[], None], back: Callable[[], None] | None = None
    ) -> None:
        """Show ``caution``; "Go on anyway" calls ``go``, "Go back" calls ``back`` (if
        any).  A question still open is answered "Go back" first."""
        from pyscript import document

        if self.open:
            self.answer(False)
        box = self.overlay()
        self.opener = document.activeElement
        self.go, self.back = go, back
        box.innerHTML = warning_html(caution)
        box.hidden = False
        box.querySelector("[data-autofocus]").focus()

    def answer(self, go_on: bool) -> None:
        """Close the dialog, give the focus back, then do what the answer says."""
        from ui.shell.dom import el, found

        go, back, opener = self.go, self.back, self.opener
        self.go = self.back = self.opener = None
        box = el(OVERLAY_ID)
        if found(box):
            box.hidden = True
            box.innerHTML = ""
        if found(opener) and opener.isConnected:
            opener.focus()
        chosen = go if go_on else back
        if chosen is not None:
            chosen()

    # ------------------------------------------------------------ events

    def on_click(self, event: Any) -> None:
        if not self.open:
            return
        target = event.target
        button = target.closest("[data-warning]")
        from ui.shell.dom import found

        if found(button):
            event.stopPropagation()
            self.answer(str(button.dataset.warning) == "go")
        elif target.id == OVERLAY_ID:  # a tap beside the card
            event.stopPropagation()
            self.answer(False)

    def on_key(self, event: Any) -> None:
        if not self.open:
            return
        if event.key == "Escape":
            event.preventDefault()
            event.stopPropagation()
            self.answer(False)
        elif event.key == "Tab":
            from pyscript import document

            buttons = list(document.getElementById(OVERLAY_ID).querySelectorAll("button"))
            if not buttons:
                return
            active = document.activeElement
            first, last = buttons[0], buttons[-1]
            if event.shiftKey and active == first:
                event.preventDefault()
                last.focus()
            elif not event.shiftKey and active == last:
                event.preventDefault()
                first.focus()

    def on_focus(self, event: Any) -> None:
        """The focus never leaves the open dialog (a click or script elsewhere)."""
        if not self.open:
            return
        from ui.shell.dom import el

        box = el(OVERLAY_ID)
        if not box.contains(event.target):
            box.querySelector("[data-autofocus]").focus()


_DIALOG = WarningDialog()


def ask(caution: Caution, go: Callable[[], None], back: Callable[[], None] | None = None) -> None:
    """Ask ``caution`` in the page's warning dialog (see :meth:`WarningDialog.ask`)."""
    _DIALOG.ask(caution, go, back)


def confirm_then(
    caution: Caution | None, go: Callable[[], None], back: Callable[[], None] | None = None
) -> None:
    """Do ``go`` at once when there is nothing to warn of (``caution`` None), else ask."""
    if caution is None:
        go()
    else:
        ask(caution, go, back)
