"""Issue 25, 1: "no seat resolves a round without every other living seat's reveal or
that seat's own signed consent that the deadline passed, except a moderator named in the
first save" -- checked by every page (``continue_game``) and ``python -m engine inspect``,
attacked as a seated player would, in Capital Risk, the Great War 1907 and Risk, Paper,
Scissors; "a save must do something its phase allows"; a forfeit claim is disputed until
the other seat concedes."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import pytest

from engine.core import Order, PlayerSpec
from engine.errors import EngineError
from engine.forfeit import (
    check_forfeit_save,
    concession,
    dispute_text,
    forfeit_claim,
    read_forfeit,
)
from engine.keys import PlayerKey
from engine.rulesets.capital.ai.baseline import choose
from engine.save_chain import continue_game
from engine.saves import SaveRecord, make_save, read_save
from engine.sealed import deadline_code, read_reveals, read_seals
from engine.sealed_round import claimed_keys, proofs_for, resolution_orders
from tests.test_attacks import refused
from tests.test_sealed import KEYS, RS, sealed_turn

FRESH = PlayerKey.generate(hashlib.sha256(b"a throwaway key").digest())


def capital_base(factions: int = 3, claimed: int | None = None) -> SaveRecord:
    """A Capital Risk game of ``factions`` past setup, saved by faction 1; the first
    ``claimed`` seats hold their keys (all by default), the others are free."""
    state = RS.new_game([PlayerSpec(f"F{i + 1}", "baseline") for i in range(factions)], {}, "forum")
    for faction in range(factions):
        state = RS.apply(state, choose(state, faction)).state
    state = RS.apply(state, RS.parse_order({"kind": "resolve", "force": False})).state
    claimed = factions if claimed is None else claimed
    keys = [k.public_key_text if i < claimed else None for i, k in enumerate(KEYS[:factions])]
    return read_save(make_save(RS, state, game_id="forum", keys=keys, signer=KEYS[0], seat=0))


def two_seat_turn(base: SaveRecord) -> tuple[list[str], list[str]]:
    """Both factions of a game of two seal, then reveal naming both seals."""
    from engine.sealed import bind_reveal, seal_orders

    pairs = [
        seal_orders(
            choose(base.state, f),
            game_id="forum",
            turn=base.state.turn,
            faction=f,
            key=KEYS[f],
            salt=f"s{f}",
        )
        for f in range(2)
    ]
    seals = [s for s, _ in pairs]
    return seals, [bind_reveal(base, r, seals, KEYS[f]) for f, (_, r) in enumerate(pairs)]


def forced_save(
    base: SaveRecord,
    reveals: Sequence[str],
    seals: Sequence[str],
    deadlines: Sequence[str],
    signer: int = 0,
    signer_key: PlayerKey | None = None,
) -> str:
    """The save of a forced resolution of the reveals given, with these codes."""
    opened = read_reveals(base, reveals, read_seals(base, seals))
    orders: list[Order] = resolution_orders(RS, opened, True, True, base.state)
    state = base.state
    for order in orders:
        state = RS.apply(state, order).state
    return make_save(
        RS,
        state,
        game_id=base.game_id,
        keys=claimed_keys(base, opened),
        signer=signer_key or KEYS[signer],
        seat=signer,
        previous=base,
        actions=orders,
        proofs=proofs_for(opened),
        seals=seals,
        deadlines=deadlines,
    )


def test_a_seat_cannot_force_a_round_with_no_codes_at_all() -> None:
    """Issue 25, 1: "a seated player signs a save after the base whose only order is the
    forced resolution, with no reveals, no seals and no deadline codes" -- refused by
    every page and ``inspect``: nobody consented."""
    base = capital_base()
    assert refused(base, forced_save(base, [], [], [])) == "sealed/no-majority"


def test_a_seat_cannot_force_with_only_its_own_reveal_and_deadline_code() -> None:
    """Issue 25, 1: "or with only its own reveal and its own deadline code naming everyone
    else" -- one faction of three is no majority."""
    base = capital_base()
    seals, reveals = sealed_turn(base)
    own = [deadline_code(base, 0, [1, 2], KEYS[0])]
    assert refused(base, forced_save(base, reveals[:1], seals, own)) == "sealed/no-majority"
    # The page's buttons: sign_deadline("") names everyone silent, the signer too.
    alone = [deadline_code(base, 0, [0, 1, 2], KEYS[0])]
    assert refused(base, forced_save(base, [], seals, alone)) == "sealed/no-majority"


