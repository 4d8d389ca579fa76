"""The "what happened" card (ui/shell/summary.py) at the top of the Capital Risk and
Great War reports: the winner first, then what happened to the reader, then elsewhere,
the full report one click away."""

from __future__ import annotations

from types import SimpleNamespace

from engine.core import PlayerSpec
from engine.summary import Fact, Happened, Kind
from tests.test_ui_capital import resolved
from ui.capital.panels import report_panel_html
from ui.greatwar1907 import panels as gw_panels
from ui.greatwar1907.session import GreatWarSession
from ui.shell.summary import reader_of, summary_html


def test_the_card_puts_the_winner_first_then_you_then_elsewhere() -> None:
    """Issue 27: "what happened to you ... then what happened elsewhere; the full report
    stays one click away"; issue 29: "the winner announced at the top"."""
    names = ("Ann", "Bob <b>", "Chloe")
    facts = (Fact(Kind.TOOK, 1, 2, ("Ontario",)), Fact(Kind.TOOK, 0, 2, ("Quebec",)))
    html = summary_html(Happened("Turn 2", names, facts, (2,)), 0, "<p>FULL</p>")
    winner = html.index("Chloe wins the game!")
    mine = html.index("You lost Quebec to Chloe.")
    others = html.index("Chloe took Ontario from Bob &lt;b&gt;.")  # names are escaped
    full = html.index("<details")
    assert winner < mine < others < full < html.index("<p>FULL</p>")
    assert "What happened: Turn 2" in html


def test_a_quiet_turn_says_nothing_happened_to_you() -> None:
    html = summary_html(Happened("Turn 1", ("Ann", "Bob"), ()), 1)
    assert "Nothing happened to you." in html and "<details" not in html


def test_the_reader_is_the_forum_seat_or_the_only_human() -> None:
    """A forum page speaks to its own seat; one human at the device is "you"; several
    humans at one device share the report (the card then tells everyone's facts)."""
    human, computer = SimpleNamespace(control="human"), SimpleNamespace(control="easy")
    state = SimpleNamespace(players=[computer, human, computer])
    assert reader_of(SimpleNamespace(where="local", seat=None, state=state)) == 1
    state.players = [human, human]
    assert reader_of(SimpleNamespace(where="local", seat=None, state=state)) is None
    assert reader_of(SimpleNamespace(where="forum", seat=1, state=state)) == 1


def test_the_capital_report_opens_with_the_card_then_plain_battles() -> None:
    """Issue 29: the summary, then the battles as sentences; the moderator's report (the
    forum's format) one click away."""
    s = resolved()
    s.skip_replay()
    html = report_panel_html(s, "data:,")
    card = html.index('data-testid="summary"')
    plain = html.index('data-testid="cap-plain-report"')
    moderator = html.index('data-testid="cap-moderator"')
    assert card < plain < moderator < html.index('data-testid="cap-report"')
    assert "Everyone" in html or "No territory changed hands." in html  # two humans


def test_the_great_war_report_opens_with_the_card() -> None:
    """Issue 27: "The top of each resolved phase says, in plain words, what happened to
    you"; the report a click away."""
    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "easy") for i in range(7)]
    s = GreatWarSession.new(specs, {}, "summary")
    s.acknowledge_handover()
    s.seal()
    s.skip_replay()
    html = gw_panels.report_html(s)
    card = html.index('data-testid="summary"')
    assert card < html.index("<details") < html.index('data-testid="gw-report"')
    assert "You lost " in html and "pp of unspent allowance." in html  # Ada spent nothing
