"""The player's warning threshold for attacks, kept per device and shared by the
rulesets that warn before a bad attack (Classic, Capital Risk): one setting, which
Classic's blitz also stops on (issue 30).  Pure: the page reads and writes the text
under :data:`SETTINGS_KEY` in the browser's storage."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from html import escape

SETTINGS_KEY = "risk-family.attack-odds"
"""The browser storage key of the warning threshold and the blitz's army stop."""
THRESHOLDS = (0, 10, 20, 25, 30, 40, 50, 60, 70, 75, 80, 90)
"""The warning thresholds offered, in percent (0: off)."""


@dataclass(frozen=True)
class AttackSettings:
    """The player's own choices, kept per device: warn (and stop a blitz) below
    ``warn_below`` percent (0: never); a blitz stops when the attacking territory is down
    to ``blitz_keep`` armies."""

    warn_below: int = 0
    blitz_keep: int = 1

    def to_text(self) -> str:
        return json.dumps({"warn_below": self.warn_below, "blitz_keep": self.blitz_keep})

    @classmethod
    def from_text(cls, text: str | None) -> AttackSettings:
        """The settings stored as :meth:`to_text`; the defaults for anything missing or
        unreadable (a damaged setting must not stop the game)."""
        try:
            data = json.loads(text or "{}")
            warn = int(data.get("warn_below", 0))
            keep = int(data.get("blitz_keep", 1))
        except (ValueError, TypeError, AttributeError):
            return cls()
        return cls(min(max(warn, 0), 99), max(keep, 1))


def percent(p: float) -> str:
    """A chance as players read it: whole percent rounded down (so a chance shown as
    30% is never below a 30% threshold), "<1%" and "100%" only when exact."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    whole = math.floor(p * 100 + 1e-9)
    return "<1%" if whole == 0 else f"{whole}%"


def threshold_select(value: int, attrs: str) -> str:
    """The "Warn me" select of the threshold (``attrs``: its name, id, test id)."""
    options = "".join(
        f'<option value="{n}"{" selected" if n == value else ""}>'
        f"{'never' if n == 0 else f'below {n}%'}</option>"
        for n in sorted({*THRESHOLDS, value})
    )
    return (
        '<label class="setting" title="'
        + escape(
            "Before an attack whose chance of taking the territory is lower than this, "
            "the game asks you first."
        )
        + f'">Warn me of attacks <select {attrs}>{options}</select></label>'
    )
