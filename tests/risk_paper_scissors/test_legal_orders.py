"""``legal_orders`` (spec 7.3, rulings §4): what it lists, that it stays short whatever an
edited code sets, and that it agrees with ``apply`` (the checks it makes without trying
each order on a copy are the engine's own)."""

from __future__ import annotations

import random

import pytest

from engine.ai import choose_order
from engine.core import Order, PlayerSpec
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.cards import ASSEMBLE_KIND, CARDS, Timing
from engine.rulesets.risk_paper_scissors.legal import (
    bid_amounts,
    bid_range,
    force_fields,
    largest_force,
)
from engine.rulesets.risk_paper_scissors.orders import (
    ArmCard,
    Attack,
    Bid,
    EndTurn,
    Move,
    Phase,
    PlayCard,
    ResolveBids,
)
from engine.rulesets.risk_paper_scissors.rules import is_legal
from engine.rulesets.risk_paper_scissors.state import RpsState
from tests.risk_paper_scissors.helpers import RED, RPS, position


def _pairs(orders: list[Order]) -> set[tuple[str, str, str]]:
    return {(o.KIND, o.origin, o.target) for o in orders if isinstance(o, Move | Attack)}


def reference_action_orders(state: RpsState) -> list[Order]:
    """The listing as it was before it was bounded: every candidate with the largest
    force, each tried by ``apply`` on a copy (slow, but the engine's own verdict)."""
    seat = state.current
    loss_order = state.options.commander_loss_order
    own = [t for t in state.territories_of(seat) if state.armies[t] > 1]
    mine = state.territories_of(seat)
    candidates: list[Order] = []
    for origin in own:
        force = force_fields(largest_force(state.side_at(origin), loss_order))
        for target in state.board.order:
            if target != origin:
                kind = Move if state.owner.get(target) == seat else Attack
                candidates.append(kind(origin, target, **force))  # type: ignore[arg-type]
    for card_id in dict.fromkeys(state.players[seat].hand):
        card = CARDS[card_id]
        if card.timing is Timing.ARMED:
            candidates += [ArmCard(card_id, t) for t in mine]
        elif card_id in ASSEMBLE_KIND:
            candidates += [PlayCard(card_id, territory=t, e=1) for t in mine]
        elif card_id == "nuclear.rocket_strike":
            candidates += [
                PlayCard(card_id, territory=t, unit_class=u)
                for t, owner in state.owner.items()
                if owner != seat
                for u in ("E", "J", "W")
            ]
        elif card_id == "diplomat.redeployment":
            for origin in own:
                force = force_fields(largest_force(state.side_at(origin), loss_order))
                candidates += [
                    PlayCard(card_id, territory=origin, target=t, **force)  # type: ignore[arg-type]
                    for t in mine
                    if t != origin
                ]
        elif card.timing is Timing.MAIN:
            candidates.append(PlayCard(card_id))
    return [o for o in candidates if is_legal(state, o)] + [EndTurn()]


def test_an_affordable_attack_is_listed_with_the_force_the_player_can_pay_for() -> None:
    """Rulings §4: "`legal_orders` lists an (origin, target) pair whenever some force the
    player can pay for may legally go there; the order it lists carries the largest force
    the player can pay for."  1 energy buys 2 unit-steps: 5 Elementals in Alaska may
    attack Kamchatka with 2 of them, so the pair is listed with 2E."""
    s = position({"alaska": "Red 5E", "kamchatka": "Blue 1J"}, energy={RED: 1})
    attacks = [o for o in RPS.legal_orders(s) if isinstance(o, Attack) and o.origin == "alaska"]
    on_kamchatka = [o for o in attacks if o.target == "kamchatka"]
    assert on_kamchatka == [Attack("alaska", "kamchatka", e=2)]
    assert is_legal(s, on_kamchatka[0])
    assert not is_legal(s, Attack("alaska", "kamchatka", e=3))  # one more is unaffordable


