"""The report's exports (pure): BBCode and Markdown for a forum post, the report as
HTML for the page, and the map as a standalone SVG image with a data: URL."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine.rulesets.capital import CapitalState, render
from ui.shell.export import data_url, markdown_html, standalone_svg
from ui.shell.render import render_map, styles_of

__all__ = ["bbcode", "data_url", "map_svg", "markdown", "report_html"]


def bbcode(report: dict[str, Any]) -> str:
    return render(report, "bbcode")


def markdown(report: dict[str, Any]) -> str:
    return render(report, "markdown")


def report_html(report: dict[str, Any]) -> str:
    """The report as HTML sections (from its Markdown rendering)."""
    return markdown_html(markdown(report))


def map_svg(
    state: CapitalState,
    geometry: Mapping[str, Any],
    title: str = "",
    stars: Collection[str] = (),
) -> str:
    """The board as a standalone SVG document (fixed size, a title and a legend)."""
    svg = render_map(state, geometry, stars=stars)
    styles = styles_of(state)
    legend = [(styles[seat].color, player.name) for seat, player in enumerate(state.players)]
    return standalone_svg(svg, geometry["viewBox"], title, legend)
