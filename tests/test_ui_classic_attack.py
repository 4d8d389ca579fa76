"""The odds the Classic page shows before an attack, the warning before a bad one and
the blitz's stop rule (issue 30, "Honest odds and quick attacks"; issue 29, "Warnings
before mistakes"): pure functions of a session, the numbers checked against
engine.odds."""

from __future__ import annotations

import pytest

from engine.odds import classic_attack_odds, conquest_chance
from engine.rulesets.classic.orders import Attack
from engine.rulesets.classic.state import Phase
from tests.test_ui_controller import quick, to_attack_phase
from ui.classic import attack, panels, views
from ui.classic.attack import AttackSettings, Blitz, blitz_step, percent
from ui.classic.controller import Session
from ui.shell.warnings import Caution, warning_html

TOL = 1e-12


def position(attackers: int, defenders: int, seed: str = "t1") -> tuple[Session, str, str]:
    """A human's attack phase with ``attackers`` armies on an origin next to an enemy
    territory of ``defenders`` armies."""
    session = quick(seed=seed)
    session.acknowledge_handover()
    to_attack_phase(session)
    first = next(o for o in session.legal() if isinstance(o, Attack))
    session.state.armies[first.origin] = attackers
    session.state.armies[first.target] = defenders
    session._legal = None
    session.click(first.origin)
    return session, first.origin, first.target


def odds_shown(session: Session, origin: str, target: str) -> float:
    return next(t.odds for t in views.attack_targets(session, origin) if t.territory == target)


@pytest.mark.parametrize("dice", [1, 2, 3])
@pytest.mark.parametrize("mode", ["once", "continuous", "do-or-die"])
def test_odds_shown_are_those_of_the_dice_and_mode_chosen(dice: int, mode: str) -> None:
    """Issue 30: "The odds shown are for what will actually happen: the chosen number of
    dice and mode". Twelve armies (eleven attack) against four."""
    session, origin, target = position(12, 4)
    session.dice, session.mode = dice, mode
    expected = classic_attack_odds(11, 4, dice, mode).win_probability
    assert odds_shown(session, origin, target) == pytest.approx(expected, abs=TOL)


def test_roll_once_shows_the_outcomes_of_that_roll() -> None:
    """Issue 30: "12 against 4 shows 97% under Roll once with one die". One die against
    two: the defender loses one with 55/216, else the attacker loses one; no conquest."""
    session, origin, target = position(12, 4)
    session.dice, session.mode = 1, "once"
    target_row = next(t for t in views.attack_targets(session, origin) if t.territory == target)
    assert target_row.odds == 0.0
    assert target_row.detail == "This roll: they lose 1: 25% · you lose 1: 75%"
    html = panels.controls_html(session)
    assert "1 die, one roll" in html and "0%" in html


def test_six_against_three_rolled_once_cannot_conquer() -> None:
    """Issue 30: "6 against 3 shows 77% under Roll once, where one roll cannot conquer"."""
    session, origin, target = position(6, 3)
    session.dice, session.mode = 3, "once"
    assert odds_shown(session, origin, target) == 0.0
    session.mode = "do-or-die"
    assert odds_shown(session, origin, target) == pytest.approx(conquest_chance(5, 3), abs=TOL)


def test_attack_advantage_is_counted() -> None:
    """Issue 30: "with the attack-advantage option counted when it is on"."""
    session, origin, target = position(6, 3)
    session.mode = "do-or-die"
    plain = odds_shown(session, origin, target)
    session.state.options = session.state.options.__class__(
        **{**session.state.options.to_json(), "attack_advantage": True}
    )
    with_advantage = odds_shown(session, origin, target)
    assert with_advantage == pytest.approx(conquest_chance(5, 3, 3, True), abs=TOL)
    assert with_advantage > plain
    assert "attack advantage counted" in panels.controls_html(session)


def test_no_warning_when_the_threshold_is_off() -> None:
    """Issue 29: the warning is "off by default at 0%"."""
    session, origin, target = position(2, 10)
    assert session.attack_settings == AttackSettings()
    click = session.click(target)
    assert click.order == Attack(origin, target, 1, "once") and click.warning == ""


def test_warning_below_the_threshold() -> None:
    """Issue 29: "an attack below the odds a player chose as their warning threshold"
    asks first: "This attack has only N% to take X: attack anyway?"."""
    session, origin, target = position(4, 6)
    session.mode = "do-or-die"
    session.attack_settings = AttackSettings(warn_below=50)
    chance = conquest_chance(3, 6)
    assert chance < 0.5
    click = session.click(target)
    assert click.order == Attack(origin, target, 3, "do-or-die")
    assert click.warning == (
        f"This attack has only {percent(chance)} to take {session.name(target)}: attack anyway?"
    )
    html = warning_html(Caution("odds", click.warning))
    assert 'data-testid="warning-go"' in html and 'data-testid="warning-back"' in html
    # At or above the threshold: no question.
    session.state.armies[origin] = 30
    session._legal = None
    assert session.click(target).warning == ""


