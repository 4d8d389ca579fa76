"""The Capital Risk computer levels (Easy, Standard, Good): scenario tests on built
boards, legality over whole games, and a small tournament on a fixed seed."""

from __future__ import annotations

from statistics import mean

import pytest

import engine.rulesets.capital.ai.levels  # noqa: F401  (registers the levels)
from engine.ai import choose_order, levels
from engine.core import PlayerSpec
from engine.rulesets.capital import CapitalState, SubmitOrders, normalise_orders
from engine.rulesets.capital.ai.foresight import forecast
from engine.rulesets.capital.ai.levels import PROFILES, model_of, orders_for
from engine.rulesets.capital.ai.race import WIN_NOW, Race, race_value
from engine.rulesets.capital.ai.setup import choose_capital
from engine.rulesets.capital.ai.view import View
from engine.tournament import run_tournament
from tests.capital_helpers import RS, A, B, board, position

LEVELS = ("easy", "standard", "good")


def _walled(layout: dict[str, tuple[int, int]], *more: str) -> CapitalState:
    """A board where the bystander's territories hold 40 units each, so that the only
    sensible attacks are the ones the test is about; no capital unless ``more`` lines
    say (``seat 0 A capital=indonesia``)."""
    lines = [f"{t} {faction} {units}" for t, (faction, units) in layout.items()]
    return position("\n".join([*lines, *more]), rest_units=40)


def test_levels_are_registered() -> None:
    assert {"easy", "standard", "good", "baseline"} <= set(levels("capital"))


@pytest.mark.parametrize("level", LEVELS)
def test_reinforces_a_threatened_capital(level: str) -> None:
    """Seed: "defend your own capitol": a capital facing a big enemy stack gets every
    reinforcement its placement limit allows and sends nothing out."""
    state = _walled(
        {
            "indonesia": (A, 2),
            "new_guinea": (A, 1),
            "western_australia": (A, 1),
            "eastern_australia": (A, 1),
            "siam": (B, 14),
        },
        "seat 0 A capital=indonesia",
    )
    orders = orders_for(state, A, PROFILES[level])
    placed = dict(orders.placements)
    assert placed.get("indonesia") == 3  # 1 + its two own neighbours
    assert not any(a.origin == "indonesia" for a in orders.attacks)


@pytest.mark.parametrize("level", ["standard", "good"])
def test_uses_a_mass_invasion_against_a_big_stack(level: str) -> None:
    """Seed: "More is generally better ... Mass Invasions are also often the only way to
    pool forces": no single army beats Kamchatka's stack, so several attack it together."""
    state = _walled({"alaska": (A, 8), "yakutsk": (A, 8), "japan": (A, 8), "kamchatka": (B, 11)})
    orders = orders_for(state, A, PROFILES[level])
    origins = {a.origin for a in orders.attacks if a.target == "kamchatka"}
    assert len(origins) >= 2


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_attack_at_hopeless_odds(level: str) -> None:
    """Exact odds from engine.odds: five units never attack a stack of twenty."""
    state = _walled({"alaska": (A, 5), "kamchatka": (B, 20)})
    assert orders_for(state, A, PROFILES[level]).attacks == ()


@pytest.mark.parametrize("seed", ["c1", "c2", "c3", "c4", "c5"])
@pytest.mark.parametrize("factions", [2, 4, 8])
def test_capital_has_fewer_exposed_borders_than_average(seed: str, factions: int) -> None:
    """Seed: "Think carefully where to place your capitol": the chosen capital faces
    fewer enemy territories than the faction's average territory."""
    state = RS.new_game([PlayerSpec(f"P{i}", "good") for i in range(factions)], {}, seed)
    for seat in range(factions):
        view = View(state, seat)
        capital = choose_capital(view)
        exposed = {t: len(view.enemies_of(t)) for t in view.own}
        assert exposed[capital] < mean(exposed.values()) or exposed[capital] == 0


