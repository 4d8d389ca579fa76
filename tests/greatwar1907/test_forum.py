"""Play by forum: one commit–reveal round per phase through the shared sealed orders
(R3), each code bound to its phase's round (case 95), and the next player verifies the
resolved phase by replaying it, with or without a moderator."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import pytest

from engine.ai import choose_for
from engine.cli import main
from engine.core import Order, PlayerSpec
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.save_chain import continue_game
from engine.saves import SaveRecord, make_save, read_save
from engine.sealed import bind_reveal, deadline_code, read_reveals, read_seals, seal_orders
from engine.sealed_round import proofs_for, resolution_orders
from tests.greatwar1907.helpers import RULESET

KEYS = [PlayerKey.generate(hashlib.sha256(f"nation{i}".encode()).digest()) for i in range(8)]
MODERATOR = KEYS[0]  # the host of the seed's game, who also plays the first nation


def _base(seats: int = 8, moderator: PlayerKey | None = None) -> SaveRecord:
    """A new game of ``seats`` nations (the other seats idle), whose orders the
    standard computer player writes and each nation seals with its own key."""
    players = [PlayerSpec(f"N{i}", "standard") for i in range(seats)]
    state = RULESET.new_game(players, {"untaken": "idle"}, "forum")
    keys = [k.public_key_text for k in KEYS[: len(state.players)]]
    mod = None if moderator is None else moderator.public_key_text
    code = make_save(
        RULESET, state, game_id="forum", keys=keys, signer=KEYS[0], seat=0, moderator=mod
    )
    return read_save(code)


def _sealed(base: SaveRecord, seat: int, salt: str = "") -> tuple[str, str]:
    return seal_orders(
        choose_for(base.state, seat),
        game_id="forum",
        turn=base.state.turn,
        faction=seat,
        key=KEYS[seat],
        salt=salt or f"s{seat}",
        round_index=RULESET.sealed_round(base.state),
    )


def _round(base: SaveRecord, seats: Sequence[int]) -> tuple[list[str], list[str]]:
    """Every seat's sealed code, then its reveal naming every seal it saw."""
    pairs = [_sealed(base, seat) for seat in seats]
    seals = [sealed for sealed, _ in pairs]
    return seals, [
        bind_reveal(base, r, seals, KEYS[s]) for s, (_, r) in zip(seats, pairs, strict=True)
    ]


def _save(
    base: SaveRecord,
    orders: Sequence[Order],
    *,
    signer: PlayerKey,
    seat: int,
    proofs: Sequence[str],
    seals: Sequence[str] = (),
    deadlines: Sequence[str] = (),
) -> str:
    state = base.state
    for order in orders:
        state = RULESET.apply(state, order).state
    return make_save(
        RULESET,
        state,
        game_id="forum",
        keys=list(base.keys),
        signer=signer,
        seat=seat,
        previous=base,
        actions=orders,
        proofs=proofs,
        seals=seals,
        deadlines=deadlines,
    )


def _resolve(base: SaveRecord, seals: list[str], reveals: list[str], signer: int = 1) -> str:
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    orders = resolution_orders(RULESET, revealed, force=False, with_entropy=True)
    return _save(
        base, orders, signer=KEYS[signer], seat=signer, proofs=proofs_for(revealed), seals=seals
    )


def _moderated(base: SaveRecord, seats: Sequence[int], force: bool = False) -> str:
    """The moderator's save of the orders codes sent to it privately."""
    revealed = read_reveals(base, [_sealed(base, s)[1] for s in seats], None)
    orders = resolution_orders(RULESET, revealed, force=force, with_entropy=False)
    return _save(base, orders, signer=MODERATOR, seat=0, proofs=proofs_for(revealed))


def _refused(base: SaveRecord, code: str, expected: str) -> None:
    """Every page (``continue_game``) and ``inspect`` refuse ``code`` with ``expected``;
    the game held is untouched."""
    before = base.state.to_json()
    with pytest.raises(EngineError) as info:
        continue_game(base, code)
    assert info.value.code == expected
    assert base.state.to_json() == before
    assert main(["inspect", base.code, code]) == 2


