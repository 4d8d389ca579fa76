"""The compact form of a Classic state for save codes: territories as arrays in map
order, players as rows, options only where they differ from the defaults."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from engine.errors import EngineError
from engine.maps import load_map
from engine.rng import Rng
from engine.rulesets.classic.options import ClassicOptions
from engine.rulesets.classic.state import STAT_KEYS, ClassicState, Phase, Player

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
    }


def from_compact(data: Mapping[str, Any]) -> ClassicState:
    """The state of a compact form.

    :raises EngineError: ``savecode/state`` naming the part that does not fit.
    """
    try:
        if data["cv"] != COMPACT_VERSION:
            raise EngineError("savecode/state", f"unknown state version {data['cv']!r}")
        the_map = load_map(str(data["m"]))
        ids = the_map.territory_ids
        players = [
            Player(
                str(name),
                str(control),
                str(color),
                [int(c) for c in cards],
                None if mission is None else int(mission),
                None if hq is None else ids[int(hq)],
                bool(alive),
                int(setup),
                dict(zip(STAT_KEYS, (int(x) for x in stats), strict=True)),
            )
            for name, control, color, cards, mission, hq, alive, setup, stats in data["p"]
        ]
        owners, armies = list(data["t"]), list(data["a"])
        if len(owners) != len(ids) or len(armies) != len(ids):
            raise EngineError("savecode/state", "the territory lists do not match the map")
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
        ) = data["s"]
        return ClassicState(
            options=ClassicOptions(**data["o"]),
            map_id=the_map.id,
            players=players,
            owner={t: int(o) for t, o in zip(ids, owners, strict=True)},
            armies={t: int(a) for t, a in zip(ids, armies, strict=True)},
            rng=Rng.from_json(data["r"]),
            phase=Phase(phase),
            current=int(current),
            first_player=int(first),
            turn=int(turn),
            draw_pile=[int(c) for c in data["d"]],
            sets_traded=int(sets_traded),
            reinforcements=int(reinforcements),
            bonus_paid=int(bonus_paid),
            conquered=bool(conquered),
            return_to_attack=bool(back_to_attack),
            setup_round=[int(x) for x in setup_round],
            battle=None if data["b"] is None else dict(data["b"]),
            pending=None if data["q"] is None else dict(data["q"]),
            moved={ids[int(i)]: int(n) for i, n in data["v"].items()},
            free_moves=int(free_moves),
            winner=None if winner is None else int(winner),
        )
    except EngineError:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise EngineError(
            "savecode/state", f"the game state in the code is malformed: {exc}"
        ) from exc
