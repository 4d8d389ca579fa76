"""The battle preview, the final scoring screen and the status strip of Risk, Paper,
Scissors (ui/risk_paper_scissors/battle_view.py, scoring_view.py)."""

from __future__ import annotations

import re

import pytest

from engine.errors import EngineError
from engine.rulesets.risk_paper_scissors import Attack, Side, parse_side
from engine.rulesets.risk_paper_scissors.battle import Outcome
from engine.rulesets.risk_paper_scissors.board import load_board
from engine.rulesets.risk_paper_scissors.common import final_scoring
from engine.rulesets.risk_paper_scissors.orders import Phase
from engine.rulesets.risk_paper_scissors.state import RpsState
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, RPS, owning, position, put
from ui.risk_paper_scissors.battle_view import (
    attack_order,
    battle_html,
    preview_attack,
    side_short,
    side_text,
)
from ui.risk_paper_scissors.scoring_view import score_lines, scoring_html, status_html

# Spec 19 cases 1-10 (examples A-K of section 11): position, origin, target, force.
CASES = {
    "1 capture over a sea lane": (
        {"alaska": "Red 4E/2J/1W", "kamchatka": "Blue 1E/1J/2W"},
        "alaska",
        "kamchatka",
        "3E2J1W",
        Outcome.CAPTURE,
    ),
    "2 a commander fights as a Jaguar": (
        {"ontario": "Red 1E/1J+land", "quebec": "Blue 3W"},
        "ontario",
        "quebec",
        "1J+land",
        Outcome.CAPTURE,
    ),
    "3 the Jaguar dies before the Diplomat": (
        {"ural": "Red 2E", "siberia": "Blue 1J+diplomat"},
        "ural",
        "siberia",
        "1E",
        Outcome.CAPTURE,
    ),
    "4 hold": (
        {"peru": "Red 5E", "brazil": "Blue 1J/1W+diplomat"},
        "peru",
        "brazil",
        "4E",
        Outcome.HOLD,
    ),
    "5 stalemate with no kill at all (a tie)": (
        {"egypt": "Red 1E/3W", "east_africa": "Blue 5W"},
        "egypt",
        "east_africa",
        "3W",
        Outcome.STALEMATE,
    ),
    "6 stalemate after kills": (
        {"congo": "Red 2E/2W", "south_africa": "Blue 1E/2W"},
        "congo",
        "south_africa",
        "1E2W",
        Outcome.STALEMATE,
    ),
    "7 both wiped out, the station goes": (
        {"india": "Red 3E/1J/1W", "siam": "Blue 1E/1J/1W ★"},
        "india",
        "siam",
        "1E1J1W",
        Outcome.EMPTY,
    ),
    "8 commanders die in loss order": (
        {"kamchatka": "Red 6E/2J/1W+space", "japan": "Blue 2E/3J/2W+naval"},
        "kamchatka",
        "japan",
        "5E2J1W+space",
        Outcome.STALEMATE,
    ),
    "9 eight kill rounds": (
        {"china": "Red 1E/4J+diplomat,nuclear,land,naval", "mongolia": "Blue 1E"},
        "china",
        "mongolia",
        "4J+diplomat,nuclear,land,naval",
        Outcome.HOLD,
    ),
    "10 only commanders defend": (
        {"china": "Red 3E", "india": "Blue +land,naval,space"},
        "china",
        "india",
        "2E",
        Outcome.CAPTURE,
    ),
}


def minus(a: Side, b: Side) -> Side:
    return Side(a.e - b.e, a.j - b.j, a.w - b.w, a.commanders - b.commanders)


def plus(a: Side, b: Side) -> Side:
    return Side(a.e + b.e, a.j + b.j, a.w + b.w, a.commanders | b.commanders)


