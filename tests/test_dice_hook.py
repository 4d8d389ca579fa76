"""One way to give a rule case its dice, in every ruleset (issue 26): a position, the
orders, the dice and draws (``Ruleset.apply(state, order, dice=..., draws=...)``,
engine/rng.py), and the outcome.  Every die and draw given must be used: too few fails
with ``dice/too-few`` naming the draw that ran short, too many with ``dice/too-many``
naming the leftovers, a face the die lacks with ``dice/out-of-range``; the caller's
state is untouched either way."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

import pytest

from engine.core import Order, PlayerSpec, find_ruleset
from engine.errors import DiceError, SaveError
from engine.keys import PlayerKey
from engine.rulesets.capital import Resolve as CapitalResolve
from engine.rulesets.classic.orders import Attack as ClassicAttack
from engine.rulesets.greatwar1907.orders import Resolve as GreatWarResolve
from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.risk_paper_scissors.orders import Attack as RpsAttack
from engine.rulesets.risk_paper_scissors.orders import PlayCard
from engine.saves import make_save
from tests.capital_helpers import A, B, at, board, orders

CLASSIC = find_ruleset("classic")
CAPITAL = find_ruleset("capital")
GREAT_WAR = find_ruleset("greatwar1907")
RPS = find_ruleset("risk_paper_scissors")


def refused(apply: Callable[[], Any], code: str, *words: str) -> str:
    with pytest.raises(DiceError) as info:
        apply()
    assert info.value.code == code
    for word in words:
        assert word in info.value.message
    return info.value.message


# Classic -------------------------------------------------------------------------------


def classic_duel() -> Any:
    return CLASSIC.from_position_text(
        """
        ruleset classic
        option game_type custom
        seat 0 Anna
        seat 1 Ben
        phase attack
        alaska 0 4
        kamchatka 1 3
        brazil 1 1
        """
    )


def test_classic_highest_dice_compared_ties_to_the_defender() -> None:
    """Manual p.11: "comparing the highest die ... then ... the next-highest dice ... IN
    CASE OF A TIE, THE DEFENDER ALWAYS WINS": 6-3-2 against 5-3 costs each side one."""
    state = classic_duel()
    outcome = CLASSIC.apply(state, ClassicAttack("alaska", "kamchatka", 3), dice=[6, 3, 2, 5, 3])
    (roll,) = [e for e in outcome.events if e["type"] == "roll"]
    assert roll["attack"] == [6, 3, 2] and roll["defend"] == [5, 3]
    assert outcome.state.armies["alaska"] == 3 and outcome.state.armies["kamchatka"] == 2
    assert outcome.state.rng == state.rng  # back to the seed, where it was


def test_classic_too_few_too_many_and_a_face_the_die_lacks() -> None:
    """The defender's second die is missing; a sixth die is left over; a 7 on a d6."""
    state = classic_duel()
    before = CLASSIC.position_text(state)
    attack = ClassicAttack("alaska", "kamchatka", 3)
    refused(lambda: CLASSIC.apply(state, attack, dice=[6, 3, 2, 5]), "dice/too-few", "die 5", "d6")
    refused(lambda: CLASSIC.apply(state, attack, dice=[6, 3, 2, 5, 3, 4]), "dice/too-many", "[4]")
    refused(lambda: CLASSIC.apply(state, attack, dice=[7, 3, 2, 5, 3]), "dice/out-of-range", "7")
    assert CLASSIC.position_text(state) == before


# Capital Risk --------------------------------------------------------------------------


def capital_invasion() -> Any:
    state = board({"alaska": (A, 1), "kamchatka": (B, 0)})
    return CAPITAL.apply(state, orders(A, attacks=[("alaska", "kamchatka", 1)])).state


def test_capital_an_invasion_tie_goes_to_the_attacker() -> None:
    """Seed: "In the event of a draw, the attacker will always win unless the battle is
    a Border Clash or Spoils of War": the defender's 5 against the attacker's 5."""
    outcome = CAPITAL.apply(capital_invasion(), CapitalResolve(force=True), dice=[5, 5])
    assert at(outcome.state, "kamchatka") == (A, 1)


