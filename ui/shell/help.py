"""The page's "How to play", read from the players' rulebooks (ui/rulebooks/<r>.md,
shipped in app.zip by tools/vendor.py): a one-screen guide to the phase being played and
the whole rulebook a click away, also from the new-game form before a game starts (pure;
the page passes the ruleset and the phase).

A rulebook marks what belongs to a phase with an HTML comment before it,
``<!-- phases: attack advantage -->``; the part runs to the next marker or heading (or
``<!-- end -->``).  A line ``[[figure NAME]]`` shows a worked example drawn by the game's
own renderers (ui/rulebooks/figures/NAME.html, written by tools/rulebook_figures.py).

The developers' adjudication notes (docs/rules-<r>.md) stay in docs/ for developers and
adjudicators; the page does not show them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from html import escape
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs"
RULEBOOKS = Path(__file__).resolve().parents[1] / "rulebooks"
FIGURES = RULEBOOKS / "figures"
MARKER = re.compile(r"^<!--\s*phases:\s*(?P<phases>[\w\s-]+?)\s*-->$")
FIGURE = re.compile(r"^\[\[figure (?P<name>[a-z0-9-]+)\]\]$")


def rules_path(ruleset: str) -> Path:
    """docs/rules-<ruleset>.md (the adjudication notes), underscores written as hyphens."""
    return DOCS / f"rules-{ruleset.replace('_', '-')}.md"


def rulebook_path(ruleset: str) -> Path:
    """ui/rulebooks/<ruleset>.md, the players' rulebook, named as the engine names it."""
    return RULEBOOKS / f"{ruleset}.md"


def phase_title(phase: str) -> str:
    """A phase's name as players say it: "move-in" and "game_over" read "Move in", "Game over"."""
    words = re.sub(r"[-_]+", " ", phase).strip()
    return words[:1].upper() + words[1:]


@cache
def figure_html(name: str) -> str:
    """A worked example's HTML, drawn at build time by the game's own renderers; a missing
    figure reads as a sentence rather than breaking the rulebook."""
    path = FIGURES / f"{name}.html"
    if not path.is_file():
        return '<p class="muted">(This example could not be drawn.)</p>'
    return path.read_text(encoding="utf-8")


@dataclass(frozen=True)
class Rules:
    title: str
    text: str
    parts: tuple[tuple[frozenset[str], str], ...]
    """(phases, the markdown of that part), in the order of the file."""

    def guide(self, phase: str) -> str:
        """The markdown of every part marked for ``phase`` ("" when none is)."""
        return "\n\n".join(text for phases, text in self.parts if phase in phases)


@cache
def load_rules(ruleset: str) -> Rules:
    """:raises FileNotFoundError: the ruleset has no rulebook in ui/rulebooks/."""
    text = rulebook_path(ruleset).read_text(encoding="utf-8")
    lines = text.splitlines()
    title = next((line[2:].strip() for line in lines if line.startswith("# ")), ruleset)
    parts: list[tuple[frozenset[str], str]] = []
    current: tuple[frozenset[str], list[str]] | None = None
    heading = ""
    for line in lines:
        marker = MARKER.match(line.strip())
        ends = marker is not None or line.startswith("#") or line.strip() == "<!-- end -->"
        if ends and current is not None:
            parts.append((current[0], "\n".join(current[1]).strip()))
            current = None
        if line.startswith("## "):
            heading = line
        if marker is not None:
            current = (frozenset(marker["phases"].split()), [heading])
        elif current is not None:
            current[1].append(line)
    if current is not None:
        parts.append((current[0], "\n".join(current[1]).strip()))
    return Rules(title, text, tuple(parts))


def _inline(text: str) -> str:
    out = escape(text, quote=False)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    out = re.sub(r"\*\*([^*]+)\*\*", r"<strong>\1</strong>", out)
    return re.sub(r"(?<![\w*])\*([^*]+)\*(?![\w*])", r"<em>\1</em>", out)