def check_preview_matches_engine(s: RpsState, origin: str, target: str, force: Side) -> Outcome:
    """The preview, then the Attack applied: same outcome, rounds, survivors and cost."""
    preview = preview_attack(s, origin, target, force)
    before_origin = s.side_at(origin)
    energy = s.players[RED].energy
    outcome = RPS.apply(s, attack_order(origin, target, force))
    after = outcome.state
    assert after.players[RED].energy == energy - preview.energy
    assert after.turn_state.bank == preview.bank_after
    result = preview.result
    if result is None:
        assert after.side_at(target) == force
        return preview.outcome
    (fought,) = [e for e in outcome.events if e["type"] == "battle"]
    assert fought["outcome"] == result.outcome.value
    assert fought["rounds"] == len(result.rounds)
    assert fought["attacker_left"] == str(result.attacker)
    assert fought["defender_left"] == str(result.defender)
    left_home = minus(before_origin, force)
    if result.outcome is Outcome.CAPTURE:
        assert after.owner.get(target) == RED
        assert after.side_at(target) == result.attacker
        assert after.side_at(origin) == left_home
    elif result.outcome is Outcome.EMPTY:
        assert target not in after.owner and target not in after.stations
    elif result.outcome is Outcome.HOLD:
        assert after.side_at(target) == result.defender
        assert after.side_at(origin) == left_home
    else:
        assert after.side_at(target) == result.defender
        assert after.side_at(origin) == plus(left_home, result.attacker)
    return result.outcome


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_the_preview_is_what_the_engine_then_does(case: str) -> None:
    """Spec 11 (RULINGS §4): "Rounds repeat until a round kills nothing; the attacker
    takes the territory only if no defender is left and some attacker is."  Combat has no
    dice, so the preview shown before the attack is exactly the result of applying it."""
    layout, origin, target, force, expected = CASES[case]
    s = position(layout)
    assert check_preview_matches_engine(s, origin, target, parse_side(force)) is expected


def test_the_rulings_check_round_by_round() -> None:
    """RULINGS §4: "Check: 3E/2J/1W vs 1E/1J/2W gives 1E/1J/0W vs 0/0/0"; the table shows
    each round's sides and kills, then the survivors and a conquest."""
    s = position({"alaska": "Red 4E/2J/1W", "kamchatka": "Blue 1E/1J/2W"})
    html = battle_html(s, "alaska", "kamchatka", parse_side("3E2J1W"))
    assert 'data-outcome="capture"' in html
    rounds = re.findall(r'<tr data-round="(\d+)">(.*?)</tr>', html)
    assert [n for n, _ in rounds] == ["1"]
    first = rounds[0][1]
    assert "<td>3E 2J 1W</td><td>1E 1J 2W</td>" in first
    assert "Wolves kill 1E; Elementals kill 1J; Jaguars and commanders kill 2W" in first
    assert '<td data-side="attacker">1E 1J</td><td data-side="defender">—</td>' in html
    assert "Conquest" in html and "Kamchatka is yours" in html
    assert "6 unit-steps: 3 energy (bank 0 after)" in html


def test_commanders_that_die_are_named() -> None:
    """Spec 11.2: plain Jaguars die first, then commanders in ``commander_loss_order``."""
    s = position({"ural": "Red 2E", "siberia": "Blue 1J+diplomat"})
    html = battle_html(s, "ural", "siberia", parse_side("1E"))
    rows = re.findall(r'<tr data-round="\d+">(.*?)</tr>', html)
    assert "Elementals kill 1J" in rows[0] and "Elementals kill Diplomat" in rows[1]
    assert side_text(parse_side("1J+land,naval")) == "1J + Land Commander, Naval Commander"
    assert side_short(parse_side("1J+land,naval")) == "1J +L N"
    assert side_short(parse_side("0E")) == "—" and side_text(Side()) == "nothing"


