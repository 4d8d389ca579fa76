""" "Copy position" and "Start from a position" for every ruleset (runs in Pyodide).

A position text (engine/position.py, grammar in each docs/rules-*.md) is a short text a
player can paste into a bug report or share as a puzzle.  "Copy position" shows the
shown game's text, selected, and copies it; "Start from a position" reads a pasted text
into a NEW game on this device, marked "Started from a position" with the game (across
reloads too: the autosave keeps the mark).

Decisions:

- The seats play as the text says: each ``seat`` line names ``human`` or a computer
  level, so a copied game starts again exactly as it was (the same seats for the
  computer), and whoever writes a puzzle chooses who plays it.
- Such a game is local only.  An email or forum game starts from the new-game form, so
  that its first position comes from the rules and a seed every player can check; a
  pasted position could be anything.  The dialog says so, and no control turns a local
  game into an email or forum one.
- A refused text stays in the box, with the reason in player words (which line, which
  field, what to do next), the line selected; the game shown is untouched.
"""

from __future__ import annotations

import asyncio
import re
from html import escape
from typing import Any

from ui.shell.dom import el, found

OVERLAY = "position"
MARK = "position-mark"
LOCAL_ONLY = (
    "A game started from a position is played on this device only: an email or forum "
    "game starts from the new-game form, where its first position comes from the rules "
    "and a seed every player can check."
)
ACTIONS = frozenset(
    {"position-copy", "position-open", "position-start", "position-close", "position-select"}
)
_LINE = re.compile(r"^line (\d+): ")
_FIRST = re.compile(r"^\s*ruleset\s+(\S+)", re.MULTILINE)
_HEADLINES = {
    "position/syntax": "cannot be read",
    "position/ruleset": "must name the rules",
    "position/unknown": "is not part of a position",
    "position/repeated": "is written twice",
    "position/field": "does not fit",
}
_WHOLE_TEXT = {
    "position/missing": "Something the position needs is missing",
    "position/state": "The rules cannot play this position",
}


def player_words(code: str, message: str) -> tuple[str, int | None]:
    """A refusal of the engine (:class:`engine.errors.PositionError`) said for a player,
    and the line it names (from 1; None when it names none)."""
    match = _LINE.match(message)
    if match:
        line: int | None = int(match.group(1))
        said = f"Line {line} {_HEADLINES.get(code, 'does not fit')}: {message[match.end() :]}"
    else:
        line = None
        said = f"{_WHOLE_TEXT.get(code, 'The position was not accepted')}: {message}"
    return (
        f"{said.rstrip('.')}. Correct it in the box and press Start again; "
        "the game you had is unchanged.",
        line,
    )


