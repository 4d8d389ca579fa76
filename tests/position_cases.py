"""Rule cases written as position texts (docs/rules-*.md, "Position text"): a ruleset's
base position with a case's own lines written over it, and a position rewritten in
the middle of a case (the next phase, another hand) through the same text, so every
position a case plays is one the engine reads from a player."""

from __future__ import annotations

from typing import Any, TypeVar

from engine.core import Ruleset
from engine.position import line_key, over, written_lines

__all__ = ["line_key", "over", "rewrite", "written_lines"]

StateT = TypeVar("StateT")


def rewrite(ruleset: Ruleset[Any], state: StateT, *lines: str) -> StateT:
    """``state`` written as its position text with ``lines`` over it, read back: what a
    case changes between two steps (the next player's turn, the phase), said in the
    text's own words.  The record (a report, the year's log) is no part of a position:
    it is not carried."""
    text = over(ruleset.position_text(state), lines)
    return ruleset.from_position_text(text)  # type: ignore[no-any-return]