def test_in_a_game_of_two_the_rivals_posted_reveal_cannot_be_dropped() -> None:
    """Issue 25, 1: "in a two-seat game, dropping the rival's posted reveal with your own
    deadline code" -- refused: the other faction neither revealed nor consented."""
    base = capital_base(2)
    seals, reveals = two_seat_turn(base)
    own = [deadline_code(base, 0, [1], KEYS[0])]
    assert refused(base, forced_save(base, reveals[:1], seals, own)) == "sealed/no-majority"


def test_a_silent_faction_that_signs_consents() -> None:
    """Design (issue 25): "a silent faction that signs a deadline code counts as
    consenting" -- in a game of two the silent faction's own deadline code lets the
    other force the round (it gets default orders)."""
    base = capital_base(2)
    seals, reveals = two_seat_turn(base)
    both = [deadline_code(base, f, [1], KEYS[f]) for f in (0, 1)]
    record = continue_game(base, forced_save(base, reveals[:1], seals, both)).record
    assert record.state.players[1].strikes == 1


def test_a_majority_still_forces_the_round() -> None:
    """Design (issue 25): a forced round is valid when every faction that revealed signed
    a deadline code naming exactly the silent ones and they are a strict majority: three
    factions, one silent."""
    base = capital_base()
    seals, reveals = sealed_turn(base)
    two = [deadline_code(base, f, [2], KEYS[f]) for f in (0, 1)]
    assert continue_game(base, forced_save(base, reveals[:2], seals, two)).verified


def test_every_faction_left_out_must_be_named_silent() -> None:
    """Design (issue 25): "any living faction whose reveal is left out must be named
    silent": deadline codes naming only the faction that did not reveal do not cover a
    reveal the resolver dropped."""
    base = capital_base()
    seals, reveals = sealed_turn(base)
    named = [deadline_code(base, f, [2], KEYS[f]) for f in (0, 1)]
    dropped = forced_save(base, reveals[:1], seals, named)
    assert refused(base, dropped) == "sealed/deadline"


def test_a_deadline_code_for_a_free_seat_does_not_count() -> None:
    """Issue 25, 1: consent is "that seat's own signed consent": a free seat has no key,
    so a deadline code signed for it with a throwaway key does not make a majority."""
    base = capital_base(3, claimed=1)
    seals, reveals = sealed_turn(base)
    mine = deadline_code(base, 0, [1, 2], KEYS[0])
    forged = deadline_code(base, 1, [1, 2], FRESH)
    code = forced_save(base, reveals[:1], seals[:1] + seals[1:], [mine, forged])
    assert refused(base, code) == "sealed/deadline"


def test_an_empty_save_by_a_seated_player_is_refused() -> None:
    """Issue 25, 1: "a save must do something its phase allows": a seated player's save
    without orders (which would pre-empt the real resolution and make it a fork) is
    refused; a save without orders that claims the signer's own free seat is not."""
    base = capital_base(2, claimed=1)
    empty = make_save(
        RS, base.state, game_id="forum", keys=list(base.keys), signer=KEYS[0], seat=0,
        previous=base,
    )  # fmt: skip
    assert refused(base, empty) == "save/empty"
    keys = [KEYS[0].public_key_text, KEYS[1].public_key_text]
    claim = make_save(
        RS, base.state, game_id="forum", keys=keys, signer=KEYS[1], seat=1, previous=base
    )
    record = continue_game(base, claim).record
    again = make_save(RS, record.state, game_id="forum", keys=keys, signer=KEYS[1], seat=1,
                      previous=record)  # fmt: skip
    assert refused(record, again) == "save/empty"


