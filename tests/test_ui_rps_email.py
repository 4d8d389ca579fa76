"""Risk, Paper, Scissors by email in the page (ui/risk_paper_scissors/email_bids.py with the
shell's ui/shell/pbem.py): setup and turns as save codes, each year's bids as one sealed
round, a computer seat bidding nothing (nobody may sign for it)."""

from __future__ import annotations

import hashlib

import pytest

from engine.core import PlayerSpec
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.rulesets.risk_paper_scissors.orders import Bid, Phase
from engine.save_chain import continue_game
from ui.risk_paper_scissors import email_bids, entry
from ui.risk_paper_scissors.session import Session
from ui.shell import pbem

KEYS = [PlayerKey.generate(hashlib.sha256(f"rps-page{i}".encode()).digest()) for i in range(2)]


def players() -> list[PlayerSpec]:
    return [PlayerSpec("Ada"), PlayerSpec("Boris"), PlayerSpec("Chloe", "standard")]


def at_first_bid() -> tuple[Session, Session]:
    """Ada's and Boris's browsers once the setup codes went round: both at year 1's bid."""
    ada = Session.new(players(), {}, "mail")
    ada.attach_pbem(pbem.create(ada.state, KEYS[0], "game-rps"))
    ada.play(entry.setup_order(ada))
    assert ada.pbem is not None and ada.pbem.due(ada.state, ada.actor)
    code = pbem.seal(ada.pbem, ada.state, KEYS[0])
    record = pbem.interpret(None, code, KEYS[1].public_key_text, "risk_paper_scissors").record
    assert record is not None
    boris = Session(record.state)
    boris.attach_pbem(pbem.join(record, 1, KEYS[1].public_key_text, ada.pbem.invites[1]))
    boris.play(entry.setup_order(boris))
    while boris.state.phase is Phase.SETUP:
        boris.play_computer()  # the computer's setup, played where the turn is
    assert email_bids.turn_due(boris)  # the bid is everyone's: the turn goes out now
    code = pbem.seal(boris.pbem, boris.state, KEYS[1])  # type: ignore[arg-type]
    result = pbem.interpret(ada.pbem, code, KEYS[0].public_key_text, "risk_paper_scissors")
    assert result.kind == "accepted", result.message
    pbem.accept(ada, result.record, KEYS[0].public_key_text, verified=True)  # type: ignore[arg-type]
    assert ada.sealed_round and boris.sealed_round
    assert not ada.waiting and not boris.waiting and not ada.human_turn
    return ada, boris


def test_a_year_of_bids_by_sealed_codes() -> None:
    """Spec 17.1: each player seals a Bid, reveals it naming every seal seen, and the
    resolver's save carries every code; the other page verifies it by replay.  The
    computer's bid counts as 0 (6.2.2), backed by each human's deadline code."""
    ada, boris = at_first_bid()
    assert ada.pbem is not None and boris.pbem is not None
    seal_a, reveal_a = email_bids.seal_bid(ada.pbem, Bid(0, 2, (1,)), KEYS[0])
    seal_b, reveal_b = email_bids.seal_bid(boris.pbem, Bid(1, 1, (1,)), KEYS[1])
    seals = f"{seal_b}\n{seal_a}"
    open_a = email_bids.reveal(ada.pbem, reveal_a, seals, KEYS[0])
    open_b = email_bids.reveal(boris.pbem, reveal_b, seals, KEYS[1])
    assert email_bids.resolver(ada.pbem.record) == 0
    resolution = email_bids.resolve(ada.pbem, seals, open_b + "\n" + open_a, KEYS[0])
    assert resolution.state.order == [0, 1, 2]  # Ada 2, Boris 1 (slot 1 taken), Chloe 0
    assert resolution.state.players[0].energy == 3 - 2 + resolution.events[-1]["income"]
    checked = continue_game(boris.pbem.record, resolution.code)
    assert checked.verified and checked.record.state.order == resolution.state.order
    email_bids.adopt_resolution(ada.pbem, resolution)
    assert ada.pbem.outbox == resolution.code


