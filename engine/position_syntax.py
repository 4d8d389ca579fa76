"""The syntax of a position text (:mod:`engine.position`): lines and words, and the
readers of one word that refuse a bad value naming the line and the field
(:class:`engine.errors.PositionError`).

A position text is a few short lines.  The first says the ruleset
(``ruleset classic``); every other line starts with a keyword (``seat``, ``phase``,
``turn``...) or with the id of a place on the map (``alaska 0 3``: who holds it and what
stands there).  A line starting with ``#`` is a comment; blank lines are ignored.

The words of a line are separated by spaces.  A word is either bare (``alaska``, ``3``,
``#d62728``, ``10,14``) or JSON (a quoted string ``"Computer 1"``, a list, an object),
and may carry a name: ``cards=10,14``, ``name="Anna Maria"``, ``credits=[[4,"uk"]]``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any, Final

from engine.errors import PositionError

_DECODER: Final = json.JSONDecoder()
BARE: Final = re.compile(r"[A-Za-z0-9_#.,:/+\-]+")
WHOLE: Final = re.compile(r"-?[0-9]{1,18}")
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
    if word.bare and isinstance(value, str) and WHOLE.fullmatch(value):
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
    if WHOLE.fullmatch(value):
        return int(value)
    return {"true": True, "false": False, "null": None}.get(value, value)
