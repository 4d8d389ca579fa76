"""Capital Risk by forum without a moderator: commit and reveal (issue 5)."""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Sequence

import pytest

from engine.core import Order, PlayerSpec, find_ruleset
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.rulesets.capital.ai.baseline import choose
from engine.save_chain import continue_game
from engine.saves import SaveRecord, make_save, read_save
from engine.sealed import bind_reveal, commitment, read_reveals, read_seals, seal_orders
from engine.sealed_round import claimed_keys, dice_entropy, proofs_for, resolution_orders

RS = find_ruleset("capital")
KEYS = [PlayerKey.generate(hashlib.sha256(f"faction{i}".encode()).digest()) for i in range(3)]


def base_save(moderator: PlayerKey | None = None) -> SaveRecord:
    """A 3-faction game past setup, saved with every faction's key (and a moderator's)."""
    state = RS.new_game([PlayerSpec(f"F{i + 1}", "baseline") for i in range(3)], {}, "forum")
    for faction in range(3):
        state = RS.apply(state, choose(state, faction)).state
    state = RS.apply(state, RS.parse_order({"kind": "resolve", "force": False})).state
    keys = [k.public_key_text for k in KEYS]
    mod = None if moderator is None else moderator.public_key_text
    code = make_save(RS, state, game_id="forum", keys=keys, signer=KEYS[0], seat=0, moderator=mod)
    return read_save(code)


def sealed_turn(
    base: SaveRecord, salts: tuple[str, ...] = ("a", "b", "c")
) -> tuple[list[str], list[str]]:
    seals, reveals = [], []
    for faction in range(3):
        order = choose(base.state, faction)
        sealed, reveal = seal_orders(
            order,
            game_id="forum",
            turn=base.state.turn,
            faction=faction,
            key=KEYS[faction],
            salt=salts[faction],
        )
        seals.append(sealed)
        reveals.append(reveal)
    # Once every seal is posted each faction reveals, naming every seal it saw.
    return seals, [bind_reveal(base, r, seals, KEYS[f]) for f, r in enumerate(reveals)]


def save_resolution(
    base: SaveRecord,
    orders: Sequence[Order],
    *,
    signer: int = 1,
    proofs: Sequence[str] = (),
    seals: Sequence[str] = (),
    deadlines: Sequence[str] = (),
) -> str:
    """The save of ``orders`` applied to ``base``, signed by faction ``signer``."""
    state = base.state
    for order in orders:
        state = RS.apply(state, order).state
    return make_save(
        RS,
        state,
        game_id=base.game_id,
        keys=list(base.keys),
        signer=KEYS[signer],
        seat=signer,
        previous=base,
        actions=orders,
        proofs=proofs,
        seals=seals,
        deadlines=deadlines,
    )


def resolve(base: SaveRecord, seals: list[str], reveals: list[str], signer: int = 1) -> str:
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    orders = resolution_orders(RS, revealed, force=False, with_entropy=True)
    return save_resolution(base, orders, signer=signer, proofs=proofs_for(revealed), seals=seals)


def test_commit_reveal_turn_resolves_and_the_next_player_verifies_it() -> None:
    """Each faction posts a sealed code; when all are in, each posts its reveal code; anyone
    pastes all reveals; the page checks each reveal against its commitment and resolves."""
    base = base_save()
    seals, reveals = sealed_turn(base)
    code = resolve(base, seals, reveals)
    continuation = continue_game(base, code)
    assert continuation.verified
    assert continuation.record.state.turn == base.state.turn + 1
    assert continuation.record.state.last_report is not None


def test_a_changed_reveal_is_refused() -> None:
    """A reveal that does not match its commitment is refused."""
    base = base_save()
    seals, reveals = sealed_turn(base)
    original = choose(base.state, 0)
    other = dataclasses.replace(original, attacks=(), surge=None)
    assert other != original
    _, changed = seal_orders(
        other, game_id="forum", turn=base.state.turn, faction=0, key=KEYS[0], salt="a"
    )
    with pytest.raises(EngineError) as info:
        read_reveals(base, [changed, *reveals[1:]], read_seals(base, seals))
    assert info.value.code == "sealed/mismatch"


def test_the_dice_seed_changes_when_any_single_salt_changes() -> None:
    """The dice seed comes from all salts together, so no faction can steer the dice."""
    base = base_save()
    entropies = set()
    for salts in [("a", "b", "c"), ("a", "b", "x"), ("a", "y", "c"), ("z", "b", "c")]:
        seals, reveals = sealed_turn(base, salts)
        entropies.add(dice_entropy(read_reveals(base, reveals, read_seals(base, seals))))
    assert len(entropies) == 4


def test_a_second_commitment_and_a_wrong_turn_are_refused() -> None:
    """A second commitment, or a code for the wrong turn, is refused with a clear message."""
    base = base_save()
    seals, _ = sealed_turn(base)
    seals2, _ = sealed_turn(base, ("q", "r", "s"))
    with pytest.raises(EngineError) as info:
        read_seals(base, [seals[0], seals2[0]])
    assert info.value.code == "sealed/second-commitment"
    assert read_seals(base, [seals[0], seals[0]])  # the same code twice is harmless
    order = choose(base.state, 0)
    late, _ = seal_orders(order, game_id="forum", turn=base.state.turn + 3, faction=0, key=KEYS[0])
    with pytest.raises(EngineError) as info:
        read_seals(base, [late])
    assert info.value.code == "sealed/wrong-turn"


