"""Reading a Risk, Paper, Scissors state from its JSON form (a file) or its compact form
(a save code: the board as ``garrisons``, see ``compact.py``): every field is checked,
and a forged or truncated state is refused naming the bad field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engine import statecheck
from engine.errors import EngineError, OptionError
from engine.rng import Rng
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES, RpsOptions
from engine.rulesets.risk_paper_scissors.orders import Phase
from engine.rulesets.risk_paper_scissors.state import (
    MAP_ID,
    UNIT_KINDS,
    PendingLosses,
    Player,
    RpsState,
    TurnState,
    copy_data,
)

T = TypeVar("T")

MAX_ENERGY = 100_000
"""Most energy a player holds, bids or banks: ten years at the largest income the options
allow (about 1,100 a year) stay far below it."""
MAX_HAND = 1_000
"""Most cards in a hand: the hand has no limit (spec 16), but a game buys at most
``cards_per_turn`` (10 at most) a turn."""
MAX_TEXT = statecheck.MAX_TEXT
"""Longest control, colour or log text."""


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
        raise _bad(where, f"must be {kind.__name__}, got {_shown(value)}")
    return value


def _count(value: Any, where: str, high: int = statecheck.MAX_COUNT) -> int:
    number = _typed(value, int, where)
    if not 0 <= number <= high:
        raise _bad(where, f"must be from 0 to {high}, got {_shown(number)}")
    return number


def _text(value: Any, where: str, longest: int = MAX_TEXT) -> str:
    text = _typed(value, str, where)
    if len(text) > longest:
        raise _bad(where, f"must be at most {longest} characters, got {_shown(text)}")
    return text


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
    compact = "garrisons" in data
    map_id = board.id if compact else MAP_ID
    if _get(data, "map", "") != map_id:
        raise _bad("map", f"must be {map_id!r}")
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
    rng = Rng(_text(rng_raw[0], "rng[0]"), _count(rng_raw[1], "rng[1]"))
    try:
        phase = Phase(_get(data, "phase", ""))
    except ValueError:
        raise _bad("phase", f"unknown phase {_shown(data['phase'])}") from None
    caps = {unit: options.cap(unit) for unit in ("E", "J", "W")}
    years = options.years
    pieces = (
        _garrisons(data, seat, territory, caps) if compact else _board(data, seat, territory, caps)
    )
    for owner in range(seats):
        # Spec 3.2: "at most one commander of each type" (the unit caps hold per garrison
        # above: test positions spread more pieces over the board than a game can reach).
        for commander in COMMANDER_TYPES:
            if sum(commander in s.commanders for o, s in pieces.values() if o == owner) > 1:
                raise _bad(
                    "garrisons" if compact else "units",
                    f"seat {owner} has two {commander} commanders",
                )
    stations = set(_list(_get(data, "stations", ""), territory, "stations"))
    for t in stations:
        if t not in pieces or board.kind[t] != "land":
            raise _bad("stations", f"a station on {t} needs an owned land territory")
    armed: dict[str, str] = {}
    for t, card in _typed(_get(data, "armed", ""), dict, "armed").items():
        territory(t, "armed")
        if not isinstance(card, str) or card not in CARDS or t not in pieces:
            raise _bad(f"armed.{t}", f"bad armed card {_shown(card)}")
        armed[t] = card

    def slot_number(value: Any, where: str) -> int:
        return _count(value, where, seats)

    bids: list[dict[str, Any] | None] = []
    for i, raw in enumerate(_typed(_get(data, "bids", ""), list, "bids")):
        if raw is None:
            bids.append(None)
            continue
        where = f"bids[{i}]"
        if not isinstance(raw, dict) or set(raw) != {"amount", "slots"}:
            raise _bad(where, "must be {amount, slots}")
        bids.append(
            {
                "amount": _count(raw["amount"], where + ".amount", MAX_ENERGY),
                "slots": _list(raw["slots"], slot_number, where + ".slots"),
            }
        )
    if len(bids) != seats:
        raise _bad("bids", f"must hold one entry per seat ({seats})")
    order = _list(_get(data, "order", ""), seat, "order")
    if len(order) != len(set(order)):
        raise _bad("order", "names a seat twice")
    slot = _count(_get(data, "slot", ""), "slot", seats)
    if phase in (Phase.PURCHASE, Phase.ACTION, Phase.LOSSES) and slot >= len(order):
        raise _bad("slot", f"no slot {slot} in a year of {len(order)}")
    last_slots = _list(_get(data, "last_slots", ""), slot_number, "last_slots")
    if len(last_slots) != seats:
        raise _bad("last_slots", f"must hold one entry per seat ({seats})")
    ts_raw = _typed(_get(data, "turn_state", ""), dict, "turn_state")
    turn_state = TurnState(
        _count(_get(ts_raw, "bank", "turn_state"), "turn_state.bank", MAX_ENERGY),
        _count(
            _get(ts_raw, "cards_bought", "turn_state"),
            "turn_state.cards_bought",
            options.cards_per_turn,
        ),
        _list(_get(ts_raw, "cease_fire", "turn_state"), seat, "turn_state.cease_fire"),
        _typed(_get(ts_raw, "attacks_over", "turn_state"), bool, "turn_state.attacks_over"),
        _list(_get(ts_raw, "invade_targets", "turn_state"), territory, "turn_state.invade_targets"),
    )

    def commander_type(value: Any, where: str) -> str:
        name = _typed(value, str, where)
        if name not in COMMANDER_TYPES:
            raise _bad(where, f"unknown commander {_shown(name)}")
        return name

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
                _count(force[0], "pending.force[0]", caps["E"]),
                _count(force[1], "pending.force[1]", caps["J"]),
                _count(force[2], "pending.force[2]", caps["W"]),
                frozenset(_list(force[3], commander_type, "pending.force[3]")),
            ),
            _count(_get(raw, "count", "pending"), "pending.count", MAX_HAND),
        )
    if (phase is Phase.LOSSES) != (pending is not None):
        raise _bad("pending", "pending losses exist exactly in the losses phase")
    result = data.get("result")
    if result is not None:
        result = _result(_typed(result, dict, "result"), seat)
    log = [
        _event(event, f"log[{i}]", seat, territory)
        for i, event in enumerate(_typed(_get(data, "log", ""), list, "log"))
    ]
    state = RpsState(
        map_id=MAP_ID,
        options=options,
        players=players,
        owner={},
        armies={},
        rng=rng,
        phase=phase,
        turn=_count(_get(data, "turn", ""), "turn", years),
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
        log=log,
        ruleset=_text(data.get("ruleset", "risk_paper_scissors"), "ruleset"),
    )
    state.place_all(pieces)
    return state


Pieces = dict[str, tuple[int, Side]]
"""Per held territory, its owner and its pieces."""


def _garrisons(
    data: Mapping[str, Any],
    seat: Callable[[Any, str], int],
    territory: Callable[[Any, str], str],
    caps: Mapping[str, int],
) -> Pieces:
    """The board of the compact form: ``{territory: [owner, e, j, w, [commanders]]}``."""
    pieces: Pieces = {}
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
        owner = seat(raw[0], where + "[0]")
        side = Side(
            _count(raw[1], where + "[1]", caps["E"]),
            _count(raw[2], where + "[2]", caps["J"]),
            _count(raw[3], where + "[3]", caps["W"]),
            frozenset(commanders),
        )
        if side.units == 0:
            raise _bad(where, "an owned territory holds at least one unit")
        pieces[t] = (owner, side)
    return pieces


def _board(
    data: Mapping[str, Any],
    seat: Callable[[Any, str], int],
    territory: Callable[[Any, str], str],
    caps: Mapping[str, int],
) -> Pieces:
    """The board of the JSON form: ``owner``, ``armies`` and ``units`` by kind, naming
    the same territories, every one holding a unit, ``armies`` their total."""
    owners = _typed(_get(data, "owner", ""), dict, "owner")
    armies = _typed(_get(data, "armies", ""), dict, "armies")
    units = _typed(data.get("units", {}), dict, "units")
    if not set(owners) == set(armies) == set(units):
        raise _bad("units", "owner, armies and units must name the same territories")
    pieces: Pieces = {}
    for t, raw in units.items():
        where = f"units.{t}"
        territory(t, where)
        kinds = _typed(raw, dict, where)
        unknown = [k for k in kinds if k not in UNIT_KINDS]
        if unknown:
            raise _bad(where, f"unknown kind of unit {_shown(unknown[0])}")
        commanders = [k for k in kinds if k in COMMANDER_TYPES]
        for commander in commanders:
            if _count(kinds[commander], f"{where}.{commander}", 1) != 1:
                raise _bad(f"{where}.{commander}", "a commander is one unit, or absent")
        side = Side(
            _count(kinds.get("E", 0), where + ".E", caps["E"]),
            _count(kinds.get("J", 0), where + ".J", caps["J"]),
            _count(kinds.get("W", 0), where + ".W", caps["W"]),
            frozenset(commanders),
        )
        if side.units == 0:
            raise _bad(where, "an owned territory holds at least one unit")
        if _count(armies[t], f"armies.{t}") != side.units:
            raise _bad(f"armies.{t}", f"must count the territory's {side.units} units")
        pieces[t] = (seat(owners[t], f"owner.{t}"), side)
    return pieces


def _read_player(value: Any, where: str) -> Player:
    raw = _typed(value, dict, where)
    hand = _list(_get(raw, "hand", where), lambda v, w: _typed(v, str, w), where + ".hand")
    unknown = [c for c in hand if c not in CARDS]
    if unknown:
        raise _bad(where + ".hand", f"unknown card {unknown[0]!r}")
    if len(hand) > MAX_HAND:
        raise _bad(where + ".hand", f"holds more than {MAX_HAND} cards")
    return Player(
        _text(_get(raw, "name", where), where + ".name", statecheck.MAX_NAME),
        _text(_get(raw, "control", where), where + ".control"),
        _text(_get(raw, "color", where), where + ".color"),
        _typed(_get(raw, "alive", where), bool, where + ".alive"),
        _count(_get(raw, "energy", where), where + ".energy", MAX_ENERGY),
        hand,
    )


def _result(raw: dict[str, Any], seat: Callable[[Any, str], int]) -> dict[str, Any]:
    """The final scores and winners (spec 15.1): ``{scores: {seat: points}, winners}``."""
    if set(raw) != {"scores", "winners"}:
        raise _bad("result", "must be {scores, winners}")
    return {
        "scores": _scores(raw["scores"], "result.scores", seat),
        "winners": _list(raw["winners"], seat, "result.winners"),
    }


def _scores(value: Any, where: str, seat: Callable[[Any, str], int]) -> dict[str, int]:
    """Points (or bids) by seat, keyed by the seat's number as text."""
    table = _typed(value, dict, where)
    for key, number in table.items():
        seat(int(key) if key.isdecimal() and len(key) < 3 else -1, f"{where} key {_shown(key)}")
        _count(number, f"{where}.{key}", MAX_ENERGY)
    return dict(table)


