"""How Easy and Standard play a crowded Capital Risk game (four factions or more alive),
the judgement that sets the levels apart at four and six factions: Easy shuts its
capital in and throws the rest at odds barely above even, Standard holds its capital
tightly and attacks at fair odds, Good (measured the strongest) guards less and attacks
only at good odds, and Expert breaks the leading rival first."""

from __future__ import annotations

from dataclasses import replace

import engine.rulesets.capital.ai.expert as expert
import engine.rulesets.capital.ai.levels  # noqa: F401  (registers the levels)
from engine.rulesets.capital import CapitalState, SubmitOrders
from engine.rulesets.capital.ai.levels import EASY, GOOD, STANDARD, judgement, orders_for
from engine.rulesets.capital.ai.plan import LevelProfile, leading_rival
from engine.rulesets.capital.ai.view import View
from tests.capital_helpers import A, B, position

CAPITAL = (
    "seat 0 A capital=indonesia",
    "indonesia 0 5",
    "new_guinea 0 1",
    "western_australia 0 1",
    "eastern_australia 0 1",
    "argentina 0 3",
    "brazil 0 3",
    "peru 0 3",
    "venezuela 0 3",
    "siam 1 3",
)
"""A holds Australia (its capital Indonesia, five units, room for three more) and South
America (Brazil and Venezuela face 40-unit stacks); Siam's three units, with one
probable placement, can send three against Indonesia."""


def _board(lines: tuple[str, ...], crowd: bool, factions: int = 4) -> CapitalState:
    """``lines`` in a duel (the rest of the map the enemy's, 40 units a territory) or
    in a crowd of ``factions`` (the rest a bystander's, and a third faction on Iceland
    when there are four)."""
    if crowd:
        third = ["iceland 2 3"] if factions == 4 else []
        return position("\n".join([*lines, *third]), factions=factions, rest_units=40)
    return position("\n".join(lines), factions=2, rest_units=40)


def _orders(state: CapitalState, profile: LevelProfile, in_duel: bool = False) -> SubmitOrders:
    """``profile``'s orders for A; ``in_duel``: with the judgement it has in a duel."""
    return orders_for(
        state, A, replace(profile, crowd_from=99, throng_from=99) if in_duel else profile
    )


def _on_capital(orders: SubmitOrders) -> int:
    return dict(orders.placements).get("indonesia", 0)


def test_the_crowd_habits_start_at_four_factions() -> None:
    """The habits start once four factions are alive: in a duel each level plays its own
    judgement, and with three alive Easy still does while Standard only asks better odds
    (three in four; a tight guard there would cost it the race for one capital)."""
    duel, three, four = (
        _board(CAPITAL, False),
        _board(CAPITAL, True, factions=3),
        _board(CAPITAL, True),
    )
    for profile in (EASY, STANDARD):
        assert judgement(duel, profile) == profile
        assert judgement(three, profile).capital_risk == profile.capital_risk
        assert judgement(four, profile).capital_risk < profile.capital_risk
    assert judgement(three, EASY) == EASY
    assert judgement(three, STANDARD).min_win == 0.75


def test_standard_holds_its_capital_tighter_in_a_crowd() -> None:
    """Among four factions, Standard accepts one chance in twelve of losing its capital
    to Siam's three: it fills Indonesia's placement limit (eight units hold).  With its
    duel judgement (three in ten) six would do: one unit, the rest to the borders."""
    crowd = _board(CAPITAL, True)
    assert _on_capital(_orders(crowd, STANDARD)) == 3
    assert _on_capital(_orders(crowd, STANDARD, in_duel=True)) == 1
    assert _orders(crowd, STANDARD).attacks == ()


def test_easy_shuts_its_capital_in_among_a_crowd() -> None:
    """In a duel Easy guards only against a near-certain loss: two units would hold
    against Siam's three, so it attacks Siam from its capital.  Among four factions it
    stays home and fills the capital's placement limit."""
    crowd = _board(CAPITAL, True)
    assert _on_capital(_orders(crowd, EASY)) == 3
    assert _orders(crowd, EASY).attacks == ()
    assert [a.origin for a in _orders(crowd, EASY, in_duel=True).attacks] == ["indonesia"]


def test_good_guards_less_than_standard_in_a_crowd() -> None:
    """Good, the level above, guards against the likeliest attack at three in ten among
    four factions: one unit on Indonesia, where Standard puts three."""
    assert _on_capital(_orders(_board(CAPITAL, True), GOOD)) == 1


ALASKA = ("alaska 0 2", "kamchatka 1 2")


def _attacks(state: CapitalState, level: str) -> list[str]:
    profile = {"easy": EASY, "standard": STANDARD}[level]
    return [a.target for a in _orders(state, profile).attacks]


def test_easy_attacks_at_worse_odds_in_a_crowd() -> None:
    """Alaska (two units, room for one more: no own neighbour) against Kamchatka's two:
    two attackers win about 56 times in 100.  Easy wants 70 in a duel and stays home;
    among four factions it wants only 50 and attacks."""
    assert _attacks(_board(ALASKA, False), "easy") == []
    assert _attacks(_board(ALASKA, True), "easy") == ["kamchatka"]


def test_standard_attacks_at_fair_odds_only_in_a_crowd() -> None:
    """The same 56-in-100 attack: Standard makes it in a duel (it wants 55) and not among
    four factions (it wants 60: a third party profits from every army it loses)."""
    assert _attacks(_board(ALASKA, False), "standard") == ["kamchatka"]
    assert _attacks(_board(ALASKA, True), "standard") == []


LEADER = """
seat 0 A expert capital=argentina
seat 1 B good capital=kamchatka
seat 2 C good capital=iceland
seat 3 D good capital=madagascar
argentina 0 12
brazil 0 3
peru 0 3
venezuela 0 3
ukraine 0 4
northern_europe 0 1
southern_europe 0 1
middle_east 0 1
afghanistan 0 1
scandinavia 2 2
iceland 2 6
great_britain 2 2
ural 1 2
kamchatka 1 8
madagascar 3 6
south_africa 3 2
"""
"""Four factions: B holds every territory not written (the leader by far in
reinforcements); A's Ukraine (4) faces Scandinavia (C, 2) and Ural (B, 2)."""


def test_expert_in_a_crowd_breaks_the_leader_first() -> None:
    """With four factions alive a game is won by whoever snowballs: Expert's judgement
    counts each territory of the rival with the most reinforcements (above its own)
    double.  From Ukraine, with Scandinavia (C) and Ural (B) held by two armies
    each, Good (and Expert's judgement without the weight) takes Scandinavia, the
    first in map order; Expert's judgement takes Ural from the leader."""
    state = position(LEADER, factions=4, rest=B)
    assert leading_rival(View(state, A)) == B

    def from_ukraine(profile: LevelProfile) -> set[str]:
        return {a.target for a in orders_for(state, A, profile).attacks if a.origin == "ukraine"}

    assert from_ukraine(GOOD) == {"scandinavia"}
    assert from_ukraine(replace(expert.READ_FOUR, leader_weight=0.0)) == {"scandinavia"}
    assert from_ukraine(expert.READ_FOUR) == {"ural"}
