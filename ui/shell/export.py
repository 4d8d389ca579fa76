"""What every ruleset's report exports share (pure): a report's Markdown as HTML for the
page, user strings made inert in BBCode or Markdown (the one escaping, ``engine.markup``,
which the engine's own reports use too), a board SVG as a standalone image with a legend
strip, and its data: URL."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from html import escape
from urllib.parse import quote

from engine.markup import escape_markup, escape_typed

_BOLD = re.compile(r"(?<!\\)\*\*(.+?)(?<!\\)\*\*")

__all__ = [
    "data_url",
    "escape_markup",
    "escape_typed",
    "markdown_html",
    "standalone_svg",
]


def markdown_html(text: str) -> str:
    """A report's Markdown rendering as HTML sections: one heading per section, one
    list item per line."""
    out: list[str] = []
    in_list = False
    section = ""
    for line in text.splitlines():
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
            section = _plain(line[3:])
            slug = re.sub(r"[^a-z]+", "-", section.lower()).strip("-")
            out.append(f'<section class="rsec" data-section="{slug}"><h4>{section}</h4>')
        elif line.startswith("- "):
            out.append(f"<li>{_inline(line[2:])}</li>")
        elif line.strip():
            if out and out[-1].endswith("  </p>"):  # a Markdown hard break: same paragraph
                out[-1] = out[-1][: -len("  </p>")] + f"<br>{_inline(line)}</p>"
            else:
                out.append(f"<p>{_inline(line)}</p>")
    if in_list:
        out.append("</ul>")
    if section:
        out.append("</section>")
    return "".join(out)


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


def standalone_svg(
    board: str,
    view_box: Sequence[float],
    title: str,
    legend: Iterable[tuple[str, str]],
    legend_size: float = 10,
) -> str:
    """``board`` (an SVG string) as a standalone SVG document of fixed size: a title,
    and under the board a strip with one (colour, name) swatch per entry, in as many
    rows as the board's width needs."""
    x0, y0, width, height = view_box
    row_h = legend_size * 2.2
    items = []
    x, y = 8.0, float(height)
    for color, name in legend:
        step = legend_size * 2.4 + legend_size * 0.62 * len(name)
        if x > 8 and x + step - legend_size > width:  # a new row
            x, y = 8.0, y + row_h * 0.8
        items.append(
            f'<rect x="{x:.0f}" y="{y + legend_size * 0.6:g}" width="{legend_size:g}" '
            f'height="{legend_size:g}" fill="{escape(color)}"/>'
            f'<text x="{x + legend_size * 1.4:.0f}" y="{y + legend_size * 1.5:g}" '
            f'font-size="{legend_size:g}" font-family="sans-serif">{escape(name)}</text>'
        )
        x += step
    legend_h = y - height + row_h
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'version="1.1" width="{width}" height="{height + legend_h:g}" '
        f'viewBox="{x0} {y0} {width} {height + legend_h:g}">'
        f"<title>{escape(title)}</title>"
        f'<rect x="{x0}" y="{height}" width="{width}" height="{legend_h:g}" fill="#FFFFFF"/>'
    )
    inner = re.sub(r"^<svg[^>]*>", "", board)
    inner = re.sub(r"</svg>\s*$", "", inner)
    body = f'<svg x="{x0}" y="{y0}" width="{width}" height="{height}" viewBox="{x0} {y0} '
    body += f'{width} {height}">{inner}</svg>'
    return head + body + "".join(items) + "</svg>"


def data_url(svg: str) -> str:
    return "data:image/svg+xml;charset=utf-8," + quote(svg, safe="")
