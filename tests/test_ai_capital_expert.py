"""The Expert Capital Risk computer player: rule cases for what its look-ahead adds to
Good (the capital that wins, the own capital kept), its privacy and determinism (a
private generator seeded from the public position, a fixed count of resolutions), and
legal orders over whole games."""

from __future__ import annotations

import pytest

import engine.rulesets.capital.ai.expert as expert
from engine.ai import choose_order
from engine.core import PlayerSpec
from engine.rulesets.capital import Phase, SubmitOrders, normalise_orders
from engine.rulesets.capital.ai.levels import GOOD, orders_for
from tests.capital_helpers import RS, A, B, counting, position

WINNING_CAPITAL = """
seat 0 A expert capital=alaska
seat 1 B good capital=kamchatka
alaska 0 20
northwest_territory 0 3
alberta 0 6
kamchatka 1 6
"""
"""Two factions: B holds everything else and its capital Kamchatka (6) borders A's
capital Alaska (20)."""


def _attacks(orders: object) -> set[tuple[str, str]]:
    return {(a.origin, a.target) for a in getattr(orders, "attacks", ())}


def test_expert_takes_the_capital_that_wins_where_good_holds_back() -> None:
    """Seed: a faction wins holding its own capital plus floor(n/2) others (one, with
    two factions).  Good keeps Alaska's guard against Kamchatka's stack and does not
    attack; Expert's sampled turns show the attack on Kamchatka winning the game, and
    it sends Alaska's army."""
    state = position(WINNING_CAPITAL, factions=2)
    assert ("alaska", "kamchatka") not in _attacks(orders_for(state, A, GOOD))
    chosen = expert.expert_orders(state, A)
    assert ("alaska", "kamchatka") in _attacks(chosen)


def test_a_fallen_own_capital_costs_more_than_any_army() -> None:
    """Seed: "defend your own capitol ... you will need to defend it in order to win":
    a resolved turn without our capital is worth less than one with it, even with three
    times the armies; an open capital (a big enemy stack next door) is worth less than a
    guarded one; a won game is worth most, a lost one least."""
    held = position(
        """
        seat 0 A expert capital=alaska
        seat 1 B good capital=kamchatka
        alaska 0 10
        kamchatka 1 10
        """,
        factions=2,
    )
    fallen = held.clone()
    fallen.owner["alaska"] = B
    fallen.owner["northwest_territory"] = A
    fallen.armies["northwest_territory"] = 30
    assert expert.worth(fallen, A) < expert.worth(held, A)
    open_ = held.clone()
    open_.armies["kamchatka"] = 40
    assert expert.worth(open_, A) < expert.worth(held, A)
    won, lost = held.clone(), held.clone()
    won.winner, lost.winner = A, B
    assert expert.worth(won, A) > expert.worth(held, A) > expert.worth(lost, A)


def test_expert_keeps_the_games_dice_and_repeats_itself() -> None:
    """Expert's futures are dice from a private generator seeded from the public
    position: the game's generator has drawn nothing after Expert chose, and the same
    position gives the same orders."""
    state = position(WINNING_CAPITAL, factions=2)
    before = (state.rng.seed, state.rng.counter)
    first = expert.expert_orders(state, A)
    assert (state.rng.seed, state.rng.counter) == before
    assert expert.expert_orders(state.clone(), A) == first


def test_expert_cannot_read_sealed_orders_or_hidden_cards() -> None:
    """Orders are sealed: what a rival has already sealed, and the cards in its hand,
    are not part of the board Expert searches (its own cards are)."""
    state = position(WINNING_CAPITAL.replace("seat 1 B good", "seat 1 B good cards=1,2,3"), 2)
    state.orders[B] = orders_for(state, B, GOOD).to_json()
    public = expert.public_copy(state, A)
    assert public.orders == [None, None]
    assert public.players[B].cards == []
    assert sorted(public.draw_pile) == sorted([*state.draw_pile, 1, 2, 3])
    # The seed is made of the public board only: hidden cards do not change it.
    assert expert.position_seed(public, A) == expert.position_seed(state, A)


@pytest.mark.parametrize("factions", [2, 4, 6])
def test_search_is_a_fixed_count_of_resolutions(
    factions: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The budget counts simulated resolutions, not time: at most 24 a decision, none
    with four or more alive (Good's judgement planned against the read of its rivals
    stands)."""
    state = RS.new_game([PlayerSpec(f"P{i}", "good") for i in range(factions)], {}, "b")
    while state.phase is Phase.SETUP:
        state = RS.apply(state, choose_order(state)).state
    count = counting(monkeypatch, expert, "resolved")
    expert.expert_orders(state, 0)
    plans, samples = expert.budget(state)
    assert count() <= plans * samples <= 24
    if factions >= 4:
        assert count() == 0


RULES_CUTS = ("cards/truncated", "cards/bonus-over-limit")
"""Cuts a trade brings with it: a forced trade's units beyond a small faction's capacity,
and a traded card's +2 bonus beyond its territory's placement limit."""


@pytest.mark.parametrize(
    ("seats", "seed"),
    [(["expert", "good"], "x1"), (["expert", "standard", "good", "expert", "easy", "good"], "x2")],
)
def test_expert_orders_need_no_cuts_over_whole_games(seats: list[str], seed: str) -> None:
    """Every order Expert gives over whole games is legal as written: the engine cuts
    nothing (except a forced trade's units beyond a small faction's capacity, which
    the five-card rule imposes, or a traded card's bonus beyond its territory's limit)."""
    state = RS.new_game([PlayerSpec(f"{lv} {i}", lv) for i, lv in enumerate(seats)], {}, seed)
    while state.winner is None and state.turn <= 40:
        order = choose_order(state)
        if isinstance(order, SubmitOrders) and seats[order.faction] == "expert":
            _, cuts = normalise_orders(state, order.faction, order)
            assert [c for c in cuts if c.code not in RULES_CUTS] == [], cuts
        state = RS.apply(state, order).state
    assert state.turn > 2
