"""Rule cases: reinforcements and cards (manual pp.6-9, 32, 34-35; RULINGS §1)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalOrderError
from engine.maps import CardType, load_map
from engine.rulesets.classic.cards import rising_value, set_kind
from engine.rulesets.classic.orders import EndTurn, Place, TradeCards
from engine.rulesets.classic.state import ClassicState, Phase
from engine.rulesets.classic.turn import base_reinforcements, start_turn
from tests.conftest import classic_position, play

MAP = load_map("classic")
NA = MAP.continents["north_america"].territories
AUS = MAP.continents["australia"].territories


def cards_of(kind: str) -> list[int]:
    return [c.index for c in MAP.deck if c.type.value == kind]


def spread(count: int) -> list[str]:
    """``count`` territories taken round the continents, so that none is held whole."""
    columns = [list(c.territories[:-1]) for c in MAP.continents.values()]
    order = [col[i] for i in range(12) for col in columns if i < len(col)]
    return order[:count]


def owning(count: int) -> dict[str, int]:
    return dict.fromkeys(spread(count), 0)


@pytest.mark.parametrize(("territories", "armies"), [(11, 3), (14, 4), (17, 5), (5, 3), (8, 3)])
def test_territories_divided_by_three_at_least_three(territories: int, armies: int) -> None:
    """Manual p.7: "11 territories = 3 armies, 14 territories = 4 armies, 17 territories
    = 5 armies. You always receive at least three armies"."""
    state = classic_position(owning(territories), default_owner=1)
    assert base_reinforcements(state, 0) == armies


