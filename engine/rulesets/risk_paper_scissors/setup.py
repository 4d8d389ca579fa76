"""Setup (spec 5): devastation with its redraw, the claims and each player's one Setup
order."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import networkx as nx

from engine import statecheck
from engine.core import Event, PlayerSpec
from engine.errors import OptionError
from engine.rng import Rng
from engine.rulesets.risk_paper_scissors.battle import Side
from engine.rulesets.risk_paper_scissors.board import Board, load_board
from engine.rulesets.risk_paper_scissors.common import (
    check_counts,
    check_owned,
    check_territory,
    refuse,
)
from engine.rulesets.risk_paper_scissors.options import (
    MAX_SEATS,
    MIN_SEATS,
    UNIT_POINTS,
    RpsOptions,
)
from engine.rulesets.risk_paper_scissors.orders import Claim, Phase, Setup
from engine.rulesets.risk_paper_scissors.state import MAP_ID, Player, RpsState
from engine.rulesets.risk_paper_scissors.year import start_year

COLOURS = ("Red", "Blue", "Green", "Yellow", "Purple")


def draw_devastation(board: Board, rng: Rng, count: int, redraw: bool) -> list[str]:
    """Spec 5.1: draw ``count`` land territories; with ``redraw``, draw again while the
    draw splits the Earth graph (land + water) or devastates a whole group."""
    earth = [t for t in board.order if board.kind[t] != "lunar"]
    while True:
        pool = list(board.land)
        draw: list[str] = []
        for _ in range(count):
            draw.append(rng.choice(pool))  # a rule case's script names the territory
            pool.remove(draw[-1])
        if not redraw or acceptable_devastation(board, earth, draw):
            return draw


def acceptable_devastation(board: Board, earth: Sequence[str], draw: Sequence[str]) -> bool:
    left = [t for t in earth if t not in draw]
    if not nx.is_connected(board.graph.subgraph(left)):
        return False
    return not any(set(g.territories) <= set(draw) for g in board.groups)


def new_game(players: Sequence[PlayerSpec], raw_options: Mapping[str, Any], seed: str) -> RpsState:
    """Devastation and, with random selection, the claims (spec 5.1, 5.2).

    :raises OptionError: for 2 or 6+ players or a bad option.
    """
    if not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise OptionError(
            "option/bad-value",
            f"Risk, Paper, Scissors seats {MIN_SEATS} to {MAX_SEATS} players, not {len(players)}",
        )
    statecheck.new_names(p.name for p in players)
    options = RpsOptions.from_mapping(raw_options)
    board = load_board()
    rng = Rng(str(seed))
    seats = len(players)
    state = RpsState(
        map_id=MAP_ID,
        owner={},
        armies={},
        options=options,
        players=[
            Player(p.name, p.control, p.color or COLOURS[i], energy=options.start_energy)
            for i, p in enumerate(players)
        ],
        rng=rng,
        bids=[None] * seats,
        last_slots=[0] * seats,
    )
    state.devastated = draw_devastation(board, rng, options.devastated, options.devastation_redraw)
    if options.selection == "random":
        claims = [t for t in board.land if t not in state.devastated]
        rng.shuffle(claims)
        state.place_all({t: (i % seats, Side(e=1)) for i, t in enumerate(claims)})
        state.phase = Phase.SETUP
    else:
        state.phase = Phase.CLAIM
    return state


def claim(state: RpsState, order: Claim) -> list[Event]:
    """Manual claims: one Elemental on an unclaimed, non-devastated land territory."""
    seat = state.next_seat
    check_territory(state, order.territory)
    if state.board.kind[order.territory] != "land":
        refuse("rps/not-land", f"claims are of land territories, not {order.territory}")
    if order.territory in state.devastated or order.territory in state.owner:
        refuse("rps/claimed", f"{state.board.names[order.territory]} is claimed or devastated")
    state.set_side(order.territory, seat, Side(e=1))
    free = [t for t in state.board.land if t not in state.devastated and t not in state.owner]
    state.next_seat = (seat + 1) % len(state.players)
    if not free:
        state.phase = Phase.SETUP
        state.next_seat = 0
    return [{"type": "claim", "seat": seat, "territory": order.territory}]


def setup_points(state: RpsState, seat: int) -> int:
    """The unit points ``seat`` places in its Setup order."""
    claims = len(state.territories_of(seat))
    return state.options.start_points_for(len(state.players)) - claims


def setup(state: RpsState, order: Setup) -> list[Event]:
    """Spec 5.3: exactly the remaining points on own territories, within the caps, plus a
    free Land Commander, Diplomat and station."""
    seat = state.next_seat
    lengths = {len(order.territories), len(order.e), len(order.j), len(order.w)}
    if len(lengths) != 1:
        refuse("rps/bad-count", "Setup's territories, e, j and w lists must have equal lengths")
    if len(set(order.territories)) != len(order.territories):
        refuse("rps/setup-duplicate", "Setup lists a territory twice")
    for territory in (*order.territories, order.land_commander, order.diplomat, order.station):
        check_owned(state, seat, territory)
    for e, j, w in zip(order.e, order.j, order.w, strict=True):
        check_counts(e=e, j=j, w=w)
    points = sum(
        e * UNIT_POINTS["E"] + j * UNIT_POINTS["J"] + w * UNIT_POINTS["W"]
        for e, j, w in zip(order.e, order.j, order.w, strict=True)
    )
    wanted = setup_points(state, seat)
    if points != wanted:
        refuse("rps/setup-points", f"Setup places {points} unit points; {wanted} are needed")
    have = state.pieces(seat)
    added = {"E": sum(order.e), "J": sum(order.j), "W": sum(order.w)}
    for unit, count in added.items():
        if have[unit] + count > state.options.cap(unit):
            refuse(
                "rps/cap-reached",
                f"{have[unit] + count} {unit} is over the cap of {state.options.cap(unit)}",
            )
    if state.board.kind[order.station] != "land":
        refuse("rps/not-land", f"the station must be on land, not {order.station}")
    for territory, e, j, w in zip(order.territories, order.e, order.j, order.w, strict=True):
        state.add_side(territory, seat, Side(e, j, w))
    for commander, territory in (("land", order.land_commander), ("diplomat", order.diplomat)):
        state.add_side(territory, seat, Side(commanders=frozenset({commander})))
    state.stations.add(order.station)
    events: list[Event] = [{"type": "setup", "seat": seat}]
    if seat + 1 < len(state.players):
        state.next_seat = seat + 1
    else:
        state.next_seat = 0
        events += start_year(state)
    return events
