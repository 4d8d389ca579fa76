"""Spec 19 cases 1-11, 13, 14 and 19-31: attacks, their cost, water, the Moon and the
commanders they need.  Position: spec 19's default (helpers.position)."""

from __future__ import annotations

from engine.rulesets.risk_paper_scissors.orders import Attack, EndTurn, Move, PlayCard
from tests.position_cases import rewrite
from tests.risk_paper_scissors.helpers import BLUE, RED, RPS, play, position, refused, units


def test_01_example_a_over_a_sea_lane() -> None:
    """10.3/12.3: land to land over a sea lane needs nothing; an attack costs 1 step per
    unit.  Example A: 3E/2J/1W vs 1E/1J/2W captures with 1E/1J."""
    s = position({"alaska": "Red 4E/2J/1W", "kamchatka": "Blue 1E/1J/2W"})
    s = play(s, Attack("alaska", "kamchatka", e=3, j=2, w=1))
    assert units(s, "kamchatka") == "Red 1E/1J/0W"
    assert units(s, "alaska") == "Red 1E/0J/0W"
    assert s.players[RED].energy == 17 and s.turn_state.bank == 0


def test_02_example_b_commander_is_a_full_jaguar() -> None:
    """Example B: "Capture, no losses: a commander is a full Jaguar"."""
    s = position({"ontario": "Red 1E/1J+land", "quebec": "Blue 0E/0J/3W"})
    s = play(s, Attack("ontario", "quebec", j=1, commanders=("land",)))
    assert units(s, "quebec") == "Red 0E/1J/0W+land"


def test_03_example_c_diplomat_dies_then_no_diplomat_cards() -> None:
    """Example C: the plain Jaguar dies first, then the Diplomat; 9: BuyCard needs the
    deck's commander in play."""
    s = position({"ural": "Red 2E", "siberia": "Blue 0E/1J+diplomat"})
    s = play(s, Attack("ural", "siberia", e=1))
    assert units(s, "siberia") == "Red 1E/0J/0W"
    assert not s.has_commander(BLUE, "diplomat")
    s = rewrite(RPS, s, "phase purchase", "order 1 0 2", "slot 0")
    from engine.rulesets.risk_paper_scissors.orders import BuyCard

    refused(s, BuyCard("diplomat.energy_crisis"), "rps/no-commander")


def test_04_example_d_hold() -> None:
    """Example D: Elementals cannot touch Wolves: hold with 1 W."""
    s = position({"peru": "Red 5E", "brazil": "Blue 0E/1J/1W+diplomat"})
    s = play(s, Attack("peru", "brazil", e=4))
    assert units(s, "peru") == "Red 1E/0J/0W"
    assert units(s, "brazil") == "Blue 0E/0J/1W"


def test_05_example_e_stalemate_still_paid() -> None:
    """Example E: "Stalemate at once: nobody dies, but the attack's 3 steps are spent"."""
    s = position({"egypt": "Red 1E/3W", "east_africa": "Blue 5W"})
    s = play(s, Attack("egypt", "east_africa", w=3))
    assert units(s, "egypt") == "Red 1E/0J/3W"
    assert units(s, "east_africa") == "Blue 0E/0J/5W"
    assert s.players[RED].energy == 18 and s.turn_state.bank == 1


def test_06_example_f_stalemate_attackers_stay_home() -> None:
    """Example F: "Stalemate: the attacking Wolves stay in the origin"."""
    s = position({"congo": "Red 2E/2W", "south_africa": "Blue 1E/2W"})
    s = play(s, Attack("congo", "south_africa", e=1, w=2))
    assert units(s, "congo") == "Red 1E/0J/2W"
    assert units(s, "south_africa") == "Blue 0E/0J/2W"


def test_07_example_g_empty_destroys_station_then_free_occupation() -> None:
    """Example G: "Empty: the target is unowned, and its station ... is destroyed"; 10.3:
    an unowned target is entered without combat."""
    s = position({"india": "Red 3E/1J/1W", "siam": "Blue 1E/1J/1W ★"})
    s = play(s, Attack("india", "siam", e=1, j=1, w=1))
    assert units(s, "siam") is None and "siam" not in s.stations
    energy = s.players[RED].energy
    s = play(s, Attack("india", "siam", e=1))
    assert units(s, "siam") == "Red 1E/0J/0W"
    assert s.players[RED].energy == energy and s.turn_state.bank == 0  # the banked step


def test_08_example_i_commanders_die_in_battle() -> None:
    """Example I: Blue's Naval dies in round 1, Red's Space in round 2; stalemate."""
    s = position({"kamchatka": "Red 6E/2J/1W+space", "japan": "Blue 2E/3J/2W+naval"})
    s = play(s, Attack("kamchatka", "japan", e=5, j=2, w=1, commanders=("space",)))
    assert units(s, "kamchatka") == "Red 4E/0J/0W"
    assert units(s, "japan") == "Blue 1E/0J/0W"
    assert not s.has_commander(RED, "space") and not s.has_commander(BLUE, "naval")


