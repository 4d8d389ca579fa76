"""The page's session logic: clicks to orders, undo rules, hand-over, autosave."""

from __future__ import annotations

import json

import pytest

from engine.core import PlayerSpec
from engine.rulesets.classic.orders import Attack, EndAttack, EndTurn, FreeMove, Place
from engine.rulesets.classic.state import Phase
from ui.classic import views
from ui.classic.controller import Session
from ui.classic.describe import describe

PLAYERS = [
    PlayerSpec("Ann", "human", "#D55E00"),
    PlayerSpec("Bob", "human", "#0072B2"),
    PlayerSpec("Cy", "baseline", "#009E73"),
]
QUICK = {"game_type": "custom", "special_setup": True}


def quick(players: list[PlayerSpec] = PLAYERS, seed: str = "t1") -> Session:
    session = Session.new(players, QUICK, seed)
    while not session.human_turn:
        session.play_computer()
    return session


def own(session: Session) -> list[str]:
    return session.state.territories_of(session.state.current)


def to_attack_phase(session: Session) -> None:
    while session.state.phase is Phase.REINFORCE:
        session.place_count = 99
        click = session.click(own(session)[0])
        assert click.order is not None, click.message
        session.play(click.order)


def test_reinforce_click_places_chosen_count() -> None:
    session = quick()
    session.acknowledge_handover()
    assert session.state.phase is Phase.REINFORCE
    territory = own(session)[0]
    session.place_count = 2
    click = session.click(territory)
    assert click.order == Place(territory, 2)
    session.place_count = 999
    assert session.click(territory).order == Place(territory, session.state.reinforcements)


def test_click_on_enemy_in_reinforce_explains() -> None:
    session = quick()
    session.acknowledge_handover()
    enemy = next(t for t, o in session.state.owner.items() if o != session.state.current)
    click = session.click(enemy)
    assert click.order is None
    assert "not yours" in click.message


def test_attack_origin_then_target() -> None:
    session = quick()
    session.acknowledge_handover()
    to_attack_phase(session)
    attack = next(o for o in session.legal() if isinstance(o, Attack))
    first = session.click(attack.origin)
    assert first.order is None and session.selected == attack.origin
    assert attack.target in session.highlight()
    session.dice, session.mode = 1, "once"
    second = session.click(attack.target)
    assert second.order == Attack(attack.origin, attack.target, 1, "once")
    # A non-adjacent enemy gives the engine's reason.
    far = next(
        t
        for t, o in session.state.owner.items()
        if o != session.state.current and t not in session.highlight()
    )
    assert session.click(far).message


def test_fortify_click_asks_for_a_count() -> None:
    session = quick()
    session.acknowledge_handover()
    to_attack_phase(session)
    session.play(EndAttack())
    move = next(o for o in session.legal() if isinstance(o, FreeMove))
    assert session.click(move.origin).order is None
    click = session.click(move.target)
    assert click.choice is not None and click.choice.most >= 1
    assert click.choice.origin == move.origin


def test_undo_within_step_and_barrier_on_roll() -> None:
    session = quick()
    session.acknowledge_handover()
    before = session.state.to_json()
    territory = own(session)[0]
    session.play(Place(territory, 1))
    assert session.can_undo
    assert session.undo()
    assert session.state.to_json() == before
    to_attack_phase(session)
    assert session.can_undo  # placing is still undoable in the attack phase
    attack = next(o for o in session.legal() if isinstance(o, Attack))
    session.play(attack)
    assert not session.can_undo  # dice were rolled


def test_undo_cleared_on_turn_change() -> None:
    session = quick()
    session.acknowledge_handover()
    to_attack_phase(session)
    session.play(EndTurn())
    assert not session.undo_stack


def test_handover_between_humans_hides_secrets() -> None:
    session = Session.new(PLAYERS, {"game_type": "uk_short", "special_setup": True}, "h1")
    while not session.human_turn:
        session.play_computer()
    assert session.needs_handover and session.viewer is None
    first = session.actor
    session.acknowledge_handover()
    assert session.viewer == first
    to_attack_phase(session)
    session.play(EndTurn())
    while not session.human_turn:
        session.play_computer()
    if session.actor != first:
        assert session.needs_handover
        assert session.viewer is None
        assert session.highlight() == set()
        assert "Hand" in session.click(own(session)[0]).message