class PositionDialog:
    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.replace_ok: str | None = None
        """The ruleset whose saved game the player agreed to replace (a second Start)."""

    # ------------------------------------------------------------ events

    def action(self, name: str, button: Any) -> None:
        if name == "position-copy":
            self.open_copy()
        elif name == "position-open":
            self.open_paste()
        elif name == "position-start":
            self.start()
        elif name == "position-select":
            area = el("position-text")
            if found(area):
                area.select()
        elif name == "position-close":
            self.close()

    @property
    def open(self) -> bool:
        return not el(OVERLAY).hidden

    def close(self) -> None:
        self.shell.dialogs_of().close(OVERLAY)

    # ------------------------------------------------------------ copy

    def open_copy(self) -> None:
        page = self.shell.active
        if page is None or getattr(page, "session", None) is None:
            self.shell.message("No game is shown: start one, then copy its position.")
            return
        from engine.core import find_ruleset
        from engine.errors import EngineError

        try:
            text = find_ruleset(page.entry.ruleset).position_text(page.session.state)
        except EngineError as exc:
            self.shell.message(f"The position could not be written: {exc.message}", warn=True)
            return
        self.shell.dialogs_of().show(
            OVERLAY,
            _card(
                "Copy position",
                "<p>This text is the game as it stands: paste it into a bug report, or "
                "share it as a puzzle (anyone can start from it with "
                "“Start from a position”).</p>"
                '<textarea id="position-text" class="code position-text" rows="10" readonly'
                ' spellcheck="false" aria-label="Position text" data-testid="position-text"'
                f">{escape(text)}</textarea>"
                '<p class="muted small" id="position-note" role="status"'
                ' data-testid="position-note"></p>',
                '<button type="button" class="btn" data-action="position-select"'
                ' data-testid="position-select">Select all</button>'
                '<button type="button" class="btn primary" data-action="position-close"'
                ' data-testid="position-done" data-autofocus>Done</button>',
            ),
        )
        from pyscript import document

        area = el("position-text")
        area.select()
        # a click's own handler may still copy the selection (no permission needed)
        copied = False
        try:
            copied = bool(document.execCommand("copy"))
        except Exception:
            copied = False
        if copied:
            self.copied(True)
        else:
            self.shell.tasks.add(asyncio.ensure_future(self.copy_async(text)))

    async def copy_async(self, text: str) -> None:
        from pyscript import window

        try:
            await window.navigator.clipboard.writeText(text)
            self.copied(True)
        except Exception:
            self.copied(False)

    def copied(self, ok: bool) -> None:
        note = el("position-note")
        line = (
            "Copied to the clipboard."
            if ok
            else "This browser did not let the page copy: the text is selected, "
            "copy it with Ctrl+C (⌘C, or a long press and Copy)."
        )
        if found(note):
            note.textContent = line
        self.shell.message("Position copied." if ok else "Position shown: copy it by hand.")

    # ------------------------------------------------------------ start from a text

    def open_paste(self, text: str = "", error: str = "", line: int | None = None) -> None:
        names = ", ".join(f"“ruleset {page.entry.ruleset}”" for page in self.shell.pages.values())
        warn = (
            f'<p class="error" role="alert" data-testid="position-error">{escape(error)}</p>'
            if error
            else ""
        )
        start = "Start"
        ruleset = _first_ruleset(text)
        if ruleset in self.shell.pages and self.replace_ok == ruleset:
            start = f"Replace my {self.shell.pages[ruleset].entry.title} game"
        self.shell.dialogs_of().show(
            OVERLAY,
            _card(
                "Start from a position",
                "<p>Paste a position text (from “Copy position”). It becomes a new game "
                f"on this device. Its first line names the rules: {escape(names)}.</p>"
                '<textarea id="position-text" class="code position-text" rows="10"'
                ' spellcheck="false" aria-label="Position text to start from"'
                ' placeholder="ruleset classic&#10;seat 0 Ada human&#10;…"'
                f' data-testid="position-paste" data-autofocus>{escape(text)}</textarea>'
                f"{warn}"
                f'<p class="muted small" data-testid="position-local-only">{LOCAL_ONLY}'
                " The seats play as the text says: “human” on this device, a computer level"
                " by the computer.</p>",
                '<button type="button" class="btn" data-action="position-close"'
                ' data-testid="position-cancel">Cancel</button>'
                '<button type="button" class="btn primary" data-action="position-start"'
                f' data-testid="position-start">{escape(start)}</button>',
            ),
        )
        area = el("position-text")
        if line is not None and found(area):
            lines = str(area.value).split("\n")
            begin = sum(len(x) + 1 for x in lines[: line - 1])
            end = begin + len(lines[line - 1]) if line - 1 < len(lines) else begin
            area.focus()
            area.setSelectionRange(begin, end)

    def start(self) -> None:
        area = el("position-text")
        text = str(area.value) if found(area) else ""
        ruleset = _first_ruleset(text)
        if not text.strip():
            self.open_paste(text, "The box is empty: paste a position text, then press Start.")
            return
        page = self.shell.pages.get(ruleset or "")
        if page is None:
            names = ", ".join(f"ruleset {p.entry.ruleset}" for p in self.shell.pages.values())
            self.open_paste(
                text,
                "The first line must name the rules, one of: "
                f"{names}. Correct it and press Start again; the game you had is unchanged.",
                1 if ruleset is not None else None,
            )
            return
        if self.shell.has_save(page.entry) and self.replace_ok != page.entry.ruleset:
            self.replace_ok = page.entry.ruleset
            self.open_paste(
                text,
                f"A {page.entry.title} game is saved on this device: starting from this "
                "position replaces it (games of the other rules stay saved). Press "
                f"“Replace my {page.entry.title} game” to go on, or Cancel.",
            )
            return
        self.shell.when_loaded(page, lambda: self.finish(page, text))

    def finish(self, page: Any, text: str) -> None:
        from engine.core import find_ruleset
        from engine.errors import EngineError

        try:
            state = find_ruleset(page.entry.ruleset).from_position_text(text)
        except EngineError as exc:
            said, line = player_words(exc.code, exc.message)
            self.open_paste(text, said, line)
            return
        self.replace_ok = None
        self.close()
        self.shell.start_position(page, state)


def _first_ruleset(text: str) -> str | None:
    """The rules the text's first line names (None when it names none)."""
    for raw in text.splitlines():
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        match = _FIRST.match(stripped)
        return match.group(1) if match else None
    return None


def _card(title: str, body: str, buttons: str) -> str:
    return (
        '<div class="card confirm-card position-card" role="dialog" aria-modal="true"'
        ' aria-labelledby="position-title" data-testid="position-dialog">'
        '<div class="row between"><h2 id="position-title">'
        f"{escape(title)}</h2>"
        '<button type="button" class="btn ghost dark" data-action="position-close"'
        ' data-testid="position-close" aria-label="Close">✕</button></div>'
        f'{body}<div class="row end">{buttons}</div></div>'
    )


def show_mark(page: Any) -> None:
    """The mark beside the board: the game shown was started from a position."""
    mark = el(MARK)
    if found(mark):
        session = getattr(page, "session", None) if page is not None else None
        mark.hidden = not bool(getattr(session, "from_position", False))
