"""Issue 25, 1 through the pages' pure-Python paths (the session functions the Capital
Risk, Great War 1907 and Risk, Paper, Scissors pages call): "no seat resolves a round
without every other living seat's reveal or that seat's own signed consent that the
deadline passed"; where that leaves a game stuck "the page says so and offers what can
be done"; "a save must do something its phase allows"; RPS turn saves carry no sealed
codes."""

from __future__ import annotations

import hashlib

import pytest

from engine.core import PlayerSpec
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.rulesets.risk_paper_scissors.orders import Bid, EndPurchase, EndTurn
from engine.savecode import decode_code, encode_code
from engine.saves import make_save
from tests import test_ui_capital as cap
from tests import test_ui_rps_email as rps
from ui.capital.panels import forum_html
from ui.capital.session import CapitalSession
from ui.greatwar1907.panels import forum_html as gw_forum_html
from ui.greatwar1907.session import GreatWarSession
from ui.risk_paper_scissors import email_bids
from ui.shell import forum, pbem

KEYS = [PlayerKey.generate(hashlib.sha256(f"ui-consent-{i}".encode()).digest()) for i in range(3)]


def refused(call: object, expected: str) -> EngineError:
    with pytest.raises(EngineError) as info:
        call()  # type: ignore[operator]
    assert info.value.code == expected, info.value.message
    return info.value


def test_capital_buttons_cannot_force_a_turn_alone() -> None:
    """Issue 25, 1: "the Great War and Capital pages build it from their buttons
    (``sign_deadline("")``, then ``resolve_codes("", "", key, deadline)``)" -- the
    resolving page refuses it, and so does the other page given a save made that way."""
    a, b = cap.forum_pair()
    a.sign_deadline("", cap.KEYS[0])
    refused(lambda: a.resolve_codes("", "", cap.KEYS[0], a.deadline), "sealed/no-majority")
    assert a.stage == "entry" and "nobody resolves a turn alone" in a.stuck
    # The same save signed without the page's check: the other page refuses it.
    record = a.record()
    orders = forum.resolution_orders(forum.find_ruleset("capital"), {}, True, True, record.state)
    state = record.state
    for order in orders:
        state = forum.find_ruleset("capital").apply(state, order).state
    forced = make_save(
        forum.find_ruleset("capital"), state, game_id=record.game_id, keys=list(record.keys),
        signer=cap.KEYS[0], seat=0, previous=record, actions=orders, deadlines=[a.deadline],
    )  # fmt: skip
    before = b.state.to_json()
    refused(lambda: b.paste_save(forced), "sealed/no-majority")
    assert b.state.to_json() == before


def test_a_stuck_game_of_two_shows_its_remedies() -> None:
    """Issue 25, 1: "where that can leave a game stuck (two seats, one silent), the page
    says so and offers what can be done": the resolve box names the silent faction and
    offers a forfeit claim and abandoning (a new game)."""
    a, b = cap.forum_pair()
    cap.seal_both(a, b)
    html = forum_html(a)
    assert 'data-testid="cap-two"' in html and 'data-testid="cap-claim-forfeit"' in html
    a.sign_deadline(a.reveal, cap.KEYS[0])
    refused(
        lambda: a.resolve_codes(a.sealed + b.sealed, a.reveal, cap.KEYS[0], a.deadline),
        "sealed/no-majority",
    )
    html = forum_html(a)
    assert 'data-testid="cap-stuck"' in html and "F2 has neither revealed nor signed" in html
    assert 'data-action="show-setup"' in html and "Abandon the game" in html
    assert 'data-testid="cap-claim-forfeit"' in html


