"""What each type of an order's field accepts from JSON: the readers that
:mod:`engine.orderjson` builds from the orders' dataclasses, one per field, once per
class, and the refusals they raise.

A reader takes a JSON value and gives the stored one, or raises :class:`Refusal`, which
gathers the path to the value at fault (``trades[0].give.pp``) on its way up.
"""

from __future__ import annotations

import enum
import math
import re
import reprlib
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, is_dataclass
from typing import Annotated, Any, Union

Decode = Callable[[Any], Any]
Encode = Callable[[Any], Any]
PartReader = Callable[[type], Decode]
"""The reader of a nested order part (a dataclass), given by :mod:`engine.orderjson`."""

_SHOWN = reprlib.Repr()
"""How much of a refused value an error message shows (a pasted code may hold megabytes,
or lists nested deeper than ``repr`` can go); set one by one, as CPython 3.11 wants."""
_SHOWN.maxlevel, _SHOWN.maxstring, _SHOWN.maxother = 3, 40, 40
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxdict = 4


@dataclass(frozen=True)
class Codec:
    """A field whose JSON value is not the stored one: ``decode`` reads the JSON value
    (raising :class:`Refusal` when it cannot), ``encode`` writes the stored one."""

    decode: Decode
    encode: Encode


@dataclass(frozen=True)
class Rule:
    """Extra checks for one type, given as ``Annotated[type, Rule(...)]``; they apply to
    the value when it is not None.

    :param minimum: the least a number may be.
    :param min_items: the fewest items a list may hold.
    :param choices: the only texts allowed.
    :param pattern: a regular expression the whole text must match.
    :param whole_floats: a number written with a fraction of zero (``3.0``) is read as the
        whole number it is.
    :param codec: replaces the type's own reading and writing.
    """

    minimum: int | float | None = None
    min_items: int = 0
    choices: tuple[str, ...] = ()
    pattern: str | None = None
    whole_floats: bool = False
    codec: Codec | None = None


class Refusal(Exception):
    """A value that does not fit, on its way up to the order that holds it: ``path``
    collects the field names and list indices as it passes them."""

    def __init__(self, code: str, problem: str) -> None:
        super().__init__(problem)
        self.code = code
        self.problem = problem
        self.path: list[str | int] = []


def refuse(expected: str, value: Any) -> Refusal:
    """The refusal of ``value``, which should have been ``expected``."""
    return Refusal("order/bad-field", f"must be {expected}, got {shown(value)}")


def shown(value: Any) -> str:
    """``value`` as an error message quotes it: shortened."""
    return _SHOWN.repr(value)


def unwrap(tp: Any) -> tuple[Any, Rule | None]:
    """A type without its ``Annotated`` wrapper, and the :class:`Rule` it carried."""
    if typing.get_origin(tp) is not Annotated:
        return tp, None
    base, *extras = typing.get_args(tp)
    rules = [r for r in extras if isinstance(r, Rule)]
    return base, rules[0] if rules else None


def optional_of(tp: Any, where: str) -> Any | None:
    """``X`` of a type ``X | None``; None for a type that is not a union.

    :raises TypeError: a union of other types (orders hold none).
    """
    if typing.get_origin(tp) not in (Union, types.UnionType):
        return None
    args = typing.get_args(tp)
    choices = [a for a in args if a is not type(None)]
    if len(choices) != 1 or len(args) != 2:
        raise TypeError(f"{where}: of a union, orders hold only X | None, not {tp!r}")
    return choices[0]


