"""Position texts: a short, human-writable form of a game position, read and written by
every ruleset (:meth:`engine.core.Ruleset.position_text` and
:meth:`engine.core.Ruleset.from_position_text`); python-chess's FEN is the model.

A position text is a few short lines.  The first says the ruleset
(``ruleset classic``); every other line starts with a keyword (``seat``, ``phase``,
``turn``...) or with the id of a place on the map (``alaska 0 3``: who holds it and what
stands there).  A line starting with ``#`` is a comment; blank lines are ignored.
Everything a text leaves out takes its default, which each ruleset's rules document
lists (docs/rules-*.md, "Position text").

The words of a line are separated by spaces.  A word is either bare (``alaska``, ``3``,
``#d62728``, ``10,14``) or JSON (a quoted string ``"Computer 1"``, a list, an object),
and may carry a name: ``cards=10,14``, ``name="Anna Maria"``, ``credits=[[4,"uk"]]``.

This module holds what the rulesets share: splitting a text into lines and words,
readers that refuse a bad value naming the line and the field
(:class:`engine.errors.PositionError`), the tables of plain fields with their defaults,
and the writer's quoting.  Each ruleset's ``position.py`` says what its lines mean.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from engine.errors import EngineError, PositionError
from engine.maps import GameMap, load_map

_DECODER: Final = json.JSONDecoder()
_BARE: Final = re.compile(r"[A-Za-z0-9_#.,:/+\-]+")
_WHOLE: Final = re.compile(r"-?[0-9]{1,18}")
"""A whole number as a bare word (longer ones are refused, not converted at length)."""
NONE: Final = "-"
"""The word for "nobody" or "nothing" (no owner, no winner, no headquarters)."""
MAX_LINE: Final = 100_000
"""Longest line read (a sealed order written as JSON is the longest a game makes)."""


# ---------------------------------------------------------------------------- reading


@dataclass(frozen=True)
class Word:
    """One word of a line: ``value`` is the bare text, or the decoded JSON."""

    name: str | None
    value: Any
    bare: bool

    def shown(self) -> str:
        value = self.value if self.bare else json.dumps(self.value)
        text = value if self.name is None else f"{self.name}={value}"
        return text if len(text) <= 40 else text[:37] + "..."


@dataclass(frozen=True)
class Line:
    """One line of a position text: its number (from 1), its keyword and its words."""

    number: int
    keyword: str
    words: tuple[Word, ...]

    def fail(self, field: str, why: str) -> PositionError:
        return PositionError("position/field", f"line {self.number}: {field}: {why}")

    def positional(self, field: str, low: int, high: int) -> list[Word]:
        """The unnamed words, at least ``low`` and at most ``high`` of them."""
        found = [w for w in self.words if w.name is None]
        if not low <= len(found) <= high:
            span = str(low) if low == high else f"{low} to {high}"
            raise self.fail(
                field, f"needs {span} value(s) after {self.keyword!r}, got {len(found)}"
            )
        return found

    def named(self, field: str, allowed: Collection[str]) -> dict[str, Word]:
        """The named words, each allowed and none twice."""
        found: dict[str, Word] = {}
        for word in self.words:
            if word.name is None:
                continue
            if word.name not in allowed:
                known = ", ".join(sorted(allowed)) or "none"
                raise self.fail(field, f"unknown {word.name!r} (known: {known})")
            if word.name in found:
                raise self.fail(field, f"{word.name!r} is written twice")
            found[word.name] = word
        return found


def split_lines(text: str) -> list[Line]:
    """The text's lines that say something, split into words.

    :raises PositionError: ``position/syntax`` naming the line that cannot be split.
    """
    if not isinstance(text, str):
        raise PositionError("position/syntax", "a position text must be text")
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(stripped) > MAX_LINE:
            raise PositionError("position/syntax", f"line {number}: longer than {MAX_LINE}")
        words = _words(stripped, number)
        head = words[0]
        if head.name is not None or not head.bare:
            raise PositionError(
                "position/syntax", f"line {number}: must start with a keyword, not {head.shown()}"
            )
        lines.append(Line(number, str(head.value), tuple(words[1:])))
    return lines


def _words(text: str, number: int) -> list[Word]:
    words: list[Word] = []
    i, end = 0, len(text)
    while True:
        while i < end and text[i].isspace():
            i += 1
        if i >= end:
            return words
        name = None
        if text[i] not in '"[{':
            j = i
            while j < end and not text[j].isspace() and text[j] != "=":
                j += 1
            if j < end and text[j] == "=":
                name = text[i:j]
                if not name:
                    raise PositionError("position/syntax", f"line {number}: '=' without a name")
                i = j + 1
        if i < end and text[i] in '"[{':
            try:
                value, after = _DECODER.raw_decode(text, i)
            except (ValueError, RecursionError) as exc:
                # JSONDecodeError, a number of thousands of digits, a list nested too deep
                why = exc.msg if isinstance(exc, json.JSONDecodeError) else "too large or too deep"
                raise PositionError(
                    "position/syntax", f"line {number}: cannot read {text[i : i + 20]!r}: {why}"
                ) from None
            if after < end and not text[after].isspace():
                raise PositionError(
                    "position/syntax", f"line {number}: a space must follow {text[i:after]!r}"
                )
            words.append(Word(name, value, bare=False))
            i = after
        else:
            j = i
            while j < end and not text[j].isspace():
                j += 1
            words.append(Word(name, text[i:j], bare=True))
            i = j


class Sheet:
    """The lines of one ruleset's position text, by keyword; the other lines are
    :attr:`places` (their keyword is a place id: :meth:`check_places`), in the order
    written.

    :raises PositionError: ``position/ruleset`` when the first line names another
        ruleset, ``position/unknown`` for a keyword that is neither a keyword nor a
        place, ``position/repeated`` for a once-only line written twice.
    """

    def __init__(
        self,
        text: str,
        ruleset: str,
        once: Collection[str],
        many: Collection[str],
        aliases: Collection[str] = (),
    ) -> None:
        lines = split_lines(text)
        if not lines or lines[0].keyword != "ruleset":
            raise PositionError(
                "position/ruleset", f"a position text starts with the line 'ruleset {ruleset}'"
            )
        first = lines[0]
        named = [w.value for w in first.words]
        if len(named) != 1 or (named[0] != ruleset and named[0] not in aliases):
            raise PositionError(
                "position/ruleset",
                f"line {first.number}: this is a {ruleset} position, "
                f"not {' '.join(map(str, named))!r}",
            )
        self.once: dict[str, Line] = {}
        self.many: dict[str, list[Line]] = {k: [] for k in many}
        self.places: list[Line] = []
        self.ruleset = ruleset
        seen_places: dict[str, int] = {}
        for line in lines[1:]:
            if line.keyword in once:
                if line.keyword in self.once:
                    raise PositionError(
                        "position/repeated",
                        f"line {line.number}: {line.keyword!r} is already written "
                        f"on line {self.once[line.keyword].number}",
                    )
                self.once[line.keyword] = line
            elif line.keyword in many:
                self.many[line.keyword].append(line)
            else:
                if line.keyword in seen_places:
                    raise PositionError(
                        "position/repeated",
                        f"line {line.number}: {line.keyword!r} is already written "
                        f"on line {seen_places[line.keyword]}",
                    )
                seen_places[line.keyword] = line.number
                self.places.append(line)

    def check_places(self, places: Collection[str]) -> None:
        """Refuse a line whose keyword is neither a keyword nor one of ``places``."""
        for line in self.places:
            if line.keyword not in places:
                raise PositionError(
                    "position/unknown",
                    f"line {line.number}: {line.keyword!r} is neither a keyword of a "
                    f"{self.ruleset} position nor a place on its map",
                )

    def one(self, keyword: str) -> Line | None:
        return self.once.get(keyword)

    def all(self, keyword: str) -> list[Line]:
        return self.many.get(keyword, [])


def text(line: Line, field: str, word: Word) -> str:
    if not isinstance(word.value, str):
        raise line.fail(field, f"must be text, got {word.shown()}")
    if len(word.value) > 200:
        raise line.fail(field, "is longer than 200 characters")
    return word.value


def choice(line: Line, field: str, word: Word, allowed: Iterable[str]) -> str:
    value = text(line, field, word)
    options = list(allowed)
    if value not in options:
        raise line.fail(field, f"must be one of {', '.join(options)}, got {value!r}")
    return value


def whole(line: Line, field: str, word: Word, low: int | None = 0, high: int | None = None) -> int:
    value = word.value
    if word.bare and isinstance(value, str) and _WHOLE.fullmatch(value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise line.fail(field, f"must be a whole number, got {word.shown()}")
    if low is not None and value < low:
        raise line.fail(field, f"must be at least {low}, got {value}")
    if high is not None and value > high:
        raise line.fail(field, f"must be at most {high}, got {value}")
    return value


def flag(line: Line, field: str, word: Word) -> bool:
    if word.value in (True, "true", "yes"):
        return True
    if word.value in (False, "false", "no"):
        return False
    raise line.fail(field, f"must be true or false, got {word.shown()}")


def items(line: Line, field: str, word: Word) -> list[Any]:
    """A list: JSON, or bare and comma-separated (``10,14``; empty for none)."""
    if not word.bare:
        if not isinstance(word.value, list):
            raise line.fail(field, f"must be a list, got {word.shown()}")
        return list(word.value)
    return [] if word.value in ("", NONE) else str(word.value).split(",")


def wholes(
    line: Line, field: str, word: Word, low: int | None = 0, high: int | None = None
) -> list[int]:
    return [
        whole(line, f"{field}[{i}]", Word(None, v, word.bare), low, high)
        for i, v in enumerate(items(line, field, word))
    ]


def texts(line: Line, field: str, word: Word) -> list[str]:
    return [
        text(line, f"{field}[{i}]", Word(None, v, word.bare))
        for i, v in enumerate(items(line, field, word))
    ]


def literal(word: Word) -> Any:
    """An option's value: JSON as written; a bare word as a number, true, false or null
    when it reads as one, else as text."""
    if not word.bare:
        return word.value
    value = str(word.value)
    if _WHOLE.fullmatch(value):
        return int(value)
    return {"true": True, "false": False, "null": None}.get(value, value)


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
    if word.bare and isinstance(value, str) and _WHOLE.fullmatch(value):
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
        if words and all(_BARE.fullmatch(w) and "," not in w and w != NONE for w in words):
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
        and _BARE.fullmatch(value)
        and literal(Word(None, value, True)) == value
    ):
        return value
    return compact_json(value)


# ---------------------------------------------------------------------- writing


def bare(value: Any) -> str:
    """A text as one word: bare when it can be, else a JSON string."""
    word = str(value)
    if word and _BARE.fullmatch(word) and word != NONE:
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