def markdown_html(text: str) -> str:
    """The subset of Markdown the rules files use: headings, paragraphs, bulleted and
    numbered lists (items may wrap onto indented lines), tables, code and emphasis."""
    html: list[str] = []
    block: list[str] = []
    kind = ""
    start = 1  # the first number of a numbered list

    def flush() -> None:
        nonlocal block, kind
        if not block:
            return
        if kind == "p":
            html.append(f"<p>{_inline(' '.join(block))}</p>")
        elif kind in ("ul", "ol"):
            items = "".join(f"<li>{_inline(item)}</li>" for item in block)
            first = f' start="{start}"' if kind == "ol" and start != 1 else ""
            html.append(f"<{kind}{first}>{items}</{kind}>")
        elif kind == "table":
            rows = [
                [cell.strip() for cell in row.strip().strip("|").split("|")]
                for row in block
                if not re.fullmatch(r"\|?[\s:|-]+\|?", row.strip())
            ]
            head = "".join(f"<th>{_inline(c)}</th>" for c in rows[0])
            body = "".join(
                "<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>"
                for row in rows[1:]
            )
            html.append(
                f'<table class="info"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'
            )
        block, kind = [], ""

    for raw in text.splitlines():
        line = raw.rstrip()
        stripped = line.strip()
        heading = re.match(r"^(#{1,4})\s+(.*)$", line)
        bullet = re.match(r"^[-*]\s+(.*)$", line)
        number = re.match(r"^(\d+)\.\s+(.*)$", line)
        figure = FIGURE.match(stripped)
        if not stripped or stripped.startswith("<!--"):
            flush()
        elif figure:
            flush()
            html.append(figure_html(figure["name"]))
        elif heading:
            flush()
            level = min(len(heading[1]) + 1, 5)
            html.append(f"<h{level}>{_inline(heading[2])}</h{level}>")
        elif stripped.startswith("|"):
            if kind != "table":
                flush()
                kind = "table"
            block.append(stripped)
        elif bullet or number:
            wanted = "ul" if bullet else "ol"
            if kind != wanted:
                flush()
                kind = wanted
                start = int(number[1]) if number else 1
            block.append(bullet[1] if bullet else number[2] if number else "")
        elif kind in ("ul", "ol") and raw.startswith(" "):
            block[-1] += " " + stripped
        else:
            if kind != "p":
                flush()
                kind = "p"
            block.append(stripped)
    flush()
    return "\n".join(html)


def help_html(ruleset: str, phase: str | None, full: bool) -> str:
    """The dialog's body: the guide to ``phase`` with a link to the whole rulebook, or,
    with ``full`` (or no phase, or no part for it), the whole rulebook."""
    rules = load_rules(ruleset)
    guide = rules.guide(phase) if phase else ""
    whole = full or not guide
    switch = (
        '<button type="button" class="btn" data-action="help-guide" data-testid="help-guide">'
        f"Back to {escape(phase_title(phase or ''))}</button>"
        if whole and guide
        else '<button type="button" class="btn" data-action="help-full" data-testid="help-full">'
        "The whole rulebook</button>"
        if not whole
        else ""
    )
    if whole:  # the title is the dialog's heading: not twice
        body = markdown_html(re.sub(r"\A# .*\n", "", rules.text))
        heading = escape(rules.title)
    else:
        body = markdown_html(guide)
        heading = f"How to play: {escape(phase_title(phase or ''))}"
    return (
        f'<div class="help-card card" role="dialog" aria-modal="true" aria-labelledby="help-title"'
        f' data-testid="help-card" data-rulebook="{escape(ruleset)}"'
        f' data-view="{"rulebook" if whole else "phase"}" data-phase="{escape(phase or "")}">'
        f'<div class="row between"><h2 id="help-title">{heading}</h2>'
        f'<button type="button" class="btn ghost dark" data-action="close-help"'
        f' data-testid="close-help" aria-label="Close">✕</button></div>'
        f'<div class="help-body" data-testid="help-body">{body}</div>'
        f'<div class="row end">{switch}</div></div>'
    )