def test_the_ruleset_declares_two_sealed_rounds_a_turn() -> None:
    """R3: "each phase is one commit–reveal round of sealed orders": Deployment, then
    Attack; every nation with a seat that plays owes orders, idle seats and Neutral
    never."""
    base = _base(seats=3)
    assert RULESET.sealed_rounds == ("deployment", "attack")
    assert RULESET.resolving_kind == "resolve"
    assert RULESET.sealed_round(base.state) == 0
    assert RULESET.sealing_factions(base.state) == [0, 1, 2]
    assert "neutral" not in base.state.nation_ids
    seals, reveals = _round(base, [0, 1, 2])
    attack = continue_game(base, _resolve(base, seals, reveals)).record
    assert attack.state.phase.value == "attack" and RULESET.sealed_round(attack.state) == 1


def test_case_95_a_deployment_code_is_refused_in_the_attack_phase() -> None:
    """Case 95 (R3): "Deployment sealed code revealed in the Attack phase -- refused
    (wrong round)"; sealed codes bind to the phase's round, not only to the turn."""
    base = _base(seats=3)
    deployment_seal, deployment_reveal = _sealed(base, 2)
    seals, reveals = _round(base, [0, 1, 2])
    attack = continue_game(base, _resolve(base, seals, reveals)).record
    assert attack.state.turn == base.state.turn
    with pytest.raises(EngineError) as info:
        read_seals(attack, [deployment_seal])
    assert info.value.code == "sealed/wrong-round"
    attack_seal, _ = _sealed(attack, 2)
    with pytest.raises(EngineError) as info:
        read_reveals(attack, [deployment_reveal], read_seals(attack, [attack_seal]))
    assert info.value.code == "sealed/wrong-round"