def test_capital_too_few_too_many_and_a_face_the_d12_lacks() -> None:
    state = capital_invasion()
    resolve = CapitalResolve(force=True)
    refused(lambda: CAPITAL.apply(state, resolve, dice=[5]), "dice/too-few", "die 2", "d12")
    refused(lambda: CAPITAL.apply(state, resolve, dice=[5, 5, 1]), "dice/too-many", "[1]")
    refused(lambda: CAPITAL.apply(state, resolve, dice=[13, 5]), "dice/out-of-range", "1 to 12")
    assert at(state, "kamchatka") == (B, 0) and at(state, "alaska") == (A, 1)


def test_capital_the_script_outlives_the_reseeding_of_a_sealed_round() -> None:
    """A sealed round's resolution reseeds the dice from the players' salts; a rule
    case's dice still decide it."""
    resolve = CapitalResolve(force=True, entropy="salts")
    outcome = CAPITAL.apply(capital_invasion(), resolve, dice=[5, 5])
    assert at(outcome.state, "kamchatka") == (A, 1)


# The Great War 1907 --------------------------------------------------------------------


def great_war_attack() -> Any:
    state = GREAT_WAR.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        relation germany uk war
        yor germany 6
        edi uk 1
        """
    )
    submit = GREAT_WAR.parse_order(
        {
            "kind": "submit-attack",
            "faction": 1,
            "nation": "germany",
            "attacks": [{"from": "yor", "target": "edi", "divisions": 6}],
        }
    )
    return GREAT_WAR.apply(state, submit).state


def test_great_war_the_higher_die_wins_each_pair() -> None:
    """R52: each round both sides roll, "the dice are compared in pairs, highest with
    highest; the lower die loses a division": 6-6 against 1 takes Edinburgh."""
    outcome = GREAT_WAR.apply(great_war_attack(), GreatWarResolve(force=True), dice=[6, 6, 1])
    assert outcome.state.owner_of("edi") == "germany"
    (line,) = outcome.state.last_report["attacks"]
    assert "r1 6 6 v 1: -0/-1" in line


def test_great_war_too_few_too_many_and_a_face_the_die_lacks() -> None:
    state = great_war_attack()
    resolve = GreatWarResolve(force=True)
    refused(lambda: GREAT_WAR.apply(state, resolve, dice=[6, 6]), "dice/too-few", "die 3")
    refused(lambda: GREAT_WAR.apply(state, resolve, dice=[6, 6, 1, 2]), "dice/too-many", "[2]")
    refused(lambda: GREAT_WAR.apply(state, resolve, dice=[6, 6, 9]), "dice/out-of-range", "9")
    assert state.owner_of("edi") == "uk"


def test_great_war_a_general_is_drawn_by_name() -> None:
    """R65: "the n-th general at base * n(n+1)/2 VP" (the 2nd at 9), drawn from the
    pile: taking Lamia brings the Ottomans from 8 VP to 9, and the draw names Kemal."""
    state = GREAT_WAR.from_position_text(
        """
        ruleset greatwar1907
        phase attack
        nation ottoman vp=8 generals=1
        generals hindenburg kemal enver
        ath ottoman 3
        lam neutral 1
        """
    )
    submit = GREAT_WAR.parse_order(
        {
            "kind": "submit-attack",
            "faction": 5,
            "nation": "ottoman",
            "attacks": [{"from": "ath", "target": "lam", "divisions": 3}],
        }
    )
    state = GREAT_WAR.apply(state, submit).state
    resolve = GreatWarResolve(force=True)
    refused(
        lambda: GREAT_WAR.apply(state, resolve, dice=[6, 6, 1]),
        "dice/too-few",
        "draw 1 (a pick among 3: 'hindenburg', 'kemal', 'enver')",
    )
    outcome = GREAT_WAR.apply(state, resolve, dice=[6, 6, 1], draws=["kemal"])
    assert outcome.state.nations["ottoman"].vp == 9
    assert outcome.state.leaders["kemal"].nation == "ottoman"
    assert outcome.state.general_pile == ["hindenburg", "enver"]


