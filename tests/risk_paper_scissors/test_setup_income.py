"""Spec 19 cases 41-49: income, devastation, claims and the Setup order."""

from __future__ import annotations

from engine.core import PlayerSpec
from engine.rng import Rng
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.common import income
from engine.rulesets.risk_paper_scissors.orders import Claim, Phase, Setup
from engine.rulesets.risk_paper_scissors.setup import draw_devastation
from tests.risk_paper_scissors.helpers import RED, RPS, owning, refused


def test_41_income_with_groups() -> None:
    """8: "energy += income_multiplier * (base + sum(bonus of every group you hold))";
    14 territories, South America and South Atlantic: 4 × (4 + 3) = 28."""
    land = [
        "venezuela",
        "peru",
        "brazil",
        "argentina",
        "alaska",
        "alberta",
        "ontario",
        "quebec",
        "greenland",
        "iceland",
    ]
    s = owning([*land, "romanche_trench", "cape_basin", "humboldt_deep", "sargasso_deep"])
    assert income(s, RED) == 28  # type: ignore[arg-type]


def test_42_income_minimum() -> None:
    """8: base = max(income_minimum, ⌊T/3⌋): 5 territories give 4 × 3 = 12."""
    s = owning(["alaska", "alberta", "ontario", "quebec", "egypt"])
    assert income(s, RED) == 12  # type: ignore[arg-type]


def test_43_devastated_territory_does_not_block_a_group() -> None:
    """3.3: a group is held when the player owns every non-devastated territory in it."""
    land = [
        "peru",
        "brazil",
        "argentina",
        "alaska",
        "alberta",
        "ontario",
        "quebec",
        "greenland",
        "iceland",
        "egypt",
        "congo",
        "ural",
    ]
    s = owning(land, devastated=["venezuela"])
    assert income(s, RED) == 24  # type: ignore[arg-type]


def test_44_wholly_devastated_group_is_held_by_nobody() -> None:
    """3.3: "A group whose territories are all devastated is held by nobody"."""
    australia = ["indonesia", "new_guinea", "western_australia", "eastern_australia"]
    s = owning(["alaska", "alberta", "ontario"], devastated=australia)
    assert income(s, RED) == 12  # type: ignore[arg-type]


def test_45_random_claims() -> None:
    """5.2: "c[i] goes to seat i mod n, with one Elemental on it"; 4 players 10/10/9/9."""
    s = RPS.new_game([PlayerSpec(n) for n in "ABCD"], {}, "45")
    counts = sorted((len(s.territories_of(i)) for i in range(4)), reverse=True)
    assert counts == [10, 10, 9, 9]
    assert all(kinds == {"E": 1} for kinds in s.units.values())
    board = s.board
    assert all(board.kind[t] == "land" for t in s.owner)
    expected = [t for t in board.land if t not in s.devastated]
    rng = Rng("45")
    draw_devastation(board, rng, 4, True)
    rng.shuffle(expected)
    assert [s.owner.get(t) for t in expected] == [i % 4 for i in range(38)]


def test_46_devastation_redraw() -> None:
    """5.1: a draw that splits the Earth graph is discarded and drawn again (the draws
    are scripted by name through the dice hook, engine/rng.py)."""
    first = ["alaska", "greenland", "alberta", "ontario"]
    again = ["egypt", "peru", "ural", "japan"]
    rng = Rng.scripted(draws=[*first, *again])
    assert draw_devastation(load_board(), rng, 4, True) == again
    rng.check_used()
    rng = Rng.scripted(draws=first)
    assert draw_devastation(load_board(), rng, 4, False) == first
    rng.check_used()


def _setup_state(players: int) -> object:
    return RPS.new_game([PlayerSpec(n) for n in "ABCDE"[:players]], {}, "setup")


def test_47_setup_points_must_add_up() -> None:
    """5.3: "units whose points add up to exactly start_points[n] − (territories
    claimed)": 4 players, 10 claims: 20 needed."""
    s = _setup_state(4)
    own = s.territories_of(0)  # type: ignore[attr-defined]
    assert len(own) == 10
    order = Setup((own[0], own[1]), (4, 0), (0, 0), (0, 3), own[0], own[0], own[0])
    refused(s, order, "rps/setup-points")  # type: ignore[arg-type]
    s2 = RPS.apply(s, Setup((own[0], own[1]), (5, 0), (0, 0), (0, 3), own[0], own[1], own[2]))
    assert s2.state.side_at(own[1]).w == 3 and own[2] in s2.state.stations
    assert s2.state.has_commander(0, "land") and s2.state.has_commander(0, "diplomat")


def test_48_setup_within_caps() -> None:
    """5.3: "within the caps (the claim Elementals count towards the E cap)"."""
    s = _setup_state(3)
    own = s.territories_of(0)  # type: ignore[attr-defined]
    assert len(own) == 13
    order = Setup((own[0],), (13,), (3,), (0,), own[0], own[0], own[0])
    refused(s, order, "rps/cap-reached")  # type: ignore[arg-type]


def test_49_manual_claims() -> None:
    """5.2: Claim "puts one Elemental on an unclaimed, non-devastated land territory"."""
    s = RPS.new_game([PlayerSpec(n) for n in "ABC"], {"selection": "manual"}, "m")
    assert s.phase is Phase.CLAIM
    free = next(t for t in s.board.land if t not in s.devastated)
    s = RPS.apply(s, Claim(free)).state
    assert s.owner.get(free) == 0 and s.current == 1
    refused(s, Claim(free), "rps/claimed")
    refused(s, Claim(s.devastated[0]), "rps/claimed")
