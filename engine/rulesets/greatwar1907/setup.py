"""A new Great War 1907 game from the scenario data (spec §1.1, R1, R24, R66)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import statecheck
from engine.core import PlayerSpec
from engine.errors import OptionError
from engine.rng import Rng
from engine.rulesets.greatwar1907.mapdata import MAP_ID, scenario
from engine.rulesets.greatwar1907.options import GreatWarOptions
from engine.rulesets.greatwar1907.state import (
    Fleet,
    GreatWarState,
    Leader,
    NationRecord,
    Seat,
    pair,
    seat_numbers,
)

MIN_ACTIVE_SEATS = 2


def new_game(players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str) -> GreatWarState:
    """Seats in nation order from ``players`` (at most 8); a seat nobody takes gets the
    ``untaken`` option: a computer level or ``idle`` (R1).

    :raises OptionError: too many players, or fewer than 2 seats that act.
    """
    m = scenario()
    statecheck.new_names(p.name for p in players)
    opts = GreatWarOptions.from_mapping(options)
    nations = m.nation_ids
    if len(players) > len(nations):
        raise OptionError(
            "option/players", f"The Great War 1907 has {len(nations)} seats, not {len(players)}"
        )
    seats = []
    for i, nation in enumerate(nations):
        if i < len(players):
            spec = players[i]
            seats.append(Seat.of(nation, spec.name, spec.control))
        else:
            seats.append(Seat.of(nation, f"{m.nation(nation).name} (untaken)", opts.untaken))
    if sum(1 for s in seats if s.kind != "idle") < MIN_ACTIVE_SEATS:
        raise OptionError("option/players", "at least 2 seats must be human or computer")
    state = GreatWarState(
        opts,
        map_id=MAP_ID,
        players=seats,
        owner={p.id: seat_numbers()[p.owner] for p in m.provinces},
        armies={p.id: 0 for p in m.provinces},
        rng=Rng(seed),
    )
    for p in m.provinces:
        divisions, ships, hulls = m.start_units.get(p.id, (0, 0, 0))
        if divisions:
            state.add_divisions(p.id, p.owner, divisions)
        if ships:
            state.docked[p.id] = {p.owner: Fleet(ships, 0)}
        if hulls:
            state.hulls[p.id] = hulls
    for f in m.start_fleets:
        state.at_sea.setdefault(f.sea, {})[f.nation] = Fleet(f.ships, f.embarked)
    for n in m.nations:
        state.nations[n.id] = NationRecord(
            n.victory_points, n.naval_points, n.generals_awarded, n.admirals_awarded
        )
        for other in n.alliances:
            state.relations[pair(n.id, other)] = "alliance"
        for other in n.wars:
            state.relations[pair(n.id, other)] = "war"
    for received, card in enumerate(c for c in m.leaders if c.nation is not None):
        where, place = card.position if card.position else (None, None)
        state.leaders[card.id] = Leader(card.id, str(card.nation), where, place, True, received)
    state.general_pile = [c.id for c in m.leaders if c.nation is None and c.kind == "general"]
    state.admiral_pile = [c.id for c in m.leaders if c.nation is None and c.kind == "admiral"]
    state.orders = [None] * len(nations)
    return state
