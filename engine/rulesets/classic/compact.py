"""The compact form of a Classic state for save codes: territories as arrays in map
order, players as rows, options only where they differ from the defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields, replace
from typing import Any

from engine import statecheck as check
from engine.maps import load_map
from engine.rulesets.classic.missions import MISSIONS
from engine.rulesets.classic.options import ClassicOptions
from engine.rulesets.classic.state import STAT_KEYS, UNOWNED, ClassicState, Phase, Player

COMPACT_VERSION = 1


def to_compact(state: ClassicState) -> dict[str, Any]:
    ids = load_map(state.map_id).territory_ids
    index = {t: i for i, t in enumerate(ids)}
    defaults = ClassicOptions()
    return {
        "cv": COMPACT_VERSION,
        "m": state.map_id,
        "o": {
            f.name: getattr(state.options, f.name)
            for f in fields(ClassicOptions)
            if getattr(state.options, f.name) != getattr(defaults, f.name)
        },
        "p": [
            [
                p.name,
                p.control,
                p.color,
                p.cards,
                p.mission,
                None if p.headquarters is None else index[p.headquarters],
                int(p.alive),
                p.setup_armies,
                [p.stats[k] for k in STAT_KEYS],
            ]
            for p in state.players
        ],
        "t": [state.owner[t] for t in ids],
        "a": [state.armies[t] for t in ids],
        "r": state.rng.to_json(),
        "s": [
            state.phase.value,
            state.current,
            state.first_player,
            state.turn,
            state.sets_traded,
            state.reinforcements,
            state.bonus_paid,
            int(state.conquered),
            int(state.return_to_attack),
            state.setup_round,
            state.free_moves,
            state.winner,
        ],
        "d": state.draw_pile,
        "b": state.battle,
        "q": state.pending,
        "v": {str(index[t]): n for t, n in state.moved.items()},
        # only mid-turn: a turn's start (where saves are made) reads as before
        **({"n": state.turn_orders} if state.turn_orders else {}),
    }


def from_compact(data: Mapping[str, Any]) -> ClassicState:
    """The state of a compact form, every field checked (any seated player can sign one).

    :raises EngineError: ``savecode/state`` (or the options' and map's own errors) naming
        the part that does not fit.
    """

    def get(name: str) -> Any:
        return check.item(data, name)

    if get("cv") != COMPACT_VERSION:
        check.refuse("version", f"is {get('cv')!r}; this page reads {COMPACT_VERSION}")
    the_map = load_map(check.text(get("m"), "map"))
    ids = the_map.territory_ids
    raw_players = check.listing(get("p"), "players")
    if not 2 <= len(raw_players) <= check.MAX_SEATS:
        check.refuse("players", f"must list 2 to {check.MAX_SEATS} players")
    players = [
        _player(row, f"players[{i}]", ids, len(the_map.deck)) for i, row in enumerate(raw_players)
    ]
    count = len(players)
    owners = check.listing(get("t"), "owner", len(ids))
    armies = check.listing(get("a"), "armies", len(ids))
    owner, army = check.board(
        dict(zip(ids, owners, strict=True)),
        dict(zip(ids, armies, strict=True)),
        ids,
        count,
        UNOWNED,
    )
    (
        phase,
        current,
        first,
        turn,
        sets_traded,
        reinforcements,
        bonus_paid,
        conquered,
        back_to_attack,
        setup_round,
        free_moves,
        winner,
    ) = check.listing(get("s"), "turn record", 12)
    seated = sum(1 for p in players if not p.is_neutral)
    options = _options(check.mapping(get("o"), "options"), seated)
    moved = check.mapping(get("v"), "moved")
    return ClassicState(
        options=options,
        map_id=the_map.id,
        players=players,
        owner=owner,
        armies=army,
        rng=check.rng(get("r")),
        phase=Phase(check.text(phase, "phase", [p.value for p in Phase])),
        current=check.integer(current, "current", 0, count - 1),
        first_player=check.integer(first, "first player", 0, count - 1),
        turn=check.integer(turn, "turn"),
        draw_pile=check.integers(get("d"), "draw_pile", 0, len(the_map.deck) - 1),
        sets_traded=check.integer(sets_traded, "sets traded"),
        reinforcements=check.integer(reinforcements, "reinforcements"),
        bonus_paid=check.integer(bonus_paid, "bonus paid"),
        conquered=check.flag(conquered, "conquered"),
        return_to_attack=check.flag(back_to_attack, "return to attack"),
        setup_round=check.integers(check.listing(setup_round, "setup round", 2), "setup round"),
        battle=_battle(get("b"), ids),
        pending=_pending(get("q"), ids),
        moved={
            ids[check.integer(int(i) if i.isdigit() else -1, "moved", 0, len(ids) - 1)]: (
                check.integer(n, f"moved[{i}]")
            )
            for i, n in moved.items()
        },
        free_moves=check.integer(free_moves, "free moves"),
        winner=check.optional_integer(winner, "winner", 0, count - 1),
        turn_orders=check.integer(data.get("n", 0), "orders this turn"),
    )


def _options(raw: Mapping[str, Any], players: int) -> ClassicOptions:
    """The options as saved (already resolved): each of the right type, and a consistent
    set (resolving them again changes nothing)."""
    defaults = ClassicOptions()
    known = {f.name for f in fields(ClassicOptions)}
    for name, value in raw.items():
        if name not in known:
            check.refuse(f"options.{name}", "is not a Classic option")
        kind = type(getattr(defaults, name))
        if type(value) is not kind:
            check.refuse(f"options.{name}", f"must be a {kind.__name__}, got {value!r}")
    options = replace(defaults, **raw)
    if options._resolved(players, explicit=set()) != options:
        check.refuse("options", "are not a consistent set (as the game resolves them)")
    return options


def _player(row: object, where: str, ids: Sequence[str], deck: int) -> Player:
    name, control, color, cards, mission, hq, alive, setup, stats = check.listing(row, where, 9)
    return Player(
        check.name(name, f"{where} name"),
        check.text(control, f"{where} control"),
        check.colour(color, f"{where} colour"),
        check.integers(cards, f"{where} cards", 0, deck - 1),
        check.optional_integer(mission, f"{where} mission", 0, len(MISSIONS) - 1),
        None if hq is None else ids[check.integer(hq, f"{where} headquarters", 0, len(ids) - 1)],
        check.flag(alive, f"{where} alive"),
        check.integer(setup, f"{where} setup armies"),
        dict(
            zip(
                STAT_KEYS,
                check.integers(
                    check.listing(stats, f"{where} stats", len(STAT_KEYS)), f"{where} stats"
                ),
                strict=True,
            )
        ),
    )


def _territory(value: object, where: str, ids: Sequence[str]) -> str:
    return check.text(value, where, ids)


def _battle(value: object, ids: Sequence[str]) -> dict[str, Any] | None:
    """The battle under way: ``{"origin", "target"}``.

    Codes written before the advantage was offered after every roll (RULINGS §1) also
    hold ``advantage_used``; it is checked and dropped, since no rule reads it now.
    """
    if value is None:
        return None
    battle = check.mapping(value, "battle")
    if set(battle) - {"advantage_used"} != {"origin", "target"}:
        check.refuse("battle", "must hold origin and target")
    if "advantage_used" in battle:
        check.flag(battle["advantage_used"], "battle.advantage_used")
    return {
        "origin": _territory(battle["origin"], "battle.origin", ids),
        "target": _territory(battle["target"], "battle.target", ids),
    }


def _pending(value: object, ids: Sequence[str]) -> dict[str, Any] | None:
    """A roll waiting for the attacker's advantage choice, or a move-in waiting for its
    count."""
    if value is None:
        return None
    pending = check.mapping(value, "pending")
    if set(pending) == {"attack", "defend", "dice", "mode"}:
        return {
            "attack": check.integers(pending["attack"], "pending.attack", 1, 6),
            "defend": check.integers(pending["defend"], "pending.defend", 1, 6),
            "dice": check.integer(pending["dice"], "pending.dice", 1, 3),
            "mode": check.text(pending["mode"], "pending.mode"),
        }
    if set(pending) == {"origin", "target", "min", "max"}:
        return {
            "origin": _territory(pending["origin"], "pending.origin", ids),
            "target": _territory(pending["target"], "pending.target", ids),
            "min": check.integer(pending["min"], "pending.min"),
            "max": check.integer(pending["max"], "pending.max"),
        }
    return check.refuse("pending", "is neither a roll nor a move-in")