def test_warning_compares_the_odds_fought_to_the_end() -> None:
    """A single roll cannot take three defenders, but that is no bad attack: the warning
    compares the chance fought to the end with the dice chosen, and says so."""
    session, _origin, target = position(6, 3)
    session.attack_settings = AttackSettings(warn_below=50)
    session.mode = "once"
    assert conquest_chance(5, 3, 3) > 0.5
    assert session.click(target).warning == ""
    session.dice = 1  # with one die: 34%
    chance = conquest_chance(5, 3, 1)
    assert chance < 0.5
    assert session.click(target).warning == (
        f"Fought to the end, this attack has only {percent(chance)} to take "
        f"{session.name(target)}: attack anyway?"
    )


def test_settings_survive_a_damaged_store() -> None:
    """The per-device setting round-trips; anything unreadable gives the defaults."""
    settings = AttackSettings(warn_below=30, blitz_keep=4)
    assert AttackSettings.from_text(settings.to_text()) == settings
    for bad in (None, "", "not json", "[1]", '{"warn_below": "x"}'):
        assert AttackSettings.from_text(bad) == AttackSettings()
    assert AttackSettings.from_text('{"warn_below": 250, "blitz_keep": -3}') == AttackSettings(
        99, 1
    )


def run_blitz(session: Session, blitz: Blitz) -> str:
    """Play a blitz as the page does: each step an ordinary one-roll order."""
    while True:
        step = blitz_step(session, blitz)
        if isinstance(step, str):
            return step
        assert step.mode == "once"
        session.play(step, more_rolls=True)
        blitz = Blitz(
            blitz.origin, blitz.target, blitz.dice, blitz.stop_below, blitz.keep, blitz.rolls + 1
        )


def test_blitz_stops_when_the_odds_drop_below_the_threshold() -> None:
    """Issue 30: a blitz attacks until "the odds drop below a threshold the player sets":
    it stops before a roll whose odds fought to the end are below it, every roll an
    ordinary order in the log and the dice panel."""
    for seed in ("b1", "b2", "b3", "b4"):
        session, origin, target = position(9, 9, seed)
        session.mode = "blitz"
        session.attack_settings = AttackSettings(warn_below=40)
        click = session.click(target)
        assert click.blitz and click.warning == "" and click.order is not None
        assert click.order.mode == "once"
        log_before = len(session.log)
        blitz = attack.start_blitz(session, origin, target, session.attack_settings)
        assert blitz.stop_below == 0.4
        line = run_blitz(session, blitz)
        rolls = [e for e in session.last_rolls if e.get("type") == "roll"]
        assert len(session.log) - log_before >= len(rolls) >= 1
        if session.state.phase is Phase.MOVE_IN:
            assert line.startswith(f"{session.name(target)} taken after")
            continue
        left, defenders = session.state.armies[origin], session.state.armies[target]
        assert "fell to" in line and "below your 40%" in line
        assert conquest_chance(left - 1, defenders) < 0.4
        # The roll before was not below: the blitz stopped at the first such position.
        before = rolls[-1]
        assert (
            conquest_chance(
                left + before["attacker_losses"] - 1, defenders + before["defender_losses"]
            )
            >= 0.4
        )
        return
    pytest.fail("every seed took the territory: no stop to check")


def test_blitz_stops_at_the_armies_set() -> None:
    """Issue 30: a blitz stops when "the attacker is down to a number the player sets"."""
    session, origin, target = position(10, 30)
    session.mode = "blitz"
    session.attack_settings = AttackSettings(blitz_keep=5)
    line = run_blitz(session, attack.start_blitz(session, origin, target, session.attack_settings))
    assert session.state.armies[origin] in (4, 5)
    assert line.endswith(f"is down to {session.state.armies[origin]} armies, as you asked.")


def test_blitz_below_the_threshold_from_the_start_goes_on_when_asked() -> None:
    """The player answered "attack anyway": the blitz's odds stop is lifted for it (it
    would stop before its first roll), the army stop stays."""
    session, origin, target = position(3, 8)
    session.mode = "blitz"
    session.attack_settings = AttackSettings(warn_below=50, blitz_keep=1)
    assert session.click(target).warning
    blitz = attack.start_blitz(session, origin, target, session.attack_settings)
    assert blitz.stop_below == 0.0
    run_blitz(session, blitz)
    assert session.state.phase is Phase.MOVE_IN or session.state.armies[origin] == 1


def test_blitz_refused_when_already_at_its_army_stop() -> None:
    session, _origin, target = position(3, 2)
    session.mode = "blitz"
    session.attack_settings = AttackSettings(blitz_keep=3)
    click = session.click(target)
    assert click.order is None and "stops at 3" in click.message


def test_percent_never_rounds_up_to_the_threshold() -> None:
    assert [percent(p) for p in (0.0, 0.004, 0.2999, 0.3, 0.999, 1.0)] == [
        "0%",
        "<1%",
        "29%",
        "30%",
        "99%",
        "100%",
    ]