def test_an_empty_target_is_occupied_without_combat() -> None:
    """Spec 10.3: "If target is unowned (empty), the force moves in.  There is no combat." """
    s = position({"india": "Red 3E"})
    put(s, "siam", None)
    preview = preview_attack(s, "india", "siam", parse_side("2E"))
    assert preview.result is None and preview.captures
    assert check_preview_matches_engine(s, "india", "siam", parse_side("2E")) is Outcome.CAPTURE
    assert "moves in without combat" in battle_html(s, "india", "siam", parse_side("2E"))


def test_the_cost_uses_the_step_bank_first() -> None:
    """Spec 10.1: "Attack with 5 units: 5 steps, energy 10 -> 7 ... bank 1"; then an attack
    with 1 unit is paid from the bank."""
    s = position({"egypt": "Red 1E/3W", "east_africa": "Blue 5W"}, energy={RED: 10})
    s.turn_state.bank = 1
    preview = preview_attack(s, "egypt", "east_africa", parse_side("1W"))
    assert (preview.steps, preview.energy, preview.bank_after) == (1, 0, 0)
    check_preview_matches_engine(s, "egypt", "east_africa", parse_side("1W"))


@pytest.mark.parametrize(
    ("layout", "origin", "target", "force", "code"),
    [
        ({"alaska": "Red 2E"}, "alaska", "kamchatka", "2E", "rps/leave-one"),
        ({"alaska": "Red 2E"}, "alaska", "peru", "1E", "rps/not-adjacent"),
        (
            {"quebec": "Red 3W", "labrador_basin": "Blue 1E"},
            "quebec",
            "labrador_basin",
            "1W",
            "rps/no-commander",
        ),
        ({"alaska": "Red 3E"}, "alaska", "northwest_territory", "1J", "rps/not-enough-units"),
    ],
)
def test_a_refused_attack_gives_the_engines_refusal(
    layout: dict[str, str], origin: str, target: str, force: str, code: str
) -> None:
    """The preview runs the Attack's own checks: the same typed error with the same code,
    and the state is untouched; the HTML shows the message."""
    s = position(layout)
    before = s.to_json()
    with pytest.raises(EngineError) as preview_error:
        preview_attack(s, origin, target, parse_side(force))
    with pytest.raises(EngineError) as engine_error:
        RPS.apply(s, attack_order(origin, target, parse_side(force)))
    assert preview_error.value.code == engine_error.value.code == code
    assert s.to_json() == before
    html = battle_html(s, origin, target, parse_side(force))
    assert f'data-code="{code}"' in html and "refused" in html


def test_no_preview_outside_the_action_phase() -> None:
    s = position({"alaska": "Red 4E"}, phase=Phase.PURCHASE)
    with pytest.raises(EngineError) as error:
        preview_attack(s, "alaska", "kamchatka", parse_side("1E"))
    assert error.value.code == "order/wrong-phase"


def test_the_preview_ignores_a_hidden_armed_card() -> None:
    """Spec 17.2: the preview "ignores armed cards" — where a card lies is secret from the
    attacker (spec 14), so the preview is the same with or without one and never names it;
    it warns when the defender holds a card of a deck that has armed cards."""
    layout = {"brazil": "Red 1E/2J/2W", "north_africa": "Blue 3E"}
    plain = position(layout, energy={BLUE: 3}, hands={BLUE: ["land.death_trap"]})
    armed = position(layout, energy={BLUE: 3})
    armed.armed["north_africa"] = "land.death_trap"
    force = parse_side("2J2W")
    assert preview_attack(plain, "brazil", "north_africa", force) == preview_attack(
        armed, "brazil", "north_africa", force
    )
    html = battle_html(armed, "brazil", "north_africa", force)
    assert html == battle_html(plain, "brazil", "north_africa", force)
    assert "death" not in html.lower().replace("a death trap or cease fire", "")
    assert "armed face down" in html  # Blue holds a land card: the one armed
    blue_no_cards = position(layout, energy={BLUE: 3})
    assert "armed face down" not in battle_html(blue_no_cards, "brazil", "north_africa", force)


