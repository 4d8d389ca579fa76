"""The report's exports (pure): BBCode and Markdown for a forum post, the report as
HTML for the page, and the map as a standalone SVG image with a data: URL."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from html import escape
from typing import Any
from urllib.parse import quote

from engine.rulesets.capital import CapitalState, render
from ui.shell.render import render_map, styles_of


def bbcode(report: dict[str, Any]) -> str:
    return render(report, "bbcode")


def markdown(report: dict[str, Any]) -> str:
    return render(report, "markdown")


def report_html(report: dict[str, Any]) -> str:
    """The report as HTML sections (from its Markdown rendering: one heading per section,
    one list item per line)."""
    out: list[str] = []
    in_list = False
    section = ""
    for line in markdown(report).splitlines():
        if line.startswith("- ") and not in_list:
            out.append("<ul>")
            in_list = True
        elif not line.startswith("- ") and in_list:
            out.append("</ul>")
            in_list = False
        if line.startswith("# "):
            out.append(f'<h3 class="report-title">{_inline(line[2:])}</h3>')
        elif line.startswith("## "):
            if section:
                out.append("</section>")
            section = line[3:]
            slug = re.sub(r"[^a-z]+", "-", section.lower()).strip("-")
            out.append(f'<section class="rsec" data-section="{slug}"><h4>{escape(section)}</h4>')
        elif line.startswith("- "):
            out.append(f"<li>{_inline(line[2:])}</li>")
        elif line.strip():
            out.append(f"<p>{_inline(line)}</p>")
    if in_list:
        out.append("</ul>")
    if section:
        out.append("</section>")
    return "".join(out)


_BOLD = re.compile(r"(?<!\\)\*\*(.+?)(?<!\\)\*\*")


def _inline(text: str) -> str:
    """One Markdown line of the report as HTML: its ``**bold**`` spans, and every
    backslash escape (how names are kept inert in Markdown) undone before HTML escaping."""
    out: list[str] = []
    at = 0
    for match in _BOLD.finditer(text):
        out.append(_plain(text[at : match.start()]))
        out.append(f"<b>{_plain(match.group(1))}</b>")
        at = match.end()
    out.append(_plain(text[at:]))
    return "".join(out)


def _plain(text: str) -> str:
    return escape(re.sub(r"\\(.)", r"\1", text))


def map_svg(
    state: CapitalState,
    geometry: Mapping[str, Any],
    title: str = "",
    stars: Collection[str] = (),
) -> str:
    """The board as a standalone SVG document (fixed size, a title and a legend)."""
    svg = render_map(state, geometry, stars=stars)
    x0, y0, width, height = geometry["viewBox"]
    legend_h = 22
    styles = styles_of(state)
    items = []
    x = 8.0
    for seat, player in enumerate(state.players):
        style = styles[seat]
        items.append(
            f'<rect x="{x:.0f}" y="{height + 6}" width="10" height="10" fill="{style.color}"/>'
            f'<text x="{x + 14:.0f}" y="{height + 15}" font-size="10" '
            f'font-family="sans-serif">{escape(player.name)}</text>'
        )
        x += 24 + 6.2 * len(player.name)
    label = escape(title) if title else ""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'version="1.1" width="{width}" height="{height + legend_h}" '
        f'viewBox="{x0} {y0} {width} {height + legend_h}">'
        f"<title>{label}</title>"
        f'<rect x="{x0}" y="{height}" width="{width}" height="{legend_h}" fill="#FFFFFF"/>'
    )
    inner = re.sub(r"^<svg[^>]*>", "", svg)
    inner = re.sub(r"</svg>\s*$", "", inner)
    board = f'<svg x="{x0}" y="{y0}" width="{width}" height="{height}" viewBox="{x0} {y0} '
    board += f'{width} {height}">{inner}</svg>'
    return head + board + "".join(items) + "</svg>"


def data_url(svg: str) -> str:
    return "data:image/svg+xml;charset=utf-8," + quote(svg, safe="")