def test_09_example_j_eight_rounds() -> None:
    """Example J: the lone E kills one Jaguar-type a round; hold after 8 rounds."""
    s = position({"china": "Red 1E/4J+diplomat,nuclear,land,naval", "mongolia": "Blue 1E"})
    s = play(
        s, Attack("china", "mongolia", j=4, commanders=("diplomat", "nuclear", "land", "naval"))
    )
    assert units(s, "china") == "Red 1E/0J/0W"
    assert not any(s.has_commander(RED, c) for c in ("land", "naval", "nuclear", "diplomat"))
    battle = next(e for e in s.log if e["type"] == "battle")
    assert battle["rounds"] == 8 and battle["outcome"] == "hold"


def test_10_example_k_commanders_only() -> None:
    """Example K: round 1 kills Land and Naval (loss order), round 2 Space."""
    s = position({"china": "Red 3E", "india": "Blue 0E/0J/0W+land,naval,space"})
    s = play(s, Attack("china", "india", e=2))
    assert units(s, "india") == "Red 2E/0J/0W"


def test_11_elimination_at_once() -> None:
    """16: "A player who owns no territory is eliminated at once ... Their hand and armed
    cards are discarded, and their energy is lost"; skipped for the rest of the year."""
    s = position(
        {"iceland": "Blue 1E", "greenland": "Red 2W"},
        no_reserve=[BLUE],
        hands={BLUE: ["land.assemble"]},
    )
    s = play(s, Attack("greenland", "iceland", w=1))
    blue = s.players[BLUE]
    assert not blue.alive and blue.hand == [] and blue.energy == 0
    s = play(s, EndTurn())
    assert s.current == 2  # Green, Blue's slot skipped


def test_13_attack_then_move_share_the_bank() -> None:
    """10.1: 5 steps cost 3 energy and bank 1; a 1-step move then costs nothing."""
    s = position({"egypt": "Red 1E/5W", "east_africa": "Blue 5W", "north_africa": "Red 1E"})
    s = play(s, Attack("egypt", "east_africa", w=5))
    assert s.players[RED].energy == 17 and s.turn_state.bank == 1
    s = play(s, Move("egypt", "north_africa", w=1))
    assert s.players[RED].energy == 17 and s.turn_state.bank == 0


def test_14_bank_lost_at_end_turn() -> None:
    """10.1: the bank "starts at 0 and is lost at EndTurn"."""
    s = position({"alaska": "Red 2W", "kamchatka": "Blue 5W", "alberta": "Red 1E"})
    s = play(s, Attack("alaska", "kamchatka", w=1))
    assert s.players[RED].energy == 19 and s.turn_state.bank == 1
    s = play(s, EndTurn())
    assert s.turn_state.bank == 0
    # Red's next turn: a fresh turn state, no bank.
    s = rewrite(RPS, s, "phase action", "order 0 1 2", "slot 0")
    energy = s.players[RED].energy
    s = play(s, Move("alaska", "alberta", w=1))
    assert s.players[RED].energy == energy - 1


def test_19_attack_into_water_needs_naval() -> None:
    """12.3: "origin or target is water — your Naval Commander"."""
    s = position({"quebec": "Red 1E/2W", "labrador_basin": "Blue 1E"})
    refused(s, Attack("quebec", "labrador_basin", w=2), "rps/no-commander")


def test_20_naval_anywhere_on_the_board() -> None:
    """12.3: "In play means on the board anywhere. The commander does not have to take
    part"."""
    s = position(
        {
            "quebec": "Red 1E/2W",
            "labrador_basin": "Blue 1E",
            "eastern_australia": "Red 1E+land,diplomat,naval",
        }
    )
    s = play(s, Attack("quebec", "labrador_basin", w=2))
    assert units(s, "labrador_basin") == "Red 0E/0J/2W"


def test_21_attack_out_of_water_needs_naval() -> None:
    """12.3: attacks out of water need the Naval Commander too."""
    s = position({"labrador_basin": "Red 3W", "greenland": "Blue 1E"})
    refused(s, Attack("labrador_basin", "greenland", w=2), "rps/no-commander")


def test_22_moves_into_water_need_no_commander_unless_option() -> None:
    """12.4: "An ordinary Move ... needs no commander", unless commander_for_moves."""
    layout = {"quebec": "Red 3E", "labrador_basin": "Red 1E"}
    s = play(position(layout), Move("quebec", "labrador_basin", e=2))
    assert units(s, "labrador_basin") == "Red 3E/0J/0W" and s.players[RED].energy == 19
    ruled = position(layout, options={"commander_for_moves": True})
    refused(ruled, Move("quebec", "labrador_basin", e=2), "rps/no-commander")


