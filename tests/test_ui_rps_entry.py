"""Order entry on the Risk, Paper, Scissors map (ui/risk_paper_scissors/entry.py): each
case a rule of the spec, a small position, the clicks, and what the page offers."""

from __future__ import annotations

from engine.rulesets.risk_paper_scissors.battle import Outcome
from engine.rulesets.risk_paper_scissors.orders import ArmCard, Attack, Move, Phase, PlayCard
from tests.risk_paper_scissors.helpers import RED, position
from ui.risk_paper_scissors import entry, panels
from ui.risk_paper_scissors.session import Session


def session_of(**kw: object) -> Session:
    state = position(**kw)  # type: ignore[arg-type]
    for player in state.players[1:]:
        player.control = "standard"
    return Session(state)


def test_a_move_is_priced_before_it_is_made() -> None:
    """Spec 10.1: "1 energy buys 2 unit-steps; the odd step is banked"; a move takes a
    shortest path through your own territories.  Red moves 3E two borders: 6 unit-steps,
    3 energy, and the engine charges exactly that."""
    session = session_of(
        layout={
            "western_australia": "Red 4E",
            "indonesia": "Red 1E",
            "new_guinea": "Red 1E",
        },
        energy={RED: 10},
    )
    assert entry.click(session, "western_australia").order is None
    entry.click(session, "new_guinea")
    plan = entry.plan(session.state, session.draft)
    assert plan is not None and isinstance(plan.order, Move)
    assert plan.order.e == 3 and plan.error is None
    steps = (len(plan.path) - 1) * 3
    assert plan.unit_steps == steps and plan.energy == -(-steps // 2)
    assert plan.bank_after == plan.energy * 2 - steps
    session.play(plan.order)
    assert session.state.players[RED].energy == 10 - plan.energy
    assert session.state.turn_state.bank == plan.bank_after
    assert session.draft.origin is None  # the selection goes once the move is made


def test_the_attack_preview_is_the_engines_result() -> None:
    """Spec 11: combat has no dice, so the page shows the battle before the attack; the
    README's check, 3E/2J/1W against 1E/1J/2W, leaves 1E/1J/0W and captures."""
    session = session_of(
        layout={"siam": "Red 4E/2J/1W", "indonesia": "Green 1E/1J/2W"}, energy={RED: 10}
    )
    entry.click(session, "siam")
    entry.click(session, "indonesia")
    plan = entry.plan(session.state, session.draft)
    assert plan is not None and isinstance(plan.order, Attack)
    assert plan.battle is not None and plan.battle.outcome is Outcome.CAPTURE
    assert str(plan.battle.attacker) == "1E/1J/0W"
    assert plan.unit_steps == 6 and plan.energy == 3
    html = panels.plan_html(session, plan, "<div class='rps-battle'></div>")
    assert 'data-testid="battle-preview"' in html and "disabled" not in html
    session.play(plan.order)
    assert session.last_battle is not None
    assert session.last_battle["outcome"] == "capture"
    assert session.last_battle["attacker_left"] == "1E/1J/0W"
    assert session.state.owner.get("indonesia") == RED


def test_an_attack_refused_by_the_rules_shows_why_and_cannot_be_committed() -> None:
    """Spec 10.3: "water attacks need your Naval Commander in play": the plan carries the
    engine's message and the button is disabled."""
    session = session_of(layout={"siam": "Red 3E", "java_trench": "Green 1E"})
    entry.click(session, "siam")
    entry.click(session, "java_trench")
    plan = entry.plan(session.state, session.draft)
    assert plan is not None and plan.error is not None and "naval" in plan.error
    html = panels.plan_html(session, plan, "")
    assert "disabled" in html and 'data-testid="plan-error"' in html


def test_one_unit_stays_and_the_force_is_chosen_by_type() -> None:
    """Spec 10.2: "one unit always stays behind"; the force starts as every unit but one,
    commanders at home (ticked in one by one), and is changed unit by unit, never beyond
    what the origin holds."""
    session = session_of(layout={"siam": "Red 2E/1W+land"})
    entry.click(session, "siam")
    assert session.draft.force["e"] == 1 and session.draft.force["w"] == 1
    assert session.draft.force["commanders"] == ()
    entry.adjust_force(session, "W", 1)
    assert session.draft.force["w"] == 1
    entry.adjust_force(session, "land", 1)
    assert session.draft.force["commanders"] == ("land",)
    entry.adjust_force(session, "E", -1)
    entry.adjust_force(session, "land", -1)
    assert session.draft.force["e"] == 0 and session.draft.force["commanders"] == ()
    lone = session_of(layout={"siam": "Red 1E+land"})
    entry.click(lone, "siam")  # only the commander can go
    assert lone.draft.force["commanders"] == ("land",) and lone.draft.force["e"] == 0
    assert entry.click(session, "siam").message == "Selection cleared."
    single = session_of(layout={"siam": "Red 1E"})
    assert entry.click(single, "siam").warn


def test_a_card_target_is_chosen_on_the_map() -> None:
    """Spec 13.3: Death Trap is armed on a land territory of yours; Rocket Strike hits one
    class on an opponent's territory; both are chosen by a tap."""
    session = session_of(
        layout={"siam": "Red 3E+land,nuclear,diplomat", "indonesia": "Green 3E"},
        hands={RED: ["land.death_trap", "nuclear.rocket_strike"]},
    )
    session.draft.card = "land.death_trap"
    assert "siam" in entry.clickable(session)
    assert entry.click(session, "siam").order == ArmCard("land.death_trap", "siam")
    session.draft.card = "nuclear.rocket_strike"
    assert "indonesia" in entry.clickable(session) and "siam" not in entry.clickable(session)
    entry.click(session, "indonesia")
    order = entry.card_order(session, unit_class="E")
    assert order == PlayCard("nuclear.rocket_strike", territory="indonesia", unit_class="E")
    session.play(order)
    assert session.state.side_at("indonesia").e == 1


def test_setup_places_every_point_with_the_chosen_headquarters() -> None:
    """Spec 5.3: one Setup order, exactly the remaining points, with a free Land
    Commander, Diplomat and station; the player taps where the headquarters go."""
    from engine.core import PlayerSpec

    session = Session.new([PlayerSpec(n) for n in ("Ada", "Boris", "Chloe")], {}, "setup")
    assert session.state.phase is Phase.SETUP
    own = session.state.territories_of(0)
    hq = next(t for t in own[1:] if session.state.board.kind[t] == "land")
    entry.click(session, hq)
    session.draft.headquarters = session.draft.buy_at  # "Headquarters here"
    order = entry.setup_order(session)
    assert order.land_commander == hq and order.diplomat == hq and order.station == hq
    session.play(order)
    assert "land" in session.state.side_at(hq).commanders and hq in session.state.stations


def test_clicks_out_of_turn_do_nothing() -> None:
    session = session_of(layout={"siam": "Red 3E"})
    session.state.players[RED].control = "standard"
    click = entry.click(session, "siam")
    assert click.order is None and "not your turn" in click.message
    assert entry.click(session, "atlantis").warn


def test_a_setup_placed_by_hand_is_exactly_the_points() -> None:
    """Spec 5.3: "units worth exactly 35/30/25 points minus the claims ... on their own
    territories, within the caps": the player places unit by unit, the page counts the
    points left, and the engine takes the order only when none are."""
    from engine.core import PlayerSpec
    from engine.errors import EngineError
    from engine.rulesets.risk_paper_scissors.setup import setup_points

    session = Session.new([PlayerSpec(n) for n in ("Ada", "Boris", "Chloe")], {}, "by-hand")
    own = session.state.territories_of(0)
    points = setup_points(session.state, 0)
    entry.click(session, own[0])
    for _ in range(points // 5):
        entry.place_step(session, "w", 1)
    entry.click(session, own[1])
    for _ in range(points % 5 + 1):
        entry.place_step(session, "e", 1)
    assert entry.placed_points(session.draft) == points + 1
    before = session.state.to_json()
    try:
        session.play(entry.manual_setup_order(session))
    except EngineError as exc:
        assert exc.code == "rps/setup-points"
    else:
        raise AssertionError("one point too many was accepted")
    assert session.state.to_json() == before
    entry.place_step(session, "e", -1)
    session.draft.station = own[0] if session.state.board.kind[own[0]] == "land" else None
    order = entry.manual_setup_order(session)
    session.play(order)
    assert session.state.side_at(own[0]).w == points // 5
    assert session.state.side_at(own[1]).e == 1 + points % 5