def test_a_move_is_listed_with_the_force_its_path_can_be_paid_for() -> None:
    """Rulings §4 for a Move: a move costs its units times its steps (10.1); with 1 energy
    (2 unit-steps) and a 2-step path, one unit may go, so the pair is listed with 1."""
    layout = {"alaska": "Red 5E", "northwest_territory": "Red 1E", "ontario": "Red 1E"}
    s = position(layout, energy={RED: 1})
    moves = {(o.origin, o.target): o for o in RPS.legal_orders(s) if isinstance(o, Move)}
    assert moves[("alaska", "northwest_territory")] == Move("alaska", "northwest_territory", e=2)
    assert moves[("alaska", "ontario")] == Move("alaska", "ontario", e=1)  # 2 steps
    assert not is_legal(s, Move("alaska", "ontario", e=2))
    s = position(layout, energy={RED: 0})
    assert not [o for o in RPS.legal_orders(s) if isinstance(o, Move | Attack)]


def test_with_nothing_to_pay_no_move_or_attack_is_listed() -> None:
    """Rulings §4: no force the player can pay for, no pair (the bank pays first)."""
    layout = {"alaska": "Red 5E", "kamchatka": "Blue 1J"}
    assert not _pairs(RPS.legal_orders(position(layout, energy={RED: 0})))
    s = position(layout, energy={RED: 0}, more=["bank 1"])
    assert Attack("alaska", "kamchatka", e=1) in RPS.legal_orders(s)


def test_a_bid_at_a_million_energy_is_listed_by_a_few_amounts() -> None:
    """6.2: a bid is any amount from 0 to the bidder's energy.  An edited code can set
    10**6 energy: the listing names a few dozen amounts (0, the energy, and steps
    between), and :func:`bid_range` says that every amount between is legal.  (A code
    read today carries at most 10**5 energy: set on the state, above any code.)"""
    s = position(phase=Phase.BID, more=["order"])
    s.players[RED].energy = 10**6  # above what a text (or a code) may say
    listed = RPS.legal_orders(s)
    bids = [o.amount for o in listed if isinstance(o, Bid)]
    assert len(listed) < 50
    assert bids[0] == 0 and bids[-1] == 10**6 and bids == sorted(set(bids))
    assert all(amount in bid_range(s, RED) for amount in bids)
    assert bid_range(s, RED) == range(10**6 + 1)
    assert ResolveBids(force=True) in listed


@pytest.mark.parametrize("energy", [0, 1, 7, 10, 11, 99, 100, 250])
def test_every_bid_amount_the_old_listing_named_is_accepted(energy: int) -> None:
    """6.2: every amount the listing once enumerated (0 to the energy) is accepted; the
    listing now names a subset of them, always with 0 and the whole energy."""
    s = position(phase=Phase.BID, energy={RED: energy}, more=["order"])
    for amount in range(energy + 1):
        assert is_legal(s, Bid(RED, amount)), amount
    assert not is_legal(s, Bid(RED, energy + 1))
    amounts = bid_amounts(energy)
    assert set(amounts) <= set(bid_range(s, RED)) and {0, energy} <= set(amounts)


def _territories_for_red(count: int, hand: list[str] | None = None) -> RpsState:
    """Red holds ``count`` land territories with 3E/1J/1W each, 40 energy and ``hand``."""
    layout = {t: "Red 3E/1J/1W" for t in load_board().land[:count]}
    return position(layout, energy={RED: 40}, hands={RED: hand or []})


