"""Capital Risk's warning before leaving the capital exposed (issue 29, "Warnings before
mistakes": "leaving your capital (Capital Risk) ... with 1 unit beside a stronger
enemy"), asked when the order is written; both answers honoured."""

from __future__ import annotations

from engine.rulesets.capital.reinforce import game_map
from tests.test_ui_capital import in_orders
from ui.capital.cautions import capital_exposed
from ui.capital.entry import Draft, add_attack, add_move
from ui.capital.session import CapitalSession


def exposed_capital(capital_units: int, enemy_units: int) -> tuple[CapitalSession, str, str, str]:
    """F1 at the screen; its capital holds ``capital_units``; one neighbour is F2's with
    ``enemy_units``, the others F1's own with 1 unit each.  Returns the session, the
    capital, the enemy neighbour and an own neighbour."""
    s = in_orders()
    state = s.state
    capital = state.players[0].capital
    assert capital is not None
    neighbours = sorted(game_map(state).neighbours(capital))
    enemy, own = neighbours[0], neighbours[1]
    for n in neighbours:
        state.owner[n], state.armies[n] = 0, 1
    state.owner[enemy], state.armies[enemy] = 1, enemy_units
    state.armies[capital] = capital_units
    return s, capital, enemy, own


def test_a_max_attack_from_the_capital_beside_a_stronger_enemy_warns() -> None:
    """Capital of 4 beside F2's 5: attacking with "max" keeps 1 unit there."""
    s, capital, enemy, _ = exposed_capital(4, 5)
    draft = Draft()
    add_attack(s.state, 0, draft, capital, enemy, None)
    assert capital_exposed(s.state, 0, draft, capital) == (
        f"This leaves your capital, {s.name(capital)}, with 1 unit beside F2's 5 in "
        f"{s.name(enemy)}: it could fall to them."
    )


def test_keeping_two_units_or_a_weak_neighbour_does_not_warn() -> None:
    """Sending 2 of 4 keeps 2: no warning.  Beside an enemy of 1 (not stronger), even the
    last unit left is no warning."""
    s, capital, enemy, _ = exposed_capital(4, 5)
    draft = Draft()
    add_attack(s.state, 0, draft, capital, enemy, 2)
    assert capital_exposed(s.state, 0, draft, capital) is None
    s, capital, enemy, _ = exposed_capital(4, 1)
    draft = Draft()
    add_attack(s.state, 0, draft, capital, enemy, None)
    assert capital_exposed(s.state, 0, draft, capital) is None


def test_placements_count_and_other_origins_do_not_warn() -> None:
    """Units placed on the capital this turn stay there: 2 placed + 4, sending 4, keeps 2.
    An order from another territory is not "leaving your capital"."""
    s, capital, enemy, own = exposed_capital(4, 5)
    draft = Draft(placements=[(capital, 2)])
    add_attack(s.state, 0, draft, capital, enemy, 4)
    assert capital_exposed(s.state, 0, draft, capital) is None
    assert capital_exposed(s.state, 0, Draft(), own) is None


def test_a_tactical_move_out_of_the_capital_warns() -> None:
    """A "max" tactical move from a capital of 3 beside F2's 5 keeps 1 unit there."""
    s, capital, _, own = exposed_capital(3, 5)
    draft = Draft()
    add_move(s.state, 0, draft, capital, own, None)
    warning = capital_exposed(s.state, 0, draft, capital)
    assert warning is not None and warning.startswith("This leaves your capital")


def test_go_back_leaves_the_orders_untouched_and_go_on_writes_them() -> None:
    """The page asks before writing: "Go back" writes nothing, "Go on anyway" writes the
    very order asked about (attack or tactical move)."""
    s, capital, enemy, own = exposed_capital(4, 5)
    s.count = ""
    s.set_mode("attack")
    s.click(capital)
    question = s.click(enemy)
    assert question.startswith("This leaves your capital") and s.warning_case() == "capital"
    assert s.draft.attacks == []
    assert s.answer_warning(go_on=False) == "Attack not written."
    assert s.draft.attacks == [] and s.asking is None
    s.click(enemy)
    s.answer_warning(go_on=True)
    assert s.draft.attacks == [(capital, enemy, None)]
    s.set_mode("move")
    s.draft.attacks = []
    s.click(capital)
    s.click(own)
    assert s.asking is not None and s.draft.moves == []
    assert s.answer_warning(go_on=False) == "Move not written."
    assert s.draft.moves == []
    s.click(own)
    s.answer_warning(go_on=True)
    assert s.draft.tactical_origin == capital and s.draft.moves == [(own, None)]