def test_a_forfeit_claim_is_disputed_then_conceded() -> None:
    """Issue 25, 1: "a forfeit claim that every page shows as disputed until the other
    seat signs": F1 claims; F2's page, given the claim, shows the dispute and offers to
    concede; F2's concession is a save that ends the game, won by F1, on both pages."""
    a, b = cap.forum_pair()
    cap.seal_both(a, b)
    assert "Forfeit claim signed" in a.claim_forfeit(cap.KEYS[0])
    disputed = "Disputed: F1 claims F2 forfeited; F2 has not agreed"
    assert disputed in forum_html(a) and 'data-testid="cap-concede"' not in forum_html(a)
    assert b.paste_save(a.forfeit) == disputed
    html = forum_html(b)
    assert disputed in html and 'data-testid="cap-concede"' in html
    assert not a.over and not b.over
    ended = "F2 conceded: F1 wins by forfeit; the game is over"
    assert b.concede(cap.KEYS[1]).startswith(ended)
    assert b.over and b.stage == "report"
    assert a.paste_save(b.code) == ended
    assert (
        a.over and ended in forum_html(a) and 'data-testid="cap-resolve-box"' not in forum_html(a)
    )
    refused(lambda: a.concede(cap.KEYS[0]), "forfeit/none")


def test_the_great_war_buttons_cannot_force_a_phase_alone() -> None:
    """Issue 25, 1, the Great War 1907 page: ``sign_deadline("")`` then
    ``resolve_codes("", "", key, deadline)`` is refused and the resolve box says why;
    the silent nation's own deadline code lets the phase be forced."""
    a_key, b_key = KEYS[0], KEYS[1]
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Bo", "human")] + [
        PlayerSpec(f"X{i}", "idle") for i in range(6)
    ]
    a = GreatWarSession.new_forum(specs, {}, "forum", a_key, 0)
    b = GreatWarSession.join(forum.invitation_link("https://h/", a.code, 1, a.invites[1]), b_key)
    b.claim(1, b_key)
    a.paste_save(b.code)
    a.sign_deadline("", a_key)
    refused(lambda: a.resolve_codes("", "", a_key, a.deadline), "sealed/no-majority")
    html = gw_forum_html(a)
    assert 'data-testid="gw-stuck"' in html and "Bo has neither revealed" in html
    a.seal(a_key)
    b.seal(b_key)
    a.confirm_sealed(a.sealed + b.sealed, a_key)  # Bo sealed, then withholds the reveal
    a.sign_deadline(a.reveal, a_key)
    b.sign_deadline(a.reveal, b_key)  # Bo, silent, consents: default orders
    a.resolve_codes(a.sealed + b.sealed, a.reveal, a_key, a.deadline + b.deadline)
    assert b.paste_save(a.code).startswith("Turn resolved")


def test_a_majority_resolves_on_the_page() -> None:
    """Design (issue 25): three factions, one silent: the two that revealed sign deadline
    codes and the page forces the turn; the silent faction's page verifies it."""
    a = CapitalSession.new_forum(cap.specs("human", "human", "human"), {}, "three", KEYS[0], 0)
    b = CapitalSession.join(forum.invitation_link("https://h/", a.code, 1, a.invites[1]), KEYS[1])
    b.claim(1, KEYS[1])
    a.paste_save(b.code)
    c = CapitalSession.join(forum.invitation_link("https://h/", a.code, 2, a.invites[2]), KEYS[2])
    c.claim(2, KEYS[2])
    a.paste_save(c.code)
    b.paste_save(c.code)
    for s, key in ((a, KEYS[0]), (b, KEYS[1]), (c, KEYS[2])):
        s.click(s.highlight()[0])
        s.seal(key)
    seals = a.sealed + b.sealed + c.sealed  # F3 sealed, then withholds its reveal
    for s, key in ((a, KEYS[0]), (b, KEYS[1])):
        s.confirm_sealed(seals, key)
    reveals = a.reveal + b.reveal
    assert 'data-testid="cap-two"' not in forum_html(a)
    a.sign_deadline(reveals, KEYS[0])
    refused(lambda: a.resolve_codes(seals, reveals, KEYS[0], a.deadline), "sealed/forced")
    b.sign_deadline(reveals, KEYS[1])
    a.resolve_codes(seals, reveals, KEYS[0], a.deadline + b.deadline)
    assert "F3 sent no setup" in " ".join(a.state.last_report["comments"])  # type: ignore[index]
    assert "Turn resolved" in c.paste_save(a.code)