_EVENT_KEYS: dict[str, frozenset[str]] = {
    kind: frozenset(keys.split())
    for kind, keys in {
        "year": "year",
        "bids": "year bids order",
        "turn": "seat year income",
        "bought-units": "seat territory units",
        "assembled": "seat territory units",
        "hired": "seat commander territory",
        "station": "seat territory",
        "claim": "seat territory",
        "card-bought": "seat deck",
        "card-armed": "seat",
        "card-played": "seat card",
        "card-fired": "seat card territory",
        "move": "seat origin target force steps",
        "attack": "seat origin target force",
        "occupied": "seat target",
        "cancelled": "seat target",
        "invade-earth": "seat target",
        "rocket-strike": "seat territory destroyed unit_class",
        "energy-crisis": "seat gained",
        "losses-due": "seat count",
        "losses": "seat units",
        "eliminated": "seat player",
        "game-over": "scores winners",
        "setup": "seat",
        "bid-sealed": "seat",
        "end-purchase": "seat",
        "end-turn": "seat",
    }.items()
}
_BATTLE_KEYS = (
    frozenset({"outcome", "target"}),
    frozenset(
        {"seat", "defender", "target", "outcome", "rounds", "attacker_left", "defender_left"}
    ),
)


def _event(
    value: Any,
    where: str,
    seat: Callable[[Any, str], int],
    territory: Callable[[Any, str], str],
) -> dict[str, Any]:
    """One entry of the year's log, in the shape the rules write it: the report and the
    page read every field (a seat must be a seat, a territory a territory)."""
    event = _typed(value, dict, where)
    kind = event.get("type")
    keys = frozenset(event) - {"type"}
    if kind == "battle":
        if keys not in _BATTLE_KEYS:
            raise _bad(where, "is not a battle entry")
    elif not isinstance(kind, str) or _EVENT_KEYS.get(kind) != keys:
        raise _bad(where, f"is not a log entry the rules write ({_shown(kind)})")
    for key in keys:
        part, at = event[key], f"{where}.{key}"
        if key in ("seat", "defender"):
            seat(part, at)
        elif key in ("territory", "origin", "target"):
            territory(part, at)
        elif key == "card":
            if not isinstance(part, str) or part not in CARDS:
                raise _bad(at, f"unknown card {_shown(part)}")
        elif key in ("order", "winners"):
            _list(part, seat, at)
        elif key in ("bids", "scores"):
            _scores(part, at, seat)
        elif key == "units" and kind != "losses":
            if len(_typed(part, list, at)) != 3:
                raise _bad(at, "must be [e, j, w]")
            _list(part, lambda v, w: _count(v, w, MAX_ENERGY), at)
        elif key == "player":
            _text(part, at, statecheck.MAX_NAME)
        elif key in ("year", "income", "steps", "rounds", "destroyed", "gained", "count"):
            _count(part, at, MAX_ENERGY)
        else:
            _text(part, at)
    return dict(copy_data(event))