def test_attacker_replays_the_deployment_codes_in_the_attack_phase(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """An attacker saves the Attack phase's resolution with the codes of the Deployment
    round (the same turn): every page refuses it with ``sealed/wrong-round``."""
    base = _base(seats=3)
    seals, reveals = _round(base, [0, 1, 2])
    attack = continue_game(base, _resolve(base, seals, reveals)).record
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    orders = resolution_orders(RULESET, revealed, force=True, with_entropy=True)
    state = attack.state
    for order in orders[-1:]:
        state = RULESET.apply(state, order).state
    code = make_save(
        RULESET,
        state,
        game_id="forum",
        keys=list(attack.keys),
        signer=KEYS[1],
        seat=1,
        previous=attack,
        actions=orders[-1:],
        proofs=reveals,
        seals=seals,
    )
    _refused(attack, code, "sealed/wrong-round")
    assert "[sealed/wrong-round]" in capsys.readouterr().err


def test_attacker_reseals_after_seeing_the_reveals() -> None:
    """R3: "nobody can change orders after seeing another's": Spain's seat seals again
    once the others have revealed; their reveals pinned the first seals, so the
    resolution is refused (``sealed/resealed``)."""
    base = _base(seats=3)
    seals, reveals = _round(base, [0, 1, 2])
    resealed, new_reveal = _sealed(base, 2, salt="after-seeing")
    new_seals = [*seals[:2], resealed]
    rebound = bind_reveal(base, new_reveal, new_seals, KEYS[2])
    _refused(base, _resolve(base, new_seals, [*reveals[:2], rebound]), "sealed/resealed")


def test_attacker_drops_a_reveal_and_forces_without_a_moderator() -> None:
    """Without a moderator a deadline is forced only with a deadline code from every
    faction that revealed: a resolver who drops a reveal and forces alone is refused
    (``sealed/forced``); with every revealing nation's deadline code it is accepted."""
    base = _base(seats=3)
    seals, reveals = _round(base, [0, 1, 2])
    revealed = read_reveals(base, reveals[:2], read_seals(base, seals))
    forced = resolution_orders(RULESET, revealed, force=True, with_entropy=True)
    proofs = proofs_for(revealed)
    alone = _save(base, forced, signer=KEYS[1], seat=1, proofs=proofs, seals=seals)
    _refused(base, alone, "sealed/forced")
    deadlines = [deadline_code(base, f, [2], KEYS[f]) for f in (0, 1)]
    agreed = _save(
        base, forced, signer=KEYS[1], seat=1, proofs=proofs, seals=seals, deadlines=deadlines
    )
    assert continue_game(base, agreed).verified


def test_with_a_moderator_only_the_moderator_resolves_or_forces() -> None:
    """Issue 14: "with a moderator as the seed's game was run": the nations send their
    orders codes to the moderator (the host, seat 1), whose save needs no commitments
    and may force a silent nation; another nation's key may not force in its place."""
    base = _base(seats=3, moderator=MODERATOR)
    after = continue_game(base, _moderated(base, [0, 1, 2]))
    assert after.verified and after.record.state.phase.value == "attack"
    assert continue_game(base, _moderated(base, [0, 1], force=True)).verified
    revealed = read_reveals(base, [_sealed(base, s)[1] for s in (0, 1)], None)
    forced = resolution_orders(RULESET, revealed, force=True, with_entropy=False)
    by_nation = _save(base, forced, signer=KEYS[1], seat=1, proofs=proofs_for(revealed))
    _refused(base, by_nation, "sealed/not-moderator")


def test_a_whole_turn_by_sealed_codes_verified_by_another_nations_replay() -> None:
    """R3: both phases of turn 1 by sealed codes between three nations (France resolves
    Deployment, Russia resolves Attack); a fourth nation's page replays both saves from
    the first one, re-checking every seal and reveal and recomputing the dice."""
    base = _base(seats=4)
    seals, reveals = _round(base, [0, 1, 2])
    # The fourth nation is silent: forced with the three revealing nations' deadlines.
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    forced = resolution_orders(RULESET, revealed, force=True, with_entropy=True)
    deadlines = [deadline_code(base, f, [3], KEYS[f]) for f in (0, 1, 2)]
    deployment = _save(
        base, forced, signer=KEYS[2], seat=2, proofs=reveals, seals=seals, deadlines=deadlines
    )
    attack_base = continue_game(base, deployment).record
    seals2, reveals2 = _round(attack_base, [0, 1, 2])
    revealed2 = read_reveals(attack_base, reveals2, read_seals(attack_base, seals2))
    forced2 = resolution_orders(RULESET, revealed2, force=True, with_entropy=True)
    deadlines2 = [deadline_code(attack_base, f, [3], KEYS[f]) for f in (0, 1, 2)]
    attack = _save(
        attack_base,
        forced2,
        signer=KEYS[0],
        seat=0,
        proofs=reveals2,
        seals=seals2,
        deadlines=deadlines2,
    )
    # The fourth nation's page starts from the first save it was sent.
    step = continue_game(base, deployment)
    assert step.verified and step.record.state.phase.value == "attack"
    end = continue_game(step.record, attack)
    assert end.verified
    assert (end.record.state.turn, end.record.state.phase.value) == (2, "deployment")
    assert end.record.state.to_json() == continue_game(attack_base, attack).record.state.to_json()
    assert main(["inspect", base.code, deployment, attack]) == 0


def test_attacker_picks_the_dice_of_a_phase() -> None:
    """R3: "the dice are reseeded from all salts": a resolver who saves the phase with
    other entropy than the reveals' salts give (to choose its dice) is refused
    ``sealed/unsigned`` by every page and ``inspect``."""
    base = _base(seats=3)
    seals, reveals = _round(base, [0, 1, 2])
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    orders = resolution_orders(RULESET, revealed, force=False, with_entropy=True)
    chosen = [*orders[:-1], RULESET.resolving_order(force=False, entropy="lucky")]
    code = _save(base, chosen, signer=KEYS[1], seat=1, proofs=reveals, seals=seals)
    _refused(base, code, "sealed/unsigned")
