"""Play by email in the page's session logic: create, seal, send, receive, claim, refuse."""

from __future__ import annotations

import hashlib
import json
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from engine.ai import choose_order
from engine.core import PlayerSpec
from engine.keys import PlayerKey
from engine.savecode import decode_code, encode_code
from engine.saves import make_save, read_save
from ui.classic.controller import Session
from ui.shell import pbem, pbem_panels

PLAYERS = [
    PlayerSpec("Ann", "human", "#D55E00"),
    PlayerSpec("Bob", "human", "#0072B2"),
    PlayerSpec("Cy", "baseline", "#F0E442"),
]
OPTIONS = {"game_type": "custom", "special_setup": True}
URL = "http://example.test/risk/"


def key(name: str) -> PlayerKey:
    return PlayerKey.generate(hashlib.sha256(name.encode()).digest())


KEY_A, KEY_B, KEY_C = key("a"), key("b"), key("c")


def first_seat_seed() -> str:
    """A seed where Ann (seat 0) plays first."""
    for i in range(100):
        session = Session.new(PLAYERS, OPTIONS, f"pb{i}")
        if session.actor == 0:
            return f"pb{i}"
    raise AssertionError("no seed found")


SEED = first_seat_seed()


HOSTS: dict[str, Session] = {}
"""The session that created each game (it holds the seats' invitation secrets)."""


def new_email_game(seed: str = SEED, game_id: str = "g1") -> Session:
    session = Session.new(PLAYERS, OPTIONS, seed)
    session.attach_pbem(pbem.create(session.state, KEY_A, game_id))
    HOSTS[game_id] = session
    return session


def invited(code: str, seat: int) -> str:
    """``code`` with the invitation to ``seat`` that its game's host sends that player."""
    host = HOSTS[read_save(code).game_id]
    assert host.pbem is not None
    return f"{code}{pbem.INVITE_MARK}{seat}.{host.pbem.invites[seat]}"


def play_until_away(session: Session, key: PlayerKey) -> str:
    """Play this browser's turn (baseline choices for the human) and any computer turns
    that follow, then seal; returns the code to send."""
    assert session.pbem is not None
    while not session.over and session.acts_here(session.actor):
        probe = session.state.clone()
        probe.players[probe.current].control = "baseline"
        session.play(choose_order(probe), human=session.human_turn)
    assert session.pbem.due(session.state, session.actor)
    return pbem.seal(session.pbem, session.state, key)


def join_as(code: str, seat: int, key: PlayerKey) -> Session:
    """Join from the invitation link to ``seat``, as its player does."""
    result = pbem.interpret(None, invited(code, seat), key.public_key_text)
    assert result.kind == "join", result
    assert result.record is not None and seat in result.seats
    session = Session(result.record.state)
    session.attach_pbem(pbem.join(result.record, seat, key.public_key_text, result.invite))
    return session


def receive(session: Session, code: str, key: PlayerKey) -> pbem.LoadResult:
    assert session.pbem is not None
    result = pbem.interpret(session.pbem, code, key.public_key_text)
    if result.kind == "accepted":
        assert result.record is not None
        pbem.accept(session, result.record, key.public_key_text, verified=True)
    return result


def three_turns() -> tuple[Session, Session, list[str]]:
    a = new_email_game()
    code1 = play_until_away(a, KEY_A)
    b = join_as(code1, 1, KEY_B)
    assert b.human_turn and b.actor == 1
    code2 = play_until_away(b, KEY_B)
    assert receive(a, code2, KEY_A).kind == "accepted"
    code3 = play_until_away(a, KEY_A)
    assert receive(b, code3, KEY_B).kind == "accepted"
    return a, b, [code1, code2, code3]


def test_create_claims_the_first_human_seat_and_signs_save_zero() -> None:
    session = new_email_game()
    game = session.pbem
    assert game is not None and game.seat == 0 and game.record.seq == 0
    assert game.record.keys == (KEY_A.public_key_text, None, None)
    assert game.outbox is None  # Ann plays first: nothing to send yet
    assert session.human_turn and not session.needs_handover and session.viewer == 0


def test_create_needs_two_humans() -> None:
    session = Session.new([PLAYERS[0], PLAYERS[2]], OPTIONS, "x")
    with pytest.raises(ValueError, match="two human"):
        pbem.create(session.state, KEY_A, "g")


def test_other_human_first_puts_save_zero_in_the_outbox() -> None:
    seed = next(f"o{i}" for i in range(100) if Session.new(PLAYERS, OPTIONS, f"o{i}").actor == 1)
    session = new_email_game(seed)
    assert session.pbem is not None and session.pbem.outbox == session.pbem.record.code
    assert session.waiting and not session.human_turn