def test_23_sea_lane_is_a_land_border() -> None:
    """12.3: "land to land, sea lanes included (... Brazil–North Africa ...) — nothing"."""
    s = position({"brazil": "Red 3W", "north_africa": "Blue 1E"})
    s = play(s, Attack("brazil", "north_africa", w=2))
    assert units(s, "north_africa") == "Red 0E/0J/2W"


MOON = {"siberia": "Red 3W ★", "copernicus": "Blue 1E"}


def _with_space(layout: dict[str, str]) -> dict[str, str]:
    return {**layout, "siberia": layout["siberia"].replace("3W", "3W+space")}


def test_24_station_to_landing_site() -> None:
    """12.2: "O is a land territory with a station, and X is a landing site"."""
    s = play(position(_with_space(MOON)), Attack("siberia", "copernicus", w=1))
    assert units(s, "copernicus") == "Red 0E/0J/1W"
    assert s.players[RED].energy == 19 and s.turn_state.bank == 1


def test_25_only_landing_sites() -> None:
    """12.2: the Moon "is entered only at a landing site, from a station"."""
    refused(position(_with_space(MOON)), Attack("siberia", "plato", w=1), "rps/not-adjacent")


def test_26_no_station_no_link() -> None:
    """12.2: the space link starts at a station."""
    layout = {"siberia": "Red 3W+space", "copernicus": "Blue 1E"}
    refused(position(layout), Attack("siberia", "copernicus", w=1), "rps/not-adjacent")


def test_27_moon_attack_needs_space_commander() -> None:
    """12.3: "origin or target is lunar — your Space Commander"."""
    refused(position(MOON), Attack("siberia", "copernicus", w=1), "rps/no-commander")


def test_28_move_over_the_space_link_needs_nothing() -> None:
    """12.4: moves go over "your station–landing-site links, without" a commander."""
    s = position({"siberia": "Red 1E ★", "copernicus": "Red 3E"})
    s = play(s, Move("copernicus", "siberia", e=2))
    assert units(s, "siberia") == "Red 3E/0J/0W" and s.players[RED].energy == 19


def test_29_two_stations_are_two_steps_apart() -> None:
    """12.1: "Through the Moon, two stations are 2 steps apart"."""
    s = position({"siberia": "Red 2E ★", "argentina": "Red 1E ★", "copernicus": "Red 1E"})
    s = play(s, Move("siberia", "argentina", e=1))
    assert units(s, "argentina") == "Red 2E/0J/0W"
    assert s.players[RED].energy == 19 and s.turn_state.bank == 0


def test_30_moon_to_earth_needs_invade_earth() -> None:
    """12.2: "without Invade Earth, nothing attacks Earth from the Moon"."""
    s = position(
        {
            "copernicus": "Red 3E",
            "china": "Blue 1E",
            "eastern_australia": "Red 1E+land,diplomat,space",
        }
    )
    refused(s, Attack("copernicus", "china", e=1), "rps/not-adjacent")


def test_31_attacks_on_the_moon_need_space() -> None:
    """12.3: attacks "on the Moon" need the Space Commander."""
    layout = {"copernicus": "Red 3E", "plato": "Blue 0E/1J"}
    refused(position(layout), Attack("copernicus", "plato", e=1), "rps/no-commander")
    layout["eastern_australia"] = "Red 1E+land,diplomat,space"
    s = play(position(layout), Attack("copernicus", "plato", e=1))
    assert units(s, "plato") == "Red 1E/0J/0W"


def test_62_invade_earth() -> None:
    """13.3 Invade Earth: "The target is c[rng.below(len(c))], where c is the
    non-devastated land territories you do not own, in map order"; then attackable from
    any lunar territory; without a lunar territory: rps/no-lunar."""
    layout = {"plato": "Red 3E", "eastern_australia": "Red 1E+land,diplomat,space"}
    s = position(layout, hands={RED: ["space.invade_earth"]})
    board = s.board
    candidates = [t for t in board.land if s.owner.get(t) != RED]
    expected = candidates[s.rng.copy().below(len(candidates))]
    s = play(s, PlayCard("space.invade_earth"))
    assert s.turn_state.invade_targets == [expected]
    energy = s.players[RED].energy
    s = play(s, Attack("plato", expected, e=2))
    assert s.players[RED].energy == energy - 1
    s2 = position(
        {"eastern_australia": "Red 1E+land,diplomat,space"}, hands={RED: ["space.invade_earth"]}
    )
    refused(s2, PlayCard("space.invade_earth"), "rps/no-lunar")
