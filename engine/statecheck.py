"""Reading a decoded game state field by field: every value is checked for its type and
range, and a value that does not fit raises ``savecode/state`` naming the field.

A save code's state is signed by a seated player, not by the rules, so a parser must
expect anything JSON can hold there (a list where a number belongs, a colour that is not
a colour, an owner who is not a player) and refuse it with a typed error instead of
failing later inside the rules or the map renderer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final, NoReturn

from engine.errors import DiceError, EngineError, OptionError
from engine.rng import Rng, Script

STATE_ERROR: Final = "savecode/state"
MAX_TEXT: Final = 200
"""Longest accepted name or label in a state (a player's name, a control, a phase)."""
MAX_SEATS: Final = 64
"""Most players a decoded state may list (no ruleset seats more)."""
MAX_NAME: Final = 64
"""Longest player's name, in every ruleset, in a save and at ``new_game``: the page's
forms take 16 characters, the longest name a game gives itself is 53 (the Great War's
"United Kingdom of Great Britain and Ireland (untaken)"); a name is shown in every report
and list."""
MAX_ARMIES: Final = 1_000_000
"""Most armies (units, divisions, ships) of one player on one territory where the rules
set no cap (Classic, Capital Risk, the Great War's R26 "no stacking limit"): far above
what a game reaches (a few hundred), low enough that no total overflows a page."""
MAX_COUNT: Final = 1_000_000_000
"""Largest whole number a state holds anywhere without a closer range (turns, counters,
statistics, the random generator's draws): what no game reaches."""

_COLOUR_RE: Final = re.compile(r"#[0-9A-Fa-f]{6}")


def refuse(where: str, why: str) -> NoReturn:
    raise EngineError(STATE_ERROR, f"the game state's {where} {why}")


def item(data: object, name: str, where: str = "") -> Any:
    """``data[name]``, refusing a non-object or a missing field."""
    path = f"{where}.{name}" if where else name
    if not isinstance(data, Mapping):
        refuse(where or "data", "must be an object")
    if name not in data:
        refuse(path, "is missing")
    return data[name]


def integer(value: object, where: str, low: int | None = 0, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (no ``high``: :data:`MAX_COUNT`)."""
    if isinstance(value, bool) or not isinstance(value, int):
        refuse(where, f"must be a whole number, got {_shown(value)}")
    top = MAX_COUNT if high is None else high
    if (low is not None and value < low) or value > top:
        span = f"{low if low is not None else '...'} to {top}"
        refuse(where, f"must be from {span}, got {_shown(value)}")
    return value


def optional_integer(
    value: object, where: str, low: int | None = 0, high: int | None = None
) -> int | None:
    return None if value is None else integer(value, where, low, high)


def text(value: object, where: str, allowed: Iterable[str] | None = None) -> str:
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        refuse(where, f"must be text of at most {MAX_TEXT} characters, got {_shown(value)}")
    if allowed is not None:
        options = sorted(allowed)
        if value not in options:
            refuse(where, f"must be one of {', '.join(options)}, got {value!r}")
    return value


def name(value: object, where: str) -> str:
    """A player's name: text of at most :data:`MAX_NAME` characters."""
    if not isinstance(value, str) or len(value) > MAX_NAME:
        refuse(where, f"must be a name of at most {MAX_NAME} characters, got {_shown(value)}")
    return value


def new_names(names: Iterable[str]) -> None:
    """The names typed for a new game, each within :data:`MAX_NAME` characters.

    :raises OptionError: ``game/name`` naming the seat.
    """
    for seat, given in enumerate(names):
        if not isinstance(given, str) or len(given) > MAX_NAME:
            raise OptionError(
                "game/name",
                f"player {seat + 1}'s name is longer than {MAX_NAME} characters: shorten it "
                "and start again",
            )


def flag(value: object, where: str) -> bool:
    """A boolean, also as 0 or 1 (compact forms store flags as numbers)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    refuse(where, f"must be true or false, got {_shown(value)}")


def listing(value: object, where: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        refuse(where, f"must be a list, got {_shown(value)}")
    if length is not None and len(value) != length:
        refuse(where, f"must have {length} entries, got {len(value)}")
    return value


def mapping(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        refuse(where, f"must be an object, got {_shown(value)}")
    return value


def optional_mapping(value: object, where: str) -> dict[str, Any] | None:
    return None if value is None else dict(mapping(value, where))


def integers(value: object, where: str, low: int | None = 0, high: int | None = None) -> list[int]:
    return [integer(v, f"{where}[{i}]", low, high) for i, v in enumerate(listing(value, where))]


def colour(value: object, where: str) -> str:
    """A colour as ``#RRGGBB`` (what the map renderer draws)."""
    if not isinstance(value, str) or _COLOUR_RE.fullmatch(value) is None:
        refuse(where, f"must be a colour #RRGGBB, got {_shown(value)}")
    return value


def rng(value: object, where: str = "rng") -> Rng:
    """The random generator's state: ``[seed text, counter]``, and a rule case's script
    of dice as a third entry (:meth:`engine.rng.Rng.with_script`; a save code refuses
    it, :mod:`engine.saves`)."""
    entries = listing(value, where)
    if len(entries) not in (2, 3):
        refuse(where, f"must have 2 entries, got {len(entries)}")
    seed = text(entries[0], f"{where} seed")
    counter = integer(entries[1], f"{where} counter")
    if len(entries) == 2:
        return Rng(seed, counter)
    try:
        return Rng(seed, counter, Script.from_json(entries[2]))
    except DiceError as exc:
        refuse(f"{where} script", exc.message)


def board(
    owner: Mapping[str, object],
    armies: Mapping[str, object],
    territories: Sequence[str],
    players: int,
    unowned: int | None = None,
) -> tuple[dict[str, int], dict[str, int]]:
    """Owners and armies keyed by territory: exactly the map's territories, owners seats
    (or ``unowned``), armies from 0 to :data:`MAX_ARMIES`."""
    for name, table in (("owner", owner), ("armies", armies)):
        if set(table) != set(territories):
            odd = sorted(set(table) ^ set(territories))[:3]
            refuse(name, f"must list exactly the map's territories (differs at {odd})")
    low = 0 if unowned is None else min(unowned, 0)
    owners = {t: integer(owner[t], f"owner[{t!r}]", low, players - 1) for t in territories}
    counts = {t: integer(armies[t], f"armies[{t!r}]", 0, MAX_ARMIES) for t in territories}
    return owners, counts


REPORT_FORMATS: Final = ("text", "bbcode", "markdown")
MAX_REPORT_TEXT: Final = 10_000
"""Longest text in a saved turn report (its longest line in a game is a few hundred
characters: a battle's rounds); a longer one would only slow every page that reads it."""


def readable_report(
    report: object, render: Callable[[str], object], where: str = "last_report"
) -> None:
    """A saved turn report must be one the report writer can read.  The rules write it,
    but a code read alone (``inspect``, a page joining a game) is only its signer's
    word, and the report is a tree of many shapes: its texts are held to
    :data:`MAX_REPORT_TEXT`, then it is written once in every format, and a report the
    writer cannot read is refused here rather than in a page.

    :raises EngineError: ``savecode/state`` naming ``where``.
    """
    stack = [report]
    while stack:
        value = stack.pop()
        if isinstance(value, str) and len(value) > MAX_REPORT_TEXT:
            refuse(where, f"holds a text of more than {MAX_REPORT_TEXT} characters")
        if isinstance(value, dict):
            stack += [*value.keys(), *value.values()]
        elif isinstance(value, list):
            stack += value
    for fmt in REPORT_FORMATS:
        try:
            render(fmt)
        except EngineError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            refuse(where, f"is not a report the rules write ({type(exc).__name__})")


def _shown(value: object) -> str:
    text_form = repr(value)
    return text_form if len(text_form) <= 40 else text_form[:37] + "..."
