"""Rule cases written as position texts (docs/rules-*.md, "Position text"): a ruleset's
base position with a case's own lines written over it, and a position rewritten in
the middle of a case (the next phase, another hand) through the same text, so every
position a case plays is one the engine reads from a player."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any, TypeVar

from engine.core import Ruleset

StateT = TypeVar("StateT")

_PER_ITEM = frozenset({"seat", "nation", "leader", "orders", "option", "bid"})


def line_key(line: str) -> tuple[str, ...]:
    """What a line of a position text is about: two lines with one key say the same
    thing (a place, a once-only keyword, one seat's, nation's, leader's or bid's line,
    one option, one pair's relation, one passage grant)."""
    words = line.split(maxsplit=3)
    if words[0] == "relation":
        return (words[0], *sorted(words[1:3]))
    if words[0] == "grant":
        return (words[0], *words[1:3])
    if words[0] in _PER_ITEM:
        return (words[0], words[1])
    return (words[0],)


def written_lines(text: str) -> list[str]:
    """The lines of ``text`` that say something (indented texts are fine)."""
    return [line.strip() for line in textwrap.dedent(text).splitlines() if line.strip()]


def over(base: str, lines: Iterable[str]) -> str:
    """``base`` with each of ``lines`` in the place of its line about the same thing
    (:func:`line_key`), or added after it."""
    out = written_lines(base)
    keys = [line_key(line) for line in out]
    for line in lines:
        key = line_key(line)
        if key in keys:
            out[keys.index(key)] = line
        else:
            out.append(line)
            keys.append(key)
    return "\n".join(out) + "\n"


def rewrite(ruleset: Ruleset[Any], state: StateT, *lines: str) -> StateT:
    """``state`` written as its position text with ``lines`` over it, read back: what a
    case changes between two steps (the next player's turn, the phase), said in the
    text's own words.  The record (a report, the year's log) is no part of a position:
    it is not carried."""
    text = over(ruleset.position_text(state), lines)
    return ruleset.from_position_text(text)  # type: ignore[no-any-return]