def test_reveal_without_seal_and_someone_elses_key_refused() -> None:
    base = base_save()
    seals, reveals = sealed_turn(base)
    with pytest.raises(EngineError) as info:
        read_reveals(base, reveals, read_seals(base, seals[:2]))
    assert info.value.code == "sealed/no-commitment"
    thief = PlayerKey.generate(b"\x07" * 32)
    stolen, _ = seal_orders(
        choose(base.state, 2), game_id="forum", turn=base.state.turn, faction=2, key=thief
    )
    with pytest.raises(EngineError) as info:
        read_seals(base, [stolen])
    assert info.value.code == "sealed/wrong-seat"


def test_a_save_whose_orders_are_not_signed_by_their_faction_is_refused() -> None:
    """All codes are signed like every save code: a resolver cannot slip in orders a
    faction never signed."""
    base = base_save()
    seals, reveals = sealed_turn(base)
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    orders = resolution_orders(RS, revealed, force=False, with_entropy=True)
    state = base.state
    for order in orders:
        state = RS.apply(state, order).state
    forged = make_save(
        RS,
        state,
        game_id="forum",
        keys=list(base.keys),
        signer=KEYS[1],
        seat=1,
        previous=base,
        actions=orders,
        proofs=proofs_for(revealed)[:2],
        seals=seals,
    )
    with pytest.raises(EngineError) as info:
        continue_game(base, forged)
    assert info.value.code == "sealed/unsigned"


def test_moderated_turn_needs_no_commitments() -> None:
    """With a moderator, factions send their orders codes to the host privately; the host
    resolves and produces the next code."""
    base = base_save(moderator=KEYS[0])
    _, reveals = sealed_turn(base)
    revealed = read_reveals(base, reveals[:2], seals=None)
    orders = resolution_orders(RS, revealed, force=True, with_entropy=False)
    state = base.state
    for order in orders:
        state = RS.apply(state, order).state
    assert "sent no orders" in " ".join(state.last_report["comments"])
    code = make_save(
        RS,
        state,
        game_id="forum",
        keys=list(base.keys),
        signer=KEYS[0],
        seat=0,
        previous=base,
        actions=orders,
        proofs=proofs_for(revealed),
    )
    assert continue_game(base, code).verified


def test_unclaimed_factions_claim_their_seats_with_their_first_sealed_orders() -> None:
    """A player claims a seat once: in a forum game every faction but the creator's
    claims its seat with the key that signs its first sealed orders; the next save
    records those keys, and nobody can claim a seat with a key that signed nothing."""
    full = base_save()
    keys: list[str | None] = [KEYS[0].public_key_text, None, None]
    base = read_save(make_save(RS, full.state, game_id="forum", keys=keys, signer=KEYS[0], seat=0))
    seals, reveals = sealed_turn(base)
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    assert claimed_keys(base, revealed) == [k.public_key_text for k in KEYS]
    orders = resolution_orders(RS, revealed, force=False, with_entropy=True)
    state = base.state
    for order in orders:
        state = RS.apply(state, order).state
    code = make_save(
        RS,
        state,
        game_id="forum",
        keys=claimed_keys(base, revealed),
        signer=KEYS[0],
        seat=0,
        previous=base,
        actions=orders,
        proofs=proofs_for(revealed),
        seals=seals,
    )
    assert continue_game(base, code).record.keys == tuple(k.public_key_text for k in KEYS)
    stolen = claimed_keys(base, revealed)
    stolen[2] = PlayerKey.generate(b"\x09" * 32).public_key_text
    forged = make_save(
        RS,
        state,
        game_id="forum",
        keys=stolen,
        signer=KEYS[0],
        seat=0,
        previous=base,
        actions=orders,
        proofs=proofs_for(revealed),
        seals=seals,
    )
    with pytest.raises(EngineError) as info:
        continue_game(base, forged)
    assert info.value.code == "save/keys-changed"
    # One key cannot hold two factions.
    double, _ = seal_orders(
        choose(base.state, 1), game_id="forum", turn=base.state.turn, faction=1, key=KEYS[0]
    )
    with pytest.raises(EngineError) as info:
        read_seals(base, [double])
    assert info.value.code == "sealed/wrong-seat"


def test_a_sealed_code_binds_to_its_round() -> None:
    """Issue 13: "the sealed-order code binds to the round, not only to the turn" -- a
    ruleset declares its rounds (Capital Risk: one); a code sealed for another round of
    the same turn is refused, and the round is part of the commitment."""
    base = base_save()
    assert RS.sealed_rounds == ("orders",) and RS.sealed_round(base.state) == 0
    order = choose(base.state, 0)
    other_round, _ = seal_orders(
        order, game_id="forum", turn=base.state.turn, faction=0, key=KEYS[0], round_index=1
    )
    with pytest.raises(EngineError) as info:
        read_seals(base, [other_round])
    assert info.value.code == "sealed/wrong-round"
    assert commitment("forum", 1, 0, order, "s", 1) != commitment("forum", 1, 0, order, "s")
    with pytest.raises(EngineError) as info:
        find_ruleset("classic").resolving_order(force=False, entropy="")
    assert info.value.code == "ruleset/not-simultaneous"


def test_a_reveal_that_names_no_seals_is_refused_on_replay() -> None:
    """Without a moderator a reveal must name every seal its faction saw; one posted
    straight after sealing (before the others' seals were in) pins nothing: refused."""
    base = base_save()
    seals, bound = sealed_turn(base)
    _, unbound = seal_orders(
        choose(base.state, 2),
        game_id="forum",
        turn=base.state.turn,
        faction=2,
        key=KEYS[2],
        salt="c",
    )
    code = resolve(base, seals, [*bound[:2], unbound])
    with pytest.raises(EngineError) as info:
        continue_game(base, code)
    assert info.value.code == "sealed/unbound"
