"""Position texts: a short, human-writable form of a game position, read and written by
every ruleset (:meth:`engine.core.Ruleset.position_text` and
:meth:`engine.core.Ruleset.from_position_text`); python-chess's FEN is the model.

How a text splits into lines and words, and how one word is read, is
:mod:`engine.position_syntax` (its names are this module's too, for the rulesets'
``pos.`` prefix).  This module holds what the rulesets' positions share above that:
the opening every reader makes (:func:`read_sheet`), the tables of plain fields with
their defaults, options, seats, the deck, the generator, and the writer's quoting.
Everything a text leaves out takes its default, which each ruleset's rules document
lists (docs/rules-*.md, "Position text").  Each ruleset's ``position.py`` says what its
lines mean.
"""

from __future__ import annotations

import dataclasses
import json
import textwrap
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeVar

from engine.errors import EngineError, PositionError
from engine.maps import GameMap, load_map
from engine.position_syntax import (
    BARE,
    MAX_LINE,
    NONE,
    WHOLE,
    Line,
    Sheet,
    Word,
    choice,
    flag,
    items,
    literal,
    split_lines,
    text,
    texts,
    whole,
    wholes,
)

__all__ = [
    "MAX_LINE",
    "NONE",
    "Line",
    "Sheet",
    "Word",
    "choice",
    "flag",
    "items",
    "literal",
    "split_lines",
    "text",
    "texts",
    "whole",
    "wholes",
]

BoardT = TypeVar("BoardT")
SeatsT = TypeVar("SeatsT")


def read_sheet(
    written: str,
    ruleset: str,
    keywords: tuple[Collection[str], Collection[str]],
    aliases: Collection[str],
    board: Callable[[Sheet], BoardT],
    places: Callable[[BoardT], Collection[str]],
    seats: Callable[[Sheet, BoardT], SeatsT],
) -> tuple[Sheet, BoardT, SeatsT]:
    """The opening of every ruleset's reader: the ``written`` text's lines by keyword (``keywords``:
    the once-only and the repeated ones; the first line may name the ruleset by one of
    its ``aliases``), the ``board`` the text plays on, every other line checked to be one
    of its ``places``, and the ``seats`` read from the sheet.

    :raises PositionError: naming the line and field that do not fit.
    """
    once, many = keywords
    sheet = Sheet(written, ruleset, once, many, aliases)
    the_board = board(sheet)
    sheet.check_places(places(the_board))
    return sheet, the_board, seats(sheet, the_board)


# ------------------------------------------------------------------ fields by table


@dataclass(frozen=True)
class Field:
    """A plain field of a position: its word in the text, its key in the state's JSON
    form and its kind: ``count`` (0 or more), ``number`` (any whole number), ``seat`` (a
    seat index), ``seat?`` (a seat or ``-``), ``count?`` (a count or ``-``), ``flag``,
    ``counts`` (a list of counts), ``seats`` (a list of seats), ``words`` (a list of
    texts), ``word`` (a text), ``word?`` (a text or ``-``), ``json`` (any JSON), or a
    tuple of the texts allowed."""

    word: str
    key: str
    kind: str | tuple[str, ...]


def read_value(line: Line, field: str, word: Word, kind: str | tuple[str, ...], seats: int) -> Any:
    """One value of a :class:`Field` kind, checked."""
    if isinstance(kind, tuple):
        return choice(line, field, word, kind)
    if kind == "count":
        return whole(line, field, word)
    if kind == "number":
        return whole(line, field, word, None)
    if kind == "seat":
        return _seat(line, field, word, seats)
    if kind == "count?":
        return None if word.value == NONE else whole(line, field, word)
    if kind == "seat?":
        return None if word.value == NONE else _seat(line, field, word, seats)
    if kind == "flag":
        return flag(line, field, word)
    if kind == "counts":
        return wholes(line, field, word)
    if kind == "seats":
        return [
            _seat(line, f"{field}[{i}]", Word(None, v, word.bare), seats)
            for i, v in enumerate(items(line, field, word))
        ]
    if kind == "words":
        return texts(line, field, word)
    if kind == "word":
        return text(line, field, word)
    if kind == "word?":
        return None if word.value == NONE and word.bare else text(line, field, word)
    if kind == "json":
        return word.value
    raise AssertionError(f"unknown field kind {kind!r}")