def test_an_empty_save_is_refused_by_the_page() -> None:
    """Issue 25, 1: "an empty save (no orders) posted by any seated player after any
    save ... can pre-empt a resolution": the page refuses it (``save/empty``) and keeps
    its game."""
    a, b = cap.forum_pair()
    record = b.record()
    empty = make_save(
        forum.find_ruleset("capital"), record.state, game_id=record.game_id,
        keys=list(record.keys), signer=cap.KEYS[1], seat=1, previous=record,
    )  # fmt: skip
    refused(lambda: a.paste_save(empty), "save/empty")
    assert a.code == record.code


def test_rps_page_refuses_a_turn_save_with_sealed_codes() -> None:
    """Issue 25, 1: "Risk, Paper, Scissors turn saves with junk ``seals`` or ``dl``
    lists, re-signed by the mover, verify: refuse fields that do not belong" -- the
    email page's loader refuses them (``save/payload``)."""
    ada, boris = rps.at_first_bid()
    assert ada.pbem is not None and boris.pbem is not None
    seal_a, reveal_a = email_bids.seal_bid(ada.pbem, Bid(0, 2, (1,)), rps.KEYS[0])
    seal_b, reveal_b = email_bids.seal_bid(boris.pbem, Bid(1, 1, (1,)), rps.KEYS[1])
    seals = seal_a + seal_b
    reveals = email_bids.reveal(ada.pbem, reveal_a, seals, rps.KEYS[0]) + email_bids.reveal(
        boris.pbem, reveal_b, seals, rps.KEYS[1]
    )
    resolution = email_bids.resolve(ada.pbem, seals, reveals, rps.KEYS[0])
    loaded = pbem.interpret(
        boris.pbem, resolution.code, rps.KEYS[1].public_key_text, "risk_paper_scissors"
    )
    email_bids.adopt_resolution(ada.pbem, resolution)
    ada.adopt(resolution.state, resolution.events, "resolved")
    ada.play(EndPurchase())
    ada.play(EndTurn())
    turn = pbem.seal(ada.pbem, ada.state, rps.KEYS[0])
    assert loaded.record is not None
    pbem.accept(boris, loaded.record, rps.KEYS[1].public_key_text, verified=True)
    ok = pbem.interpret(boris.pbem, turn, rps.KEYS[1].public_key_text, "risk_paper_scissors")
    assert ok.kind == "accepted", ok.message
    for field, codes in (("seals", [seal_a]), ("dl", [reveal_a])):
        payload = dict(decode_code(turn).payload) | {field: codes}
        junk = encode_code(payload, rps.KEYS[0], 0)
        result = pbem.interpret(
            boris.pbem, junk, rps.KEYS[1].public_key_text, "risk_paper_scissors"
        )
        assert result.kind == "refused" and result.error == "save/payload", result.message


def test_a_stuck_game_of_two_names_a_moderator_on_the_page() -> None:
    """Issue 25, 1: "a moderator named by both": F1 and F2 each sign an appointment of
    F1 from the resolve box; the page that holds both makes the save that names F1, the
    other page loads it and the game is moderated: F1's page forces the turn with F2
    silent, and F2's page verifies it."""
    a, b = cap.forum_pair()
    assert 'data-testid="cap-appoint-0"' in forum_html(a)
    assert "waiting for F2" in a.sign_appointment(0, cap.KEYS[0])
    assert b.paste_save(a.appointments) == "Naming F1 moderator: waiting for F2"
    b.sign_appointment(0, cap.KEYS[1])
    assert 'data-testid="cap-appoint-save"' in forum_html(b)
    assert "moderated from now on" in b.make_appointment(cap.KEYS[1])
    assert "moderated from now on" in a.paste_save(b.code)
    assert a.moderated and b.moderated and 'data-testid="cap-moderated"' in forum_html(a)
    a.click(a.highlight()[0])
    a.seal(cap.KEYS[0])
    a.resolve_codes("", a.reveal, cap.KEYS[0])
    assert "F2 sent no setup" in " ".join(a.state.last_report["comments"])  # type: ignore[index]
    assert b.paste_save(a.code).startswith("Turn resolved")
