"""The Risk, Paper, Scissors game state: plain data, cheap to copy, JSON round-trippable
with every field checked on the way in (a forged or truncated save names the bad field).

A territory is owned while it holds a unit (spec 3.3), so ``garrisons`` holds exactly the
owned territories; an empty territory has no entry, no station and no armed card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.errors import EngineError
from engine.rng import Rng
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.board import Board, load_board
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES, RpsOptions
from engine.rulesets.risk_paper_scissors.orders import Phase

T = TypeVar("T")


class StateError(EngineError):
    """A game state (from a save code or a file) that is not a valid position."""


@dataclass
class Garrison:
    """One player's pieces on one territory; ``commanders`` in ``COMMANDER_TYPES`` order."""

    owner: int
    e: int = 0
    j: int = 0
    w: int = 0
    commanders: list[str] = field(default_factory=list)

    @property
    def units(self) -> int:
        return self.e + self.j + self.w + len(self.commanders)

    def side(self) -> Side:
        return Side(self.e, self.j, self.w, frozenset(self.commanders))

    def set_side(self, side: Side) -> None:
        self.e, self.j, self.w = side.e, side.j, side.w
        self.commanders = [c for c in COMMANDER_TYPES if c in side.commanders]

    def clone(self) -> Garrison:
        return Garrison(self.owner, self.e, self.j, self.w, list(self.commanders))

    def to_json(self) -> list[Any]:
        return [self.owner, self.e, self.j, self.w, list(self.commanders)]


@dataclass
class Player:
    name: str
    control: str = "human"
    color: str = ""
    alive: bool = True
    energy: int = 0
    hand: list[str] = field(default_factory=list)

    def clone(self) -> Player:
        return Player(self.name, self.control, self.color, self.alive, self.energy, list(self.hand))

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "control": self.control,
            "color": self.color,
            "alive": self.alive,
            "energy": self.energy,
            "hand": list(self.hand),
        }


@dataclass
class TurnState:
    """What resets at each turn start (spec 7.1)."""

    bank: int = 0
    cards_bought: int = 0
    cease_fire: list[int] = field(default_factory=list)
    """Owners whose Cease Fire stopped the player on turn."""
    attacks_over: bool = False
    invade_targets: list[str] = field(default_factory=list)

    def clone(self) -> TurnState:
        return TurnState(
            self.bank,
            self.cards_bought,
            list(self.cease_fire),
            self.attacks_over,
            list(self.invade_targets),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "bank": self.bank,
            "cards_bought": self.cards_bought,
            "cease_fire": list(self.cease_fire),
            "attacks_over": self.attacks_over,
            "invade_targets": list(self.invade_targets),
        }


@dataclass
class PendingLosses:
    """A Death Trap fired: the attacker must destroy ``count`` units of ``force``."""

    origin: str
    target: str
    force: Side
    count: int

    def to_json(self) -> dict[str, Any]:
        f = self.force
        return {
            "origin": self.origin,
            "target": self.target,
            "force": [f.e, f.j, f.w, sorted(f.commanders)],
            "count": self.count,
        }


