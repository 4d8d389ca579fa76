"""Section 19's default position and small helpers for the Risk, Paper, Scissors cases."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from engine.core import Order, find_ruleset
from engine.errors import EngineError
from engine.rng import Rng
from engine.rulesets.risk_paper_scissors import RpsRuleset, RpsState
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES, RpsOptions
from engine.rulesets.risk_paper_scissors.orders import Phase
from engine.rulesets.risk_paper_scissors.state import Garrison, Player, TurnState

RPS: RpsRuleset = find_ruleset("rps")  # type: ignore[assignment]
RED, BLUE, GREEN = 0, 1, 2
SEATS = {"Red": RED, "Blue": BLUE, "Green": GREEN}
RESERVES = {RED: "eastern_australia", BLUE: "madagascar", GREEN: "irkutsk"}
_ENTRY = re.compile(
    r"^(Red|Blue|Green) (?:(\d+)E)?/?(?:(\d+)J)?/?(?:(\d+)W)?(?:\+([a-z,]+))?( ★)?$"
)


def garrison(text: str) -> tuple[Garrison, bool]:
    """``Red 4E/2J/1W+space ★`` as a garrison and whether a station is there."""
    match = _ENTRY.match(text)
    assert match, f"bad position entry {text!r}"
    who, e, j, w, cmds, star = match.groups()
    commanders = [c for c in COMMANDER_TYPES if c in (cmds or "").split(",")]
    return Garrison(SEATS[who], int(e or 0), int(j or 0), int(w or 0), commanders), bool(star)


def position(
    layout: Mapping[str, str] | None = None,
    *,
    energy: Mapping[int, int] | None = None,
    no_reserve: Iterable[int] = (),
    phase: Phase = Phase.ACTION,
    hands: Mapping[int, list[str]] | None = None,
    options: Mapping[str, Any] | None = None,
    devastated: Iterable[str] = (),
) -> RpsState:
    """Spec 19's default position: year 2, Red on turn in the action phase with 20
    energy, Blue and Green 10; the reserves hold 1E+land,diplomat; every other land
    territory holds Green 1E; water and Moon empty unless ``layout`` says otherwise."""
    board = load_board()
    layout = dict(layout or {})
    placed = {t: garrison(text) for t, text in layout.items()}
    state = RpsState(
        options=RpsOptions.from_mapping(options or {}),
        players=[Player("Red", energy=20), Player("Blue", energy=10), Player("Green", energy=10)],
        rng=Rng("test"),
        phase=phase,
        turn=2,
        bids=[None, None, None],
        order=[RED, BLUE, GREEN],
        slot=0,
        last_slots=[1, 2, 3],
        turn_state=TurnState(),
        devastated=list(devastated),
    )
    moved = {(g.owner, c) for g, _ in placed.values() for c in g.commanders}
    reserves = {seat: t for seat, t in RESERVES.items() if seat not in set(no_reserve)}
    for t in board.order:
        if t in placed:
            g, star = placed[t]
            state.garrisons[t] = g
            if star:
                state.stations.add(t)
        elif t in state.devastated:
            continue
        elif t in reserves.values():
            seat = next(s for s, r in reserves.items() if r == t)
            kept = [c for c in ("land", "diplomat") if (seat, c) not in moved]
            state.garrisons[t] = Garrison(seat, 1, 0, 0, kept)
        elif board.kind[t] == "land":
            state.garrisons[t] = Garrison(GREEN, 1)
    for seat, amount in (energy or {}).items():
        state.players[seat].energy = amount
    for seat, cards in (hands or {}).items():
        state.players[seat].hand = list(cards)
    return state


def owning(territories: Iterable[str], **kw: Any) -> RpsState:
    """The default position, but Red owns exactly ``territories`` (1E each); Red's other
    territories (its reserve) go to Green."""
    s = position(**kw)
    for t, g in list(s.garrisons.items()):
        if g.owner == RED:
            s.garrisons[t] = Garrison(GREEN, 1)
    for t in territories:
        s.garrisons[t] = Garrison(RED, 1)
    return s


def play(state: RpsState, *orders: Order) -> RpsState:
    for order in orders:
        state = RPS.apply(state, order).state
    return state


def refused(state: RpsState, order: Order, code: str) -> None:
    """``order`` is refused with ``code`` and the state is untouched."""
    before = state.to_json()
    with pytest.raises(EngineError) as info:
        RPS.apply(state, order)
    assert info.value.code == code, info.value
    assert state.to_json() == before


def units(state: RpsState, territory: str) -> str | None:
    """``Red 1E/1J/0W+land`` or None for an empty territory."""
    g = state.garrisons.get(territory)
    if g is None:
        return None
    text = f"{state.players[g.owner].name} {g.e}E/{g.j}J/{g.w}W"
    return text + ("+" + ",".join(g.commanders) if g.commanders else "")