def compile_reader(tp: Any, where: str, part: PartReader, rule: Rule | None = None) -> Decode:
    """The reader of one type.

    :raises TypeError: a type orders cannot hold (found when a class is first used).
    """
    tp, own = unwrap(tp)
    rule = own or rule
    if rule is not None and rule.codec is not None:
        return rule.codec.decode
    inner = optional_of(tp, where)
    if inner is int or inner is str:  # the common ones, checked in one call
        return _int(rule, nullable=True) if inner is int else _str(rule, nullable=True)
    if inner is not None:
        return _optional(tp, where, rule, part)
    if typing.get_origin(tp) in (tuple, list):
        return _sequence(tp, where, rule, part)
    if is_dataclass(tp) and isinstance(tp, type):
        return part(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum(tp)
    if tp is bool:
        return _bool
    if tp is int:
        return _int(rule)
    if tp is float:
        return _float(rule)
    if tp is str:
        return _str(rule)
    raise TypeError(f"{where}: orders cannot hold a {tp!r}")


def _bool(value: Any) -> bool:
    if value is True or value is False:
        return value
    raise refuse("true or false", value)


def _int(rule: Rule | None, nullable: bool = False) -> Decode:
    least = None if rule is None else rule.minimum
    whole = rule is not None and rule.whole_floats
    expected = "a whole number" + ("" if least is None else f" of at least {least}")
    expected += " or null" if nullable else ""

    def decode(value: Any) -> int | None:
        if type(value) is not int:
            if value is None and nullable:
                return None
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise refuse(expected, value)
            if isinstance(value, float):
                # NaN and Infinity, which Python's JSON reader accepts, are no numbers.
                if not (whole and math.isfinite(value) and value.is_integer()):
                    raise refuse(expected, value)
                value = int(value)
        if least is not None and value < least:
            raise refuse(expected, value)
        return int(value)

    return decode


def _float(rule: Rule | None) -> Decode:
    least = None if rule is None else rule.minimum
    expected = "a number" + ("" if least is None else f" of at least {least}")

    def decode(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise refuse(expected, value)
        number = float(value)
        if not math.isfinite(number) or (least is not None and number < least):
            raise refuse(expected, value)
        return number

    return decode


def _str(rule: Rule | None, nullable: bool = False) -> Decode:
    choices = frozenset(rule.choices) if rule is not None and rule.choices else None
    pattern = re.compile(rule.pattern) if rule is not None and rule.pattern else None
    null = " or null" if nullable else ""
    if choices is not None:
        expected = f"one of {', '.join(sorted(choices))}{null}"

        def one_of(value: Any) -> str | None:
            if type(value) is not str or value not in choices:
                if value is None and nullable:
                    return None
                raise refuse(expected, value)
            return value

        return one_of
    if pattern is not None:

        def matching(value: Any) -> str | None:
            if type(value) is not str or not pattern.fullmatch(value):
                if value is None and nullable:
                    return None
                raise refuse(f"a text of the allowed form{null}", value)
            return value

        return matching

    def text(value: Any) -> str | None:
        if type(value) is not str:
            if value is None and nullable:
                return None
            raise refuse(f"text{null}", value)
        return value

    return text


def _enum(tp: type[enum.Enum]) -> Decode:
    by_value = {member.value: member for member in tp}
    expected = f"one of {', '.join(map(str, by_value))}"

    def decode(value: Any) -> enum.Enum:
        try:
            member = by_value[value]
        except (KeyError, TypeError):  # TypeError: a list is no key
            raise refuse(expected, value) from None
        if type(member.value) is not type(value):  # True == 1 == 1.0 as keys
            raise refuse(expected, value)
        return member

    return decode


def _optional(tp: Any, where: str, rule: Rule | None, part: PartReader) -> Decode:
    inner = compile_reader(optional_of(tp, where), where, part, rule)

    def decode(value: Any) -> Any:
        if value is None:
            return None
        try:
            return inner(value)
        except Refusal as refusal:
            if not refusal.path:  # the value itself: say that null would do too
                refusal.problem = refusal.problem.replace(", got", " or null, got", 1)
            raise

    return decode


def _sequence(tp: Any, where: str, rule: Rule | None, part: PartReader) -> Decode:
    args = typing.get_args(tp)
    make: Callable[[Iterable[Any]], Any] = tuple if typing.get_origin(tp) is tuple else list
    least = 0 if rule is None else rule.min_items
    if make is list or (len(args) == 2 and args[1] is Ellipsis):
        return _homogeneous(compile_reader(args[0], where, part), make, least)
    return _fixed([compile_reader(t, where, part) for t in args])


def _homogeneous(item: Decode, make: Callable[[Iterable[Any]], Any], least: int) -> Decode:
    expected = "a list" + (f" of at least {least} item{'s' * (least != 1)}" if least else "")

    def decode(value: Any) -> Any:
        if not isinstance(value, list | tuple) or len(value) < least:
            raise refuse(expected, value)
        try:
            return make([item(v) for v in value])
        except Refusal as refusal:
            blame_item(refusal, [item] * len(value), value)
            raise

    return decode


def _fixed(readers: Sequence[Decode]) -> Decode:
    size = len(readers)
    expected = f"a list of {size} items"
    if size == 2:  # pairs (a territory and a count) are the most common: no loop
        first, second = readers

        def pair(value: Any) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple) or len(value) != 2:
                raise refuse(expected, value)
            try:
                return (first(value[0]), second(value[1]))
            except Refusal as refusal:
                blame_item(refusal, readers, value)
                raise

        return pair

    def decode(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple) or len(value) != size:
            raise refuse(expected, value)
        try:
            return tuple([read(v) for read, v in zip(readers, value, strict=True)])
        except Refusal as refusal:
            blame_item(refusal, readers, value)
            raise

    return decode


def blame_item(refusal: Refusal, readers: Sequence[Decode], value: Sequence[Any]) -> None:
    """Add to ``refusal``'s path the index of the first item that its reader refuses (the
    fast path reads all items at once and does not know which one it was)."""
    for i, (read, v) in enumerate(zip(readers, value, strict=False)):
        try:
            read(v)
        except Refusal:
            refusal.path.insert(0, i)
            return
