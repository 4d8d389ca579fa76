"""The Great War 1907 orders (spec §3.2): one sealed submission per nation and phase,
plus ``Resolve``.  Every part is a small frozen dataclass; a count of None means "as
many as the rules allow" (R7).  pp are carried as whole quarters.

The phase table (:data:`PHASE_ORDERS`) is data: the Deployment phase allows
``submit-deployment``, the Attack phase ``submit-attack``, both allow ``resolve``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from engine.core import Order
from engine.errors import InvalidOrderError
from engine.rulesets.greatwar1907.options import RELATIONS
from engine.rulesets.greatwar1907.state import Phase

Count = int | None
T = TypeVar("T")


@dataclass(frozen=True)
class Diplomacy:
    other: str
    to: str


@dataclass(frozen=True)
class Passage:
    nation: str
    grant: bool


@dataclass(frozen=True)
class Bundle:
    provinces: tuple[str, ...] = ()
    pp: int = 0  # quarters


@dataclass(frozen=True)
class Trade:
    other: str
    give: Bundle
    get: Bundle
    pay_from: str | None = None
    receive_at: str | None = None


@dataclass(frozen=True)
class Build:
    province: str
    divisions: int = 0
    ships: int = 0


@dataclass(frozen=True)
class Place:
    leader: str
    at: str


@dataclass(frozen=True)
class Load:
    """An embark or a disembark in ``province``."""

    province: str
    divisions: Count = None


@dataclass(frozen=True)
class Move:
    origin: str
    path: tuple[str, ...]
    divisions: Count = None
    leaders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sail:
    origin: str
    path: tuple[str, ...]
    ships: Count = None
    divisions: Count = None
    leaders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Strike:
    origin: str
    target: str
    divisions: Count = None
    ships_in: Count = None
    leaders: tuple[str, ...] = ()


@dataclass(frozen=True)
class Attack:
    origin: str
    target: str
    divisions: Count = None
    leaders: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Submission(Order):
    faction: int
    nation: str
    player: str = ""
    diplomacy: tuple[Diplomacy, ...] = ()
    drop_ally: str | None = None
    passage: tuple[Passage, ...] = ()
    sail: tuple[Sail, ...] = ()

    def common_json(self) -> dict[str, Any]:
        return {
            "kind": self.KIND,
            "faction": self.faction,
            "nation": self.nation,
            "player": self.player,
            "diplomacy": [{"with": d.other, "to": d.to} for d in self.diplomacy],
            "drop_ally": self.drop_ally,
            "passage": [{"nation": p.nation, "grant": p.grant} for p in self.passage],
            "sail": [
                {
                    "from": s.origin,
                    "path": list(s.path),
                    "ships": s.ships,
                    "divisions": s.divisions,
                    "leaders": list(s.leaders),
                }
                for s in self.sail
            ],
        }


@dataclass(frozen=True)
class SubmitDeployment(_Submission):
    """One nation's Deployment-phase orders; a later one replaces it (R4)."""

    KIND: ClassVar[str] = "submit-deployment"
    pay_first: str | None = None
    trades: tuple[Trade, ...] = ()
    builds: tuple[Build, ...] = ()
    place: tuple[Place, ...] = ()
    embark: tuple[Load, ...] = ()
    moves: tuple[Move, ...] = ()
    disembark: tuple[Load, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = self.common_json()
        data["pay_first"] = self.pay_first
        data["trades"] = [
            {
                "with": t.other,
                "give": _bundle_json(t.give),
                "get": _bundle_json(t.get),
                "pay_from": t.pay_from,
                "receive_at": t.receive_at,
            }
            for t in self.trades
        ]
        data["builds"] = [
            {"province": b.province, "divisions": b.divisions, "ships": b.ships}
            for b in self.builds
        ]
        data["place"] = [{"leader": p.leader, "at": p.at} for p in self.place]
        data["embark"] = [{"province": e.province, "divisions": e.divisions} for e in self.embark]
        data["moves"] = [
            {
                "from": m.origin,
                "path": list(m.path),
                "divisions": m.divisions,
                "leaders": list(m.leaders),
            }
            for m in self.moves
        ]
        data["disembark"] = [
            {"province": e.province, "divisions": e.divisions} for e in self.disembark
        ]
        return data


@dataclass(frozen=True)
class SubmitAttack(_Submission):
    """One nation's Attack-phase orders; a later one replaces it (R4)."""

    KIND: ClassVar[str] = "submit-attack"
    strikes: tuple[Strike, ...] = ()
    attacks: tuple[Attack, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data = self.common_json()
        data["strikes"] = [
            {
                "from": s.origin,
                "target": s.target,
                "divisions": s.divisions,
                "ships_in": s.ships_in,
                "leaders": list(s.leaders),
            }
            for s in self.strikes
        ]
        data["attacks"] = [
            {
                "from": a.origin,
                "target": a.target,
                "divisions": a.divisions,
                "leaders": list(a.leaders),
            }
            for a in self.attacks
        ]
        return data


@dataclass(frozen=True)
class Resolve(Order):
    """Resolve the current phase.  Without ``force`` every human seat must have sent
    orders; ``entropy`` (the sealed orders' salts) reseeds the dice (R3)."""

    KIND: ClassVar[str] = "resolve"
    force: bool = False
    entropy: str = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.KIND, "force": self.force}
        if self.entropy:
            data["entropy"] = self.entropy
        return data


ORDER_TYPES: tuple[type[Order], ...] = (SubmitDeployment, SubmitAttack, Resolve)

PHASE_ORDERS: dict[Phase, frozenset[str]] = {
    Phase.DEPLOYMENT: frozenset({SubmitDeployment.KIND, Resolve.KIND}),
    Phase.ATTACK: frozenset({SubmitAttack.KIND, Resolve.KIND}),
    Phase.GAME_OVER: frozenset(),
}


# ---------------------------------------------------------------------- parsing
class _Fields:
    """Reads one JSON object, naming the order part and field in every error."""

    def __init__(self, data: Any, where: str, allowed: set[str]) -> None:
        if not isinstance(data, Mapping):
            raise _bad(where, "must be an object")
        extra = sorted(set(data) - allowed)
        if extra:
            raise InvalidOrderError("order/unknown-field", f"{where}: unknown field(s) {extra}")
        self.data = data
        self.where = where

    def text(self, name: str, default: str | None = None) -> str:
        value = self.data.get(name, default)
        if not isinstance(value, str):
            raise _bad(f"{self.where}.{name}", f"must be text, got {value!r}")
        return value

    def maybe_text(self, name: str) -> str | None:
        value = self.data.get(name)
        if value is not None and not isinstance(value, str):
            raise _bad(f"{self.where}.{name}", f"must be text or null, got {value!r}")
        return value

    def integer(self, name: str, default: int | None = None) -> int:
        value = self.data.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise _bad(f"{self.where}.{name}", f"must be a whole number, got {value!r}")
        return value

    def count(self, name: str, default: int | None = 0, null: bool = True) -> Count:
        value = self.data.get(name, default)
        if value is None and null:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise _bad(
                f"{self.where}.{name}", f"must be a count (0 or more) or null, got {value!r}"
            )
        return value

    def flag(self, name: str) -> bool:
        value = self.data.get(name, False)
        if not isinstance(value, bool):
            raise _bad(f"{self.where}.{name}", f"must be true or false, got {value!r}")
        return value

    def texts(self, name: str, at_least: int = 0) -> tuple[str, ...]:
        value = self.data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _bad(f"{self.where}.{name}", f"must be a list of ids, got {value!r}")
        if len(value) < at_least:
            raise _bad(f"{self.where}.{name}", f"needs at least {at_least} entries")
        return tuple(value)

    def parts(self, name: str, read: Callable[[Any, str], T]) -> tuple[T, ...]:
        value = self.data.get(name, [])
        if value is None:
            return ()
        if not isinstance(value, list):
            raise _bad(f"{self.where}.{name}", "must be a list")
        return tuple(read(v, f"{self.where}.{name}[{i}]") for i, v in enumerate(value))


def _bad(where: str, why: str) -> InvalidOrderError:
    return InvalidOrderError("order/bad-field", f"{where} {why}")


MAX_PP = 1_000_000
"""Most pp one trade can name: far above the whole map's production over a game."""


def _pp(value: Any, where: str) -> int:
    """An amount of pp in quarters (0.25 pp steps); NaN and Infinity, which Python's JSON
    reader accepts, are not amounts."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not 0 <= value <= MAX_PP  # False for NaN
    ):
        raise _bad(where, f"must be an amount of pp from 0 to {MAX_PP}, got {value!r}")
    q = round(value * 4)
    if abs(q - value * 4) > 1e-9:
        raise _bad(where, f"must be a multiple of 0.25 pp, got {value!r}")
    return q


def _bundle_json(b: Bundle) -> dict[str, Any]:
    return {"provinces": list(b.provinces), "pp": b.pp / 4 if b.pp % 4 else b.pp // 4}


def _diplomacy(raw: Any, where: str) -> Diplomacy:
    f = _Fields(raw, where, {"with", "to"})
    to = f.text("to")
    if to not in RELATIONS:
        raise _bad(f"{where}.to", f"must be one of {', '.join(RELATIONS)}, got {to!r}")
    return Diplomacy(f.text("with"), to)


def _passage(raw: Any, where: str) -> Passage:
    f = _Fields(raw, where, {"nation", "grant"})
    return Passage(f.text("nation"), f.flag("grant"))


def _bundle(raw: Any, where: str) -> Bundle:
    if raw is None:
        return Bundle()
    f = _Fields(raw, where, {"provinces", "pp"})
    return Bundle(f.texts("provinces"), _pp(f.data.get("pp", 0), f"{where}.pp"))


def _trade(raw: Any, where: str) -> Trade:
    f = _Fields(raw, where, {"with", "give", "get", "pay_from", "receive_at"})
    return Trade(
        f.text("with"),
        _bundle(f.data.get("give"), f"{where}.give"),
        _bundle(f.data.get("get"), f"{where}.get"),
        f.maybe_text("pay_from"),
        f.maybe_text("receive_at"),
    )


def _build(raw: Any, where: str) -> Build:
    f = _Fields(raw, where, {"province", "divisions", "ships"})
    return Build(
        f.text("province"),
        f.count("divisions", 0, null=False) or 0,
        f.count("ships", 0, null=False) or 0,
    )


def _place(raw: Any, where: str) -> Place:
    f = _Fields(raw, where, {"leader", "at"})
    return Place(f.text("leader"), f.text("at"))


def _load(raw: Any, where: str) -> Load:
    f = _Fields(raw, where, {"province", "divisions"})
    return Load(f.text("province"), f.count("divisions", None))


def _move(raw: Any, where: str) -> Move:
    f = _Fields(raw, where, {"from", "path", "divisions", "leaders"})
    return Move(f.text("from"), f.texts("path", 1), f.count("divisions", None), f.texts("leaders"))


def _sail(raw: Any, where: str) -> Sail:
    f = _Fields(raw, where, {"from", "path", "ships", "divisions", "leaders"})
    return Sail(
        f.text("from"),
        f.texts("path", 1),
        f.count("ships", None),
        f.count("divisions", None),
        f.texts("leaders"),
    )


def _strike(raw: Any, where: str) -> Strike:
    f = _Fields(raw, where, {"from", "target", "divisions", "ships_in", "leaders"})
    return Strike(
        f.text("from"),
        f.text("target"),
        f.count("divisions", None),
        f.count("ships_in", None),
        f.texts("leaders"),
    )


def _attack(raw: Any, where: str) -> Attack:
    f = _Fields(raw, where, {"from", "target", "divisions", "leaders"})
    return Attack(f.text("from"), f.text("target"), f.count("divisions", None), f.texts("leaders"))


_COMMON = {"kind", "faction", "nation", "player", "diplomacy", "drop_ally", "passage", "sail"}


def _common(f: _Fields) -> dict[str, Any]:
    return {
        "faction": f.integer("faction"),
        "nation": f.text("nation"),
        "player": f.text("player", ""),
        "diplomacy": f.parts("diplomacy", _diplomacy),
        "drop_ally": f.maybe_text("drop_ally"),
        "passage": f.parts("passage", _passage),
        "sail": f.parts("sail", _sail),
    }


def parse_order(data: Mapping[str, Any]) -> Order:
    """An order from its JSON form.

    :raises InvalidOrderError: unknown kind, unknown field or a malformed field, named.
    """
    if not isinstance(data, Mapping) or "kind" not in data:
        raise InvalidOrderError("order/malformed", f"an order needs a 'kind': {data!r}")
    kind = data["kind"]
    if kind == SubmitDeployment.KIND:
        f = _Fields(
            data,
            kind,
            _COMMON | {"pay_first", "trades", "builds", "place", "embark", "moves", "disembark"},
        )
        return SubmitDeployment(
            **_common(f),
            pay_first=f.maybe_text("pay_first"),
            trades=f.parts("trades", _trade),
            builds=f.parts("builds", _build),
            place=f.parts("place", _place),
            embark=f.parts("embark", _load),
            moves=f.parts("moves", _move),
            disembark=f.parts("disembark", _load),
        )
    if kind == SubmitAttack.KIND:
        f = _Fields(data, kind, _COMMON | {"strikes", "attacks"})
        return SubmitAttack(
            **_common(f), strikes=f.parts("strikes", _strike), attacks=f.parts("attacks", _attack)
        )
    if kind == Resolve.KIND:
        f = _Fields(data, kind, {"kind", "force", "entropy"})
        return Resolve(f.flag("force"), f.text("entropy", ""))
    raise InvalidOrderError(
        "order/unknown-kind",
        f"unknown order kind {kind!r}; expected one of resolve, submit-attack, submit-deployment",
    )


def submission_from_json(data: Mapping[str, Any]) -> SubmitDeployment | SubmitAttack:
    order = parse_order(data)
    if not isinstance(order, SubmitDeployment | SubmitAttack):
        raise InvalidOrderError("order/malformed", "a sealed slot must hold a submission")
    return order