def test_single_human_never_needs_handover() -> None:
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Cy", "baseline")]
    session = quick(players)
    assert not session.needs_handover
    assert session.viewer == 0


def test_autosave_round_trip() -> None:
    session = quick()
    session.acknowledge_handover()
    session.play(Place(own(session)[0], 1))
    session.selected = None
    text = json.dumps(session.to_json())
    restored = Session.from_json(json.loads(text))
    assert restored.state.to_json() == session.state.to_json()
    assert restored.log == session.log
    assert restored.undo_stack == session.undo_stack
    assert restored.revealed == session.revealed
    assert restored.undo()
    with pytest.raises(ValueError):
        Session.from_json({"version": 99})


def test_computer_game_runs_to_a_winner() -> None:
    players = [PlayerSpec("A", "baseline"), PlayerSpec("B", "baseline")]
    session = Session.new(players, QUICK, "cpu")
    for _ in range(5000):
        if session.over:
            break
        session.play_computer()
    assert session.over and session.state.winner is not None
    assert "wins" in views.prompt(session)
    assert any("wins the game" in text for _, text in session.log)


def test_views() -> None:
    session = quick()
    session.acknowledge_handover()
    rows = views.player_rows(session)
    assert sum(r["territories"] for r in rows) == 42
    assert views.battle_rows(session)[0]["battles_won"] >= 0
    to_attack_phase(session)
    attack = next(o for o in session.legal() if isinstance(o, Attack))
    targets = views.attack_targets(session, attack.origin)
    assert all(0.0 <= t.odds <= 1.0 for t in targets)
    assert "attack" in views.prompt(session)


def test_describe_hides_drawn_card() -> None:
    session = quick()
    text = describe({"type": "card", "seat": 0, "card": 5}, session.state)
    assert text == "Ann draws a card."
    assert describe({"type": "end-turn", "seat": 0}, session.state) is None


def test_new_game_form_reading() -> None:
    from ui.classic.form import read_form

    fields = {
        "seat0-name": "Ann",
        "seat0-control": "human",
        "seat0-color": "#D55E00",
        "seat1-name": " ",
        "seat1-control": "baseline",
        "seat1-color": "#0072B2",
        "game_type": "uk_short",
        "selection": "",
        "card_sets": "fixed",
        "objective": "",
        "neutral": "auto",
        "enemy_hqs": "0",
        "army_limit": "12",
        "seed": " s ",
    }
    on = {"seat0-on", "seat1-on", "supply_lines", "army_limit_on"}
    players, options, seed = read_form(lambda n: fields.get(n, ""), lambda n: n in on)
    assert [p.name for p in players] == ["Ann", "Player 2"]
    assert options["card_sets"] == "fixed" and "selection" not in options
    assert options["supply_lines"] is True and options["army_limit"] == 12
    assert seed == "s"
    Session.new(players, options, seed)  # the engine accepts what the form gives
    fields["army_limit"] = "lots"
    with pytest.raises(ValueError):
        read_form(lambda n: fields.get(n, ""), lambda n: n in on)


def test_dice_are_sorted_paired_and_labelled_and_cleared_at_a_new_turn() -> None:
    """Issue 16: dice sorted and paired so each comparison is visible (highest against
    highest, ties to the defender), labelled with whose roll it is, cleared when a new
    turn starts."""
    from ui.classic.panels import dice_html

    computers = [PlayerSpec("Hal", "baseline"), PlayerSpec("Deep", "baseline")]
    session = Session.new(computers, QUICK, "dice")
    session.last_rolls = [
        {"type": "roll", "seat": 0, "defender": 1, "attack": [2, 6, 4], "defend": [3, 6]}
    ]
    html = dice_html(session)
    assert "Hal attacks" in html and "Deep defends" in html
    pairs = [p.split('"')[0] for p in html.split('<span class="pair ')[1:]]
    assert pairs == ["defender", "attacker", ""]  # 6 v 6 tie, 4 v 3, and the unpaired 2
    assert html.index("Hal: 6") < html.index("Hal: 4") < html.index("Hal: 2")
    turn = session.state.turn
    while session.state.turn == turn and not session.over:
        session.play_computer()
    assert session.last_rolls == [] and dice_html(session) == ""


