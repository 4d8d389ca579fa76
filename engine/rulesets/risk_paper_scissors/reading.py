"""Reading a Risk, Paper, Scissors state from its JSON form (a save code, a file): every
field is checked, and a forged or truncated state is refused naming the bad field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engine.errors import EngineError, OptionError
from engine.rng import Rng
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES, RpsOptions
from engine.rulesets.risk_paper_scissors.orders import Phase
from engine.rulesets.risk_paper_scissors.state import (
    Garrison,
    PendingLosses,
    Player,
    RpsState,
    TurnState,
    copy_data,
)

T = TypeVar("T")


class StateError(EngineError):
    """A game state (from a save code or a file) that is not a valid position."""


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


def read_state(data: Mapping[str, Any]) -> RpsState:
    """The state from its JSON form.

    :raises StateError: ``rps/bad-state`` naming the first bad field.
    """
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
        result=None if result is None else copy_data(result),
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
