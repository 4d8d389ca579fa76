"""Spec 17.1 by email: "each year's bids are one commit–reveal round through the shared
sealed orders, and the turns are sequential save codes" -- checked by every page
(``continue_game``) and by ``python -m engine inspect``, and attacked as a player would."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence

import pytest

from engine import cli
from engine.ai import choose_for
from engine.core import Order, PlayerSpec
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.rulesets.risk_paper_scissors.legal import default_setup
from engine.rulesets.risk_paper_scissors.orders import Bid, Phase, ResolveBids
from engine.rulesets.risk_paper_scissors.state import RpsState
from engine.save_chain import continue_game
from engine.saves import SaveRecord, make_save, read_save
from engine.sealed import bind_reveal, deadline_code, read_reveals, read_seals, seal_orders
from engine.sealed_round import dice_entropy, proofs_for, resolution_orders
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, RPS

GAME = "email-year"
KEYS = [PlayerKey.generate(hashlib.sha256(f"email-year{i}".encode()).digest()) for i in range(3)]
BIDS = {RED: Bid(RED, 1, (2,)), BLUE: Bid(BLUE, 3, (1,)), GREEN: Bid(GREEN, 2, (1, 3))}


def save_of(
    previous: SaveRecord, orders: Sequence[Order], seat: int, **evidence: Sequence[str]
) -> str:
    """The save code of ``orders`` played on ``previous``, signed by ``seat``."""
    state = previous.state
    for order in orders:
        state = RPS.apply(state, order).state
    return make_save(
        RPS,
        state,
        game_id=GAME,
        keys=list(previous.keys),
        signer=KEYS[seat],
        seat=seat,
        previous=previous,
        actions=orders,
        **evidence,  # type: ignore[arg-type]
    )


def verified(previous: SaveRecord, code: str) -> SaveRecord:
    """What the next player's page does with the code: replay and verify it."""
    continuation = continue_game(previous, code)
    assert continuation.verified and not continuation.warnings
    return continuation.record


def refused(previous: SaveRecord, code: str, expected: str) -> None:
    before = previous.state.to_json()
    with pytest.raises(EngineError) as info:
        continue_game(previous, code)
    assert info.value.code == expected, info.value.message
    assert previous.state.to_json() == before


def first_bid_round() -> SaveRecord:
    """Creation, then setup: seats 1..3 each play one Setup and send the save on; the
    last setup save stands at year 1's bid."""
    state = RPS.new_game([PlayerSpec(n) for n in ("Red", "Blue", "Green")], {}, GAME)
    first = make_save(
        RPS, state, game_id=GAME, keys=[k.public_key_text for k in KEYS], signer=KEYS[0], seat=0
    )
    record = read_save(first)  # each page below verifies the save before it
    for seat in range(3):
        record = verified(record, save_of(record, [default_setup(record.state, seat)], seat))
    assert record.state.phase is Phase.BID and record.state.turn == 1
    return record


def seal_bids(base: SaveRecord, bids: Mapping[int, Bid] = BIDS) -> tuple[list[str], list[str]]:
    """Every living player posts a sealed code; once all are in, each posts its reveal
    code naming every seal it saw."""
    pairs = {
        seat: seal_orders(
            bid, game_id=GAME, turn=base.state.turn, faction=seat, key=KEYS[seat], salt=f"s{seat}"
        )
        for seat, bid in sorted(bids.items())
    }
    seals = [sealed for sealed, _ in pairs.values()]
    return seals, [bind_reveal(base, pairs[s][1], seals, KEYS[s]) for s in pairs]


def resolution(
    base: SaveRecord,
    seals: Sequence[str],
    reveals: Sequence[str],
    *,
    signer: int = GREEN,
    force: bool = False,
    deadlines: Sequence[str] = (),
) -> str:
    """Anyone pastes every code; the page checks them, applies the bids in faction order,
    then ResolveBids with the dice entropy of all the salts, and saves."""
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    orders = resolution_orders(RPS, revealed, force=force, with_entropy=True)
    return save_of(
        base, orders, signer, proofs=proofs_for(revealed), seals=seals, deadlines=deadlines
    )


def play_turn(state: RpsState) -> list[Order]:
    """The orders a player on turn gives (chosen here by the standard computer player on a
    copy of the position) up to and including EndTurn."""
    seat, year = state.current, state.turn
    copy = state.clone()
    for player in copy.players:
        player.control = "standard"
    orders: list[Order] = []
    while copy.current == seat and copy.turn == year and copy.phase is not Phase.GAME_OVER:
        order = choose_for(copy, seat)
        orders.append(order)
        copy = RPS.apply(copy, order).state
        if order.KIND == "EndTurn":
            break
    return orders


