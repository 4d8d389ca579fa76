"""The "Learn by playing" scripts (ui/<ruleset>/guide.py, run by ui/shell/guide.py) are
valid against their positions: each position is read by the engine, every step's orders
are legal when reached, each step is done by them (and not before), the computers'
steps end, the explanation of every step is computed from the engine's result, and the
script reaches its end."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from engine.ai import choose_order
from engine.core import find_ruleset
from ui.shell.guide import (
    Guide,
    Seen,
    Step,
    allows,
    explain,
    not_yet,
    panel_html,
    percent,
    replay,
)

SCRIPTS = [
    name
    for name in ("classic", "capital", "risk_paper_scissors", "greatwar1907")
    if importlib.util.find_spec(f"ui.{name}.guide") is not None
]
COMPUTER_ORDERS = 2_000
"""A computers' step must end within this many of their orders."""


def guide_of(ruleset: str) -> Guide:
    guide: Guide = importlib.import_module(f"ui.{ruleset}.guide").GUIDE
    return guide


def computers_play(ruleset: str, state: Any, number: int) -> Any:
    """One order of the computer seat that must act (a human to act fails the step)."""
    rules = find_ruleset(ruleset)
    actor = rules.actor(state)
    assert actor is not None and not state.players[actor].is_human, (
        f"step {number}: a human must act before the computers' step ends"
    )
    return rules.apply(state, choose_order(state)).state


def play_step(guide: Guide, step: Step, state: Any) -> tuple[Any, list[Any]]:
    """The state after ``step`` from ``state``: its orders, each legal when reached."""
    rules = find_ruleset(guide.ruleset)
    start = state
    orders = list(step.orders(state))
    assert orders, f"step {step.say!r} has no orders"
    for order in orders:
        if not rules.awaits_sealed_orders(state):  # a sealed round lists only a template
            # legal_orders lists an order over many places by representatives: the kind
            # must be listed, and apply below refuses the order itself if illegal
            kinds = {type(legal) for legal in rules.legal_orders(state)}
            assert type(order) in kinds, f"{order} is not legal at step {step.say!r}"
        state = rules.apply(state, order).state  # an illegal order is refused here
    return replay(guide.ruleset, start, orders)


@pytest.mark.parametrize("ruleset", SCRIPTS)
def test_the_script_plays_through_the_engine_to_its_end(ruleset: str) -> None:
    """Every step's action is legal when reached and replaying the script through the
    engine reaches its end, each step explained."""
    guide = guide_of(ruleset)
    assert guide.ruleset == ruleset
    state = guide.start()
    for number, step in enumerate(guide.steps, 1):
        assert not step.done(state, state), f"step {number} is done before it is played"
        if step.computers:
            before = state
            for _ in range(COMPUTER_ORDERS):
                if step.done(before, state):
                    break
                state = computers_play(ruleset, state, number)
            after = state
            state = before
        else:
            after, _ = play_step(guide, step, state)
        assert step.done(state, after), f"step {number} is not done by its orders"
        told = explain(ruleset, step, state, after)
        assert told.strip(), f"step {number} explains nothing"
        assert "{" not in told and "None" not in told, told
        state = after
    assert panel_html(guide, len(guide.steps), "", "").count('data-testid="guide-real"') == 1


@pytest.mark.parametrize("ruleset", SCRIPTS)
def test_the_explanations_read_the_engines_events(ruleset: str) -> None:
    """An explanation is computed, not written in advance: told that nothing happened
    (the same state, no events), the steps say something else."""
    guide = guide_of(ruleset)
    state = guide.start()
    changed = 0
    for step in guide.steps:
        if step.computers:
            break
        after, events = play_step(guide, step, state)
        real = step.explain(Seen(state, after, events))
        if step.explain(Seen(state, state, [])) != real:
            changed += 1
        state = after
    assert changed >= 1


def test_percent_says_neither_never_nor_always_for_a_chance() -> None:
    assert percent(0.999) == "99%"
    assert percent(0.001) == "1%"
    assert percent(1.0) == "100%"
    assert percent(0.5) == "50%"


def test_a_step_lets_through_only_the_buttons_it_names() -> None:
    """Issue 29: a click on an action control the step does not ask for is turned down.
    Classic's first step (trade a set) lets the cards and "Trade set" through, not "End
    attacks"; Risk, Paper, Scissors' first (buy a Jaguar) lets the unit steppers through,
    not a card of the market; a step the computers play turns nothing down."""
    classic = guide_of("classic").steps
    assert allows(classic[0], "trade") and allows(classic[0], "card-2")
    assert not allows(classic[0], "end-attack")
    rps = guide_of("risk_paper_scissors").steps
    assert allows(rps[0], "buy-j-plus") and allows(rps[0], "buy-units")
    assert not allows(rps[0], "buy-card-land.assemble")
    assert not allows(rps[0], "end-purchase")
    watching = next(step for step in classic if step.computers)
    assert allows(watching, "end-attack")
    assert not_yet(classic[0], "Trade set") == (
        "Not yet: press “Trade set” (it glows) when the step says so."
    )


FORM_READERS = {
    "classic": "ui.classic.form:read_form",
    "capital": "ui.capital.form:read_capital_form",
    "risk_paper_scissors": "ui.risk_paper_scissors.form:read_rps_form",
    "greatwar1907": "ui.greatwar1907.form:read_greatwar_form",
}


@pytest.mark.parametrize("ruleset", SCRIPTS)
def test_play_a_real_game_fills_the_form_with_the_guides_settings(ruleset: str) -> None:
    """Issue 29: the guide "ends by offering a real game with the same settings".  The
    form values it fills in, read by the ruleset's own form reader, give the guide's
    players (names, who is human and each computer's level), played here."""
    guide = guide_of(ruleset)
    module, name = FORM_READERS[ruleset].split(":")
    read = getattr(importlib.import_module(module), name)
    form = guide.form
    players, options, *rest = read(lambda field: form.get(field, ""), lambda f: form.get(f) == "on")
    start = guide.start()
    assert [(p.name, p.control) for p in players] == [(p.name, p.control) for p in start.players]
    assert "local" in rest or ruleset == "classic"
    for field, value in options.items():
        if hasattr(start.options, field) and field != "deadline":
            assert getattr(start.options, field) == value, field
