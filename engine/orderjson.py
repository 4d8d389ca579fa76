"""Orders to JSON and back, for every ruleset: one generic reader and writer, typed by
the orders' own frozen dataclasses.

An order's JSON form is an object: ``"kind"`` first, then every field under its name, in
the order the dataclass declares them.  What a field accepts is read from its type
(:mod:`engine.orderfields`): ``str``, ``int`` (never a bool), ``bool``, ``float``
(finite), enums (by value), ``X | None``, ``tuple[X, ...]`` and ``tuple[X, Y]`` (JSON
lists), ``list[X]``, and nested frozen dataclasses (the parts of a submission: JSON
objects, or lists when the part class says ``JSON_ROW = True``).  Every ruleset gets the
same strictness: an unknown key is ``order/unknown-field``, a value of the wrong type, a
non-finite number or a value a rule refuses is ``order/bad-field``, a required field left
out is ``order/missing-field`` — each naming the field, e.g.
``submit-deployment: field 'trades[0].give.pp' must be ...``.

Where one field needs more, the override is explicit and small:

* ``field(metadata=key("from"))``: the field's JSON key differs from its name;
* ``field(metadata=omit_default())``: left out of the JSON while it has its default (so
  that codes written before the field existed stay as they were);
* ``Annotated[int | None, Rule(minimum=0)]``: a value rule, or a :class:`Codec` for a
  field whose JSON value is not the stored one (The Great War's pp, kept in quarters);
* :func:`prepared`: a function that rewrites an order's raw JSON before it is read
  (Capital Risk cuts parts with a non-whole number, RULINGS §2).

Plans are built once per class, on first use: the readers of its fields, and a writer
compiled to one Python function that builds the JSON as a hand-written one would (orders
are written for every save, seal and comparison, so this is on the hot path).
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.errors import InvalidOrderError
from engine.orderfields import Codec as Codec
from engine.orderfields import Decode, Refusal, blame_item, compile_reader, optional_of, unwrap
from engine.orderfields import Rule as Rule
from engine.orderfields import refuse as refuse
from engine.orderfields import shown as shown

T = TypeVar("T")
Prepare = Callable[[Mapping[str, Any]], Mapping[str, Any]]


# ---------------------------------------------------------------------- overrides
def key(name: str) -> dict[str, Any]:
    """Field metadata: the field is written and read under the JSON key ``name``."""
    return {"json_key": name}


def omit_default() -> dict[str, Any]:
    """Field metadata: the field is left out of the JSON while it has its default."""
    return {"json_omit_default": True}


_PREPARE: dict[type, Prepare] = {}


def prepared(prepare: Prepare) -> Callable[[type[T]], type[T]]:
    """Class decorator: ``prepare`` rewrites an order's raw JSON object before it is read
    (for a rule about what is sent, not about the order's shape)."""

    def mark(cls: type[T]) -> type[T]:
        _PREPARE[cls] = prepare
        return cls

    return mark


# ---------------------------------------------------------------------- plans
@dataclass(frozen=True)
class _Field:
    name: str
    key: str
    type: Any
    decode: Decode
    required: bool
    default: Any  # or a factory, when ``factory``
    factory: bool
    omit_default: bool


@dataclass
class _Plan:
    cls: type
    kind: str  # "" for a part of an order
    fields: tuple[_Field, ...]
    allowed: frozenset[str]
    row: bool
    least_items: int  # a row's shortest form
    prepare: Prepare | None
    write: Callable[[Any], Any] = lambda obj: None  # compiled right after


_PLANS: dict[type, _Plan] = {}


def _plan(cls: type) -> _Plan:
    plan = _PLANS.get(cls)
    if plan is None:  # kept only once whole: a class it refuses stays refused
        plan = _build_plan(cls)
        plan.write = _compile_writer(plan)
        _PLANS[cls] = plan
    return plan


def _build_plan(cls: type) -> _Plan:
    hints = typing.get_type_hints(cls, include_extras=True)
    plan_fields = []
    for f in dataclasses.fields(cls):
        factory = f.default_factory is not dataclasses.MISSING
        plan_fields.append(
            _Field(
                name=f.name,
                key=f.metadata.get("json_key", f.name),
                type=hints[f.name],
                decode=compile_reader(hints[f.name], f"{cls.__name__}.{f.name}", _part_reader),
                required=f.default is dataclasses.MISSING and not factory,
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
    keys = {f.key for f in plan_fields} | ({"kind"} if kind else set())
    return _Plan(cls, kind, tuple(plan_fields), frozenset(keys), row, least, _PREPARE.get(cls))


def _part_reader(cls: type) -> Decode:
    def decode(value: Any) -> Any:
        return _read(_plan(cls), value)

    return decode


# ---------------------------------------------------------------------- reading
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
        blame_item(refusal, [f.decode for f in plan.fields], data)
        raise
    return plan.cls(*values, *[_absent(f) for f in plan.fields[len(data) :]])


# ---------------------------------------------------------------------- writing
class _Source:
    """The text of one compiled writer, and the objects it names."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {}

    def name(self, obj: Any) -> str:
        name = f"_{len(self.names)}"
        self.names[name] = obj
        return name

    def variable(self) -> str:
        return self.name(None)


def _compile_writer(plan: _Plan) -> Callable[[Any], Any]:
    """One function that writes ``plan``'s class, with every field's conversion inlined:
    for Resolve, ``d = {"kind": "resolve", "force": o.force}`` then
    ``if o.entropy != _0: d["entropy"] = o.entropy``."""
    source = _Source()
    if plan.row:
        first = plan.fields[: plan.least_items]
        lines = [f"d = [{', '.join(_value(f.type, f'o.{f.name}', source) for f in first)}]"]
        later = plan.fields[plan.least_items :]
        for i, f in enumerate(later):  # each written while it or one after it is not default
            kept = " or ".join(f"o.{g.name} != {_default_of(g, source)}" for g in later[i:])
            lines.append(f"if {kept}: d.append({_value(f.type, f'o.{f.name}', source)})")
    else:
        leading = [f"{'kind'!r}: {plan.kind!r}"] if plan.kind else []
        lines = []
        for f in plan.fields:
            value = _value(f.type, f"o.{f.name}", source)
            if f.omit_default:
                lines.append(f"if o.{f.name} != {_default_of(f, source)}: d[{f.key!r}] = {value}")
            elif lines:
                lines.append(f"d[{f.key!r}] = {value}")
            else:  # the fields before the first that may be left out: one dict display
                leading.append(f"{f.key!r}: {value}")
        lines.insert(0, f"d = {{{', '.join(leading)}}}")
    text = "def write(o):\n" + "".join(f"    {line}\n" for line in lines) + "    return d\n"
    namespace = dict(source.names)
    exec(text, namespace)  # the text is made here, from field names and repr()s
    write: Callable[[Any], Any] = namespace["write"]
    return write


def _default_of(f: _Field, source: _Source) -> str:
    return f"{source.name(f.default)}()" if f.factory else source.name(f.default)


def _value(tp: Any, x: str, source: _Source) -> str:
    """The expression that writes the value ``x`` of type ``tp`` (``x`` is a name or an
    attribute: it may be evaluated more than once)."""
    tp, rule = unwrap(tp)
    if rule is not None and rule.codec is not None:
        return f"{source.name(rule.codec.encode)}({x})"
    inner = optional_of(tp, "")
    if inner is not None:
        written = _value(inner, x, source)
        return x if written == x else f"(None if {x} is None else {written})"
    origin = typing.get_origin(tp)
    if origin is tuple or origin is list:
        args = typing.get_args(tp)
        if origin is list or (len(args) == 2 and args[1] is Ellipsis):
            item = unwrap(args[0])[0]
            if typing.get_origin(item) is tuple and Ellipsis not in typing.get_args(item):
                # pairs and trios: [[a, b] for a, b in x], no call per item
                names = [source.variable() for _ in typing.get_args(item)]
                parts = [
                    _value(t, v, source) for t, v in zip(typing.get_args(item), names, strict=True)
                ]
                return f"[[{', '.join(parts)}] for {', '.join(names)} in {x}]"
            v = source.variable()
            written = _value(args[0], v, source)
            return f"list({x})" if written == v else f"[{written} for {v} in {x}]"
        items = [_value(t, f"{x}[{i}]", source) for i, t in enumerate(args)]
        if items == [f"{x}[{i}]" for i in range(len(args))]:
            return f"list({x})"
        return f"[{', '.join(items)}]"
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _part_value(_plan(tp), x, source)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return f"{x}.value"
    return x


def _part_value(plan: _Plan, x: str, source: _Source) -> str:
    """A nested part written in place, or by its own writer when it leaves out fields."""
    if any(f.omit_default for f in plan.fields):
        return f"{source.name(plan.write)}({x})"
    values = [_value(f.type, f"{x}.{f.name}", source) for f in plan.fields]
    if plan.row:
        return f"[{', '.join(values)}]"
    return (
        "{" + ", ".join(f"{f.key!r}: {v}" for f, v in zip(plan.fields, values, strict=True)) + "}"
    )


# ---------------------------------------------------------------------- the entry points
def encode(order: Any) -> dict[str, Any]:
    """An order's JSON form: ``{"kind": ..., field: value, ...}``."""
    write = _WRITERS.get(type(order))
    if write is None:
        write = _WRITERS[type(order)] = _plan(type(order)).write
    data: dict[str, Any] = write(order)
    return data


_WRITERS: dict[type, Callable[[Any], Any]] = {}


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