def test_three_turns_by_codes_verified_and_computers_replayed() -> None:
    a, b, codes = three_turns()
    assert a.state == b.state
    seqs = [read_save(c).seq for c in codes]
    assert seqs == [1, 2, 3]
    # Bob's code holds Cy's (computer) orders too, and Bob's claim of seat 2.
    record2 = read_save(codes[1])
    assert record2.seat == 1 and record2.keys[1] == KEY_B.public_key_text
    assert record2.keys[2] is None
    assert any(line.startswith("— Save 2 from Bob") for _, line in a.log)


def test_waiting_browser_cannot_act_for_another_human() -> None:
    a = new_email_game()
    play_until_away(a, KEY_A)
    assert a.actor == 1 and a.waiting and not a.human_turn
    territory = a.state.territories_of(1)[0]
    click = a.click(territory)
    assert click.order is None and "Waiting for Bob's turn — paste their code" in click.message
    assert pbem.waiting_for(a) == "Waiting for Bob's turn — paste their code."


def test_send_bundle_code_link_and_mailto() -> None:
    a = new_email_game()
    code = play_until_away(a, KEY_A)
    bundle = pbem.send_bundle(a, URL)
    assert bundle is not None and bundle.code == code and bundle.to_name == "Bob"
    assert bundle.link == f"http://example.test/risk/index.html#game={code}"
    assert (
        pbem.page_link("http://h/index.html#game=old", code) == f"http://h/index.html#game={code}"
    )
    parts = urlsplit(bundle.mailto)
    assert parts.scheme == "mailto"
    assert " " not in bundle.mailto and "\n" not in bundle.mailto and "#" not in bundle.mailto
    query = parse_qs(parts.query)
    body = query["body"][0]
    assert code in body and bundle.link in body and "\r\n" in body
    assert "Ann" in query["subject"][0]
    assert unquote(bundle.mailto.split("body=")[1]) == bundle.body.replace("\n", "\r\n")


def test_claim_rules() -> None:
    a = new_email_game()
    code1 = play_until_away(a, KEY_A)
    # Bob's seat is kept for him: the code alone offers no seat, his invitation does.
    assert pbem.interpret(None, code1, KEY_B.public_key_text).seats == ()
    result = pbem.interpret(None, invited(code1, 1), KEY_B.public_key_text)
    assert result.kind == "join" and result.seats == (1,)  # seat 0 is Ann's, seat 2 a computer
    assert result.record is not None
    with pytest.raises(ValueError, match="not free"):
        pbem.join(result.record, 0, KEY_B.public_key_text)
    with pytest.raises(ValueError, match="not free"):
        pbem.join(result.record, 1, KEY_B.public_key_text, "a-guessed-secret-000000")
    # Ann's own key (say, her backup restored on another device) may take her seat back.
    again = pbem.interpret(None, code1, KEY_A.public_key_text)
    assert again.seats == (0,)
    # Once Bob has sent a turn, his seat is no longer free for anybody else.
    b = join_as(code1, 1, KEY_B)
    code2 = play_until_away(b, KEY_B)
    assert pbem.interpret(None, code2, KEY_C.public_key_text).seats == ()


def test_claimed_seat_taken_by_someone_else_is_dropped() -> None:
    a = new_email_game()
    code1 = play_until_away(a, KEY_A)
    bob = join_as(code1, 1, KEY_B)
    impostor = join_as(code1, 1, KEY_C)
    code2 = play_until_away(bob, KEY_B)
    assert impostor.pbem is not None
    result = receive(impostor, code2, KEY_C)
    assert result.kind == "accepted"
    assert impostor.pbem.seat is None and impostor.viewer is None


def refused(session: Session, code: str, key: PlayerKey = KEY_A) -> pbem.LoadResult:
    before = json.dumps(session.to_json(), sort_keys=True)
    assert session.pbem is not None
    result = pbem.interpret(session.pbem, code, key.public_key_text)
    assert result.kind == "refused", result
    assert json.dumps(session.to_json(), sort_keys=True) == before
    return result


