"""An autosave that cannot be restored: the page says why and offers to set it aside.

A game restored from the browser's storage may fail to load or to draw (a save from an
older page, or a state no rule allows).  The page must never stay stuck on it: it shows
the new-game form with the reason and a button that moves the autosave aside (kept in
this browser under another name, so nothing is lost) instead of restoring it again.
"""

from __future__ import annotations

from html import escape
from typing import Any

ASIDE_SUFFIX = ".set-aside"
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
    return f"The saved game was set aside (kept in this browser as {key + ASIDE_SUFFIX})."
