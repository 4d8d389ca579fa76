"""The Great War 1907 phase report's exports (pure): BBCode and Markdown for a forum post
(the seed's moderator style, ``engine.rulesets.greatwar1907.report``), HTML for the page,
and the map as a standalone SVG image with its data: URL.

Every string a player typed (the players' names, the deadline) is made inert for the
format by the engine's report (``report_text``, through ``engine.markup``, the escaping
``ui.shell.export`` re-exports), as Capital Risk's exports do; the rest of the report is
the engine's own text.
"""

from __future__ import annotations

from urllib.parse import quote

from engine.rulesets.greatwar1907.report import report_text, user_strings
from engine.rulesets.greatwar1907.state import GreatWarState
from ui.greatwar1907.render import geometry, nation_styles, render_board
from ui.shell.export import data_url, escape_markup, markdown_html, standalone_svg

__all__ = [
    "bbcode",
    "data_url",
    "image_line",
    "map_file_name",
    "map_svg",
    "markdown",
    "report_html",
    "user_strings",
]


def image_line(url: str, title: str, fmt: str) -> str:
    """The map as an image in a post: ``[img]`` in BBCode, ``![..](..)`` in Markdown.
    Brackets, parentheses and spaces of the address are percent-encoded so that it
    cannot end the tag early."""
    safe = quote(url, safe=":/?#@!$&'*+,;=%-._~")
    if fmt == "bbcode":
        return f"[img]{safe}[/img]"
    return f"![{escape_markup(title, 'markdown')}]({safe})"


def _export(state: GreatWarState, fmt: str, image_url: str | None) -> str:
    report = state.last_report
    if not report:
        return ""
    text = report_text(state, fmt)
    if image_url is None:
        return text
    title, _, rest = text.partition("\n")
    image = image_line(image_url, "Map: " + str(report["title"]), fmt)
    return f"{title}\n{image}\n{rest}"


def bbcode(state: GreatWarState, image_url: str | None = None) -> str:
    """The last phase's report as a BBCode post; with ``image_url`` (where the map
    image is, e.g. the SVG uploaded to the forum) the map under the title."""
    return _export(state, "bbcode", image_url)


def markdown(state: GreatWarState, image_url: str | None = None) -> str:
    """The last phase's report in Markdown; ``image_url`` as for :func:`bbcode`."""
    return _export(state, "markdown", image_url)


def report_html(state: GreatWarState) -> str:
    """The last phase's report as HTML sections for the page (empty before the first
    resolution)."""
    return markdown_html(markdown(state))


def map_file_name(state: GreatWarState) -> str:
    """``greatwar1907-turn-3-attack.svg``: the phase the map shows the end of."""
    report = state.last_report or {"turn": state.turn, "phase": state.phase.value}
    return f"greatwar1907-turn-{report['turn']}-{report['phase']}.svg"


def map_svg(
    state: GreatWarState, title: str | None = None, overlays: frozenset[str] = frozenset()
) -> str:
    """The board as a standalone SVG document: the report's title, the map, and a strip
    naming each nation's colour and its player."""
    styles = nation_styles(state.map)
    legend = [
        (styles[seat.nation].color, f"{state.map.name_of(seat.nation)} ({seat.name})")
        for seat in state.players
    ]
    if title is None:
        title = str((state.last_report or {}).get("title") or "The Great War 1907")
    board = render_board(state, overlays=overlays)
    return standalone_svg(board, geometry()["viewBox"], title, legend, legend_size=8)
