"""Capital Risk's warning before a bad attack (issue 29, "Warnings before mistakes": "an
attack below the odds a player chose as their warning threshold (Classic, Capital Risk;
off by default at 0%)"): writing such an attack asks first; both answers are honoured."""

from __future__ import annotations

from engine.odds import win_probability
from tests.test_ui_capital import in_orders
from ui.capital.panels import entry_html
from ui.capital.session import CapitalSession
from ui.shell.odds_setting import percent


def weak_attack(session: CapitalSession) -> tuple[str, str]:
    """An origin (not the capital) of the faction at the screen with 2 units (1 to send)
    next to an enemy territory of 9: about 1% to take it."""
    f = session.viewer
    assert f is not None
    state = session.state
    for origin in sorted(state.territories_of(f)):
        if origin == state.players[f].capital:
            continue  # leaving the capital has its own warning (test_ui_capital_cautions)
        session.set_mode("attack")
        state.armies[origin] = 2
        session.selected = origin
        targets = session.highlight()
        if targets:
            state.armies[targets[0]] = 9
            return origin, targets[0]
    raise AssertionError("no attack to write")


def test_no_question_when_the_threshold_is_off() -> None:
    session = in_orders()
    origin, target = weak_attack(session)
    assert session.warn_below == 0
    session.click(target)
    assert session.asking is None
    assert session.draft.attacks == [(origin, target, None)]


def test_question_and_cancel() -> None:
    """Below the threshold the attack is not written until the player answers; Cancel
    leaves the orders as they were."""
    session = in_orders()
    _origin, target = weak_attack(session)
    session.warn_below = 30
    chance = win_probability(1, 9, session.state.options.dice)
    message = session.click(target)
    assert message == (
        f"This attack has only {percent(chance)} to take {session.name(target)}: attack anyway?"
    )
    assert session.draft.attacks == []
    assert session.warning_case() == "odds"  # asked in the shell's dialog, not the panel
    assert "cap-odds" not in entry_html(session)
    assert session.answer_warning(go_on=False) == "Attack not written."
    assert session.draft.attacks == [] and session.asking is None


def test_question_and_attack_anyway() -> None:
    """ "Attack anyway" writes the very attack that was asked about."""
    session = in_orders()
    origin, target = weak_attack(session)
    session.warn_below = 30
    session.click(target)
    assert session.answer_warning(go_on=True).startswith("Attack")
    assert session.draft.attacks == [(origin, target, None)]
    assert session.asking is None


def test_no_question_at_or_above_the_threshold() -> None:
    session = in_orders()
    origin, target = weak_attack(session)
    session.state.armies[origin] = 30
    session.warn_below = 50
    session.click(target)
    assert session.asking is None and session.draft.attacks == [(origin, target, None)]
