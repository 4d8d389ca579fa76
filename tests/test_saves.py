"""Game saves by email: signed, chained, replayed (issue 4)."""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.ai import choose_order
from engine.core import Order, PlayerSpec, find_ruleset
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.rulesets.classic import ClassicState
from engine.save_chain import continue_game
from engine.savecode import decode_code, encode_code
from engine.saves import SaveRecord, make_save, read_save

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
RS = find_ruleset("classic")


def key(seat: int, salt: str = "") -> PlayerKey:
    return PlayerKey.generate(hashlib.sha256(f"{salt}seat{seat}".encode()).digest())


KEYS = [key(i) for i in range(6)]


def new_state(players: int = 3, controls: str = "human", seed: str = "email") -> ClassicState:
    specs = [PlayerSpec(f"P{i + 1}", controls) for i in range(players)]
    return RS.new_game(specs, {"game_type": "uk_full", "special_setup": True}, seed)  # type: ignore[no-any-return]


def play_turn(state: ClassicState) -> tuple[ClassicState, list[Order]]:
    """One player's turn, chosen by the baseline player (as a human might)."""
    orders = []
    start = state.turn
    while state.turn == start and state.winner is None:
        probe = state.clone()
        probe.players[probe.current].control = "baseline"
        order = choose_order(probe)
        orders.append(order)
        state = RS.apply(state, order).state
    return state, orders


def chain(turns: int, players: int = 3) -> list[tuple[str, SaveRecord]]:
    state = new_state(players)
    keys = [k.public_key_text for k in KEYS[:players]]
    first = make_save(
        RS, state, game_id="g", keys=keys, signer=KEYS[state.current], seat=state.current
    )
    saves = [(first, read_save(first))]
    for _ in range(turns):
        seat = state.current
        state, orders = play_turn(state)
        code = make_save(
            RS,
            state,
            game_id="g",
            keys=keys,
            signer=KEYS[seat],
            seat=seat,
            previous=saves[-1][1],
            actions=orders,
        )
        saves.append((code, read_save(code)))
    return saves


def test_round_trip_over_random_playthroughs() -> None:
    """decode(encode(state)) equals state over random playthroughs."""
    rng = random.Random(4)
    for game in range(4):
        state = new_state(rng.randint(2, 6), seed=f"rt{game}")
        for _ in range(rng.randint(5, 40)):
            if state.winner is not None:
                break
            legal = RS.legal_orders(state)
            state = RS.apply(state, rng.choice(legal)).state
            keys = [k.public_key_text for k in KEYS[: len(state.players)]]
            seat = min(state.current, len(keys) - 1)
            code = make_save(RS, state, game_id="g", keys=keys, signer=KEYS[seat], seat=seat)
            assert read_save(code).state == state


def test_a_chain_of_turns_is_verified_by_replaying_the_orders() -> None:
    """The next player pastes the code; its orders are replayed on the previous position
    and must lead to the position in the code. Dice come from the random state."""
    saves = chain(4)
    for (_, previous), (code, record) in itertools.pairwise(saves):
        continuation = continue_game(previous, code)
        assert continuation.verified and not continuation.warnings
        assert continuation.record.state == record.state


def test_reloading_a_save_and_repeating_an_attack_gives_the_same_dice() -> None:
    """Dice come from the random state in the save."""
    _, record = chain(2)[-1]
    state = record.state
    state, orders = play_turn(state)
    again, orders_again = play_turn(record.state)
    assert orders == orders_again and again == state


def test_dishonest_position_signed_by_the_right_player_is_refused() -> None:
    """The page verifies the chain: a position that its orders do not produce (say, a
    player who edited the armies and signed with their own key) is refused."""
    saves = chain(1)
    previous = saves[0][1]
    _code, record = saves[1]
    state = record.state.clone()
    territory = state.territories_of(record.seat)[0]
    state.armies[territory] += 10
    forged = make_save(
        RS,
        state,
        game_id="g",
        keys=list(record.keys),
        signer=KEYS[record.seat],
        seat=record.seat,
        previous=previous,
        actions=[RS.parse_order(a) for a in record.actions],
    )
    with pytest.raises(EngineError) as info:
        continue_game(previous, forged)
    assert info.value.code == "save/replay"