def test_the_final_breakdown_equals_the_engines_final_scoring() -> None:
    """Spec 15.1's example: "16 territories, holding Australia (2) and the Indian Ocean
    Colonies (2), with Land and Naval Colony Influence cards in hand, the Land Commander
    alive and the Naval Commander dead: 16 + 4 + 3 = 23." """
    australia = ["indonesia", "new_guinea", "western_australia", "eastern_australia"]
    indian = ["arabian_deep", "mascarene_basin", "java_trench"]
    extra = ["peru", "brazil", "argentina", "greenland", "alaska", "alberta", "ontario", "quebec"]
    s = owning(
        australia + indian + extra + ["iceland"],
        hands={RED: ["land.colony_influence", "naval.colony_influence"]},
    )
    put(s, "eastern_australia", "Red 1E+land")
    final_scoring(s)
    lines = {line.seat: line for line in score_lines(s)}
    red = lines[RED]
    assert red.territories == {"land": 13, "water": 3, "lunar": 0}
    assert (red.territory_points, red.group_points, red.influence_points, red.total) == (
        16,
        4,
        3,
        23,
    )
    assert red.groups == (("Australia", 2), ("Indian Ocean Colonies", 2))
    assert dict(red.influence) == {"Land": True, "Naval": False}
    assert s.result is not None
    assert {str(seat): line.total for seat, line in lines.items()} == s.result["scores"]
    html = scoring_html(s)
    assert "Final scores" in html
    assert "3 Colony Influence <small>(Land; Naval: commander dead, 0)</small>" in html
    assert "16 territories <small>(13 land, 3 water)</small>" in html
    assert "4 groups <small>(Australia +2, Indian Ocean Colonies +2)</small>" in html
    assert f'data-seat="{RED}" data-total="23"' in html
    assert winners_line(html) == f"Green wins with {s.result['scores'][str(GREEN)]} points."


def winners_line(html: str) -> str:
    found = re.search(r'<p class="rps-winner">(.*?)</p>', html)
    assert found is not None
    return found.group(1)


def level_game() -> RpsState:
    """Red and Blue own every other land territory (21 each, no group complete); Green
    is out."""
    land = load_board().land
    s = position({t: "Blue 1E" if i % 2 else "Red 1E" for i, t in enumerate(land)})
    s.players[GREEN].alive = False
    s.players[RED].energy = s.players[BLUE].energy = 4
    return s


def test_the_winner_and_the_tie_breaks() -> None:
    """Spec 15.1: "Ties go to the player with more energy left ..., then to the one with
    more units on the board.  If they are still tied, they share the win." """
    by_energy = level_game()
    by_energy.players[RED].energy = 5
    final_scoring(by_energy)
    assert winners_line(scoring_html(by_energy)) == (
        "Red wins the tie at 21 points with more energy left."
    )
    by_units = level_game()
    put(by_units, "alberta", "Blue 4E")
    assert by_units.owner.get("alberta") == BLUE
    final_scoring(by_units)
    assert winners_line(scoring_html(by_units)) == (
        "Blue wins the tie at 21 points with more units on the board."
    )
    shared = level_game()
    final_scoring(shared)
    assert winners_line(scoring_html(shared)) == (
        "Shared win: Red and Blue (equal points, energy and units)."
    )
    assert scoring_html(shared).count('class="winner"') == 2
    assert "eliminated" in scoring_html(shared)


def test_the_last_player_standing() -> None:
    """Spec 15.2: "If only one player is left at any moment, the game ends at once and
    that player wins.  The final scores are still computed and shown." """
    s = level_game()
    for t in s.owner:
        s.owner[t] = RED
    s.players[BLUE].alive = False
    final_scoring(s)
    html = scoring_html(s)
    assert winners_line(html) == "Red wins: the last player standing."
    assert f'data-total="{42 + 5 + 2 + 5 + 3 + 7 + 2}"' in html