def test_bad_input_is_refused_with_a_message_naming_the_problem() -> None:
    _a, b, codes = three_turns()
    code1, _code2, code3 = codes
    # B is at save 3; truncated, garbled, tampered:
    cases = {
        "truncated": (code3[: len(code3) // 2], "savecode/", "cut off"),
        "no signature": (code3.rsplit(".", 1)[0], "savecode/truncated", "cut off"),
        "garbled": (code3[:20] + "!!" + code3[22:], "savecode/base64", "damaged in copying"),
        "not a code": ("hello there", "savecode/prefix", "holds no code"),
        "empty": ("   ", "savecode/empty", "no code to read"),
        "old turn": (code1, "save/old-turn", "from an old turn"),
        "sent twice": (code3, "save/duplicate", "already loaded"),
        "newer version": ("RK2." + code3[4:], "savecode/version", "newer version"),
    }
    sig = code3.rsplit(".", 1)
    flipped = sig[1][:10] + ("A" if sig[1][10] != "A" else "B") + sig[1][11:]
    cases["forged"] = (f"{sig[0]}.{flipped}", "savecode/signature", "altered, forged")
    for name, (code, error, words) in cases.items():
        result = refused(b, code, KEY_B)
        assert result.error.startswith(error), (name, result)
        assert words in result.message.lower(), (name, result.message)
        assert result.title and result.message[0].isupper()


def test_newer_rules_version_and_other_game() -> None:
    _a, b, codes = three_turns()
    record = read_save(codes[2])
    newer = encode_code(dict(record.payload, rv=99), KEY_A, 0)
    result = refused(b, newer, KEY_B)
    assert result.error == "save/newer-version" and "newer version" in result.message
    other = new_email_game(game_id="zz")
    result = pbem.interpret(b.pbem, other.pbem.record.code, KEY_B.public_key_text)  # type: ignore[union-attr]
    assert result.kind == "other-game" and "another game" in result.message


def test_wrong_seat_signature_refused() -> None:
    """Bob signs a turn as Ann's seat (with his key), or Ann's turn with his key."""
    a = new_email_game()
    code1 = play_until_away(a, KEY_A)
    record1 = read_save(code1)
    b = join_as(code1, 1, KEY_B)
    code2 = play_until_away(b, KEY_B)
    forged = encode_code(dict(read_save(code2).payload), KEY_B, 0)
    result = refused(a, forged)
    assert result.error == "save/wrong-seat" and "seat 1" in result.message
    # A key nobody registered cannot sign for seat 2 either.
    stolen = encode_code(dict(read_save(code2).payload), KEY_C, 1)
    result = refused(a, stolen)
    assert result.error == "save/wrong-seat"
    # A dishonest position signed with the right key: the replay catches it.
    state = b.state.clone()
    state.armies[state.territories_of(1)[0]] += 9
    record2 = read_save(code2)
    cheat = make_save(
        b.ruleset,
        state,
        game_id="g1",
        keys=list(record2.keys),
        signer=KEY_B,
        seat=1,
        previous=record1,
        actions=[b.ruleset.parse_order(x) for x in record2.actions],
        invite=a.pbem.invites[1] if a.pbem else "",
    )
    result = refused(a, cheat)
    assert result.error == "save/replay" and "not made honestly" in result.message


def test_fork_is_a_warning_to_accept_or_reject() -> None:
    a, b, _codes = three_turns()
    code4 = play_until_away(b, KEY_B)
    # A copy of Ann's browser takes save 4 and answers with save 5; Ann's stale browser,
    # still at save 3, then gets save 5: it skips save 4 (a fork): a warning with details.
    code5 = play_until_away(receive_copy(a, code4), KEY_A)
    result = pbem.interpret(a.pbem, code5, KEY_A.public_key_text)
    assert result.kind == "warning" and result.record is not None
    assert "fork" in result.warnings[0] and "save 4" in result.warnings[0]
    before = a.state
    # Rejecting changes nothing; accepting takes the new position.
    assert a.state is before
    pbem.accept(a, result.record, KEY_A.public_key_text, verified=False)
    assert a.state == result.record.state and a.pbem is not None and a.pbem.record.seq == 5
    assert any("not verified" in line for _, line in a.log)


def test_fork_shows_what_differs_and_its_chain_can_be_checked_back() -> None:
    """A continuation that does not chain onto the held code is never adopted by itself:
    the page says its position is unverified and shows what differs; pasted with the
    saves it continues, back to the held one, it is checked save by save and loaded."""
    a, b, _codes = three_turns()
    code4 = play_until_away(b, KEY_B)
    code5 = play_until_away(receive_copy(a, code4), KEY_A)
    result = pbem.interpret(a.pbem, code5, KEY_A.public_key_text)
    assert result.kind == "warning" and "NOT verified" in result.message
    assert result.differences and result.differences[0].startswith("turn ")
    html = pbem_panels.load_html(code5, result, replaces=False)
    assert "Keep my verified game" in html and 'data-testid="load-differences"' in html
    chained = pbem.interpret(a.pbem, code4 + "\n\n" + code5, KEY_A.public_key_text)
    assert chained.kind == "accepted" and "back to save 3" in chained.message
    assert chained.record is not None and chained.record.seq == 5


def receive_copy(session: Session, code: str) -> Session:
    copy = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert receive(copy, code, KEY_A).kind == "accepted"
    return copy


def test_link_text_is_accepted_as_a_code() -> None:
    a = new_email_game()
    code1 = play_until_away(a, KEY_A)
    bundle = pbem.send_bundle(a, URL)
    assert bundle is not None
    wrapped = bundle.link[:50] + "\n  " + bundle.link[50:]
    assert pbem.extract_code(wrapped) == code1
    assert pbem.interpret(None, wrapped, KEY_B.public_key_text).kind == "join"


def test_autosave_round_trip_keeps_the_email_game() -> None:
    a = new_email_game()
    code1 = play_until_away(a, KEY_A)
    b = join_as(code1, 1, KEY_B)
    # Mid-turn: some orders given since the last save.
    probe = b.state.clone()
    probe.players[1].control = "baseline"
    b.play(choose_order(probe))
    assert b.pbem is not None and len(b.pbem.actions) == 1
    data = json.loads(json.dumps(b.to_json()))
    restored = Session.from_json(data)
    assert restored.pbem is not None
    assert restored.pbem.to_json() == b.pbem.to_json()
    assert restored.pbem.record.hash == b.pbem.record.hash
    assert restored.state == b.state and restored.human_turn
    code2 = play_until_away(restored, KEY_B)
    assert receive(a, code2, KEY_A).kind == "accepted"
    # The waiting side's outbox survives a reload too.
    assert a.pbem is not None
    code3 = play_until_away(a, KEY_A)
    again = Session.from_json(json.loads(json.dumps(a.to_json())))
    assert again.pbem is not None and again.pbem.outbox == code3 and again.waiting


def test_undo_takes_back_the_recorded_order() -> None:
    a = new_email_game()
    assert a.pbem is not None
    territory = a.state.territories_of(0)[0]
    click = a.click(territory)
    assert click.order is not None
    a.play(click.order)
    assert len(a.pbem.actions) == 1
    assert a.undo() and a.pbem.actions == []


def test_payload_is_what_cpython_makes_from_the_same_orders() -> None:
    """The page's code equals a plain engine replay of its orders (deterministic dice)."""
    a = new_email_game()
    code1 = play_until_away(a, KEY_A)
    record = read_save(code1)
    state = Session.new(PLAYERS, OPTIONS, SEED).state
    rs = a.ruleset
    zero = make_save(
        rs,
        state,
        game_id="g1",
        keys=list(record.keys),
        signer=KEY_A,
        seat=0,
        invitations=record.invitations,
    )
    for raw in record.actions:
        state = rs.apply(state, rs.parse_order(raw)).state
    again = make_save(
        rs,
        state,
        game_id="g1",
        keys=list(record.keys),
        signer=KEY_A,
        seat=0,
        previous=read_save(zero),
        actions=[rs.parse_order(raw) for raw in record.actions],
    )
    assert again == code1
    assert decode_code(again).payload == decode_code(code1).payload


def test_dialog_html_has_test_ids_and_escapes() -> None:
    from ui.shell import pbem_panels

    a = new_email_game()
    code1 = play_until_away(a, KEY_A)
    bundle = pbem.send_bundle(a, URL)
    assert bundle is not None
    html = pbem_panels.send_html(bundle)
    for testid in ("send-dialog", "send-code", "send-copy", "send-mailto", "send-link"):
        assert f'data-testid="{testid}"' in html
    assert code1 in html and "&amp;body=" in html  # the mailto URL is escaped in href
    assert "Waiting for Bob" in pbem_panels.waiting_html(a) and "waiting-send" in (
        pbem_panels.waiting_html(a)
    )
    join = pbem.interpret(None, invited(code1, 1), KEY_B.public_key_text)
    html = pbem_panels.load_html(code1, join, replaces=True)
    assert 'data-testid="claim-seat-1"' in html and "claim-seat-0" not in html
    assert "replaces the game" in html
    bad = pbem.interpret(a.pbem, "<script>", KEY_A.public_key_text)
    html = pbem_panels.load_html("<script>", bad, replaces=False)
    assert "<script>" not in html and 'data-testid="load-error"' in html
    html = pbem_panels.key_html(KEY_A.public_key_text, KEY_A.export_backup(), "ok", "")
    assert 'data-testid="key-backup"' in html and KEY_A.export_backup() in html
    assert "you play Ann (seat 1)" in pbem_panels.status_html(a)


def test_start_up_link_prefix_matches() -> None:
    """ui.main checks for a game link at start-up without importing ui.shell.pbem (and so the
    signing library); its copy of the prefix must stay the same."""
    import re
    from pathlib import Path

    from ui.shell.pbem import LINK_PREFIX

    main = (Path(__file__).resolve().parent.parent / "ui" / "shell" / "pbem_page.py").read_text()
    match = re.search(r'^GAME_LINK = "([^"]+)"', main, re.MULTILINE)
    assert match is not None and match.group(1) == LINK_PREFIX
