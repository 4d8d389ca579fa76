"""The shell's part of the simultaneous-orders rulesets (ui/shell/sealed_session.py,
ui/shell/sealed_page.py), checked on both of them, Capital Risk and The Great War 1907:
the hand-over, the next phase, the count field, the autosave's shared fields and the
stage panel's words."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import PlayerSpec
from ui.capital.page import CapitalPage
from ui.capital.session import CapitalSession
from ui.greatwar1907.page import GreatWarPage
from ui.greatwar1907.session import GreatWarSession
from ui.pages import PAGES
from ui.shell.sealed_page import SealedOrdersPage
from ui.shell.sealed_session import SealedSession, count_field

SHARED_HEAD = ["version", "state", "where", "drafts", "stage", "viewer", "mode", "selected"]
SHARED_FORUM = ["log", "game_id", "code", "seat", "moderated", "sealed", "reveal"]
SHARED_FORUM += ["confirmed", "deadline", "invites", "invite"]


def capital() -> CapitalSession:
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "human"), PlayerSpec("C", "baseline")]
    return CapitalSession.new(specs, {}, "sealed-shell")


def great_war() -> GreatWarSession:
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "human")]
    specs += [PlayerSpec(f"C{i}", "easy") for i in range(6)]
    return GreatWarSession.new(specs, {}, "sealed-shell")


def capital_solo() -> CapitalSession:
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("B", "baseline"), PlayerSpec("C", "baseline")]
    return CapitalSession.new(specs, {}, "sealed-solo")


def great_war_solo() -> GreatWarSession:
    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "easy") for i in range(7)]
    return GreatWarSession.new(specs, {}, "sealed-solo")


SESSIONS = [capital, great_war]


@pytest.mark.parametrize("make", [capital_solo, great_war_solo])
def test_one_human_against_computers_is_never_asked_to_pass_the_device(make: Any) -> None:
    """Issue 27: "A solo game (one human) never asks to 'pass the device' to that
    human" -- the only person at the device writes at once, phase after phase."""
    session: SealedSession = make()
    assert (session.stage, session.viewer, session.seat_handed_over()) == ("entry", 0, None)
    if isinstance(session, CapitalSession):  # the setup asks for a capital first
        session.click(session.highlight()[0])
    session.seal()
    session.skip_replay()
    session.next_phase()
    assert (session.stage, session.viewer, session.seat_handed_over()) == ("entry", 0, None)


def test_a_blank_count_is_all_and_a_number_is_read() -> None:
    assert count_field("", "units", ValueError) is None
    assert count_field("   ", "units", ValueError) is None
    assert count_field(" 4 ", "units", ValueError) == 4


def test_a_count_that_is_not_a_whole_number_is_refused_with_the_rulesets_error() -> None:
    class Refused(Exception):
        pass

    with pytest.raises(Refused, match=r"^units must be a whole number, not '2\.5'$"):
        count_field("2.5", "units", Refused)


@pytest.mark.parametrize("make", SESSIONS)
def test_the_computers_write_at_once_and_the_first_human_is_handed_over_to(make: Any) -> None:
    session: SealedSession = make()
    assert session.stage == "handover" and session.viewer is None
    assert session.seat_handed_over() == 0
    session.acknowledge_handover()
    assert (session.stage, session.viewer) == ("entry", 0)
    assert session.seat_handed_over() is None  # the screen is gone
    session.acknowledge_handover()  # a second click changes nothing
    assert (session.stage, session.viewer) == ("entry", 0)


@pytest.mark.parametrize("make", SESSIONS)
def test_the_next_phase_waits_for_the_report(make: Any) -> None:
    session: SealedSession = make()
    session.acknowledge_handover()
    session.next_phase()
    assert (session.stage, session.viewer) == ("entry", 0)


@pytest.mark.parametrize("make", SESSIONS)
def test_the_autosave_has_the_shared_fields_in_one_order_around_the_rulesets_own(
    make: Any,
) -> None:
    session: SealedSession = make()
    session.acknowledge_handover()
    keys = list(session.to_json())
    assert keys[: len(SHARED_HEAD) + 1] == [*SHARED_HEAD, "count"]
    start = keys.index("log")
    assert keys[start : start + len(SHARED_FORUM)] == SHARED_FORUM
    assert "replay_step" in keys[len(SHARED_HEAD) + 1 : start]  # the ruleset's own
    data = json.loads(json.dumps(session.to_json()))
    assert type(session).from_json(data).to_json() == session.to_json()


@pytest.mark.parametrize(
    ("make", "title"), [(capital, "Capital Risk"), (great_war, "Great War 1907")]
)
def test_an_autosave_of_another_version_is_refused_naming_the_ruleset(
    make: Any, title: str
) -> None:
    session: SealedSession = make()
    data = {**session.to_json(), "version": 99}
    with pytest.raises(ValueError, match=f"^unknown {title} autosave version 99$"):
        type(session).from_json(data)


@pytest.mark.parametrize(
    ("page_type", "make", "word"),
    [(CapitalPage, capital, "faction"), (GreatWarPage, great_war, "nation")],
)
def test_the_stage_panel_names_the_rulesets_seats(
    page_type: type[SealedOrdersPage], make: Any, word: str
) -> None:
    entry = next(e for e in PAGES if e.module == page_type.__module__)
    page = page_type(None, entry)
    session: SealedSession = make()
    panels = page.panels()
    assert page.stage_html(session, panels) == f"<p>Waiting for the next {word}…</p>"
    session.stage = "claim"
    assert page.stage_html(session, panels) == f"<p>Claim your {word} below to play.</p>"
    session.stage = "nowhere"
    assert page.stage_html(session, panels) == ""


def test_a_solo_game_of_the_turn_based_rulesets_has_no_hand_over_either() -> None:
    """Issue 27, checked in Classic and in Risk, Paper, Scissors too (the shared
    :class:`ui.shell.handover.HandOver`): with one human, whatever the phase, the page
    never waits for the device to be passed."""
    from ui.classic.controller import Session as ClassicSession
    from ui.risk_paper_scissors.session import Session as RpsSession

    classic = ClassicSession.new([PlayerSpec("Ada", "human"), PlayerSpec("B", "baseline")], {}, "s")
    rps_specs = [PlayerSpec("Ada", "human"), PlayerSpec("B", "standard"), PlayerSpec("C", "easy")]
    rps = RpsSession.new(rps_specs, {}, "s")
    for session in (classic, rps):
        assert session.human_turn and not session.needs_handover and session.viewer == 0
