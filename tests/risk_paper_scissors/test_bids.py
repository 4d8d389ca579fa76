"""Spec 19 cases 50-55 and 76: the sealed bid for turn slots."""

from __future__ import annotations

import hashlib

import pytest

from engine.core import PlayerSpec
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.rulesets.risk_paper_scissors.orders import (
    Attack,
    Bid,
    EndPurchase,
    EndTurn,
    Phase,
    ResolveBids,
)
from engine.rulesets.risk_paper_scissors.state import RpsState
from engine.saves import make_save, read_save
from engine.sealed import read_reveals, read_seals, seal_orders
from engine.sealed_round import resolution_orders
from tests.risk_paper_scissors.helpers import BLUE, GREEN, RED, RPS, play, position, refused

YELLOW = 3


def bidding(
    players: int = 3,
    year: int = 2,
    energy: int = 10,
    layout: dict[str, str] | None = None,
    more: tuple[str, ...] = (),
) -> RpsState:
    """The bid phase of ``year``: nobody has bid, no order yet, every player with
    ``energy``; a fourth player, Yellow, holds Alaska (1E) when ``players`` is 4."""
    lines = [f"year {year}", "order"]
    if players == 4:
        lines += [f"seat 3 Yellow energy={energy}", "alaska 3 1E", "last_slots 1 2 3 4"]
    energies = {RED: energy, BLUE: energy, GREEN: energy}
    return position(layout, phase=Phase.BID, energy=energies, more=[*lines, *more])


def test_50_ranked_slots() -> None:
    """6.2's example: Blue and Red tie on 5, Blue has fewer public points; each takes the
    first free slot of its completed list; every bid is paid."""
    # Red 4 territories + reserve more than Blue
    s = bidding(4, layout={t: "Red 1E" for t in ("alberta", "ontario", "quebec")})
    s = play(
        s,
        Bid(BLUE, 5, (1, 2)),
        Bid(RED, 5, (1, 2, 3, 4)),
        Bid(GREEN, 2, (4,)),
        Bid(YELLOW, 0, ()),
        ResolveBids(),
    )
    assert s.order == [BLUE, RED, YELLOW, GREEN]
    assert [p.energy for p in s.players][:3] == [5, 5 + _income(s, BLUE), 8]
    assert s.players[YELLOW].energy == 10


def _income(s: object, seat: int) -> int:
    from engine.rulesets.risk_paper_scissors.common import income

    return income(s, seat)  # type: ignore[arg-type]


def test_51_tie_goes_to_fewer_points_then_later_slot() -> None:
    """6.2 rank: "then fewer public points ... then the player whose slot was later in
    the previous year first"."""
    s = bidding(3, more=("last_slots 1 3 2",))
    s = play(s, Bid(RED, 3), Bid(BLUE, 3), Bid(GREEN, 0), ResolveBids())
    assert s.order.index(BLUE) < s.order.index(RED)


def test_52_year_one_later_seat_first() -> None:
    """6.2: "In year 1, the later seat goes first"."""
    s = bidding(3, year=1)
    s = play(s, Bid(RED, 0), Bid(BLUE, 0), Bid(GREEN, 3), ResolveBids())
    assert s.order == [GREEN, BLUE, RED]


def test_53_bad_bids() -> None:
    """6.2: amount 0..energy; slots in 1..k without repeats."""
    s = bidding(3, energy=3)
    refused(s, Bid(RED, 4), "rps/bad-bid")
    refused(s, Bid(RED, 1, (1, 1)), "rps/bad-bid")
    refused(s, Bid(RED, 1, (4,)), "rps/bad-bid")


def test_54_missing_bids_and_force() -> None:
    """6.2: "With force true ..., a missing bid counts as Bid(amount=0, slots=())"."""
    s = play(bidding(3), Bid(RED, 2), Bid(BLUE, 1))
    refused(s, ResolveBids(), "rps/bids-missing")
    s = play(s, ResolveBids(force=True))
    assert s.order == [RED, BLUE, GREEN] and s.players[GREEN].energy == 10


def test_55_sealed_bid_reveal_must_match() -> None:
    """17.1: each year's bid is a commitment then a reveal (engine/sealed.py); a reveal
    whose order differs from its sealed code gives sealed/mismatch."""
    keys = [PlayerKey.generate(hashlib.sha256(f"rps{i}".encode()).digest()) for i in range(3)]
    state = RPS.new_game([PlayerSpec(n) for n in "ABC"], {}, "mail")
    from engine.rulesets.risk_paper_scissors.legal import default_setup

    for seat in range(3):
        state = RPS.apply(state, default_setup(state, seat)).state
    code = make_save(
        RPS, state, game_id="mail", keys=[k.public_key_text for k in keys], signer=keys[0], seat=0
    )
    base = read_save(code)
    seals, reveals = [], []
    for seat in range(3):
        sealed, reveal = seal_orders(
            Bid(seat, seat),
            game_id="mail",
            turn=state.turn,
            faction=seat,
            key=keys[seat],
            salt=f"s{seat}",
        )
        seals.append(sealed)
        reveals.append(reveal)
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    for order in resolution_orders(RPS, revealed, force=False, with_entropy=True):
        state = RPS.apply(state, order).state
    assert state.order[0] == 2  # the highest bid
    _, changed = seal_orders(Bid(0, 3), game_id="mail", turn=1, faction=0, key=keys[0], salt="s0")
    with pytest.raises(EngineError) as info:
        read_reveals(base, [changed], read_seals(base, seals))
    assert info.value.code == "sealed/mismatch"


def test_76_eliminated_slot_skipped_and_fewer_slots_next_year() -> None:
    """16: eliminated players "are skipped for the rest of the year and no longer bid.
    Later years number the slots 1..(living players)"."""
    s = position(
        {"iceland": "Blue 1E", "greenland": "Red 2W"},
        no_reserve=[BLUE],
        more=["year 3", "order 0 2 1"],
    )
    s = play(s, Attack("greenland", "iceland", w=1), EndTurn())
    assert s.current == GREEN
    s = play(s, EndPurchase(), EndTurn())
    assert s.phase is Phase.BID and s.turn == 4
    refused(s, Bid(BLUE, 0), "rps/not-bidding")
    refused(s, Bid(RED, 0, (3,)), "rps/bad-bid")
    s = play(s, Bid(RED, 0, (2,)), Bid(GREEN, 0), ResolveBids())
    assert s.order == [GREEN, RED]
