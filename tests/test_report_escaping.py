"""Issue 25 §4: ``python -m engine report --format bbcode|markdown`` and the pages'
exports print every string a player typed (names at ``new_game``, a deadline) made
inert for the format, in every ruleset that writes reports, through the one escaping
module (``engine.markup``, re-exported by ``ui.shell.export``).  A name still reads
right: escaped, not stripped.

Each case plays the same seeded game twice, once with hostile names and once with
plain placeholders, and checks that the hostile report is the placeholder report with
each placeholder replaced by the escaped name: the names add no tag, link, image, HTML
or line of their own, and nothing else changes."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine import markup
from engine.ai import choose_order
from engine.cli import main
from engine.core import PlayerSpec, find_ruleset
from engine.keys import PlayerKey
from engine.saves import make_save
from ui.shell import export

HOSTILE = (
    "[url=http://evil.example/]Ann[/url]",
    "[img]http://evil.example/x.png[/img]",
    "![x](http://evil.example/x.png)",
    "<script>alert(1)</script>",
    "Eve\n[b]boss[/b]",
    "**Bo** _b_ `c` # d",
    "[i]Cy",
)
HOSTILE_DEADLINE = "[u]Friday[/u]\n[b]18:00[/b] ![d](http://evil.example/d.png)"
RULESETS = {"capital": 6, "greatwar1907": 7, "risk_paper_scissors": 4}


def placeholder(seat: int) -> str:
    return f"Zqv{seat}xq"


def played(ruleset_name: str, names: list[str], deadline: str | None) -> Any:
    """A seeded game of computers named ``names``, played until its report names two
    of them."""
    ruleset = find_ruleset(ruleset_name)
    options = {"deadline": deadline} if deadline is not None else {}
    state = ruleset.new_game([PlayerSpec(n, "easy") for n in names], options, "escape")
    for _ in range(2000):
        text = ruleset.turn_report(state, "text") or ""
        if ruleset.actor(state) is None or sum(n in text for n in names) >= 2:
            break
        state = ruleset.apply(state, choose_order(state)).state
    return state


def _cases() -> list[tuple[str, str]]:
    return [(r, fmt) for r in RULESETS for fmt in ("bbcode", "markdown")]


@pytest.mark.parametrize(("ruleset_name", "fmt"), _cases())
def test_typed_strings_are_inert_in_every_report(ruleset_name: str, fmt: str) -> None:
    seats = RULESETS[ruleset_name]
    hostile = [
        HOSTILE[s % len(HOSTILE)] + ("" if s < len(HOSTILE) else f" {s}") for s in range(seats)
    ]
    plain = [placeholder(s) for s in range(seats)]
    with_deadline = ruleset_name != "risk_paper_scissors"
    ruleset = find_ruleset(ruleset_name)
    evil = played(ruleset_name, hostile, HOSTILE_DEADLINE if with_deadline else None)
    calm = played(ruleset_name, plain, "Zqvdeadlinexq" if with_deadline else None)
    text = ruleset.turn_report(evil, fmt)
    expected = ruleset.turn_report(calm, fmt)
    assert text and expected
    assert any(placeholder(s) in expected for s in range(seats))  # the report names players
    back = text
    pairs = [(markup.escape_markup(n, fmt), placeholder(s)) for s, n in enumerate(hostile)]
    if with_deadline:
        pairs.append((markup.escape_markup(HOSTILE_DEADLINE, fmt), "Zqvdeadlinexq"))
    for escaped, stand_in in sorted(pairs, key=lambda p: len(p[0]), reverse=True):
        back = back.replace(escaped, stand_in)
    assert back == expected


@pytest.mark.parametrize("name", [*HOSTILE, HOSTILE_DEADLINE])
def test_an_escaped_name_opens_nothing_and_reads_as_typed(name: str) -> None:
    """BBCode: no bracket a forum reads as a tag; Markdown: every mark that could start
    markup is backslash-escaped; neither has a line break; the letters stay."""
    bb = markup.escape_markup(name, "bbcode")
    md = markup.escape_markup(name, "markdown")
    assert "[" not in bb and "]" not in bb and "\n" not in bb and "\n" not in md
    assert re.search(r"(?<!\\)[\[\]()<>*_`!#]", md) is None
    letters = re.sub(r"[^A-Za-z0-9]", "", name)
    assert re.sub(r"[^A-Za-z0-9]", "", bb) == letters
    assert re.sub(r"[^A-Za-z0-9]", "", md) == letters
    assert markup.escape_markup(name, "text") == name


def test_the_shell_escapes_with_the_engine_module() -> None:
    """One escaping module: the pages' exports use the very function the engine does."""
    assert export.escape_markup is markup.escape_markup
    assert export.escape_typed is markup.escape_typed


@pytest.mark.parametrize("fmt", ["bbcode", "markdown"])
def test_python_m_engine_report_prints_names_escaped(
    fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`python -m engine report --format F` on a Risk, Paper, Scissors save whose players
    were named with markup prints each name escaped."""
    names = list(HOSTILE[:4])
    state = played("risk_paper_scissors", names, None)
    key = PlayerKey.generate(b"\x01" * 32)
    code = make_save(
        find_ruleset("risk_paper_scissors"),
        state,
        game_id="escape",
        keys=[key.public_key_text] * len(names),
        signer=key,
        seat=0,
    )
    assert main(["report", "--format", fmt, code]) == 0
    out = capsys.readouterr().out
    assert sum(markup.escape_markup(n, fmt) in out for n in names) >= 2
    for n in names:
        if markup.escape_markup(n, fmt) != n:  # "<script>" is plain text in BBCode
            assert n not in out
