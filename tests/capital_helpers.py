"""Board building, orders and scripted dice for the Capital Risk adjudication tests."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import PlayerSpec, find_ruleset
from engine.rulesets.capital import CapitalState, Phase, Resolve, SubmitOrders
from engine.rulesets.capital.orders import Attack, Surge, Tactical

RS = find_ruleset("capital")
A, B, C, D = 0, 1, 2, 3


def board(
    layout: dict[str, tuple[int, int]], factions: int = 4, options: dict | None = None
) -> CapitalState:
    """A turn-1 position: ``layout`` gives (faction, units before placement); every other
    territory belongs to the last faction (a bystander) with one unit."""
    names = "ABCDEFGH"[:factions]
    state = RS.new_game([PlayerSpec(n) for n in names], options or {}, "test")
    state.phase = Phase.ORDERS
    state.turn = 1
    state.capitals_revealed = True
    state.setup = [None] * factions
    for t in state.owner:
        state.owner[t] = factions - 1
        state.armies[t] = 1
    for t, (f, n) in layout.items():
        state.owner[t] = f
        state.armies[t] = n
    return state


def orders(
    faction: int,
    place: Sequence[tuple[str, int | None]] = (),
    attacks: Sequence[tuple[str, str, int | None]] = (),
    surge: tuple[str, str, int | None] | tuple[str, str, int | None, int] | None = None,
    tactical: tuple[str, Sequence[tuple[str, int | None]]] | None = None,
    trades: Sequence[tuple[int, int, int]] = (),
    player: str = "",
) -> SubmitOrders:
    return SubmitOrders(
        faction,
        player,
        tuple(place),
        tuple(Attack(*a) for a in attacks),
        None if surge is None else Surge(*surge),
        None if tactical is None else Tactical(tactical[0], tuple(tactical[1])),
        tuple(trades),
    )


def run(
    state: CapitalState, submitted: Sequence[SubmitOrders], faces: Sequence[int] = ()
) -> CapitalState:
    """Submit through the ruleset, then resolve (forced: the bystander stays silent) with
    the given dice, every one of them used (the dice hook of ``Ruleset.apply``)."""
    for order in submitted:
        state = RS.apply(state, order).state
    return RS.apply(state, Resolve(force=True), dice=faces).state


def kinds(state: CapitalState) -> list[str]:
    assert state.last_report is not None
    return [b["kind"] for b in state.last_report["attacks"]]


def offense_codes(state: CapitalState, faction: int | None = None) -> list[str]:
    assert state.last_report is not None
    return [
        o["code"]
        for o in state.last_report["offenses"]
        if faction is None or o["faction"] == faction
    ]


def at(state: CapitalState, territory: str) -> tuple[int, int]:
    return state.owner[territory], state.armies[territory]