def test_a_classic_empty_save_is_refused() -> None:
    """Issue 25, 1: the same in a sequential game: a save must give orders or claim the
    signer's own seat; any seated player's empty save is refused."""
    from tests import test_saves

    (_, first), (_, second) = test_saves.chain(1)
    for seat in range(3):
        empty = make_save(
            test_saves.RS, second.state, game_id="g", keys=list(second.keys),
            signer=test_saves.KEYS[seat], seat=seat, previous=second,
        )  # fmt: skip
        assert refused(second, empty) == "save/empty"
    assert first.seq == 0


def test_a_forfeit_is_disputed_until_the_other_concedes() -> None:
    """Issue 25, 1: "a forfeit claim that every page shows as disputed until the other
    seat signs": the claim alone ends nothing (a save carrying it without the concession
    is refused); with the rival's concession the save ends the game, won by the claimant,
    and every page refuses any save after it."""
    base = capital_base(2)
    claim = forfeit_claim(base, 0, KEYS[0])
    found = read_forfeit(base, [claim])
    names = [p.name for p in base.state.players]
    assert dispute_text(names, found) == "Disputed: F1 claims F2 forfeited; F2 has not agreed"
    ends = {"game_id": "forum", "keys": list(base.keys), "previous": base}
    alone = make_save(RS, base.state, signer=KEYS[0], seat=0, forfeit=[claim, claim], **ends)
    assert refused(base, alone) == "forfeit/disputed"
    with pytest.raises(EngineError) as info:  # only the rival concedes
        check_forfeit_save(base, [claim, concession(base, claim, KEYS[0])], 0)
    assert info.value.code == "sealed/wrong-seat"
    agreed = concession(base, claim, KEYS[1])
    assert dispute_text(names, read_forfeit(base, [claim, agreed])).startswith("F2 conceded")
    over = make_save(RS, base.state, signer=KEYS[1], seat=1, forfeit=[claim, agreed], **ends)
    record = continue_game(base, over).record
    after = make_save(RS, record.state, signer=KEYS[0], seat=0, **(ends | {"previous": record}))
    assert refused(record, after) == "save/game-over"


def test_a_forfeit_is_claimed_only_in_a_game_of_two() -> None:
    """Design (issue 25): with three or more factions the others force the round once
    more than half consent; a forfeit claim is refused there."""
    with pytest.raises(EngineError) as info:
        forfeit_claim(capital_base(3), 0, KEYS[0])
    assert info.value.code == "forfeit/not-two"


def test_the_great_war_resolver_cannot_force_a_phase_alone() -> None:
    """Issue 25, 1, the Great War 1907: a nation's save whose only order is the forced
    resolution, with its own deadline code naming every nation (what the page's buttons
    made: ``sign_deadline("")``, then ``resolve_codes("", "", key, deadline)``), is
    refused; three of four nations consenting force it."""
    from tests.greatwar1907 import test_forum as gw

    base = gw._base(seats=4)
    alone = [deadline_code(base, 1, [0, 1, 2, 3], gw.KEYS[1])]
    forced = resolution_orders(gw.RULESET, {}, force=True, with_entropy=True)
    code = gw._save(base, forced, signer=gw.KEYS[1], seat=1, proofs=[], deadlines=alone)
    assert refused(base, code) == "sealed/no-majority"
    seals, reveals = gw._round(base, [0, 1, 2, 3])
    half = read_reveals(base, reveals[:2], read_seals(base, seals))
    two = [deadline_code(base, f, [2, 3], gw.KEYS[f]) for f in (0, 1)]
    orders = resolution_orders(gw.RULESET, half, force=True, with_entropy=True)
    code = gw._save(
        base, orders, signer=gw.KEYS[1], seat=1, proofs=proofs_for(half), seals=seals,
        deadlines=two,
    )  # fmt: skip
    assert refused(base, code) == "sealed/no-majority"  # two of four is no majority