def _seat(line: Line, field: str, word: Word, seats: int) -> int:
    value = word.value
    if word.bare and isinstance(value, str) and WHOLE.fullmatch(value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
        raise line.fail(field, f"{word.shown()} is not a seat ({seats} seats: 0 to {seats - 1})")
    return value


def read_fields(
    sheet: Sheet, fields: Sequence[Field], defaults: Mapping[str, Any], seats: int
) -> dict[str, Any]:
    """The once-only lines of ``fields`` (``turn 3``), each defaulting to ``defaults``."""
    data: dict[str, Any] = {}
    for f in fields:
        line = sheet.one(f.word)
        if line is None:
            data[f.key] = copy(defaults[f.key])
        elif f.kind in ("counts", "seats", "words"):
            element = {"counts": "count", "seats": "seat"}.get(str(f.kind), "word")
            data[f.key] = [
                read_value(line, f"{f.word}[{i}]", w, element, seats)
                for i, w in enumerate(line.positional(f.word, 0, 10_000))
            ]
        else:
            (word,) = line.positional(f.word, 1, 1)
            data[f.key] = read_value(line, f.word, word, f.kind, seats)
    return data


def read_named(
    line: Line,
    where: str,
    fields: Sequence[Field],
    defaults: Mapping[str, Any],
    seats: int,
) -> dict[str, Any]:
    """The named words of a line (``cards=10,14``), each defaulting to ``defaults``."""
    by_word = {f.word: f for f in fields}
    written = line.named(where, by_word)
    data: dict[str, Any] = {}
    for f in fields:
        if f.word in written:
            data[f.key] = read_value(line, f"{where} {f.word}", written[f.word], f.kind, seats)
        else:
            data[f.key] = copy(defaults[f.key])
    return data


def write_fields(
    data: Mapping[str, Any], fields: Sequence[Field], defaults: Mapping[str, Any]
) -> list[str]:
    """The once-only lines of ``fields`` whose values differ from ``defaults``."""
    lines = []
    for f in fields:
        value = data[f.key]
        if value == defaults[f.key]:
            continue
        if f.kind in ("counts", "seats", "words"):
            lines.append(" ".join([f.word, *(bare(v) for v in value)]))
        else:
            lines.append(f"{f.word} {shown(value, f.kind)}")
    return lines


def write_named(
    data: Mapping[str, Any], fields: Sequence[Field], defaults: Mapping[str, Any]
) -> list[str]:
    """The named words of ``fields`` whose values differ from ``defaults``."""
    return [
        f"{f.word}={shown(data[f.key], f.kind)}" for f in fields if data[f.key] != defaults[f.key]
    ]


def shown(value: Any, kind: str | tuple[str, ...] = "json") -> str:
    """A value as one word of the text, in the form its kind reads back."""
    if kind in ("seat?", "count?", "word?") and value is None:
        return NONE
    if kind == "flag":
        return "true" if value else "false"
    if kind in ("counts", "seats", "words"):
        words = [str(v) for v in value]
        if words and all(BARE.fullmatch(w) and "," not in w and w != NONE for w in words):
            return ",".join(words)
        return compact_json(list(value))
    if isinstance(value, str) and kind != "json":
        return bare(value)
    if kind == "json":
        return option_value(value)
    return str(value)


def defaults_of(cls: type) -> dict[str, Any]:
    """The defaults of a dataclass's fields, as JSON values (enums by value)."""
    found: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            value: Any = f.default
        elif f.default_factory is not dataclasses.MISSING:
            value = f.default_factory()
        else:
            continue
        found[f.name] = getattr(value, "value", value)
    return found


def copy(value: Any) -> Any:
    return json.loads(json.dumps(value)) if isinstance(value, list | dict) else value


# ---------------------------------------------------------------------- options


def read_options(
    sheet: Sheet, defaults: Mapping[str, Any], known: Collection[str], *, only_written: bool = False
) -> dict[str, Any]:
    """The ``option <name> <value>`` lines over the default options' JSON form (or,
    ``only_written``, just them); each value of the type of its default."""
    data = {} if only_written else dict(copy(dict(defaults)))
    for line in sheet.all("option"):
        name_word, value_word = line.positional("option", 2, 2)
        name = choice(line, "option", name_word, sorted(known))
        value = literal(value_word)
        if name in defaults and defaults[name] is not None:
            expected = type(defaults[name])
            if type(value) is not expected and not (expected is str and value is None):
                raise line.fail(
                    f"option {name}",
                    f"must be {_KIND_NAMES.get(expected, expected.__name__)}, "
                    f"got {value_word.shown()}",
                )
        data[name] = value
    return data


_KIND_NAMES: Final = {
    int: "a whole number",
    bool: "true or false",
    str: "text",
    list: "a list",
    dict: "an object",
}


def write_options(data: Mapping[str, Any], defaults: Mapping[str, Any]) -> list[str]:
    return [
        f"option {name} {option_value(value)}"
        for name, value in data.items()
        if name not in defaults or defaults[name] != value
    ]


def option_value(value: Any) -> str:
    """A value written so that :func:`literal` reads it back the same."""
    if (
        isinstance(value, str)
        and BARE.fullmatch(value)
        and literal(Word(None, value, True)) == value
    ):
        return value
    return compact_json(value)


# ---------------------------------------------------------------------- writing


def bare(value: Any) -> str:
    """A text as one word: bare when it can be, else a JSON string."""
    word = str(value)
    if word and BARE.fullmatch(word) and word != NONE:
        return word
    return json.dumps(word, ensure_ascii=False)


def compact_json(value: Any) -> str:
    return str(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def rng_line(seed: str, counter: int) -> str:
    return f"rng {bare(seed)} {counter}"


DEFAULT_SEED: Final = "position"
"""The random generator's seed of a position text without an ``rng`` line."""


def read_rng(sheet: Sheet) -> list[Any]:
    """``rng <seed> [<counter>]``: the generator's seed and how many draws it has made
    (default: seed ``position``, counter 0)."""
    line = sheet.one("rng")
    if line is None:
        return [DEFAULT_SEED, 0]
    words = line.positional("rng", 1, 2)
    seed = text(line, "rng seed", words[0])
    counter = whole(line, "rng counter", words[1]) if len(words) > 1 else 0
    return [seed, counter]


def missing(why: str) -> PositionError:
    """A line the position needs is not written."""
    return PositionError("position/missing", why)


def read_map(sheet: Sheet, default: str) -> GameMap:
    """``map <id>``: the map of a ruleset that plays on several (default ``default``)."""
    line = sheet.one("map")
    if line is None:
        return load_map(default)
    (word,) = line.positional("map", 1, 1)
    name = text(line, "map", word)
    try:
        return load_map(name)
    except (EngineError, OSError):
        raise line.fail("map", f"there is no map {name!r}") from None


def map_of(default: str) -> Callable[[Sheet], GameMap]:
    """The ``board`` of :func:`read_sheet` for a ruleset played on the maps of ``maps/``:
    :func:`read_map` with ``default``."""
    return lambda sheet: read_map(sheet, default)


def territories(the_map: GameMap) -> tuple[str, ...]:
    """The ``places`` of :func:`read_sheet` on such a map."""
    return the_map.territory_ids


def default_deck(the_map: GameMap, hands: Iterable[Iterable[int]]) -> list[int]:
    """Every card of the map's deck that no hand holds, in the deck's order."""
    held = {card for hand in hands for card in hand}
    return [card.index for card in the_map.deck if card.index not in held]


def read_deck(sheet: Sheet, the_map: GameMap, hands: Iterable[Iterable[int]]) -> list[int]:
    """``deck <card>...``: the draw pile, top first (default :func:`default_deck`)."""
    line = sheet.one("deck")
    if line is None:
        return default_deck(the_map, hands)
    size = len(the_map.deck)
    return [
        whole(line, f"deck[{i}]", w, 0, size - 1)
        for i, w in enumerate(line.positional("deck", 0, size))
    ]


def write_deck(pile: Sequence[int], the_map: GameMap, hands: Iterable[Iterable[int]]) -> list[str]:
    if list(pile) == default_deck(the_map, hands):
        return []
    return [" ".join(["deck", *map(str, pile)])]


@dataclass(frozen=True)
class SeatHead:
    """The start of a ``seat`` line: ``seat <index> <name> [<control> [<colour>]]``."""

    name: str
    control: str
    colour: str | None


def read_seat_head(line: Line, index: int) -> SeatHead:
    """The seat's index (seats are written in order), name, control (default ``human``)
    and colour (None: the ruleset's default)."""
    where = f"seat {index}"
    words = line.positional(where, 2, 4)
    if whole(line, f"{where}: index", words[0]) != index:
        raise line.fail(where, f"seats are written in order: this must be seat {index}")
    return SeatHead(
        text(line, f"{where}: name", words[1]),
        text(line, f"{where}: control", words[2]) if len(words) > 2 else "human",
        text(line, f"{where}: colour", words[3]) if len(words) > 3 else None,
    )


def seat_head(index: int, player: Mapping[str, Any]) -> list[str]:
    return [
        "seat",
        str(index),
        bare(player["name"]),
        bare(player["control"]),
        bare(player["color"]),
    ]


def checked(read: Callable[[], Any]) -> Any:
    """Run the ruleset's own state reader over what the text gave: what it refuses
    (a set of options that does not fit together, say) is refused as ``position/state``."""
    try:
        return read()
    except PositionError:
        raise
    except EngineError as exc:
        raise PositionError(
            "position/state", f"the position is not a game this ruleset can play: {exc.message}"
        ) from None


def join(lines: Iterable[str]) -> str:
    return "\n".join(lines) + "\n"


PER_ITEM: Final = frozenset({"seat", "nation", "leader", "orders", "option", "bid"})
"""Keywords written once per item (a seat, a nation...): the item is part of the key."""


def line_key(line: str) -> tuple[str, ...]:
    """What a line of a position text is about: two lines with one key say the same
    thing (a place, a once-only keyword, one seat's, nation's, leader's or bid's line,
    one option, one pair's relation, one passage grant)."""
    words = line.split(maxsplit=3)
    if words[0] == "relation":
        return (words[0], *sorted(words[1:3]))
    if words[0] == "grant":
        return (words[0], *words[1:3])
    if words[0] in PER_ITEM:
        return (words[0], words[1])
    return (words[0],)


def written_lines(text: str) -> list[str]:
    """The lines of ``text`` that say something (indented texts are fine)."""
    return [line.strip() for line in textwrap.dedent(text).splitlines() if line.strip()]


def over(base: str, lines: Iterable[str]) -> str:
    """``base`` with each of ``lines`` in the place of its line about the same thing
    (:func:`line_key`), or added after it: a position written as its changes from
    another (a rule case's, a guided game's)."""
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
