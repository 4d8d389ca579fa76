"""Play by forum: one commit–reveal round per phase through the shared sealed orders
(R3), and the next player verifies the resolved phase by replaying it."""

from __future__ import annotations

import hashlib

from engine.ai import choose_for
from engine.core import PlayerSpec
from engine.keys import PlayerKey
from engine.saves import SaveRecord, continue_game, make_save, read_save
from engine.sealed import proofs_for, read_reveals, read_seals, resolution_orders, seal_orders
from tests.greatwar1907.helpers import RULESET

KEYS = [PlayerKey.generate(hashlib.sha256(f"nation{i}".encode()).digest()) for i in range(8)]


def _base() -> SaveRecord:
    state = RULESET.new_game([PlayerSpec(f"N{i}", "standard") for i in range(8)], {}, "forum")
    keys = [k.public_key_text for k in KEYS]
    return read_save(make_save(RULESET, state, game_id="forum", keys=keys, signer=KEYS[0], seat=0))


def _phase(base: SaveRecord, moderated: bool = False) -> str:
    seals, reveals = [], []
    for seat in range(8):
        order = choose_for(base.state, seat)
        sealed, reveal = seal_orders(
            order,
            game_id="forum",
            turn=base.state.turn,
            faction=seat,
            key=KEYS[seat],
            salt=f"s{seat}",
        )
        seals.append(sealed)
        reveals.append(reveal)
    revealed = read_reveals(base, reveals, None if moderated else read_seals(base, seals))
    orders = resolution_orders(revealed, force=False, with_entropy=True)
    state = base.state
    for order in orders:
        state = RULESET.apply(state, order).state
    return make_save(
        RULESET,
        state,
        game_id="forum",
        keys=list(base.keys),
        signer=KEYS[1],
        seat=1,
        previous=base,
        actions=orders,
        proofs=proofs_for(revealed),
    )


def test_each_phase_is_one_commit_reveal_round_verified_by_replay() -> None:
    """R3: "each phase is one commit–reveal round of sealed orders"; the dice are
    reseeded from all salts; the next player's page replays and verifies it."""
    base = _base()
    code = _phase(base)
    after = continue_game(base, code)
    assert after.verified
    assert after.record.state.phase.value == "attack"
    code = _phase(after.record)
    after2 = continue_game(after.record, code)
    assert after2.verified
    assert (after2.record.state.turn, after2.record.state.phase.value) == (2, "deployment")


def test_with_a_moderator_the_orders_codes_need_no_commitments() -> None:
    """Issue 14: "with a moderator as the seed's game was run": the nations send their
    orders codes to the host, whose page resolves the phase without sealed codes."""
    base = _base()
    after = continue_game(base, _phase(base, moderated=True))
    assert after.verified
    assert after.record.state.phase.value == "attack"