def test_rps_a_player_cannot_force_the_bids_alone() -> None:
    """Issue 25, 1, Risk, Paper, Scissors bids: one player's reveal with its own deadline
    code naming the two others silent is refused; two of three players force it."""
    from tests.risk_paper_scissors import test_email_year as rps

    base = rps.first_bid_round()
    seals, reveals = rps.seal_bids(base)
    own = [deadline_code(base, rps.RED, [rps.BLUE, rps.GREEN], rps.KEYS[rps.RED])]
    code = rps.resolution(base, seals, reveals[:1], signer=rps.RED, force=True, deadlines=own)
    assert refused(base, code) == "sealed/no-majority"


def test_rps_a_turn_save_carries_no_sealed_codes() -> None:
    """Issue 25, 1: "Risk, Paper, Scissors turn saves with junk ``seals`` or ``dl`` lists,
    re-signed by the mover, verify: refuse fields that do not belong"."""
    from tests.risk_paper_scissors import test_email_year as rps

    base = rps.first_bid_round()
    seals, reveals = rps.seal_bids(base)
    year = rps.verified(base, rps.resolution(base, seals, reveals))
    mover = year.state.current
    orders = rps.play_turn(year.state)
    junk = {"seals": seals[:1]}, {"deadlines": [reveals[0]]}, {"proofs": reveals[:1]}
    for field in junk:
        rps.refused(year, rps.save_of(year, orders, mover, **field), "save/payload")
    rps.verified(year, rps.save_of(year, orders, mover))


def appointment_save(base: SaveRecord, codes: Sequence[str], moderator: str, seat: int) -> str:
    return make_save(
        RS, base.state, game_id="forum", keys=list(base.keys), signer=KEYS[seat], seat=seat,
        previous=base, moderator=moderator, appointments=codes,
    )  # fmt: skip


def test_a_moderator_named_by_every_faction() -> None:
    """Issue 25, 1: "a moderator named by both": every faction signs an appointment of
    the same seated player; the save carrying all of them makes the game moderated from
    that round on (the only change of moderator allowed), so the moderator may then force
    the round; one faction's appointment alone, or two naming different players, is
    refused."""
    from engine.appointment import appointment_code

    base = capital_base(2)
    first = KEYS[0].public_key_text
    codes = [appointment_code(base, f, first, KEYS[f]) for f in (0, 1)]
    assert refused(base, appointment_save(base, codes[:1], first, 0)) == "appoint/missing"
    other = appointment_code(base, 1, KEYS[1].public_key_text, KEYS[1])
    assert refused(base, appointment_save(base, [codes[0], other], first, 0)) == "appoint/codes"
    with pytest.raises(EngineError) as info:
        appointment_code(base, 0, FRESH.public_key_text, KEYS[0])
    assert info.value.code == "appoint/not-seated"
    record = continue_game(base, appointment_save(base, codes, first, 1)).record
    assert record.moderator == first
    opened = read_reveals(record, [], None)
    orders = resolution_orders(RS, opened, True, False, record.state)
    state = record.state
    for order in orders:
        state = RS.apply(state, order).state
    forced = make_save(
        RS, state, game_id="forum", keys=list(record.keys), signer=KEYS[0], seat=0,
        previous=record, actions=orders,
    )  # fmt: skip
    assert continue_game(record, forced).verified
    again = [appointment_code(record, f, KEYS[1].public_key_text, KEYS[f]) for f in (0, 1)]
    renamed = appointment_save(record, again, KEYS[1].public_key_text, 1)
    assert refused(record, renamed) == "save/keys-changed"  # never renamed