@dataclass
class RpsState:
    """A whole game.  ``turn`` is the year (0 during setup); ``order`` lists the seats in
    slot order for the current year and ``slot`` indexes the player on turn."""

    options: RpsOptions
    players: list[Player]
    rng: Rng
    phase: Phase = Phase.SETUP
    turn: int = 0
    garrisons: dict[str, Garrison] = field(default_factory=dict)
    stations: set[str] = field(default_factory=set)
    devastated: list[str] = field(default_factory=list)
    armed: dict[str, str] = field(default_factory=dict)
    bids: list[dict[str, Any] | None] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    slot: int = 0
    last_slots: list[int] = field(default_factory=list)
    """Each seat's slot (1-based) in the previous year; 0 when it had none."""
    next_seat: int = 0
    """Whose claim or setup order is next."""
    turn_state: TurnState = field(default_factory=TurnState)
    pending: PendingLosses | None = None
    result: dict[str, Any] | None = None
    log: list[dict[str, Any]] = field(default_factory=list)
    """This year's public events (the report reads them)."""
    ruleset: str = "risk_paper_scissors"

    @property
    def board(self) -> Board:
        return load_board()

    @property
    def current(self) -> int:
        """The seat that acts now (at game over, the first winner or seat 0)."""
        if self.phase in (Phase.CLAIM, Phase.SETUP):
            return self.next_seat
        if self.phase is Phase.BID:
            living = self.living()
            waiting = [s for s in living if self.bids[s] is None]
            return (waiting or living or [0])[0]
        if self.phase is Phase.GAME_OVER:
            winners = (self.result or {}).get("winners") or [0]
            return int(winners[0])
        return self.order[self.slot]

    def living(self) -> list[int]:
        return [i for i, p in enumerate(self.players) if p.alive]

    def owner(self, territory: str) -> int | None:
        garrison = self.garrisons.get(territory)
        return None if garrison is None else garrison.owner

    def territories_of(self, seat: int) -> list[str]:
        return [t for t in self.board.order if self.owner(t) == seat]

    def pieces(self, seat: int) -> dict[str, int]:
        """How many E, J and W the player has on the board."""
        counts = {"E": 0, "J": 0, "W": 0}
        for g in self.garrisons.values():
            if g.owner == seat:
                counts["E"] += g.e
                counts["J"] += g.j
                counts["W"] += g.w
        return counts

    def commander_at(self, seat: int, commander: str) -> str | None:
        for t, g in self.garrisons.items():
            if g.owner == seat and commander in g.commanders:
                return t
        return None

    def has_commander(self, seat: int, commander: str) -> bool:
        return self.commander_at(seat, commander) is not None

    def stations_of(self, seat: int) -> list[str]:
        return [t for t in self.board.order if t in self.stations and self.owner(t) == seat]

    def occupy(self, territory: str, garrison: Garrison) -> None:
        """Put ``garrison`` on an empty territory, keeping ``garrisons`` in map order: the
        computer players iterate it, and a state read from a save code (always in map
        order) must give the same orders as the one in memory."""
        self.garrisons[territory] = garrison
        self.garrisons = {t: self.garrisons[t] for t in self.board.order if t in self.garrisons}

    def clone(self) -> RpsState:
        return RpsState(
            self.options,
            [p.clone() for p in self.players],
            self.rng.copy(),
            self.phase,
            self.turn,
            {t: g.clone() for t, g in self.garrisons.items()},
            set(self.stations),
            list(self.devastated),
            dict(self.armed),
            [None if b is None else dict(b) for b in self.bids],
            list(self.order),
            self.slot,
            list(self.last_slots),
            self.next_seat,
            self.turn_state.clone(),
            self.pending,
            None if self.result is None else _copy(self.result),
            [dict(e) for e in self.log],
            self.ruleset,
        )

    def to_json(self) -> dict[str, Any]:
        order = self.board.order
        return {
            "ruleset": self.ruleset,
            "options": self.options.to_json(),
            "map": self.board.id,
            "players": [p.to_json() for p in self.players],
            "rng": self.rng.to_json(),
            "phase": self.phase.value,
            "turn": self.turn,
            "garrisons": {t: self.garrisons[t].to_json() for t in order if t in self.garrisons},
            "stations": [t for t in order if t in self.stations],
            "devastated": list(self.devastated),
            "armed": {t: self.armed[t] for t in order if t in self.armed},
            "bids": [
                None if b is None else {"amount": b["amount"], "slots": list(b["slots"])}
                for b in self.bids
            ],
            "order": list(self.order),
            "slot": self.slot,
            "last_slots": list(self.last_slots),
            "next_seat": self.next_seat,
            "turn_state": self.turn_state.to_json(),
            "pending": None if self.pending is None else self.pending.to_json(),
            "result": None if self.result is None else _copy(self.result),
            "log": [_copy(e) for e in self.log],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RpsState:
        """The state from its JSON form.

        :raises StateError: ``rps/bad-state`` naming the first bad field.
        """
        return _read_state(data)


def _copy(value: Any) -> Any:
    import json

    return json.loads(json.dumps(value))


def _bad(where: str, why: str) -> StateError:
    return StateError("rps/bad-state", f"state field {where}: {why}")


def _get(data: Any, key: str | int, where: str) -> Any:
    try:
        return data[key]
    except (KeyError, IndexError, TypeError):
        raise _bad(f"{where}.{key}" if where else str(key), "missing") from None


def _typed(value: Any, kind: type[T], where: str) -> T:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise _bad(where, f"must be {kind.__name__}, got {value!r}")
    return value


def _count(value: Any, where: str) -> int:
    number = _typed(value, int, where)
    if number < 0:
        raise _bad(where, f"must not be negative, got {number}")
    return number


def _list(value: Any, item: Callable[[Any, str], T], where: str) -> list[T]:
    return [item(v, f"{where}[{i}]") for i, v in enumerate(_typed(value, list, where))]


def _read_state(data: Mapping[str, Any]) -> RpsState:
    from engine.errors import OptionError

    board = load_board()
    territories = set(board.order)
    if not isinstance(data, Mapping):
        raise _bad("state", "must be an object")
    if _get(data, "map", "") != board.id:
        raise _bad("map", f"must be {board.id!r}")
    try:
        options = RpsOptions.from_json(_get(data, "options", ""))
    except OptionError as exc:
        raise _bad("options", exc.message) from None
    players = _list(_get(data, "players", ""), _read_player, "players")
    seats = len(players)
    if not 3 <= seats <= 5:
        raise _bad("players", f"must hold 3 to 5 players, not {seats}")

    def seat(value: Any, where: str) -> int:
        number = _count(value, where)
        if number >= seats:
            raise _bad(where, f"no seat {number}")
        return number

    def territory(value: Any, where: str) -> str:
        name = _typed(value, str, where)
        if name not in territories:
            raise _bad(where, f"unknown territory {name!r}")
        return name

    rng_raw = _get(data, "rng", "")
    if not (isinstance(rng_raw, list) and len(rng_raw) == 2):
        raise _bad("rng", "must be [seed, counter]")
    rng = Rng(_typed(rng_raw[0], str, "rng[0]"), _count(rng_raw[1], "rng[1]"))
    try:
        phase = Phase(_get(data, "phase", ""))
    except ValueError:
        raise _bad("phase", f"unknown phase {data['phase']!r}") from None
    garrisons: dict[str, Garrison] = {}
    for t, raw in _typed(_get(data, "garrisons", ""), dict, "garrisons").items():
        where = f"garrisons.{t}"
        territory(t, where)
        if not (isinstance(raw, list) and len(raw) == 5):
            raise _bad(where, "must be [owner, e, j, w, commanders]")
        commanders = _list(raw[4], lambda v, w: _typed(v, str, w), where + "[4]")
        if any(c not in COMMANDER_TYPES for c in commanders) or len(set(commanders)) != len(
            commanders
        ):
            raise _bad(where, f"bad commanders {commanders}")
        g = Garrison(
            seat(raw[0], where + "[0]"),
            _count(raw[1], where + "[1]"),
            _count(raw[2], where + "[2]"),
            _count(raw[3], where + "[3]"),
            [c for c in COMMANDER_TYPES if c in commanders],
        )
        if g.units == 0:
            raise _bad(where, "an owned territory holds at least one unit")
        garrisons[t] = g
    stations = set(_list(_get(data, "stations", ""), territory, "stations"))
    for t in stations:
        if t not in garrisons or board.kind[t] != "land":
            raise _bad("stations", f"a station on {t} needs an owned land territory")
    armed: dict[str, str] = {}
    for t, card in _typed(_get(data, "armed", ""), dict, "armed").items():
        territory(t, "armed")
        if card not in CARDS or t not in garrisons:
            raise _bad(f"armed.{t}", f"bad armed card {card!r}")
        armed[t] = card
    bids: list[dict[str, Any] | None] = []
    for i, raw in enumerate(_typed(_get(data, "bids", ""), list, "bids")):
        if raw is None:
            bids.append(None)
            continue
        where = f"bids[{i}]"
        bids.append(
            {
                "amount": _count(_get(raw, "amount", where), where + ".amount"),
                "slots": _list(_get(raw, "slots", where), _count, where + ".slots"),
            }
        )
    if len(bids) != seats:
        raise _bad("bids", f"must hold one entry per seat ({seats})")
    order = _list(_get(data, "order", ""), seat, "order")
    slot = _count(_get(data, "slot", ""), "slot")
    if phase in (Phase.PURCHASE, Phase.ACTION, Phase.LOSSES) and slot >= len(order):
        raise _bad("slot", f"no slot {slot} in a year of {len(order)}")
    last_slots = _list(_get(data, "last_slots", ""), _count, "last_slots")
    if len(last_slots) != seats:
        raise _bad("last_slots", f"must hold one entry per seat ({seats})")
    ts_raw = _typed(_get(data, "turn_state", ""), dict, "turn_state")
    turn_state = TurnState(
        _count(_get(ts_raw, "bank", "turn_state"), "turn_state.bank"),
        _count(_get(ts_raw, "cards_bought", "turn_state"), "turn_state.cards_bought"),
        _list(_get(ts_raw, "cease_fire", "turn_state"), seat, "turn_state.cease_fire"),
        _typed(_get(ts_raw, "attacks_over", "turn_state"), bool, "turn_state.attacks_over"),
        _list(_get(ts_raw, "invade_targets", "turn_state"), territory, "turn_state.invade_targets"),
    )
    pending = None
    if data.get("pending") is not None:
        raw = _typed(data["pending"], dict, "pending")
        force = _typed(_get(raw, "force", "pending"), list, "pending.force")
        if len(force) != 4:
            raise _bad("pending.force", "must be [e, j, w, commanders]")
        pending = PendingLosses(
            territory(_get(raw, "origin", "pending"), "pending.origin"),
            territory(_get(raw, "target", "pending"), "pending.target"),
            Side(
                _count(force[0], "pending.force[0]"),
                _count(force[1], "pending.force[1]"),
                _count(force[2], "pending.force[2]"),
                frozenset(_list(force[3], lambda v, w: _typed(v, str, w), "pending.force[3]")),
            ),
            _count(_get(raw, "count", "pending"), "pending.count"),
        )
    if (phase is Phase.LOSSES) != (pending is not None):
        raise _bad("pending", "pending losses exist exactly in the losses phase")
    result = data.get("result")
    if result is not None:
        _typed(result, dict, "result")
    return RpsState(
        options=options,
        players=players,
        rng=rng,
        phase=phase,
        turn=_count(_get(data, "turn", ""), "turn"),
        garrisons={t: garrisons[t] for t in board.order if t in garrisons},
        stations=stations,
        devastated=_list(_get(data, "devastated", ""), territory, "devastated"),
        armed=armed,
        bids=bids,
        order=order,
        slot=slot,
        last_slots=last_slots,
        next_seat=seat(_get(data, "next_seat", ""), "next_seat"),
        turn_state=turn_state,
        pending=pending,
        result=None if result is None else _copy(result),
        log=_list(_get(data, "log", ""), lambda v, w: _typed(v, dict, w), "log"),
        ruleset=str(data.get("ruleset", "risk_paper_scissors")),
    )


def _read_player(value: Any, where: str) -> Player:
    raw = _typed(value, dict, where)
    hand = _list(_get(raw, "hand", where), lambda v, w: _typed(v, str, w), where + ".hand")
    unknown = [c for c in hand if c not in CARDS]
    if unknown:
        raise _bad(where + ".hand", f"unknown card {unknown[0]!r}")
    return Player(
        _typed(_get(raw, "name", where), str, where + ".name"),
        _typed(_get(raw, "control", where), str, where + ".control"),
        _typed(_get(raw, "color", where), str, where + ".color"),
        _typed(_get(raw, "alive", where), bool, where + ".alive"),
        _count(_get(raw, "energy", where), where + ".energy"),
        hand,
    )