def test_the_reinforcement_breakdown_names_territories_continents_and_cards() -> None:
    """max(3, territories ÷ 3) + the bonus of each continent held whole + cards
    (docs/rules-classic.md, A turn, 1), explained beside the number to place."""
    from ui.classic.views import reinforcement_breakdown

    session = Session.new(PLAYERS, QUICK, "why")
    state = session.state
    seat = state.current
    for t in state.owner:
        state.owner[t] = 1 - seat if seat in (0, 1) else 0
    australia = ("indonesia", "new_guinea", "western_australia", "eastern_australia")
    for t in (*australia, "siam", "china", "india", "ural", "egypt"):
        state.owner[t] = seat
    text = reinforcement_breakdown(session)
    assert text.startswith("9 territories ÷ 3 = 3 (at least 3)")
    assert "continents: Australia 2" in text and "cards" in text


def test_a_headquarters_pick_asks_for_confirmation() -> None:
    """Issue 16: a headquarters pick (US short) asks first: the first click selects, the
    second on the same territory chooses."""
    players = [PlayerSpec("Ann", "human"), PlayerSpec("Cy", "baseline")]
    session = Session.new(players, {"game_type": "us_short", "special_setup": True}, "hq")
    while session.state.phase.value != "headquarters":
        session.play(session.legal()[0], human=session.human_turn)
    while not session.human_turn:
        session.play_computer()
    mine = next(o.territory for o in session.legal())
    first = session.click(mine)
    assert first.order is None and first.hint and "again to confirm" in first.message
    second = session.click(mine)
    assert second.order is not None and second.order.territory == mine


def test_new_game_form_army_limit_on_gives_twelve() -> None:
    """RULINGS §1: "switching it on without a number gives 12"; unticked it is off
    whatever the number field says."""
    from ui.classic.form import read_form

    fields = {"seat0-control": "human", "seat1-control": "human", "game_type": "custom"}
    on = {"seat0-on", "seat1-on", "army_limit_on"}
    _, options, _ = read_form(lambda n: fields.get(n, ""), lambda n: n in on)
    assert options["army_limit"] == "on"
    players, options, _ = read_form(lambda n: fields.get(n, ""), lambda n: n in on)
    assert Session.new(players, options, "s").state.options.army_limit == 12
    fields["army_limit"] = "20"
    _, options, _ = read_form(lambda n: fields.get(n, ""), lambda n: n in on)
    assert options["army_limit"] == 20
    _, options, _ = read_form(lambda n: fields.get(n, ""), lambda n: n in {"seat0-on"})
    assert options["army_limit"] == 0


@pytest.mark.parametrize(
    ("fields", "seats", "allowed"),
    [
        ({"game_type": "custom"}, 3, True),
        ({"game_type": "uk_full"}, 3, True),
        ({"game_type": "us_full"}, 3, False),
        ({"game_type": "us_short"}, 4, False),
        ({"game_type": "us_full", "selection": "random"}, 3, True),
        ({"game_type": "custom", "selection": "manual"}, 3, False),
        ({"game_type": "us_full", "neutral": "auto"}, 2, True),  # neutral: random
        ({"game_type": "us_full", "neutral": "none"}, 2, False),
    ],
)
def test_the_form_offers_special_setup_only_with_random_selection(
    fields: dict[str, str], seats: int, allowed: bool
) -> None:
    """RULINGS §1: "the engine refuses special setup together with manual selection";
    the new-game form must not offer it."""
    from ui.classic.form import special_setup_allowed

    on = {f"seat{i}-on" for i in range(seats)}
    assert special_setup_allowed(lambda n: fields.get(n, ""), lambda n: n in on) is allowed


def test_the_advantage_prompt_shows_the_roll_first() -> None:
    """RULINGS §1: with attack advantage "a human attacker is shown that roll and offered
    to re-roll their single lowest die" — the page's dice area and prompt show the
    offered roll before any roll has been counted."""
    from tests.conftest import classic_position
    from ui.classic import panels

    state = classic_position(
        {"alaska": 0, "kamchatka": 1},
        {"alaska": 5, "kamchatka": 5},
        options={"attack_advantage": True},
        dice=[6, 4, 1, 5, 4],
    )
    session = Session(state)
    session.play(Attack("alaska", "kamchatka", 3))
    assert session.state.phase is Phase.ADVANTAGE and session.last_rolls == []
    assert "you rolled 6 4 1 against 5 4" in views.prompt(session)
    html = panels.dice_html(session)
    assert 'data-testid="offered-roll"' in html and html.count('class="die red"') == 3
