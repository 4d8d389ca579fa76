"""Tips on everything (issue 29): a short explanation where each card, order, unit type,
option of the new-game form and column of a table is shown.

One design for every ruleset.  A renderer marks an element that needs a tip with
:func:`tip` (two data attributes: ``data-tip-kind``, one of :data:`KINDS`, and
``data-tip``, the sentence a player reads); ``ui/tips.js`` shows that sentence in the one
tooltip of the page (``role="tooltip"``, named by the element's ``aria-describedby`` while
it is open) on hover and focus, and toggles it on a tap on a touch screen; Escape or a tap
elsewhere closes it.  The new-game form is static HTML: its tips are written into
index.html as one JSON block (:func:`form_tips_script`, run by ``ui.shell.prerender``) that
``ui/tips.js`` puts on the form's fields by name before Python has loaded.

The texts live beside each ruleset's renderers (``ui/<ruleset>/tips.py``); the controls
every ruleset shares (the Rules choice, the seat rows, the game speed) are here.  This
module is pure (no browser import).
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Iterable, Mapping
from html import escape
from typing import Any, Literal, get_args

TipKind = Literal["card", "order", "unit", "option", "column", "control"]
KINDS: tuple[TipKind, ...] = get_args(TipKind)
"""What a tip explains (the value of ``data-tip-kind``)."""

NEEDS_TIP: dict[str, str] = {
    "option": "#new-game-form [name]",
    "column": "table thead th, table th[scope=col], table tr:first-child > th:not([scope=row])",
    "card": "[data-card], .cards .card",
    "order": "[data-mode], [data-action=set-dice]",
    "unit": "[data-leader], [data-unit], [data-commander]",
    "control": "[data-action^='guide-']",
}
"""Per kind, the elements of the page that need a tip (CSS selectors, for the tests'
walk of the page): each one shown must carry its own ``data-tip``.  An empty column head
(a column of marks) needs none, nor does a mark drawn on the map (the board's own
drawing names its pieces), nor a table of the rulebook (its text explains it)."""

TIP_SCRIPT_ID = "form-tips"
"""The id of the JSON block of the new-game form's tips in index.html."""

SEAT = "#"
"""Stands for a seat's number in a field name of :data:`FORM_TIPS` ("seat#-name")."""

FORM_TIPS: dict[str, str] = {
    "rules": "Which game to play. Each has its own map, turn and way to win; "
    "“Read the rules of this game” below explains the one chosen.",
    "speed": "How long the computers make you wait: Watch shows every computer move, Fast "
    "plays each computer turn in about a second, Instant plays them at once and marks "
    "what changed. Kept on this device.",
    "seat#-on": "Tick to give this seat a player. Two seats always play.",
    "seat#-name": "The name shown on the map, in the tables and in the log.",
    "seat#-control": "Human: a person plays this seat on this device. CPU: the computer "
    "plays it, from Easy (makes mistakes) to Expert (plays its best).",
    "seat#-color": "The seat's colour on the map; each seat also has its own pattern, so "
    "colours never have to be told apart by hue alone.",
}
"""The tips of the form's fields that every ruleset shares, by field name."""

ACTION_TIPS: dict[str, str] = {
    "guide-open": "A short practice game of the rules chosen above, on a prepared map, a "
    "few turns long: it shows what to tap, lets you do it and explains what happened "
    "and why.",
    "guide-leave": "Stop the practice game and go back to the new-game form. It is not "
    "kept: Learn by playing starts it again from the beginning.",
    "guide-real": "Start a real game of the same rules with the practice game's settings.",
}
"""The tips of the shell's buttons that other parts of the page draw (the guided game's),
by their ``data-action``: ``ui/tips.js`` puts each on its buttons whenever they are
drawn, so the code that draws a button need not know its tip."""
ACTION_TIP_SCRIPT_ID = "action-tips"


def tip(kind: TipKind, text: str, *, focusable: bool = False) -> str:
    """The attributes that give an element its tip, to put in its start tag
    (``f"<th{tip('column', '...')}>"``).  ``focusable``: the element is not a control (a
    column head, a line of text), so it is added to the Tab order to show its tip from the
    keyboard."""
    tab = ' tabindex="0"' if focusable else ""
    return f' data-tip-kind="{kind}" data-tip="{escape(text.strip(), quote=True)}"{tab}'


def column_head(label: str, text: str, attrs: str = "") -> str:
    """A table's column head with its tip (``attrs``: more attributes, e.g. a scope)."""
    return f"<th{attrs}{tip('column', text, focusable=True)}>{label}</th>"


def field_key(name: str) -> str:
    """The key of a form field in :data:`FORM_TIPS` ("seat3-name" -> "seat#-name")."""
    return re.sub(r"\d+", SEAT, name, count=1)


def ruleset_tips(module: str) -> Any:
    """The tips module of a ruleset page (``ui.<r>.page`` -> ``ui.<r>.tips``)."""
    return importlib.import_module(module.rsplit(".", 1)[0] + ".tips")


def all_form_tips() -> dict[str, str]:
    """Every field's tip, by :func:`field_key`: the shared ones and each ruleset's
    ``FORM_TIPS`` (the pages of :mod:`ui.pages`)."""
    from ui.pages import PAGES

    tips = dict(FORM_TIPS)
    for entry in PAGES:
        own: Mapping[str, str] = ruleset_tips(entry.module).FORM_TIPS
        tips.update(own)
    return tips


def _json_script(script_id: str, texts: Mapping[str, str]) -> str:
    body = json.dumps(texts, ensure_ascii=False, indent=0, sort_keys=True)
    body = body.replace("</", "<\\/")
    return f'<script type="application/json" id="{script_id}">\n{body}\n</script>'


def form_tips_script() -> str:
    """The JSON blocks index.html carries for ``ui/tips.js`` (run by the prerender): the
    form's fields' tips, then the shell buttons' (:data:`ACTION_TIPS`)."""
    return (
        _json_script(TIP_SCRIPT_ID, all_form_tips())
        + "\n"
        + _json_script(ACTION_TIP_SCRIPT_ID, ACTION_TIPS)
    )


def missing(texts: Mapping[str, str], wanted: Iterable[str]) -> list[str]:
    """The keys of ``wanted`` with no text in ``texts`` or an
    empty one (for the tests: every card, order, option and column has its tip)."""
    return [k for k in wanted if not texts.get(k, "").strip()]
