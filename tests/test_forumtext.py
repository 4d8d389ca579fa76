"""Finding codes in a whole forum page or email thread (engine.forumtext, issue 30): any
number of codes in any order, with quotes, ``>`` prefixes, BBCode tags and lines wrapped
by the forum; the rest is ignored, and prose never gives a code."""

from __future__ import annotations

import hashlib
import string

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.forumtext import candidates, peek, scan
from engine.keys import PlayerKey
from engine.savecode import encode_code

KEY = PlayerKey.generate(hashlib.sha256(b"forumtext").digest())
CODES = [
    encode_code(
        {"k": kind, "g": "cap-1", "t": 1, "f": seat, "c": "x" * (10 + 30 * seat)}, KEY, seat
    )
    for seat in range(3)
    for kind in ("seal", "reveal")
]

PROSE = st.text(
    alphabet=string.ascii_letters + string.digits + " .,;:!?'\"()[]/>-_=\n\t",
    max_size=300,
)


@st.composite
def wrapped(draw: st.DrawFn, code: str) -> str:
    """``code`` as a forum or mail program shows it: cut into lines of some width, each
    continuation perhaps quoted (``> ``), perhaps with a no-break or zero-width space."""
    width = draw(st.integers(min_value=8, max_value=120))
    prefix = draw(st.sampled_from(["", "> ", ">> ", "> > ", "  ", "| "]))
    joiner = draw(st.sampled_from(["\n", "\r\n", "\n\n"]))
    pieces = [code[i : i + width] for i in range(0, len(code), width)]
    glue = draw(st.sampled_from(["", "\u200b", " "]))
    return (joiner + prefix).join(glue.join([p]) for p in pieces)


@st.composite
def noisy_page(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A page of prose with some of the codes, in any order, each in some wrapping."""
    chosen = draw(st.lists(st.sampled_from(CODES), min_size=1, max_size=8))
    parts: list[str] = []
    for code in chosen:
        parts.append(draw(PROSE))
        shown = draw(wrapped(code))
        tag = draw(st.sampled_from(["{}", "[code]{}[/code]", "[quote]{}[/quote]", "> {}"]))
        # Prose never runs into a code's first character without a break.
        parts.append("\n" + tag.format(shown) + "\n")
    parts.append(draw(PROSE))
    return "".join(parts), chosen


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(noisy_page())
def test_every_code_embedded_in_a_noisy_page_is_found(case: tuple[str, list[str]]) -> None:
    """Issue 30: the paste box "finds every code in it, ignoring the rest"."""
    page, chosen = case
    found = scan(page)
    assert set(found.codes) == set(chosen)
    assert found.damaged == ()


@settings(max_examples=200, deadline=None)
@given(PROSE)
def test_plain_prose_gives_no_code(text: str) -> None:
    """No false codes from plain prose, even prose that names the prefix."""
    for page in (text, text + " RK1." + text, "RK1. " + text):
        found = scan(page)
        assert found.codes == ()


def test_a_code_wrapped_inside_its_prefix_is_found() -> None:
    code = CODES[0]
    assert scan(f"orders: RK\n1.{code[4:]} thanks").codes == (code,)


def test_a_code_followed_by_prose_on_its_own_line_ends_at_its_signature() -> None:
    code = CODES[1]
    assert candidates(f"{code}Thanks, see you next turn.") == [code]


def test_a_cut_off_code_is_reported_not_found() -> None:
    code = CODES[2]
    found = scan("post:\n" + code[:-30] + "\n(the rest did not fit)")
    assert found.codes == ()
    assert [f.error for f in found.damaged] == ["savecode/signature"] or [
        f.error for f in found.damaged
    ] == ["savecode/truncated"]


def test_a_damaged_code_still_says_whose_and_what_it_was() -> None:
    """The page names whose code was altered, read from its data without trusting it."""
    code = CODES[5]  # seat 2's reveal
    at = len(code) - 40  # in the signature: the data still reads whole
    altered = code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1 :]
    (fragment,) = scan(altered).damaged
    assert (fragment.seat, fragment.kind) == (2, "reveal")
    reveal = encode_code({"f": 1, "g": "cap-1", "k": "reveal", "o": {"x": "y" * 200}}, KEY, 1)
    at = len(reveal) - 100  # in the data: what decompresses before it is read
    altered = reveal[:at] + ("A" if reveal[at] != "A" else "B") + reveal[at + 1 :]
    (fragment,) = scan(altered).damaged
    assert (fragment.seat, fragment.kind) == (1, "reveal")
    assert peek("RK1.%%%.x") == (None, None)


def test_the_same_code_quoted_many_times_is_found_once() -> None:
    page = "\n".join(f"> {'> ' * i}{CODES[0]}" for i in range(5))
    assert scan(page).codes == (CODES[0],)
