"""The ruleset pages, as data: one line per ruleset.

The shell (:mod:`ui.shell.page`) imports each page module by name at start-up (a page
module imports nothing of the engine until its ruleset is played), offers the rulesets
in this order on the new-game form (written into index.html by ``make prerender``), and
hands a game to the page of its ruleset.  A page module defines ``PAGE``, a class built
with the shell (see :class:`ui.shell.page.RulesetPage` for what it provides).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PageEntry:
    ruleset: str
    """The engine's name for the ruleset (engine/rulesets/__init__.py)."""
    title: str
    """What the top bar and the tab title say while one of its games is shown."""
    choice: str
    """The new-game form's option."""
    module: str


PAGES: tuple[PageEntry, ...] = (
    PageEntry("classic", "Classic", "Classic", "ui.classic.page"),
    PageEntry(
        "capital", "Capital Risk", "Capital Risk (simultaneous, 2–8 factions)", "ui.capital.page"
    ),
    PageEntry(
        "greatwar1907",
        "The Great War 1907",
        "The Great War 1907 (8 nations, 2 phases)",
        "ui.greatwar1907.page",
    ),
    PageEntry(
        "risk_paper_scissors",
        "Risk, Paper, Scissors",
        "Risk, Paper, Scissors (no dice, 3–5 players)",
        "ui.risk_paper_scissors.page",
    ),
)
