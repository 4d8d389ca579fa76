"""Board building, orders and scripted dice for the Capital Risk adjudication tests."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

import pytest

from engine.core import find_ruleset
from engine.maps import load_map
from engine.position import option_value
from engine.rulesets.capital import CapitalState, Resolve, SubmitOrders
from engine.rulesets.capital.orders import Attack, Surge, Tactical

RS = find_ruleset("capital")
A, B, C, D = 0, 1, 2, 3


def board(
    layout: dict[str, tuple[int, int]], factions: int = 4, options: dict | None = None
) -> CapitalState:
    """A turn-1 position: ``layout`` gives (faction, units before placement); every other
    territory belongs to the last faction (a bystander) with one unit.  Written as a
    position text (:func:`position`)."""
    lines = [f"option {name} {option_value(value)}" for name, value in (options or {}).items()]
    lines += [f"{t} {faction} {units}" for t, (faction, units) in layout.items()]
    return position("\n".join(lines), factions)


TURN_ONE = ("phase orders", "turn 1", "capitals_revealed true")
"""What :func:`position` writes unless the case does: turn 1's orders, capitals known."""


def position(
    text: str, factions: int = 4, rest: int | None = None, rest_units: int = 1
) -> CapitalState:
    """A position written as a position text (docs/rules-capital.md, "Position text"):
    only the lines the case is about.  Seats it does not write are human and named A, B,
    C...; the phase, turn and capitals are :data:`TURN_ONE` unless written; every
    territory it does not write belongs to ``rest`` (default the last faction, a
    bystander, as in :func:`board`) with one unit (``rest_units``)."""
    lines = [x.strip() for x in textwrap.dedent(text).splitlines() if x.strip()]
    seats = {int(x.split()[1]): x for x in lines if x.startswith("seat ")}
    others = [x for x in lines if not x.startswith("seat ")]
    written = {x.split()[0] for x in others}
    head = ["ruleset capital"]
    head += [seats.get(i, f"seat {i} {'ABCDEFGH'[i]} human") for i in range(factions)]
    head += [x for x in TURN_ONE if x.split()[0] not in written]
    ids = load_map("classic").territory_ids
    holder = factions - 1 if rest is None else rest
    tail = [f"{t} {holder} {rest_units}" for t in ids if t not in written]
    return RS.from_position_text("\n".join(head + others + tail) + "\n")


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


def counting(monkeypatch: pytest.MonkeyPatch, module: object, name: str) -> Callable[[], int]:
    """Replace ``module.name`` by a wrapper that counts its calls; returns the count."""
    calls = 0
    real = getattr(module, name)

    def counted(*args: object) -> object:
        nonlocal calls
        calls += 1
        return real(*args)

    monkeypatch.setattr(module, name, counted)
    return lambda: calls