def test_continent_bonus() -> None:
    """Manual p.7: "North America 5 ... Australia 2"; held at the start of the turn."""
    owners = dict.fromkeys(NA + AUS, 0)
    state = classic_position(owners, default_owner=1)
    assert base_reinforcements(state, 0) == max(3, 13 // 3) + 5 + 2


def test_rising_set_values() -> None:
    """RULINGS §1: "Rising card sets: 4, 6, 8, 10, 12, 15, then +5 each" and low exchange
    makes each step +1."""
    assert [rising_value(k, False) for k in range(9)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]
    assert [rising_value(k, True) for k in range(4)] == [4, 5, 6, 7]


def test_set_kinds_and_wild_cards() -> None:
    """Manual p.7: "three cards of the same suit ...; three cards of different suits; or
    any two cards plus a wild card"."""
    i, c, a, w = CardType.INFANTRY, CardType.CAVALRY, CardType.ARTILLERY, CardType.WILD
    assert set_kind([i, i, i]) == "infantry"
    assert set_kind([i, c, a]) == "mixed"
    assert set_kind([i, c, w]) == "mixed"
    assert set_kind([c, c, w]) == "cavalry"
    assert set_kind([i, i, c]) is None


def _reinforce_with_cards(
    cards: list[int], more: tuple[str, ...] = (), **options: object
) -> ClassicState:
    """Seat 0 holds 14 territories spread out and ``cards``."""
    return classic_position(owning(14), options=dict(options), cards={0: cards}, more=more)


def test_global_rising_count_and_trade() -> None:
    """Manual p.8: "if you trade in the third set in the game, you receive eight armies,
    even if it is your first set"."""
    infantry = cards_of("infantry")
    far = [c for c in infantry if MAP.deck[c].territory not in spread(14)][:3]
    state = _reinforce_with_cards(far, ("sets_traded 2",))
    start_turn(state, 0)
    before = state.reinforcements
    state, _events = play(state, TradeCards(tuple(far)))
    assert state.reinforcements == before + 8
    assert state.sets_traded == 3
    assert state.draw_pile[-3:] == far  # spent cards go under the deck


def test_fixed_set_values() -> None:
    """RULINGS §1: "Fixed sets (UK): three artillery 4, three infantry 6, three cavalry 8,
    one of each 10; a wild card stands for any type"."""
    owners = owning(14)
    far = [c.index for c in MAP.deck if c.territory not in owners]
    by_type = {
        k: [c for c in far if MAP.deck[c].type.value == k]
        for k in ("infantry", "cavalry", "artillery", "wild")
    }
    cases = [
        (by_type["artillery"][:3], 4),
        (by_type["infantry"][:3], 6),
        (by_type["cavalry"][:3], 8),
        ([by_type["infantry"][0], by_type["cavalry"][0], by_type["artillery"][0]], 10),
        ([by_type["cavalry"][0], by_type["cavalry"][1], by_type["wild"][0]], 8),
    ]
    for cards, value in cases:
        state = classic_position(owners, options={"card_sets": "fixed"}, cards={0: cards})
        start_turn(state, 0)
        before = state.reinforcements
        state, _ = play(state, TradeCards(tuple(cards)))
        assert state.reinforcements - before == value, cards


def test_not_a_set_and_not_your_cards_refused() -> None:
    """Manual p.32: "Select three cards to exchange"; only matched sets are accepted."""
    infantry, cavalry = cards_of("infantry"), cards_of("cavalry")
    hand = [infantry[0], infantry[1], cavalry[0]]
    state = _reinforce_with_cards(hand)
    start_turn(state, 0)
    with pytest.raises(IllegalOrderError) as info:
        play(state, TradeCards(tuple(hand)))
    assert info.value.code == "order/not-a-set"
    with pytest.raises(IllegalOrderError) as info:
        play(state, TradeCards((infantry[0], infantry[1], infantry[2])))
    assert info.value.code == "order/not-your-card"


def test_territory_bonus_two_armies_once_per_turn() -> None:
    """Manual p.8-9: "If any of the three cards you trade in represent a territory you
    occupy, you receive two extra armies ... onto that particular territory ... no more
    than two extra armies" a turn; RULINGS §1: only the first matching card pays."""
    owned = spread(14)
    mine = [c.index for c in MAP.deck if c.territory in owned]
    by_type: dict[str, list[int]] = {}
    for c in mine:
        by_type.setdefault(MAP.deck[c].type.value, []).append(c)
    set1 = by_type["infantry"][:3]
    set2 = by_type["cavalry"][:3]
    state = _reinforce_with_cards(set1 + set2)
    start_turn(state, 0)
    first_territory = MAP.deck[set1[0]].territory
    assert first_territory is not None
    before = dict(state.armies)
    state, events = play(state, TradeCards(tuple(set1)))
    bonus = [e for e in events if e["type"] == "card-bonus"]
    assert len(bonus) == 1 and bonus[0]["territory"] == first_territory
    assert state.armies[first_territory] == before[first_territory] + 2
    after_first = dict(state.armies)
    state, events = play(state, TradeCards(tuple(set2)))
    assert not [e for e in events if e["type"] == "card-bonus"]
    assert state.armies == after_first


def test_five_cards_must_trade_before_placing() -> None:
    """Manual p.8: "Once you have five RISK cards, you MUST trade in the resulting matched
    set at the beginning of your next turn"."""
    hand = cards_of("infantry")[:2] + cards_of("cavalry")[:2] + cards_of("artillery")[:1]
    state = _reinforce_with_cards(hand)
    start_turn(state, 0)
    with pytest.raises(IllegalOrderError) as info:
        play(state, Place(spread(1)[0], 1))
    assert info.value.code == "order/must-trade"


def test_reinforcements_placed_then_attack_phase() -> None:
    """Manual p.6: "You may immediately place these armies onto any one or more of your
    territories"; when all are placed the attack step begins."""
    state = _reinforce_with_cards([])
    start_turn(state, 0)
    assert state.reinforcements == 4
    first, second = spread(2)
    state, _ = play(state, Place(first, 3))
    assert state.phase is Phase.REINFORCE and state.reinforcements == 1
    with pytest.raises(IllegalOrderError):
        play(state, Place(second, 2))
    state, _ = play(state, Place(second, 1))
    assert state.phase is Phase.ATTACK
    with pytest.raises(IllegalOrderError) as info:
        play(state, Place(second, 1))
    assert info.value.code == "order/wrong-phase"


def test_army_limit_loses_what_cannot_be_placed_and_logs_it() -> None:
    """Manual p.34: "that player loses an amount of armies such that he can reinforce his
    territories only just up to the limit. A message on screen alerts the player"."""
    owned = MAP.territory_ids[:3]
    state = classic_position(
        dict.fromkeys(owned, 0), {t: 4 for t in owned}, options={"army_limit": 5}
    )
    events = start_turn(state, 0)
    assert state.reinforcements == 3  # 3 armies of room, 3 due
    state.armies[owned[0]] = 5
    state.armies[owned[1]] = 5
    events = start_turn(state, 0)
    assert state.reinforcements == 1
    lost = [e for e in events if e["type"] == "armies-lost"]
    assert lost and lost[0]["count"] == 2
    with pytest.raises(IllegalOrderError) as info:
        play(state, Place(owned[0], 1))
    assert info.value.code == "order/army-limit"


def test_neutral_is_exempt_from_the_army_limit() -> None:
    """Manual p.38: "Being neutral, the neutral player is exempt from the army limit!"."""
    from engine.rulesets.classic.common import room

    state = classic_position(
        {"alaska": 2, "peru": 0},
        {"alaska": 40, "peru": 5},
        players=2,
        options={"neutral": "uk", "army_limit": 5},
    )
    assert room(state, "alaska") > 1000
    assert room(state, "peru") == 0


def test_end_turn_passes_to_next_player_with_reinforcements() -> None:
    """Manual p.6: "At the beginning of each turn ... you receive additional armies"."""
    state = classic_position({}, phase=Phase.FORTIFY)
    state, events = play(state, EndTurn())
    assert state.current == 1 and state.phase is Phase.REINFORCE
    assert any(e["type"] == "reinforcements" and e["seat"] == 1 for e in events)


def test_card_bonus_never_takes_the_room_the_pool_needs() -> None:
    """Manual p.35: "Bonus armies obtained when a player occupies the territory on a RISK
    card being exchanged are similarly affected" by the army limit: when the limit leaves
    room only for the armies already due, the bonus armies are the ones lost, so that
    every army in the pool can still be placed."""
    owned = spread(3)
    cards = [c.index for c in MAP.deck if c.territory == owned[0]]
    others = [
        c.index for c in MAP.deck if c.type is MAP.deck[cards[0]].type and c.territory not in owned
    ]
    hand = [cards[0], *others[:2]]
    state = classic_position(
        dict.fromkeys(owned, 0),
        dict.fromkeys(owned, 4),
        options={"army_limit": 5},
        cards={0: hand},
    )
    start_turn(state, 0)
    assert state.reinforcements == 3  # exactly the three free places
    state, events = play(state, TradeCards(tuple(hand)))
    from engine.rulesets.classic.common import total_room

    assert state.reinforcements <= total_room(state, 0)
    assert state.armies[owned[0]] == 4
    assert sum(e["count"] for e in events if e["type"] == "armies-lost") >= 2
    for territory in owned:
        state, _ = play(state, Place(territory, 1))
    assert state.phase is Phase.ATTACK
