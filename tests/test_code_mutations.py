"""Mutated save codes, for every ruleset: none is accepted, every refusal is typed.

Issue 12: "A property test that mutates real codes (bit flips, truncations, insertions,
spliced segments from another valid code, re-encoded JSON with one field changed and the
old signature, and fields changed and re-signed by a seated player) for every ruleset:
at least 10,000 per run in the suite's slow tier ..., zero accepted, zero untyped
exceptions, and the slowest time reported."

Each mutant is offered as the next save of the game (``continue_game``), as every page
and ``python -m engine inspect --previous`` do.  "Accepted" means verified: a mutant
shown as an unverified fork is not adopted (and counted apart).  The fast tier runs a
few hundred mutants; the ``slow`` tier runs 10,200 and prints the slowest refusal.
"""

from __future__ import annotations

import base64
import copy
import random
import time
import zlib
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.savecode import canonical_json, decode_code, encode_code
from engine.saves import SaveRecord, continue_game
from tests import test_saves, test_sealed


@dataclass(frozen=True)
class Case:
    """A real next save of a real game, with the key of the seat that signed it."""

    name: str
    previous: SaveRecord
    code: str
    key: PlayerKey
    seat: int


def cases() -> list[Case]:
    classic = test_saves.chain(2)
    _, before = classic[1]
    code, record = classic[2]
    base = test_sealed.base_save()
    seals, reveals = test_sealed.sealed_turn(base)
    resolved = test_sealed.resolve(base, seals, reveals, signer=1)
    moderated = test_sealed.base_save(moderator=test_sealed.KEYS[0])
    _, orders = test_sealed.sealed_turn(moderated)
    forced = moderated_resolution(moderated, orders[:2])
    return [
        Case("classic", before, code, test_saves.KEYS[record.seat], record.seat),
        Case("capital", base, resolved, test_sealed.KEYS[1], 1),
        Case("capital-moderated", moderated, forced, test_sealed.KEYS[0], 0),
    ]


def moderated_resolution(base: SaveRecord, reveals: list[str]) -> str:
    from engine.sealed import proofs_for, read_reveals, resolution_orders

    revealed = read_reveals(base, reveals, seals=None)
    orders = resolution_orders(test_sealed.RS, revealed, force=True, with_entropy=False)
    return test_sealed.save_resolution(base, orders, signer=0, proofs=proofs_for(revealed))


def tweak(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """A different JSON value near ``value`` (one leaf changed, or one entry added or
    dropped)."""
    if isinstance(value, bool):
        return not value if rng.random() < 0.8 else int(value)
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value - 1, 2**40, str(value), None])
    if isinstance(value, str):
        if not value or rng.random() < 0.2:
            return rng.choice([value + "x", 0, None, [value]])
        i = rng.randrange(len(value))
        other = "A" if value[i] != "A" else "B"
        return value[:i] + other + value[i + 1 :]
    if value is None:
        return rng.choice([0, "", [], {}])
    if isinstance(value, list):
        if not value or rng.random() < 0.15 or depth > 6:
            return rng.choice([[*value, copy.deepcopy(value[-1]) if value else 0], value[1:], {}])
        i = rng.randrange(len(value))
        return [*value[:i], tweak(value[i], rng, depth + 1), *value[i + 1 :]]
    if isinstance(value, dict):
        if not value or rng.random() < 0.1 or depth > 6:
            extra = dict(value)
            extra["zz"] = 1
            return extra
        key = rng.choice(sorted(value))
        changed = dict(value)
        changed[key] = tweak(value[key], rng, depth + 1)
        return changed
    return None


def changed_payload(code: str, rng: random.Random) -> dict[str, Any]:
    payload = decode_code(code).payload
    while True:
        field = rng.choice(sorted(payload))
        new = dict(payload)
        new[field] = tweak(payload[field], rng)
        if new != payload:
            return new


def body_of(envelope: dict[str, Any]) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(canonical_json(envelope)) + packer.flush()
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


Mutator = Callable[[Case, list[Case], random.Random], str]