def test_a_reveal_must_name_every_sealed_code() -> None:
    """Spec 6.2: "nobody sees another player's bid before ResolveBids": a player cannot
    reveal before every human's sealed code is in, and a resolution without a player's
    reveal is refused, the record untouched."""
    ada, boris = at_first_bid()
    assert ada.pbem is not None and boris.pbem is not None
    seal_a, reveal_a = email_bids.seal_bid(ada.pbem, Bid(0, 2, (1,)), KEYS[0])
    with pytest.raises(EngineError) as info:
        email_bids.reveal(ada.pbem, reveal_a, seal_a, KEYS[0])
    assert info.value.code == "sealed/missing" and "Boris" in info.value.message
    seal_b, _ = email_bids.seal_bid(boris.pbem, Bid(1, 1, ()), KEYS[1])
    open_a = email_bids.reveal(ada.pbem, reveal_a, seal_a + seal_b, KEYS[0])
    before = ada.pbem.record.code
    with pytest.raises(EngineError) as info:
        email_bids.resolve(ada.pbem, seal_a + seal_b, open_a, KEYS[0])
    assert info.value.code == "sealed/missing"
    assert ada.pbem.record.code == before


def test_a_bid_the_engine_refuses_is_not_sealed() -> None:
    """Spec 6.2.1: "a bid of more than your energy is refused"; the page checks it before
    making the codes, and only this browser's own seat may be bid for."""
    ada, _ = at_first_bid()
    assert ada.pbem is not None
    with pytest.raises(EngineError) as info:
        email_bids.seal_bid(ada.pbem, Bid(0, 99, ()), KEYS[0])
    assert info.value.code == "rps/bad-bid"
    with pytest.raises(EngineError) as info:
        email_bids.seal_bid(ada.pbem, Bid(1, 0, ()), KEYS[0])
    assert info.value.code == "pbem/wrong-seat"


def test_another_rulesets_code_is_refused_by_this_page() -> None:
    ada, _ = at_first_bid()
    assert ada.pbem is not None
    result = pbem.interpret(None, ada.pbem.record.code, KEYS[0].public_key_text)
    assert result.kind == "refused" and result.error == "pbem/ruleset"


def test_the_turn_after_the_resolution_carries_it_for_whoever_missed_it() -> None:
    """The resolver's next turn goes out with the resolution's save before it: a player
    who loaded the resolution skips it, one who did not gets both, each verified."""
    ada, boris = at_first_bid()
    assert ada.pbem is not None and boris.pbem is not None
    seal_a, reveal_a = email_bids.seal_bid(ada.pbem, Bid(0, 2, (1,)), KEYS[0])
    seal_b, reveal_b = email_bids.seal_bid(boris.pbem, Bid(1, 1, (1,)), KEYS[1])
    seals = seal_a + seal_b
    reveals = email_bids.reveal(ada.pbem, reveal_a, seals, KEYS[0]) + email_bids.reveal(
        boris.pbem, reveal_b, seals, KEYS[1]
    )
    resolution = email_bids.resolve(ada.pbem, seals, reveals, KEYS[0])
    email_bids.adopt_resolution(ada.pbem, resolution)
    ada.adopt(resolution.state, resolution.events, "resolved")
    ada.bid_round = {"resolved": resolution.code, "seq": resolution.record.seq}
    from engine.rulesets.risk_paper_scissors.orders import EndPurchase, EndTurn

    ada.play(EndPurchase())
    ada.play(EndTurn())
    pbem.seal(ada.pbem, ada.state, KEYS[0])
    email_bids.with_resolution(ada)
    sent = ada.pbem.outbox
    assert sent is not None and sent.startswith(resolution.code)
    fresh = pbem.interpret(boris.pbem, sent, KEYS[1].public_key_text, "risk_paper_scissors")
    assert fresh.kind == "accepted", fresh.message
    loaded = pbem.interpret(
        boris.pbem, resolution.code, KEYS[1].public_key_text, "risk_paper_scissors"
    )
    assert loaded.record is not None
    pbem.accept(boris, loaded.record, KEYS[1].public_key_text, verified=True)
    again = pbem.interpret(boris.pbem, sent, KEYS[1].public_key_text, "risk_paper_scissors")
    assert again.kind == "accepted" and again.record is not None
    assert again.record.state.current == 1