def test_the_action_phase_is_listed_without_a_copy_per_candidate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Spec 7.3 and issue 25: the action phase of a player owning 42 territories had
    1,645 candidates, each tried on a copy of the state with a path search; the listing
    now copies the state not once, and agrees with that reference."""
    s = _territories_for_red(42, ["diplomat.redeployment", "land.assemble", "diplomat.cease_fire"])
    expected = reference_action_orders(s)
    copies = 0
    real_clone = RpsState.clone

    def counted(state: RpsState) -> RpsState:
        nonlocal copies
        copies += 1
        return real_clone(state)

    monkeypatch.setattr(RpsState, "clone", counted)
    listed = RPS.legal_orders(s)
    assert copies == 0
    assert listed == expected


def _agrees(state: RpsState) -> None:
    """The listing and the reference agree: the same cards and pairs (a pair the player
    can only pay part of is listed with a smaller force), each listed order applies, and
    each reference order is still accepted."""
    listed = RPS.legal_orders(state)
    reference = reference_action_orders(state)
    assert [o for o in listed if not isinstance(o, Move | Attack)] == [
        o for o in reference if not isinstance(o, Move | Attack)
    ]
    assert _pairs(reference) <= _pairs(listed)
    for order in listed:
        assert is_legal(state, order), order
        if isinstance(order, Move | Attack):
            loss_order = state.options.commander_loss_order
            bigger = largest_force(state.side_at(order.origin), loss_order)
            if bigger.units > order.e + order.j + order.w + len(order.commanders):
                assert order not in reference


def test_the_listing_agrees_with_apply_over_played_games() -> None:
    """7.3: over games played by the computer (with cards and energy dealt at random to
    reach every branch), the bounded listing and the engine's own verdict agree."""
    rng = random.Random(25)
    checked = 0
    for game in range(2):
        specs = [PlayerSpec(f"P{i}", "standard") for i in range(3)]
        state = RPS.new_game(specs, {}, f"legal{game}")
        while state.phase is not Phase.GAME_OVER and checked < 40:
            if state.phase is Phase.ACTION and rng.random() < 0.3:
                probe = state.clone()
                seat = probe.current
                probe.players[seat].hand = rng.sample(sorted(CARDS), 4)
                probe.players[seat].energy = rng.choice([0, 1, 2, 5, 30])
                probe.turn_state.bank = rng.choice([0, 1])
                _agrees(probe)
                checked += 1
            state = RPS.apply(state, choose_order(state)).state
    assert checked >= 20


@pytest.mark.parametrize("elementals", [3, 21])
def test_every_card_is_listed_as_apply_allows(elementals: int) -> None:
    """13: a card is listed where ``apply`` would take it: Assemble on its kind of
    territory and within the cap, a Rocket Strike only where it destroys something, an
    armed card only where it may lie, Invade Earth only from the Moon."""
    layout = {
        "alaska": f"Red {elementals}E/1J+land,naval,space,nuclear,diplomat",
        "aleutian_trench": "Red 2E",
        "plato": "Red 1E",
        "kamchatka": "Blue 2E/1W",
        "copernicus": "Blue 1J",
    }
    hands = {RED: sorted(CARDS)}
    s = position(layout, energy={RED: 30}, hands=hands, armed={"plato": "diplomat.cease_fire"})
    _agrees(s)
    listed = RPS.legal_orders(s)
    assert PlayCard("nuclear.rocket_strike", territory="kamchatka", unit_class="E") in listed
    assert PlayCard("nuclear.rocket_strike", territory="copernicus", unit_class="J") not in listed
    assert ArmCard("land.death_trap", "aleutian_trench") not in listed
    assert ArmCard("diplomat.cease_fire", "aleutian_trench") in listed
    assert ArmCard("diplomat.cease_fire", "plato") not in listed
    assert PlayCard("space.invade_earth") in listed
    assembles = {o.territory for o in listed if isinstance(o, PlayCard) and o.card in ASSEMBLE_KIND}
    everywhere = {"alaska", "aleutian_trench", "plato", "eastern_australia"}
    assert s.pieces(RED)["E"] == elementals + 4
    assert assembles == (everywhere if elementals + 4 < 25 else set())  # the cap is 25 E
    # Red leaves the Moon: no Invade Earth
    s = position({**layout, "plato": "Blue 1E"}, energy={RED: 30}, hands=hands)
    assert PlayCard("space.invade_earth") not in RPS.legal_orders(s)
    _agrees(s)


def test_attacks_the_engine_refuses_are_left_out() -> None:
    """10.3: no attack on a devastated territory, none on a Cease Fire's owner, none
    after a Redeployment (attacks over); the listing leaves each out as apply does."""
    layout = {"alaska": "Red 5E", "kamchatka": "Blue 1J"}
    s = position(layout, devastated=["alberta"])
    _agrees(s)
    s = position(layout, devastated=["alberta"], more=["cease_fire 1"])
    assert ("Attack", "alaska", "kamchatka") not in _pairs(RPS.legal_orders(s))
    _agrees(s)
    s = position(layout, devastated=["alberta"], more=["cease_fire 1", "attacks_over true"])
    assert not [o for o in RPS.legal_orders(s) if isinstance(o, Attack)]
    _agrees(s)
