"""An autosave that cannot be restored: the page says why and offers to set it aside.

A game restored from the browser's storage may fail to load or to draw (a save from an
older page, or a state no rule allows).  The page must never stay stuck on it: it shows
the new-game form with the reason and a button that moves the autosave aside (kept in
this browser under another name, so nothing is lost) instead of restoring it again.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ui.shell.dom import found

ASIDE_SUFFIX = ".set-aside"
BOARD_KEY = "risk-family.board"
"""The board last shown, kept by ui/board.js when the page is left, with the key and a
hash of the autosave it was drawn from: the next visit shows it before Python has
loaded (index.html's kept-board script, written by :mod:`ui.shell.prerender`), and only
while that autosave is unchanged."""
ACTION = "set-aside-autosave"


def failure_html(key: str, reason: object) -> str:
    """The notice shown in the new-game form for the autosave under ``key``."""
    why = str(getattr(reason, "message", reason)) or type(reason).__name__
    return (
        f"The saved game could not be restored: {escape(why)}. "
        f'<button type="button" class="btn" data-action="{ACTION}" data-key="{escape(key)}" '
        'data-testid="set-aside-autosave">Set it aside</button> '
        '<span class="muted small">(it stays in this browser under another name and is not '
        "restored again)</span>"
    )


def set_aside(storage: Any, key: str) -> str:
    """Move the autosave under ``key`` aside; returns the confirmation to show."""
    text = storage.getItem(key)
    if text:
        storage.setItem(key + ASIDE_SUFFIX, text)
    storage.removeItem(key)
    storage.removeItem(BOARD_KEY)  # never shown for another game, even by a hash collision
    return f"The saved game was set aside (kept in this browser as {key + ASIDE_SUFFIX})."


def board_live(document: Any) -> None:
    """A game is shown by Python: the board drawn before it loaded (if any) stops being
    marked as not yet playable; the page draws the live board over it."""
    board = document.getElementById("board")
    if not found(board) or not board.hasAttribute("data-kept"):
        return
    board.removeAttribute("data-kept")
    board.removeAttribute("aria-busy")
    board.inert = False
    empty = document.getElementById("board-empty")
    if found(empty):
        empty.remove()


def board_back(document: Any) -> None:
    """No game was resumed after all (it failed, or its ruleset could not load): the board
    drawn before Python loaded gives way to the empty map it replaced."""
    board = document.getElementById("board")
    if not found(board) or not board.hasAttribute("data-kept"):
        return
    empty = document.getElementById("board-empty")
    if found(empty):
        board.replaceChildren(empty.content.cloneNode(True))
    else:
        board.innerHTML = ""
    board_live(document)