def _offenses(level_seats: list[str], seed: str) -> tuple[list[dict[str, object]], int]:
    """Play a game; the offenses of every faction and the turns played."""
    specs = [PlayerSpec(f"{lv} {i}", lv) for i, lv in enumerate(level_seats)]
    state = RS.new_game(specs, {}, seed)
    found: list[dict[str, object]] = []
    while state.winner is None and state.turn <= 60:
        order = choose_order(state)
        if isinstance(order, SubmitOrders):
            # The orders are already what the rules allow: normalising changes nothing.
            # (A trade the five-card rule forces may still overflow a small faction's
            # placement capacity; that cut is the rules', not the order's.)
            _, cuts = normalise_orders(state, order.faction, order)
            assert [c for c in cuts if c.code != "cards/truncated"] == [], cuts
        state = RS.apply(state, order).state
        if order.KIND == "resolve" and state.last_report is not None:
            found += state.last_report.get("offenses", [])
    return found, state.turn


@pytest.mark.parametrize(
    ("seats", "seed"),
    [(["good", "standard"], "o1"), (["standard", "good", "easy", "baseline"], "o2")],
)
def test_standard_and_good_orders_need_no_cuts(seats: list[str], seed: str) -> None:
    """Every order of the Standard and Good levels is legal as written: the report lists
    no offense against them over whole games (except a forced trade's units cut to a
    small faction's placement capacity, which the five-card rule imposes)."""
    found, _ = _offenses(seats, seed)
    bad = [
        o
        for o in found
        if seats[int(str(o["faction"]))] in ("standard", "good") and o["code"] != "cards/truncated"
    ]
    assert bad == []


@pytest.mark.parametrize(
    ("better", "worse", "least"), [("good", "standard", 0.62), ("standard", "easy", 0.62)]
)
def test_small_tournament_orders_the_levels(better: str, worse: str, least: float) -> None:
    """Head to head at two factions on a fixed seed (each deal played twice, the levels
    swapping seats), the better level wins most of the finished games (measured on these
    games: Good 112 of 160 against Standard, Standard 117 of 160 against Easy)."""
    result = run_tournament("capital", 160, "levels", 2, [better, worse])
    assert result.finished >= 150
    assert result.share(better) > least, (result.wins, result.unfinished)


def test_good_reads_the_simultaneous_orders() -> None:
    """Units sent out leave their territory: Kamchatka's stack (14) will hit Japan, so
    Good attacks Kamchatka from Alaska with nine, against what stays behind; Standard,
    seeing fourteen, does not.  Across the Ontario border both sides attack (a clash)."""
    state = board(
        {
            "alaska": (A, 10),
            "japan": (A, 3),
            "northwest_territory": (A, 4),
            "alberta": (A, 4),
            "kamchatka": (B, 14),
        },
        factions=2,
    )
    for p in state.players:
        p.capital = None
    seen = forecast(View(state, A), model_of)
    assert seen.clashes[("kamchatka", "japan")] == 13
    assert seen.defenders["kamchatka"] < 14 // 2
    good = {(a.origin, a.target) for a in orders_for(state, A, PROFILES["good"]).attacks}
    standard = {(a.origin, a.target) for a in orders_for(state, A, PROFILES["standard"]).attacks}
    assert ("alaska", "kamchatka") in good
    assert ("alaska", "kamchatka") not in standard


def test_good_values_the_capital_race() -> None:
    """The capital that wins the game, and our own lost capital, are worth far more to
    Good than an ordinary capital; a plain territory gets nothing extra."""
    race_text = """
        seat 0 A capital=alaska
        seat 1 B capital=kamchatka
        start_factions 2
        kamchatka 1 3
        yakutsk 1 3
        """
    state = position(race_text + "alaska 0 5")
    view = View(state, A)
    race = Race.of(view)
    assert race_value(view, race, "kamchatka", 8.0) >= WIN_NOW  # wins, and stops B
    assert race_value(view, race, "yakutsk", 8.0) == 0.0
    state = position(race_text + "alaska 1 5")  # our capital lost: retaking it matters more
    view = View(state, A)
    assert race_value(view, Race.of(view), "alaska", 8.0) > 8.0