def bit_flip(case: Case, _: list[Case], rng: random.Random) -> str:
    i = rng.randrange(len(case.code))
    return case.code[:i] + chr(ord(case.code[i]) ^ (1 << rng.randrange(7))) + case.code[i + 1 :]


def truncation(case: Case, _: list[Case], rng: random.Random) -> str:
    return case.code[: rng.randrange(len(case.code))]


def insertion(case: Case, _: list[Case], rng: random.Random) -> str:
    i = rng.randrange(len(case.code) + 1)
    return case.code[:i] + rng.choice('AZaz09-_.=+/\\"{}[]é\x00') + case.code[i:]


def splice(case: Case, others: list[Case], rng: random.Random) -> str:
    donor = rng.choice([o.code for o in others] + [o.previous.code for o in others])
    start = rng.randrange(len(case.code))
    length = rng.randrange(1, 200)
    at = rng.randrange(len(donor))
    return case.code[:start] + donor[at : at + length] + case.code[start + length :]


def reencoded_old_signature(case: Case, _: list[Case], rng: random.Random) -> str:
    decoded = decode_code(case.code)
    envelope = {
        "p": changed_payload(case.code, rng),
        "pk": case.key.public_key_text,
        "seat": decoded.seat,
        "v": 1,
    }
    return f"RK1.{body_of(envelope)}.{case.code.rsplit('.', 1)[1]}"


def resigned(case: Case, _: list[Case], rng: random.Random) -> str:
    return encode_code(changed_payload(case.code, rng), case.key, case.seat)


MUTATORS: tuple[Mutator, ...] = (
    bit_flip,
    truncation,
    insertion,
    splice,
    reencoded_old_signature,
    resigned,
)


@dataclass
class Tally:
    refused: Counter[str]
    forks: int = 0
    slowest_ms: float = 0.0
    slowest: str = ""
    total: int = 0


def mutants(count: int, seed: int) -> Iterator[tuple[Case, str, str]]:
    rng = random.Random(seed)
    all_cases = cases()
    for i in range(count):
        case = all_cases[i % len(all_cases)]
        mutator = MUTATORS[(i // len(all_cases)) % len(MUTATORS)]
        text = mutator(case, all_cases, rng)
        if "".join(text.split()) == "".join(case.code.split()):
            continue  # whitespace is forgiven: the same code, not a mutant
        yield case, mutator.__name__, text


def run(count: int, seed: int) -> Tally:
    tally = Tally(Counter())
    for case, kind, text in mutants(count, seed):
        tally.total += 1
        started = time.perf_counter()
        try:
            continuation = continue_game(case.previous, text)
        except EngineError as exc:
            tally.refused[exc.code] += 1
        except Exception as exc:
            raise AssertionError(
                f"{case.name}/{kind}: untyped {type(exc).__name__}: {exc}\n{text}"
            ) from exc
        else:
            assert not continuation.verified, f"{case.name}/{kind} accepted:\n{text}"
            tally.forks += 1
        elapsed = (time.perf_counter() - started) * 1000
        if elapsed > tally.slowest_ms:
            tally.slowest_ms, tally.slowest = elapsed, f"{case.name}/{kind}"
    return tally


def test_the_unmutated_codes_are_accepted() -> None:
    """The test can fail: the real codes themselves verify."""
    for case in cases():
        assert continue_game(case.previous, case.code).verified, case.name


def test_mutated_codes_are_refused_typed_fast_tier() -> None:
    tally = run(720, seed=1)
    assert tally.total > 650
    assert sum(tally.refused.values()) + tally.forks == tally.total
    assert len(tally.refused) >= 15  # many different checks caught them, not one


@pytest.mark.slow
def test_ten_thousand_mutated_codes_are_refused_typed() -> None:
    tally = run(10_400, seed=2)
    assert tally.total >= 10_000
    print(
        f"\n{tally.total} mutants: {sum(tally.refused.values())} refused, {tally.forks} "
        f"unverified forks, 0 accepted; slowest {tally.slowest_ms:.1f} ms ({tally.slowest}); "
        f"refusals by code: {dict(tally.refused.most_common())}"
    )