def test_a_whole_year_by_email_every_code_verified_by_the_next_player(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """17.1: every living player seals its Bid, then reveals it; the resolution's save
    carries every seal and reveal and goes to the slot-1 player, whose page re-checks
    them; then the turns go in slot order, one chained save each, each verified by the
    next player; after the last turn the code stands at next year's bid. ``inspect``
    replays the same chain."""
    base = first_bid_round()
    seals, reveals = seal_bids(base)
    code = resolution(base, seals, reveals)
    resolved = verified(base, code)
    assert resolved.codes("seals") == tuple(seals)
    assert resolved.codes("proof") == tuple(reveals)
    state = resolved.state
    # Blue's 3 takes slot 1; Green's 2 finds slot 1 taken and takes 3; Red's 1 gets 2.
    assert state.order == [BLUE, RED, GREEN]
    assert [p.energy for p in state.players][RED] == 3 - 1
    chain, record = [code], resolved
    for slot, seat in enumerate(state.order):
        assert record.state.current == seat and record.state.slot == slot
        turn_code = save_of(record, play_turn(record.state), seat)
        record = verified(record, turn_code)
        chain.append(turn_code)
    assert record.state.phase is Phase.BID and record.state.turn == 2
    assert all(bid is None for bid in record.state.bids)  # next year's bids stay sealed

    assert cli.main(["inspect", base.code, *chain]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["turn"] == 2 and [c["verified"] for c in shown["chain"]] == [True] * 4


def test_the_resolution_carries_the_dice_entropy_of_every_salt() -> None:
    """6.2.1: "If entropy is not empty, rng = reseeded(rng, entropy) ... The email page
    passes dice_entropy(reveals)": the recorded ResolveBids holds exactly that."""
    base = first_bid_round()
    seals, reveals = seal_bids(base)
    resolved = verified(base, resolution(base, seals, reveals))
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    assert resolved.actions[-1] == ResolveBids(entropy=dice_entropy(revealed)).to_json()


def test_a_bid_resealed_after_seeing_the_others_reveals_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """6.2: "Bids are sealed: nobody sees another player's bid before ResolveBids". Green
    reads Red's and Blue's reveals, seals a higher bid and reveals it: the others'
    reveals named the first seals, so every page refuses the resolution."""
    base = first_bid_round()
    seals, reveals = seal_bids(base)
    resealed, late = seal_orders(
        Bid(GREEN, 3, (1,)), game_id=GAME, turn=1, faction=GREEN, key=KEYS[GREEN], salt="x"
    )
    swapped = [*seals[:2], resealed]
    late = bind_reveal(base, late, swapped, KEYS[GREEN])
    code = resolution(base, swapped, [*reveals[:2], late])
    refused(base, code, "sealed/resealed")
    assert cli.main(["inspect", base.code, code]) == cli.EXIT_USAGE
    assert "[sealed/resealed]" in capsys.readouterr().err
    with pytest.raises(EngineError) as info:  # the new reveal does not open the old seal
        read_reveals(base, [late], read_seals(base, seals))
    assert info.value.code == "sealed/mismatch"
    with pytest.raises(EngineError) as info:  # nor may a player seal twice
        read_seals(base, [*seals, resealed])
    assert info.value.code == "sealed/second-commitment"


def test_a_dropped_bid_is_refused() -> None:
    """6.2.2: "Without force, a missing bid refuses the order"; by email a resolver who
    leaves out one player's bid (seal and reveal) is refused, and so is one who forces
    the deadline without the other players' deadline codes."""
    base = first_bid_round()
    seals, reveals = seal_bids(base)
    with pytest.raises(EngineError) as info:
        resolution(base, seals[:2], reveals[:2])
    assert info.value.code == "rps/bids-missing"
    revealed = read_reveals(base, reveals[:2], read_seals(base, seals))
    short = [BIDS[RED], BIDS[BLUE], ResolveBids(entropy=dice_entropy(revealed))]
    forged = make_save(  # the position is the resolver's word: the replay refuses it
        RPS,
        base.state,
        game_id=GAME,
        keys=list(base.keys),
        signer=KEYS[RED],
        seat=RED,
        previous=base,
        actions=short,
        proofs=reveals[:2],
        seals=seals,
    )
    refused(base, forged, "rps/bids-missing")
    refused(base, resolution(base, seals[:2], reveals[:2], force=True), "sealed/resealed")
    refused(base, resolution(base, seals, reveals[:2], force=True), "sealed/forced")


def test_a_silent_bidder_counts_as_bidding_nothing_once_the_others_sign_the_deadline() -> None:
    """6.2.2: "With force true (a moderator's deadline), a missing bid counts as
    Bid(amount=0, slots=())"; without a moderator the deadline is forced as for every
    sealed round: with a deadline code from every player who revealed."""
    base = first_bid_round()
    seals, reveals = seal_bids(base)
    deadlines = [deadline_code(base, seat, [GREEN], KEYS[seat]) for seat in (RED, BLUE)]
    code = resolution(base, seals, reveals[:2], signer=RED, force=True, deadlines=deadlines)
    state = verified(base, code).state
    assert state.players[GREEN].energy == 3 and state.order[0] == BLUE


def test_a_forged_resolve_bids_is_refused() -> None:
    """17.1: the save applies the revealed Bids "then ResolveBids(entropy=
    dice_entropy(reveals))": a resolver who picks the entropy (to steer the random
    generator), forces without cause, or changes a bid is refused."""
    base = first_bid_round()
    seals, reveals = seal_bids(base)
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    evidence = {"proofs": proofs_for(revealed), "seals": seals}
    bids: list[Order] = [BIDS[s] for s in sorted(BIDS)]
    steered = save_of(base, [*bids, ResolveBids(entropy="mine")], GREEN, **evidence)
    refused(base, steered, "sealed/unsigned")
    changed = [Bid(RED, 0, (2,)), *bids[1:], ResolveBids(entropy=dice_entropy(revealed))]
    refused(base, save_of(base, changed, GREEN, **evidence), "sealed/unsigned")
    forced = [*bids, ResolveBids(entropy=dice_entropy(revealed), force=True)]
    refused(base, save_of(base, forced, GREEN, **evidence), "sealed/forced")


def test_bids_in_the_clear_are_refused() -> None:
    """14: a bid is seen "only [by] its owner (email: it travels as a commitment, then a
    reveal)": a save that gives Bids without their codes, or goes on past a turn's end
    into the bid phase, is refused."""
    base = first_bid_round()
    clear: list[Order] = [BIDS[s] for s in sorted(BIDS)]
    refused(base, save_of(base, [*clear, ResolveBids()], GREEN), "sealed/unsigned")
    seals, reveals = seal_bids(base)
    record = verified(base, resolution(base, seals, reveals))
    for seat in record.state.order[:2]:
        record = verified(record, save_of(record, play_turn(record.state), seat))
    last = record.state.current
    orders = play_turn(record.state)
    state = record.state
    for order in orders:
        state = RPS.apply(state, order).state
    assert state.phase is Phase.BID
    own_bid = Bid(last, 0)
    refused(record, save_of(record, [*orders, own_bid], last), "save/sealed-round")


def test_a_seat_is_claimed_only_by_the_key_that_sealed_its_bid() -> None:
    """17.1 with open seats: a player may claim a free seat with its first sealed bid;
    a save that claims a seat for a key that sealed nothing is refused, with or without
    orders."""
    full = first_bid_round()
    keys = [KEYS[RED].public_key_text, None, None]
    base = read_save(make_save(RPS, full.state, game_id=GAME, keys=keys, signer=KEYS[0], seat=0))
    stranger = PlayerKey.generate(b"\x07" * 32).public_key_text
    grab = make_save(
        RPS,
        base.state,
        game_id=GAME,
        keys=[keys[0], stranger, None],
        signer=KEYS[RED],
        seat=RED,
        previous=base,
    )
    refused(base, grab, "save/keys-changed")


def test_with_a_moderator_the_host_resolves_and_forces_the_deadline() -> None:
    """17.1: "With a moderator: the players send their reveal codes privately to the host,
    whose page resolves without commitments. ResolveBids(force=true) at the deadline counts
    a silent player as bidding 0" -- and only the host's key may resolve."""
    full = first_bid_round()
    host = KEYS[RED].public_key_text
    base = read_save(
        make_save(
            RPS,
            full.state,
            game_id=GAME,
            keys=list(full.keys),
            signer=KEYS[0],
            seat=0,
            moderator=host,
        )
    )
    reveals = [
        seal_orders(BIDS[s], game_id=GAME, turn=1, faction=s, key=KEYS[s], salt=f"m{s}")[1]
        for s in (RED, BLUE)
    ]
    revealed = read_reveals(base, reveals, None)
    orders = resolution_orders(RPS, revealed, force=True, with_entropy=False)
    proofs = proofs_for(revealed)
    state = verified(base, save_of(base, orders, RED, proofs=proofs)).state
    assert state.players[GREEN].energy == 3 and state.order[0] == BLUE
    refused(base, save_of(base, orders, BLUE, proofs=proofs), "sealed/not-moderator")
