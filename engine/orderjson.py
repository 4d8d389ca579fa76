"""Orders to JSON and back, for every ruleset: one generic reader and writer, typed by
the orders' own frozen dataclasses.

An order's JSON form is an object: ``"kind"`` first, then every field under its name, in
the order the dataclass declares them.  What a field accepts is read from its type:
``str``, ``int`` (never a bool), ``bool``, ``float`` (finite), enums (by value),
``X | None``, ``tuple[X, ...]`` and ``tuple[X, Y]`` (JSON lists), ``list[X]``, and nested
frozen dataclasses (the parts of a submission: JSON objects, or lists when the part class
says ``JSON_ROW = True``).  Every ruleset gets the same strictness: an unknown key is
``order/unknown-field``, a value of the wrong type, a non-finite number or a value a rule
refuses is ``order/bad-field``, a required field left out is ``order/missing-field`` —
each naming the field, e.g. ``submit-deployment: field 'trades[0].give.pp' ...``.

Where one field needs more, the override is explicit and small:

* ``field(metadata=key("from"))``: the field's JSON key differs from its name;
* ``field(metadata=omit_default())``: left out of the JSON when it has its default (so
  that codes written before the field existed stay as they were);
* ``Annotated[int | None, Rule(minimum=0)]``: a value rule, or a :class:`Codec` for a
  field whose JSON value is not the stored one (The Great War's pp in quarters);
* :func:`prepared`: a function that rewrites an order's raw JSON before it is read
  (Capital Risk cuts parts with a non-whole number, RULINGS §2).

Plans are built once per class (on first use), so reading an order is one pass over its
fields with precomputed checks.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import operator
import re
import reprlib
import types
import typing
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar, Union

from engine.errors import InvalidOrderError

T = TypeVar("T")
Decode = Callable[[Any], Any]
Encode = Callable[[Any], Any]

_SHOWN = reprlib.Repr()
"""How much of a refused value an error message shows (a pasted code may hold megabytes,
or lists nested deeper than ``repr`` can go); set one by one, as CPython 3.11 wants."""
_SHOWN.maxlevel, _SHOWN.maxstring, _SHOWN.maxother = 3, 40, 40
_SHOWN.maxlist = _SHOWN.maxtuple = _SHOWN.maxdict = 4


# ---------------------------------------------------------------------- overrides
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


def key(name: str) -> dict[str, Any]:
    """Field metadata: the field is written and read under the JSON key ``name``."""
    return {"json_key": name}


def omit_default() -> dict[str, Any]:
    """Field metadata: the field is left out of the JSON while it has its default."""
    return {"json_omit_default": True}


_PREPARE: dict[type, Callable[[Mapping[str, Any]], Mapping[str, Any]]] = {}


def prepared(
    prepare: Callable[[Mapping[str, Any]], Mapping[str, Any]],
) -> Callable[[type[T]], type[T]]:
    """Class decorator: ``prepare`` rewrites an order's raw JSON object before it is read
    (for a rule about what is sent, not about the order's shape)."""

    def mark(cls: type[T]) -> type[T]:
        _PREPARE[cls] = prepare
        return cls

    return mark


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


# ---------------------------------------------------------------------- plans
@dataclass(frozen=True)
class _Field:
    name: str
    key: str
    decode: Decode
    encode: Encode | None  # None: the stored value is its own JSON
    required: bool
    default: Any  # or a factory, when ``factory``
    factory: bool
    omit_default: bool


@dataclass(frozen=True)
class _Plan:
    cls: type
    kind: str  # "" for a part of an order
    fields: tuple[_Field, ...]
    allowed: frozenset[str]
    row: bool
    least_items: int  # a row's shortest form
    prepare: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None
    values: Callable[[Any], tuple[Any, ...]]  # every field's value, in one call
    keys: tuple[str, ...]
    special: tuple[_Field, ...]  # the fields to write through an encoder or to leave out
    plain: bool  # no field has an encoder


_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _build_plan(cls)
    return plan


def _build_plan(cls: type) -> _Plan:
    hints = typing.get_type_hints(cls, include_extras=True)
    plan_fields = []
    for f in dataclasses.fields(cls):
        has_default = f.default is not dataclasses.MISSING
        factory = f.default_factory is not dataclasses.MISSING
        decode, encode = _compile(hints[f.name], f"{cls.__name__}.{f.name}")
        plan_fields.append(
            _Field(
                name=f.name,
                key=f.metadata.get("json_key", f.name),
                decode=decode,
                encode=encode,
                required=not (has_default or factory),
                default=f.default_factory if factory else f.default,
                factory=factory,
                omit_default=bool(f.metadata.get("json_omit_default")),
            )
        )
    kind = str(getattr(cls, "KIND", ""))
    row = bool(getattr(cls, "JSON_ROW", False))
    least = len(plan_fields)
    while row and least and plan_fields[least - 1].omit_default:
        least -= 1
    if row and any(f.omit_default for f in plan_fields[:least]):
        raise TypeError(f"{cls.__name__}: only a row's last fields may be left out")
    keys = tuple(f.key for f in plan_fields)
    special = tuple(f for f in plan_fields if f.encode is not None or f.omit_default)
    names = [f.name for f in plan_fields]
    getter = operator.attrgetter(*names) if len(names) > 1 else None
    return _Plan(
        cls=cls,
        kind=kind,
        fields=tuple(plan_fields),
        allowed=frozenset(keys) | ({"kind"} if kind else set()),
        row=row,
        least_items=least,
        prepare=_PREPARE.get(cls),
        values=getter if getter is not None else _one_value(names),
        keys=keys,
        special=special,
        plain=all(f.encode is None for f in plan_fields),
    )


def _one_value(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """The values getter of a class with one field or none (``attrgetter`` of one name
    gives the value, not a tuple)."""
    if not names:
        return lambda obj: ()
    name = names[0]
    return lambda obj: (getattr(obj, name),)


# ---------------------------------------------------------------------- types
def _compile(tp: Any, where: str, rule: Rule | None = None) -> tuple[Decode, Encode | None]:
    """The reader and writer of one type (writer None: the value is its own JSON).

    :raises TypeError: a type this module cannot read (found when a class is first used).
    """
    origin = typing.get_origin(tp)
    if origin is Annotated:
        base, *extras = typing.get_args(tp)
        rules = [r for r in extras if isinstance(r, Rule)]
        return _compile(base, where, rules[0] if rules else rule)
    if rule is not None and rule.codec is not None:
        return rule.codec.decode, rule.codec.encode
    if origin is Union or origin is types.UnionType:
        return _optional(tp, where, rule)
    if origin is tuple or origin is list:
        return _sequence(tp, where, rule)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _part(tp)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum(tp)
    if tp is bool:
        return _bool, None
    if tp is int:
        return _int(rule), None
    if tp is float:
        return _float(rule), None
    if tp is str:
        return _str(rule), None
    raise TypeError(f"{where}: orders cannot hold a {tp!r}")


def _bool(value: Any) -> bool:
    if value is True or value is False:
        return value
    raise refuse("true or false", value)


def _int(rule: Rule | None) -> Decode:
    least = None if rule is None else rule.minimum
    whole = rule is not None and rule.whole_floats
    expected = "a whole number" + ("" if least is None else f" of at least {least}")

    def decode(value: Any) -> int:
        if type(value) is not int:
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


def _str(rule: Rule | None) -> Decode:
    choices = frozenset(rule.choices) if rule is not None and rule.choices else None
    pattern = re.compile(rule.pattern) if rule is not None and rule.pattern else None
    if choices is not None:
        expected = f"one of {', '.join(sorted(choices))}"

        def one_of(value: Any) -> str:
            if type(value) is not str or value not in choices:
                raise refuse(expected, value)
            return value

        return one_of
    if pattern is not None:

        def matching(value: Any) -> str:
            if type(value) is not str or not pattern.fullmatch(value):
                raise refuse("a text of the allowed form", value)
            return value

        return matching

    def text(value: Any) -> str:
        if type(value) is not str:
            raise refuse("text", value)
        return value

    return text


def _enum(tp: type[enum.Enum]) -> tuple[Decode, Encode]:
    by_value = {member.value: member for member in tp}
    expected = f"one of {', '.join(map(str, by_value))}"

    def decode(value: Any) -> enum.Enum:
        try:
            return by_value[value]
        except (KeyError, TypeError):  # TypeError: a list is no key
            raise refuse(expected, value) from None

    return decode, _enum_value


def _enum_value(member: enum.Enum) -> Any:
    return member.value


def _optional(tp: Any, where: str, rule: Rule | None) -> tuple[Decode, Encode | None]:
    choices = [a for a in typing.get_args(tp) if a is not type(None)]
    if len(choices) != 1 or len(typing.get_args(tp)) != 2:
        raise TypeError(f"{where}: of a union, orders hold only X | None, not {tp!r}")
    inner, inner_encode = _compile(choices[0], where, rule)

    def decode(value: Any) -> Any:
        if value is None:
            return None
        try:
            return inner(value)
        except Refusal as refusal:
            if not refusal.path:  # the value itself: say that null would do too
                refusal.problem = refusal.problem.replace(", got", " or null, got", 1)
            raise

    if inner_encode is None:
        return decode, None
    encode_inner = inner_encode

    def encode(value: Any) -> Any:
        return None if value is None else encode_inner(value)

    return decode, encode


def _sequence(tp: Any, where: str, rule: Rule | None) -> tuple[Decode, Encode | None]:
    args = typing.get_args(tp)
    make: Callable[[Iterable[Any]], Any] = tuple if typing.get_origin(tp) is tuple else list
    least = 0 if rule is None else rule.min_items
    if make is list or (len(args) == 2 and args[1] is Ellipsis):
        return _homogeneous(args[0], where, make, least)
    return _fixed(args, where)


def _homogeneous(
    item_type: Any, where: str, make: Callable[[Iterable[Any]], Any], least: int
) -> tuple[Decode, Encode]:
    item, item_encode = _compile(item_type, where)
    expected = "a list" + (f" of at least {least} item{'s' * (least != 1)}" if least else "")

    def decode(value: Any) -> Any:
        if not isinstance(value, list | tuple) or len(value) < least:
            raise refuse(expected, value)
        try:
            return make([item(v) for v in value])
        except Refusal as refusal:
            _blame_item(refusal, [item] * len(value), value)
            raise

    if item_encode is None:
        return decode, list
    encode_item = item_encode

    def encode(value: Iterable[Any]) -> list[Any]:
        return [encode_item(v) for v in value]

    return decode, encode


def _fixed(item_types: Sequence[Any], where: str) -> tuple[Decode, Encode]:
    compiled = [_compile(t, where) for t in item_types]
    readers = [d for d, _ in compiled]
    writers = [e for _, e in compiled]
    size = len(readers)
    expected = f"a list of {size} items"

    def decode(value: Any) -> tuple[Any, ...]:
        if not isinstance(value, list | tuple) or len(value) != size:
            raise refuse(expected, value)
        try:
            return tuple([read(v) for read, v in zip(readers, value, strict=True)])
        except Refusal as refusal:
            _blame_item(refusal, readers, value)
            raise

    if all(w is None for w in writers):
        return decode, list

    def encode(value: Sequence[Any]) -> list[Any]:
        return [v if w is None else w(v) for w, v in zip(writers, value, strict=True)]

    return decode, encode


def _blame_item(refusal: Refusal, readers: Sequence[Decode], value: Sequence[Any]) -> None:
    """Add to ``refusal``'s path the index of the first item that its reader refuses (the
    fast path reads all items at once and does not know which one it was)."""
    for i, (read, v) in enumerate(zip(readers, value, strict=False)):
        try:
            read(v)
        except Refusal:
            refusal.path.insert(0, i)
            return


def _part(cls: type) -> tuple[Decode, Encode]:
    def decode(value: Any) -> Any:
        return _read(_plan(cls), value)

    def encode(value: Any) -> Any:
        return _write(_plan(cls), value)

    return decode, encode


# ---------------------------------------------------------------------- reading, writing
def _read(plan: _Plan, data: Any) -> Any:
    if plan.row:
        return _read_row(plan, data)
    if not isinstance(data, Mapping):
        raise refuse("an object", data)
    if plan.prepare is not None:
        data = plan.prepare(data)
    if not plan.allowed.issuperset(data):
        extra = sorted(map(str, set(data) - plan.allowed))
        raise Refusal(
            "order/unknown-field",
            f"unknown field(s) {', '.join(map(repr, extra))}; "
            f"known: {', '.join(sorted(plan.allowed - {'kind'}))}",
        )
    try:
        return plan.cls(
            *[f.decode(data[f.key]) if f.key in data else _absent(f) for f in plan.fields]
        )
    except Refusal as refusal:
        for f in plan.fields:  # which field: read them again, one by one
            try:
                f.decode(data[f.key]) if f.key in data else _absent(f)
            except Refusal:
                refusal.path.insert(0, f.key)
                break
        raise


def _absent(f: _Field) -> Any:
    """The value of a field the JSON leaves out: its default, if it has one."""
    if f.required:
        raise Refusal("order/missing-field", "is missing")
    return f.default() if f.factory else f.default


def _read_row(plan: _Plan, data: Any) -> Any:
    size = len(plan.fields)
    if not isinstance(data, list | tuple) or not plan.least_items <= len(data) <= size:
        names = ", ".join(f.key for f in plan.fields)
        raise refuse(f"a list [{names}]", data)
    try:
        values = [f.decode(v) for f, v in zip(plan.fields, data, strict=False)]
    except Refusal as refusal:
        _blame_item(refusal, [f.decode for f in plan.fields], data)
        raise
    return plan.cls(*values, *[_absent(f) for f in plan.fields[len(data) :]])


def _write(plan: _Plan, obj: Any) -> Any:
    values = plan.values(obj)
    if plan.row:
        size = len(values)  # the fields past least_items may be left out
        while size > plan.least_items and values[size - 1] == _absent(plan.fields[size - 1]):
            size -= 1
        if plan.plain:
            return list(values[:size])
        return [
            v if f.encode is None else f.encode(v)
            for f, v in zip(plan.fields[:size], values, strict=False)
        ]
    data: dict[str, Any] = {"kind": plan.kind} if plan.kind else {}
    data.update(zip(plan.keys, values, strict=True))
    for f in plan.special:
        value = data[f.key]
        if f.omit_default and value == _absent(f):
            del data[f.key]
        elif f.encode is not None:
            data[f.key] = f.encode(value)
    return data


# ---------------------------------------------------------------------- the entry points
def encode(order: Any) -> dict[str, Any]:
    """An order's JSON form: ``{"kind": ..., field: value, ...}``."""
    data: dict[str, Any] = _write(_plan(type(order)), order)
    return data


class OrderReader:
    """Reads the orders of one ruleset (its ``ORDER_TYPES``) from their JSON form."""

    def __init__(self, order_types: Sequence[type]) -> None:
        self.by_kind = {str(getattr(t, "KIND", "")): t for t in order_types}
        self.kinds = ", ".join(sorted(self.by_kind))

    def read(self, data: Any) -> Any:
        """The order ``data`` is the JSON form of.

        :raises InvalidOrderError: ``order/malformed`` (not an object with a kind),
            ``order/unknown-kind``, ``order/unknown-field``, ``order/missing-field`` or
            ``order/bad-field``, naming the field.
        """
        if not isinstance(data, Mapping) or "kind" not in data:
            raise InvalidOrderError("order/malformed", f"an order needs a 'kind': {shown(data)}")
        kind = data["kind"]
        cls = self.by_kind.get(kind) if type(kind) is str else None
        if cls is None:
            raise InvalidOrderError(
                "order/unknown-kind",
                f"unknown order kind {shown(kind)}; expected one of {self.kinds}",
            )
        return decode_as(cls, data)


def decode_as(cls: type[T], data: Any) -> T:
    """An order of class ``cls`` from its JSON form (whose ``kind``, if given, must be
    ``cls``'s).

    :raises InvalidOrderError: as :meth:`OrderReader.read`.
    """
    plan = _plan(cls)
    if isinstance(data, Mapping) and data.get("kind", plan.kind) != plan.kind:
        raise InvalidOrderError(
            "order/unknown-kind", f"expected a {plan.kind} order, got {shown(data['kind'])}"
        )
    try:
        order: T = _read(plan, data)
    except Refusal as refusal:
        raise InvalidOrderError(refusal.code, _message(plan.kind, refusal)) from None
    return order


def _message(kind: str, refusal: Refusal) -> str:
    if not refusal.path:
        return f"{kind}: {refusal.problem}"
    where = str(refusal.path[0])
    for step in refusal.path[1:]:
        where += f"[{step}]" if isinstance(step, int) else f".{step}"
    if refusal.code == "order/unknown-field":
        return f"{kind}: in field {where!r}, {refusal.problem}"
    return f"{kind}: field {where!r} {refusal.problem}"