def test_turn_signed_by_the_wrong_seat_is_refused() -> None:
    """Each save is signed by the player whose action it records."""
    saves = chain(1)
    previous = saves[0][1]
    record = saves[1][1]
    other = (record.seat + 1) % 3
    forged = make_save(
        RS,
        record.state,
        game_id="g",
        keys=list(record.keys),
        signer=KEYS[other],
        seat=other,
        previous=previous,
        actions=[RS.parse_order(a) for a in record.actions],
    )
    with pytest.raises(EngineError) as info:
        continue_game(previous, forged)
    assert info.value.code == "save/wrong-seat"


def test_key_of_another_seat_cannot_sign_for_it() -> None:
    """A forged or wrong-seat signature is refused."""
    _, record = chain(0)[0]
    payload = dict(record.payload)
    forged = encode_code(payload, key(9, "thief"), 1)
    with pytest.raises(EngineError) as info:
        read_save(forged)
    assert info.value.code == "save/wrong-seat"


def test_old_turn_duplicate_and_other_game() -> None:
    """An old turn, a turn sent twice, a code from another game: each named."""
    saves = chain(3)
    latest = saves[3][1]
    with pytest.raises(EngineError) as info:
        continue_game(latest, saves[1][0])
    assert info.value.code == "save/old-turn"
    with pytest.raises(EngineError) as info:
        continue_game(latest, saves[3][0])
    assert info.value.code == "save/duplicate"
    state = new_state(seed="another")
    keys = [k.public_key_text for k in KEYS[:3]]
    other = make_save(
        RS, state, game_id="h", keys=keys, signer=KEYS[state.current], seat=state.current
    )
    with pytest.raises(EngineError) as info:
        continue_game(latest, other)
    assert info.value.code == "save/other-game"


def test_a_skipped_or_forked_chain_is_a_warning_with_details() -> None:
    """A code that skips or forks the chain (someone replayed an old save) is shown as a
    warning with the details, not silently accepted."""
    saves = chain(3)
    continuation = continue_game(saves[1][1], saves[3][0])
    assert not continuation.verified
    assert "fork" in continuation.warnings[0] and "save 1" in continuation.warnings[0]


def test_seat_claimed_once_by_its_player() -> None:
    """A player claims a seat once ... from then on their browser signs their turns; no one
    may change another seat's key."""
    state = new_state(2)
    seat = state.current
    other = 1 - seat
    keys: list[str | None] = [None, None]
    keys[seat] = KEYS[seat].public_key_text
    first = read_save(make_save(RS, state, game_id="g", keys=keys, signer=KEYS[seat], seat=seat))
    state2, orders = play_turn(state)
    assert state2.current == other
    stolen = list(keys)
    stolen[seat] = key(5, "x").public_key_text
    stolen[other] = KEYS[other].public_key_text
    with pytest.raises(EngineError) as info:
        make_save(
            RS,
            state2,
            game_id="g",
            keys=stolen,
            signer=KEYS[seat],
            seat=seat,
            previous=first,
            actions=orders,
        )
    assert info.value.code == "save/wrong-key"
    claim = list(keys)
    code = make_save(
        RS,
        state2,
        game_id="g",
        keys=claim,
        signer=KEYS[seat],
        seat=seat,
        previous=first,
        actions=orders,
    )
    second = continue_game(first, code).record
    state3, orders3 = play_turn(state2)
    claim3 = list(claim)
    claim3[other] = KEYS[other].public_key_text
    code3 = make_save(
        RS,
        state3,
        game_id="g",
        keys=claim3,
        signer=KEYS[other],
        seat=other,
        previous=second,
        actions=orders3,
    )
    assert continue_game(second, code3).verified


def test_newer_version_refused() -> None:
    """From a newer version: a clear message, the game untouched."""
    _, record = chain(0)[0]
    payload = dict(record.payload, rv=99)
    code = encode_code(payload, KEYS[record.seat], record.seat)
    with pytest.raises(EngineError) as info:
        read_save(code)
    assert info.value.code == "save/newer-version"
    assert "newer version" in info.value.message


