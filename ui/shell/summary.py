"""The "what happened" card at the top of a resolved phase or turn (pure): the winner
first, then what happened to the reader, then what happened elsewhere, and the full
report one click away (a disclosure).  Every ruleset's report uses it, and so does
"While you were away" (:mod:`ui.shell.away`).

The facts and sentences are the engine's (:class:`engine.summary.Happened`, built by
each ruleset's ``summary`` module); this only lays them out.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from engine.summary import Happened, Section


def _list(lines: list[str], testid: str) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return f'<ul class="summary-lines" data-testid="{testid}">{items}</ul>'


def summary_html(
    happened: Happened,
    reader: int | None,
    full_report: str = "",
    *,
    full_title: str = "Full report",
    heading: str = "",
    testid: str = "summary",
) -> str:
    """The card for ``reader`` (None: a spectator, who reads everything as
    "elsewhere"); ``full_report`` is HTML shown when the player opens it."""
    parts = []
    title = heading or (f"What happened: {happened.title}" if happened.title else "What happened")
    parts.append(f'<h3 class="summary-title">{escape(title)}</h3>')
    headline = happened.headline(reader)
    if headline:
        parts.append(
            f'<p class="summary-winner" data-testid="{testid}-winner">♛ {escape(headline)}</p>'
        )
    mine, others = happened.to_you(reader), happened.elsewhere(reader)
    if reader is not None:
        parts.append('<h4 class="summary-head">To you</h4>')
        parts.append(
            _list(mine, f"{testid}-you")
            if mine
            else f'<p class="summary-quiet" data-testid="{testid}-you">Nothing happened to you.</p>'
        )
    if others:
        parts.append(
            f'<h4 class="summary-head">{"Elsewhere" if reader is not None else "Everyone"}</h4>'
        )
        parts.append(_list(others, f"{testid}-elsewhere"))
    elif reader is None:
        parts.append('<p class="summary-quiet">No territory changed hands.</p>')
    if full_report:
        parts.append(disclosure_html(full_title, full_report, f"{testid}-full"))
    return f'<section class="summary-card" data-testid="{testid}">{"".join(parts)}</section>'


def sections_html(sections: Sequence[Section], testid: str = "plain-report") -> str:
    """A report in plain words: each section's heading and its sentences."""
    body = "".join(
        f'<h4 class="summary-head">{escape(s.title)}</h4>'
        + "".join(f"<p>{escape(line)}</p>" for line in s.lines)
        for s in sections
    )
    return f'<div class="plain-report" data-testid="{testid}">{body}</div>'


def disclosure_html(title: str, body: str, testid: str = "summary-full") -> str:
    """``body`` one click away."""
    return (
        f'<details class="summary-full" data-testid="{testid}">'
        f'<summary data-testid="{testid}-open">{escape(title)}</summary>{body}</details>'
    )


def reader_of(session: Any) -> int | None:
    """Whom a resolved report speaks to: in a forum game this browser's seat; at one
    device the only human seat; None when several humans share the device (the
    report is everyone's; "While you were away" then speaks to each in turn)."""
    seat = getattr(session, "seat", None)
    if getattr(session, "where", "local") == "forum" and seat is not None:
        return int(seat)
    players = getattr(session.state, "players", [])
    humans = [i for i, p in enumerate(players) if getattr(p, "control", "") == "human"]
    return humans[0] if len(humans) == 1 else None