def test_scoring_and_status_escape_player_names() -> None:
    s = position()
    s.players[RED].name = "<script>x</script>"
    final = s.clone()
    final_scoring(final)
    for html in (scoring_html(final), status_html(s, viewer=RED), scoring_html(s, viewer=RED)):
        assert "<script>" not in html and "&lt;script&gt;" in html


def test_provisional_scores_count_only_the_viewers_own_influence() -> None:
    """Spec 14: cards in a hand are seen only by their owner, so before the end the
    scores count Colony Influence for the viewer alone."""
    s = position(hands={BLUE: ["land.colony_influence"], RED: ["land.colony_influence"]})
    lines = {line.seat: line for line in score_lines(s, viewer=RED)}
    assert lines[RED].influence_points == 3 and lines[BLUE].influence_points == 0
    assert "provisional" in scoring_html(s, viewer=RED)


def test_the_status_strip_shows_public_information_only() -> None:
    """The strip: year, slot, order, and per player energy, territories, points, stations,
    commanders and cards by deck; never another player's hand or armed card."""
    s = position({"siberia": "Red 3W ★"}, hands={BLUE: ["diplomat.cease_fire"]})
    s.armed["madagascar"] = "land.death_trap"
    html = status_html(s, viewer=RED)
    assert "Year 2 of 5" in html and "Slot 1 of 3: Red (action)" in html
    assert "Order: Red → Blue → Green" in html and "step bank 0" in html
    assert "cease" not in html.lower() and "death" not in html.lower()
    blue = re.search(r'data-seat="1">(.*?)</li>', html)
    assert blue is not None and "cards D1 L1" in blue.group(1) and "10 energy" in blue.group(1)
    red = re.search(r'data-seat="0">(.*?)</li>', html)
    assert red is not None and "1 stn" in red.group(1) and "20 energy" in red.group(1)
    assert 'class="rps-player you on-turn"' in html


def test_the_status_strip_in_the_bid_phase_hides_the_bids() -> None:
    s = position(phase=Phase.BID)
    s.bids = [{"amount": 7, "slots": [1]}, None, None]
    s.order = []
    html = status_html(s, viewer=BLUE)
    assert "Bids: 1 of 3 in" in html
    other = s.clone()
    other.bids[RED] = {"amount": 2, "slots": [3, 2]}
    assert status_html(other, viewer=BLUE) == html


def test_the_status_strip_of_an_email_bid_round_counts_no_bids() -> None:
    """By email each bid is a sealed code and the state holds none until they are all
    revealed: the strip says so instead of "0 of 3 in"."""
    s = position(phase=Phase.BID)
    s.bids = [None, None, None]
    s.order = []
    html = status_html(s, viewer=BLUE, sealed=True)
    assert "sealed codes" in html and " of 3 in" not in html


def test_an_attack_order_lists_commanders_in_the_engines_order() -> None:
    assert attack_order("a", "b", parse_side("1J+naval,land")) == Attack(
        "a", "b", j=1, commanders=("land", "naval")
    )


def test_the_status_strip_through_a_whole_game() -> None:
    """From setup to game over with computer players: the strip always names the year and
    the phase, and once the game is over it says so."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec

    s = RPS.new_game([PlayerSpec(n, "easy") for n in ("Ann", "Ben", "Cat")], {}, "strip")
    seen = set()
    while RPS.actor(s) is not None:
        html = status_html(s, viewer=s.current)
        assert f"Year {s.turn} of 5" in html
        seen.add(s.phase)
        s = RPS.apply(s, choose_order(s)).state
    assert {Phase.SETUP, Phase.BID, Phase.PURCHASE, Phase.ACTION} <= seen
    assert "Game over" in status_html(s)
    assert winners_line(scoring_html(s)).startswith((*[p.name for p in s.players], "Shared win"))
