"""Risk, Paper, Scissors' bids by email or forum in two posts a year (issue 30): each
player posts the sealed bid, pastes the thread once every sealed bid is in (the page
makes the reveal: the second post) and pastes it again once every reveal is in (the page
resolves the bids itself).  Every page reaches the same save, and the turn after it
follows on every page."""

from __future__ import annotations

from typing import Any

import pytest

from engine.errors import EngineError
from engine.rulesets.risk_paper_scissors.orders import Bid, EndPurchase, EndTurn
from tests.test_ui_rps_email import KEYS, at_first_bid
from ui.risk_paper_scissors import email_bids
from ui.risk_paper_scissors.session import Session
from ui.shell import pbem


def forum_page(*posts: str) -> str:
    """A forum page as copied: each post quoted by the next, BBCode tags, lines wrapped
    at 60 characters, chatter between."""
    lines = ["Year 1 thread", ""]
    for index, post in enumerate(posts):
        wrapped = [post[i : i + 60] for i in range(0, len(post), 60)]
        lines += [f"Player {index + 1} wrote:", "[quote][code]", *wrapped, "[/code][/quote]"]
        lines += ["> " + w for w in wrapped[:2]] + ["my bid, good luck", ""]
    return "\n".join(lines)


def sealed(session: Session, seat: int, bid: Bid) -> str:
    assert session.pbem is not None
    code, reveal = email_bids.seal_bid(session.pbem, bid, KEYS[seat])
    session.bid_round = {"year": session.state.turn, "sealed": code, "reveal": reveal}
    return code


def paste(session: Session, seat: int, text: str) -> email_bids.PageStep:
    assert session.pbem is not None
    step = email_bids.paste_page(session.pbem, session.bid_round, text, KEYS[seat])
    if step.resolution is not None:  # as the page does
        email_bids.adopt_resolution(session.pbem, step.resolution)
        session.pbem.outbox = None
        session.adopt(step.resolution.state, step.resolution.events, "resolved")
    session.bid_round = step.round
    return step


def posts(step: email_bids.PageStep) -> str:
    return str(step.round["bound"])


def test_each_player_posts_twice_and_pastes_twice_and_both_pages_resolve_alike() -> None:
    """Spec 17.1 in two posts: after the sealed bids (post 1) one paste of the thread
    makes each reveal (post 2, with the deadline code for the silent computer); a second
    paste resolves on each page.  Both pages hold saves of one payload (the same hash),
    the same position, and neither was sent a save."""
    ada, boris = at_first_bid()
    seal_a, seal_b = sealed(ada, 0, Bid(0, 2, (1,))), sealed(boris, 1, Bid(1, 1, (1,)))
    thread = forum_page(seal_a, seal_b)
    step_a, step_b = paste(ada, 0, thread), paste(boris, 1, thread)
    assert "post your reveal code" in step_a.note and step_a.resolution is None
    assert "post your reveal code" in step_b.note and step_b.resolution is None
    thread = forum_page(seal_a, seal_b, posts(step_a), posts(step_b))
    done_a, done_b = paste(ada, 0, thread), paste(boris, 1, thread)
    assert done_a.resolution is not None and done_b.resolution is not None
    assert "resolved here" in done_a.note
    a, b = done_a.resolution.record, done_b.resolution.record
    assert a.hash == b.hash and a.code != b.code  # one payload, each page's signature
    assert ada.state.to_json() == boris.state.to_json()
    assert ada.state.order == [0, 1, 2]  # Ada 2, Boris 1, the computer 0


def test_a_page_with_some_codes_missing_says_whose_and_waits() -> None:
    """A thread with only Ada's sealed bid: the page keeps it, says Boris's sealed bid is
    missing and makes no reveal; the next paste with Boris's makes it."""
    ada, boris = at_first_bid()
    seal_a, seal_b = sealed(ada, 0, Bid(0, 2, ())), sealed(boris, 1, Bid(1, 0, ()))
    step = paste(ada, 0, forum_page(seal_a))
    assert "missing from Boris" in step.note and "bound" not in step.round
    step = paste(ada, 0, forum_page(seal_b))  # the first paste's codes were kept
    assert "bound" in step.round


def test_the_turn_after_follows_on_the_page_that_resolved_it_too() -> None:
    """Ada plays the first turn after the bids and sends its save (her resolution's save
    before it): Boris's page, which resolved the same bids itself, skips her copy of the
    resolution (the same save, signed by another) and verifies her turn."""
    ada, boris = at_first_bid()
    seal_a, seal_b = sealed(ada, 0, Bid(0, 2, ())), sealed(boris, 1, Bid(1, 1, ()))
    thread = forum_page(seal_a, seal_b)
    reveals = [posts(paste(ada, 0, thread)), posts(paste(boris, 1, thread))]
    mine = paste(ada, 0, forum_page(*reveals, seal_b, seal_a)).resolution
    his = paste(boris, 1, forum_page(seal_a, *reveals, seal_b)).resolution
    assert mine is not None and his is not None and mine.code != his.code
    assert ada.pbem is not None and boris.pbem is not None
    ada.play(EndPurchase())
    ada.play(EndTurn())
    pbem.seal(ada.pbem, ada.state, KEYS[0])
    email_bids.with_resolution(ada)
    sent = ada.pbem.outbox
    assert sent is not None and sent.startswith(mine.code)
    result = pbem.interpret(boris.pbem, sent, KEYS[1].public_key_text, "risk_paper_scissors")
    assert result.kind == "accepted", result.message
    assert result.record is not None and result.record.state.to_json() == ada.state.to_json()


@pytest.mark.parametrize(
    ("text", "expected"),
    [("hello, no codes here", "savecode/"), ("RK1.abc.def", "savecode/")],
)
def test_a_page_with_no_code_of_the_bids_is_refused_naming_why(text: str, expected: str) -> None:
    """Plain chatter, or a code cut off: refused in the save reader's words, the round
    as it was."""
    ada, _ = at_first_bid()
    sealed(ada, 0, Bid(0, 1, ()))
    before: dict[str, Any] = dict(ada.bid_round)
    with pytest.raises(EngineError) as info:
        paste(ada, 0, text)
    assert info.value.code.startswith(expected)
    assert ada.bid_round == before
