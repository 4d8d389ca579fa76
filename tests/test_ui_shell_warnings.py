"""The one warning dialog of every ruleset (ui/shell/warnings.py; issue 29, "Warnings
before mistakes": "before the action, with a way to go on anyway")."""

from __future__ import annotations

from ui.shell import warnings
from ui.shell.warnings import Caution, warning_html


def test_the_card_says_the_warning_and_offers_both_answers() -> None:
    """A plain sentence (escaped: names come from players), "Go back" focused first (the
    safe answer on Enter), "Go on anyway" beside it; a modal alert dialog."""
    html = warning_html(Caution("odds", "Only 3% to take <Peru> & more: attack anyway?"))
    assert "Only 3% to take &lt;Peru&gt; &amp; more: attack anyway?" in html
    assert 'role="alertdialog"' in html and 'aria-modal="true"' in html
    assert 'data-case="odds"' in html
    back = html.index('data-testid="warning-back"')
    go = html.index('data-testid="warning-go"')
    assert back < go and "data-autofocus" in html[back : html.index("</button>", back)]
    assert ">Go back</button>" in html and ">Go on anyway</button>" in html


def test_nothing_to_warn_of_goes_on_at_once() -> None:
    """With no warning (the check returned None) the action is done without a dialog."""
    done: list[str] = []
    warnings.confirm_then(None, lambda: done.append("go"), lambda: done.append("back"))
    assert done == ["go"]