def test_great_war_the_script_survives_the_json_copy() -> None:
    """The Great War copies its state through JSON in ``Ruleset.apply``: a script set
    on the state before several orders is carried by every copy and used by the
    resolution."""
    state = GREAT_WAR.from_position_text(
        "ruleset greatwar1907\nphase attack\nrelation germany uk war\nyor germany 6\nedi uk 1\n"
    )
    state.rng = state.rng.with_script(dice=[6, 6, 1])
    copy = GreatWarState.from_json(state.to_json())
    assert copy.rng == state.rng and copy.rng.script is not None
    submit = GREAT_WAR.parse_order(
        {
            "kind": "submit-attack",
            "faction": 1,
            "nation": "germany",
            "attacks": [{"from": "yor", "target": "edi", "divisions": 6}],
        }
    )
    state = GREAT_WAR.apply(state, submit).state
    state = GREAT_WAR.apply(state, GreatWarResolve(force=True)).state
    assert state.owner_of("edi") == "germany"
    state.rng.check_used()


# Risk, Paper, Scissors -----------------------------------------------------------------


def moon_base() -> Any:
    return RPS.from_position_text(
        """
        ruleset risk_paper_scissors
        seat 0 Red energy=20 hand=space.invade_earth
        seat 1 Blue energy=10
        seat 2 Green energy=10
        phase action
        year 2
        order 0 1 2
        plato 0 3E
        eastern_australia 0 1E+land,diplomat,space
        peru 1 1E
        egypt 2 1E
        """
    )


def test_rps_invade_earth_draws_its_target() -> None:
    """13.3 Invade Earth: "The target is c[rng.below(len(c))], where c is the
    non-devastated land territories you do not own, in map order"; then attackable from
    any lunar territory.  The draw names Peru."""
    outcome = RPS.apply(moon_base(), PlayCard("space.invade_earth"), draws=["peru"])
    assert outcome.state.turn_state.invade_targets == ["peru"]
    assert {"type": "invade-earth", "seat": 0, "target": "peru"} in outcome.events
    after = RPS.apply(outcome.state, RpsAttack("plato", "peru", e=2)).state
    assert after.players[0].energy == 19


def test_rps_too_few_too_many_and_a_pick_not_on_offer() -> None:
    state = moon_base()
    card: Order = PlayCard("space.invade_earth")
    refused(lambda: RPS.apply(state, card, draws=[]), "dice/too-few", "draw 1", "pick among")
    refused(lambda: RPS.apply(state, card, draws=["peru", "egypt"]), "dice/too-many", "'egypt'")
    refused(lambda: RPS.apply(state, card, draws=["plato"]), "dice/out-of-range", "'plato'")
    assert state.players[0].hand == ["space.invade_earth"]


# Everywhere ----------------------------------------------------------------------------


def test_an_order_that_draws_nothing_refuses_any_dice() -> None:
    """A case that gives dice to an order that rolls none is told so."""
    state = classic_duel()
    from engine.rulesets.classic.orders import EndAttack

    refused(lambda: CLASSIC.apply(state, EndAttack(), dice=[6]), "dice/too-many", "[6]")


def test_a_save_code_never_carries_a_script() -> None:
    """A script decides the dice: a game's save code refuses it."""
    state = classic_duel()
    state.rng = state.rng.with_script(dice=[6])
    signer = PlayerKey.generate(hashlib.sha256(b"dice-hook").digest())
    with pytest.raises(SaveError) as info:
        make_save(
            CLASSIC, state, game_id="g", keys=[signer.public_key_text, None], signer=signer, seat=0
        )
    assert info.value.code == "save/scripted-dice"


@pytest.mark.parametrize(
    ("name", "seats"), [("classic", 2), ("capital", 3), ("greatwar1907", 8), ("rps", 3)]
)
def test_a_position_text_leaves_the_script_out(name: str, seats: int) -> None:
    """A script is a rule case's, not the position's: the text is the same with one."""
    ruleset = find_ruleset(name)
    state = ruleset.new_game([PlayerSpec(f"P{i}") for i in range(seats)], {}, "text")
    text = ruleset.position_text(state)
    state.rng = state.rng.with_script(dice=[1], draws=["a"])
    assert ruleset.position_text(state) == text