def test_old_codes_keep_loading() -> None:
    """A code made by this version is committed as a fixture; later versions must load
    every fixture."""
    fixtures = sorted(FIXTURES.glob("save-*.txt"))
    assert fixtures
    for path in fixtures:
        record = read_save(path.read_text())
        assert record.ruleset == "classic" and record.state.turn >= 1


def test_a_chain_saved_before_the_issue_12_checks_still_verifies() -> None:
    """A Classic base save and its next save, made by the page before issue 12's checks
    (tests/fixtures/chain-classic-v1.txt), still load, and the second verifies by replay."""
    first, second = (FIXTURES / "chain-classic-v1.txt").read_text().split()
    continuation = continue_game(read_save(first), second)
    assert continuation.verified and continuation.record.seq == 1


def test_an_old_capital_resolution_without_seals_is_refused_with_a_reason() -> None:
    """The format changed for Capital Risk resolutions: they now carry the sealed codes.
    One made before (tests/fixtures/chain-capital-v1-unsealed.txt) is refused, typed."""
    base, resolved = (FIXTURES / "chain-capital-v1-unsealed.txt").read_text().split()
    with pytest.raises(EngineError) as info:
        continue_game(read_save(base), resolved)
    assert info.value.code == "sealed/no-commitment"
    assert read_save(resolved).state.turn == 2  # still readable on its own


def test_six_player_turn_twenty_code_is_compact() -> None:
    """Size: a 6-player Classic game at turn 20 in at most 1,500 characters."""
    specs = [PlayerSpec(f"Player {i + 1}", "baseline") for i in range(6)]
    state = RS.new_game(specs, {"game_type": "us_full"}, "0123456789abcdef")
    keys = [k.public_key_text for k in KEYS]
    previous = None
    orders: list[Order] = []
    sizes = {}
    while state.turn <= 20 and state.winner is None:
        seat = state.current
        order = choose_order(state)
        orders.append(order)
        turn = state.turn
        state = RS.apply(state, order).state
        if state.turn != turn:
            code = make_save(
                RS,
                state,
                game_id="0123456789abcdef",
                keys=keys,
                signer=KEYS[seat],
                seat=seat,
                previous=previous,
                actions=orders,
            )
            previous, orders = read_save(code), []
            sizes[state.turn] = len(code)
    assert sizes[20] <= 1500, sizes


def test_mutated_game_codes_are_refused_cleanly() -> None:
    """Truncated, garbled and spliced save codes are refused with an EngineError."""
    codes = [c for c, _ in chain(2)]
    rng = random.Random(11)
    refused = 0
    for i in range(400):
        code = codes[i % len(codes)]
        cut = rng.randrange(len(code))
        mutated = rng.choice(
            [
                code[:cut],
                code[:cut] + rng.choice("AZaz09-_.") + code[cut + 1 :],
                code[:cut] + codes[(i + 1) % 3][cut:],
            ]
        )
        if mutated == code:
            continue
        with pytest.raises(EngineError):
            read_save(mutated)
        refused += 1
    assert refused > 350


def test_cli_inspect_and_simulate_save_code() -> None:
    """`simulate ... --save-code` prints the final save code on its last line; `inspect
    CODE` verifies it and prints the state as JSON; a bad code gives exit 2 and one line."""
    run = [sys.executable, "-m", "engine"]
    sim = subprocess.run(
        [*run, "simulate", "--players", "3", "--seed", "9", "--save-code"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    code = sim.stdout.strip().splitlines()[-1]
    assert code.startswith("RK1.")
    shown = subprocess.run(
        [*run, "inspect", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    data: dict[str, Any] = json.loads(shown.stdout)
    assert data["ruleset"] == "classic" and data["state"]["winner"] is not None
    bad = subprocess.run(
        [*run, "inspect", code[:-5]], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2 and len(bad.stderr.strip().splitlines()) == 1


def test_payload_chain_hash_is_the_previous_payload_hash() -> None:
    saves = chain(2)
    assert saves[2][1].prev == saves[1][1].hash
    assert decode_code(saves[2][0]).payload["seq"] == 2
