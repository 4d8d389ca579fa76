"""Section 19's default position and small helpers for the Risk, Paper, Scissors cases."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

from engine.core import Order, find_ruleset
from engine.errors import EngineError
from engine.position import option_value
from engine.rulesets.risk_paper_scissors import RpsRuleset, RpsState, Side
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES
from engine.rulesets.risk_paper_scissors.orders import Phase
from engine.rulesets.risk_paper_scissors.position import army
from tests.position_cases import over

RPS: RpsRuleset = find_ruleset("rps")  # type: ignore[assignment]
RED, BLUE, GREEN = 0, 1, 2
SEATS = {"Red": RED, "Blue": BLUE, "Green": GREEN}
RESERVES = {RED: "eastern_australia", BLUE: "madagascar", GREEN: "irkutsk"}
_ENTRY = re.compile(
    r"^(Red|Blue|Green) (?:(\d+)E)?/?(?:(\d+)J)?/?(?:(\d+)W)?(?:\+([a-z,]+))?( ★)?$"
)


def garrison(text: str) -> tuple[int, Side, bool]:
    """``Red 4E/2J/1W+space ★`` as its owner, its pieces and whether a station is there."""
    match = _ENTRY.match(text)
    assert match, f"bad position entry {text!r}"
    who, e, j, w, cmds, star = match.groups()
    commanders = frozenset(c for c in COMMANDER_TYPES if c in (cmds or "").split(","))
    return SEATS[who], Side(int(e or 0), int(j or 0), int(w or 0), commanders), bool(star)


def position(
    layout: Mapping[str, str] | None = None,
    *,
    energy: Mapping[int, int] | None = None,
    no_reserve: Iterable[int] = (),
    phase: Phase = Phase.ACTION,
    hands: Mapping[int, list[str]] | None = None,
    options: Mapping[str, Any] | None = None,
    devastated: Iterable[str] = (),
    more: Iterable[str] = (),
    armed: Mapping[str, str] | None = None,
    rest: int = GREEN,
    controls: Mapping[int, str] | None = None,
) -> RpsState:
    """Spec 19's default position: year 2, Red on turn in the action phase with 20
    energy, Blue and Green 10; the reserves hold 1E+land,diplomat; every other land
    territory holds Green 1E (``rest``: another seat); water and Moon empty unless
    ``layout`` says otherwise; every seat human unless ``controls`` says; ``armed``
    cards lie face down where it says; ``more`` lines of position text (a ``pending``
    loss, a ``bid``, ``order`` (none yet), ``bank 1``...) are written over these: a
    line about the same thing (the same keyword, seat, bid or territory) takes the
    place of the default's.

    Written as a position text (docs/rules-risk-paper-scissors.md) and read by the
    engine, so a case's position is one the engine accepts from a player."""
    text = position_text(
        layout, energy, no_reserve, phase, hands, options, devastated, armed, rest, controls
    )
    return RPS.from_position_text(over(text, more))


def position_text(
    layout: Mapping[str, str] | None = None,
    energy: Mapping[int, int] | None = None,
    no_reserve: Iterable[int] = (),
    phase: Phase = Phase.ACTION,
    hands: Mapping[int, list[str]] | None = None,
    options: Mapping[str, Any] | None = None,
    devastated: Iterable[str] = (),
    armed: Mapping[str, str] | None = None,
    rest: int = GREEN,
    controls: Mapping[int, str] | None = None,
) -> str:
    """The text of :func:`position` (the same arguments but ``more``)."""
    board = load_board()
    placed = {t: garrison(text) for t, text in (layout or {}).items()}
    wasted = set(devastated)
    energies = {RED: 20, BLUE: 10, GREEN: 10, **(energy or {})}
    lines = ["ruleset risk_paper_scissors", "rng test 0"]
    lines += [f"option {name} {option_value(value)}" for name, value in (options or {}).items()]
    for name, seat in SEATS.items():
        hand = (hands or {}).get(seat)
        cards = f" hand={','.join(hand)}" if hand else ""
        control = (controls or {}).get(seat, "human")
        lines.append(f"seat {seat} {name} {control} energy={energies[seat]}{cards}")
    lines += [f"phase {phase.value}", "year 2", "order 0 1 2", "last_slots 1 2 3"]
    if wasted:
        lines.append("devastated " + " ".join(t for t in devastated))
    moved = {(seat, c) for seat, side, _ in placed.values() for c in side.commanders}
    reserves = {r: seat for seat, r in RESERVES.items() if seat not in set(no_reserve)}
    for t in board.order:
        if t in placed:
            seat, side, star = placed[t]
        elif t in wasted:
            continue
        elif t in reserves:
            seat, star = reserves[t], False
            kept = frozenset(c for c in ("land", "diplomat") if (seat, c) not in moved)
            side = Side(e=1, commanders=kept)
        elif board.kind[t] == "land":
            seat, side, star = rest, Side(e=1), False
        else:
            continue
        card = (armed or {}).get(t)
        lines.append(
            f"{t} {seat} {army(side)}"
            + (" station" if star else "")
            + (f" armed={card}" if card else "")
        )
    return "\n".join(lines) + "\n"


def put(state: RpsState, territory: str, text: str | None) -> None:
    """Change one territory of a position: ``Blue 1E`` (see :func:`garrison`), or None
    to leave it empty."""
    if text is None:
        state.vacate(territory)
        return
    seat, side, star = garrison(text)
    state.set_side(territory, seat, side)
    if star:
        state.stations.add(territory)


def owning(
    territories: Iterable[str], layout: Mapping[str, str] | None = None, **kw: Any
) -> RpsState:
    """The default position, but Red owns exactly ``territories`` (1E each, unless
    ``layout`` says otherwise); Red's reserve goes to Green."""
    placed = {RESERVES[RED]: "Green 1E", **{t: "Red 1E" for t in territories}, **(layout or {})}
    return position(placed, **kw)


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
    owner = state.owner.get(territory)
    if owner is None:
        return None
    g = state.side_at(territory)
    text = f"{state.players[owner].name} {g.e}E/{g.j}J/{g.w}W"
    named = [c for c in COMMANDER_TYPES if c in g.commanders]
    return text + ("+" + ",".join(named) if named else "")
