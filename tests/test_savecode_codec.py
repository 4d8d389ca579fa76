"""Tests for engine.savecode (save codes) and engine.keys (Ed25519 player keys)."""

from __future__ import annotations

import random
import zlib
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.errors import EngineError
from engine.keys import KeyBackupError, PlayerKey, b64url_encode, verify
from engine.savecode import (
    MAX_JSON_BYTES,
    PREFIX,
    SIGNATURE_CHARS,
    DecodedCode,
    SaveCodeError,
    canonical_json,
    decode_code,
    encode_code,
    payload_hash,
)

# Deterministic keys: seat n uses the seed bytes([n + 1] * 32).
KEYS = {seat: PlayerKey.generate(bytes([seat + 1]) * 32) for seat in range(6)}
TRUSTED = {seat: key.public_key for seat, key in KEYS.items()}

TERRITORIES = [
    "alaska", "northwest-territory", "greenland", "alberta", "ontario", "quebec",
    "western-us", "eastern-us", "central-america", "venezuela", "peru", "brazil",
    "argentina", "north-africa", "egypt", "east-africa", "congo", "south-africa",
    "madagascar", "iceland", "scandinavia", "ukraine", "great-britain",
    "northern-europe", "western-europe", "southern-europe", "ural", "siberia",
    "yakutsk", "kamchatka", "irkutsk", "mongolia", "japan", "afghanistan", "china",
    "middle-east", "india", "siam", "indonesia", "new-guinea", "western-australia",
    "eastern-australia",
]  # fmt: skip


def realistic_payload(seed: int = 7) -> dict[str, Any]:
    """A mid-game save: 42 territories, 6 players, a 44-card deck, an RNG state."""
    rng = random.Random(seed)
    deck: list[Any] = [[t, rng.randrange(3)] for t in TERRITORIES] + [[None, 3], [None, 3]]
    rng.shuffle(deck)
    return {
        "ruleset": "classic",
        "map": "classic-42",
        "turn": 37,
        "phase": "attack",
        "current": 3,
        "prev": "0123456789abcdef0123456789abcdef",
        "players": [
            {"seat": i, "name": f"Player {i + 1}", "alive": True, "cards": [rng.randrange(44)]}
            for i in range(6)
        ],
        "territories": {t: [rng.randrange(6), rng.randint(1, 12)] for t in TERRITORIES},
        "deck": deck,
        "sets_traded": 4,
        "rng": {"state": f"{rng.getrandbits(128):032x}", "inc": f"{rng.getrandbits(128):032x}"},
    }


def forge(json_text: bytes, key: PlayerKey, *, prefix: str = PREFIX) -> str:
    """Build a code around arbitrary JSON bytes with a *valid* signature by ``key``."""
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    body = b64url_encode(comp.compress(json_text) + comp.flush())
    return f"{prefix}{body}.{b64url_encode(key.sign((prefix + body).encode('ascii')))}"


def envelope_json(**fields: Any) -> bytes:
    env: dict[str, Any] = {"v": 1, "seat": 0, "pk": KEYS[0].public_key_text, "p": {"a": 1}}
    env.update(fields)
    return canonical_json({k: v for k, v in env.items() if v is not _DROP})


_DROP = object()


def error_code(code: str, trusted: dict[int, bytes] | None = None) -> str:
    with pytest.raises(SaveCodeError) as info:
        decode_code(code, trusted)
    assert isinstance(info.value, EngineError)
    assert info.value.message
    return info.value.code


@pytest.fixture(scope="module")
def game_code() -> str:
    return encode_code(realistic_payload(), KEYS[1], 1)


# --------------------------------------------------------------------------- round trip

json_leaves = st.none() | st.booleans() | st.integers() | st.text(max_size=20)
json_values = st.recursive(
    json_leaves,
    lambda children: (
        st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=5)
    ),
    max_leaves=25,
)
payloads = st.dictionaries(st.text(max_size=10), json_values, max_size=8)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=payloads, seat=st.integers(0, 5))
def test_round_trip_and_canonical(payload: dict[str, Any], seat: int) -> None:
    """decode(encode(p)).payload == p, and key order in the input does not change the code."""
    code = encode_code(payload, KEYS[seat], seat)
    decoded = decode_code(code, TRUSTED)
    assert decoded.payload == payload
    assert decoded.seat == seat
    assert decoded.public_key == KEYS[seat].public_key
    assert decoded.payload_hash == payload_hash(payload)
    reordered = dict(reversed(list(payload.items())))
    assert encode_code(reordered, KEYS[seat], seat) == code
    assert code.isascii() and code.startswith(PREFIX)
    assert len(code.rsplit(".", 1)[1]) == SIGNATURE_CHARS


def test_realistic_game_round_trip(game_code: str) -> None:
    """A realistic save round-trips, and whitespace/line wrapping from mail is tolerated."""
    decoded = decode_code(game_code, TRUSTED)
    assert decoded == DecodedCode(
        seat=1,
        public_key=KEYS[1].public_key,
        payload=realistic_payload(),
        body_hash=decoded.body_hash,
    )
    assert len(decoded.body_hash) == 64
    assert len(decoded.payload_hash) == 32
    wrapped = "\n  " + "\r\n".join(game_code[i : i + 72] for i in range(0, len(game_code), 72))
    assert decode_code(wrapped + " \t\n", TRUSTED) == decoded
    assert decode_code(game_code.replace(".", "\u00a0.\u2003"), TRUSTED) == decoded


def test_realistic_code_size(game_code: str) -> None:
    """A mid-game save (~2 KB of JSON) fits in a forum post: under 1400 characters."""
    assert 1500 <= len(canonical_json(realistic_payload())) <= 2500
    assert len(game_code) < 1400


def test_nested_key_order_is_canonical() -> None:
    """Requirement: encoding is canonical (nested key order does not matter either)."""
    a = {"x": {"b": 1, "a": [{"d": 1, "c": 2}]}, "y": None}
    b = {"y": None, "x": {"a": [{"c": 2, "d": 1}], "b": 1}}
    assert encode_code(a, KEYS[0], 0) == encode_code(b, KEYS[0], 0)
    assert payload_hash(a) == payload_hash(b)


@pytest.mark.parametrize(
    "payload",
    [
        {"t": (1, 2)},
        {"f": float("nan")},
        {"k": {1: "x"}},
        {"s": {1, 2}},
        {"u": "\ud800"},
    ],
)
def test_encode_refuses_non_json(payload: dict[str, Any]) -> None:
    """Only plain JSON values that round-trip exactly can be encoded (savecode/payload)."""
    with pytest.raises(SaveCodeError) as info:
        encode_code(payload, KEYS[0], 0)
    assert info.value.code == "savecode/payload"


def test_encode_refuses_bad_seat_and_huge_payload() -> None:
    """The seat must be an int 0..255; a save over 1 MB of JSON is refused at encode time."""
    for seat in (-1, 256, True, "1"):
        with pytest.raises(SaveCodeError) as info:
            encode_code({}, KEYS[0], seat)  # type: ignore[arg-type]
        assert info.value.code == "savecode/envelope"
    with pytest.raises(SaveCodeError) as info:
        encode_code({"big": "x" * MAX_JSON_BYTES}, KEYS[0], 0)
    assert info.value.code == "savecode/payload"


# --------------------------------------------------------------------------- rule cases


def test_empty() -> None:
    """savecode/empty: empty or whitespace-only input."""
    assert error_code("") == "savecode/empty"
    assert error_code(" \n\t ") == "savecode/empty"


def test_prefix() -> None:
    """savecode/prefix: anything not starting with 'RK' (or a key backup pasted by mistake)."""
    assert error_code("hello world") == "savecode/prefix"
    assert error_code("rk1.abc.def") == "savecode/prefix"
    assert error_code(KEYS[0].export_backup()) == "savecode/prefix"
    assert error_code("RKx.abc.def") == "savecode/prefix"


def test_newer_version(game_code: str) -> None:
    """savecode/version: 'RK2.…' was made by a newer version, and the message says so."""
    with pytest.raises(SaveCodeError) as info:
        decode_code("RK2." + game_code[len(PREFIX) :])
    assert info.value.code == "savecode/version"
    assert "made by a newer version" in info.value.message
    assert error_code("RK0." + game_code[len(PREFIX) :]) == "savecode/version"
    assert error_code("RK" + "9" * 5000 + ".a.b") == "savecode/version"


def test_extra_parts(game_code: str) -> None:
    """savecode/parts: extra '.'-separated parts are refused."""
    assert error_code(game_code + ".AAAA") == "savecode/parts"
    assert error_code(game_code.replace(".", "..", 2)) == "savecode/parts"


def test_truncated(game_code: str) -> None:
    """savecode/truncated: a code cut off anywhere after its prefix says it was cut off."""
    assert error_code(game_code[:-1]) == "savecode/truncated"
    assert error_code(game_code[:-40]) == "savecode/truncated"
    assert error_code(game_code[: len(game_code) // 2]) == "savecode/truncated"
    assert error_code(PREFIX) == "savecode/truncated"
    assert error_code("RK1") == "savecode/truncated"
    body, sig = game_code[len(PREFIX) :].split(".")
    cut = body[: len(body) // 8 * 4]  # half the body, a whole number of base64 quads
    assert error_code(f"{PREFIX}{cut}.{sig}") == "savecode/truncated"  # stream incomplete


def test_garbled_base64(game_code: str) -> None:
    """savecode/base64: characters outside base64url (or padding) name the bad character."""
    for bad in ("+", "/", "=", "é", "*"):
        garbled = game_code[:20] + bad + game_code[21:]
        with pytest.raises(SaveCodeError) as info:
            decode_code(garbled)
        assert info.value.code == "savecode/base64"
        assert repr(bad) in info.value.detail
    assert error_code(game_code[:-1] + "+") == "savecode/base64"


def test_flipped_body_character(game_code: str) -> None:
    """Any single changed character in the body is refused (never decodes)."""
    seen = set()
    for pos in range(len(PREFIX), len(PREFIX) + 200):
        original = game_code[pos]
        flipped = "A" if original != "A" else "B"
        seen.add(error_code(game_code[:pos] + flipped + game_code[pos + 1 :]))
    assert seen <= {
        "savecode/compression",
        "savecode/json",
        "savecode/envelope",
        "savecode/signature",
        "savecode/truncated",
        "savecode/base64",
    }


def test_altered_payload_breaks_signature(game_code: str) -> None:
    """savecode/signature: a well-formed body that was not what was signed ("altered")."""
    altered = realistic_payload()
    altered["territories"]["alaska"][1] = 99
    other = encode_code(altered, KEYS[1], 1)
    spliced = other.rsplit(".", 1)[0] + "." + game_code.rsplit(".", 1)[1]
    with pytest.raises(SaveCodeError) as info:
        decode_code(spliced)
    assert info.value.code == "savecode/signature"
    assert "altered or forged" in info.value.detail
    assert "changed after it was signed" in info.value.message


def test_swapped_signature_from_another_code() -> None:
    """savecode/signature: a signature taken from another (valid) code does not verify."""
    a = encode_code({"turn": 1}, KEYS[0], 0)
    b = encode_code({"turn": 2}, KEYS[0], 0)
    assert error_code(a.rsplit(".", 1)[0] + "." + b.rsplit(".", 1)[1]) == "savecode/signature"
    too_long = a + "A"
    assert error_code(too_long) in {"savecode/signature", "savecode/base64"}


def test_envelope_claims_other_key() -> None:
    """savecode/signature: an envelope naming seat 0's key but signed by seat 1's key."""
    assert error_code(forge(envelope_json(), KEYS[1])) == "savecode/signature"


def test_small_order_public_key_refused() -> None:
    """A small-order 'public key' lets anyone forge; it never verifies."""
    identity_pk = b64url_encode(b"\x01" + bytes(31))
    code = forge(envelope_json(pk=identity_pk), KEYS[0])
    body = code.rsplit(".", 1)[0]
    fake_sig = b64url_encode(b"\x01" + bytes(31) + bytes(32))
    assert error_code(f"{body}.{fake_sig}") == "savecode/signature"
    assert not verify(b"\x01" + bytes(31), b"\x01" + bytes(63), b"anything")


def test_wrong_seat() -> None:
    """savecode/wrong-seat: signed by seat 2's key but claiming to be seat 1."""
    code = encode_code({"turn": 5}, KEYS[2], 1)
    assert decode_code(code).seat == 1  # untrusted decoding only proves "signed by pk"
    with pytest.raises(SaveCodeError) as info:
        decode_code(code, TRUSTED)
    assert info.value.code == "savecode/wrong-seat"
    assert "seat 2" in info.value.message


def test_unknown_key() -> None:
    """savecode/unknown-key: signed by a key not registered in this game, or an unknown seat."""
    stranger = PlayerKey.generate(b"\x99" * 32)
    assert error_code(encode_code({}, stranger, 1), TRUSTED) == "savecode/unknown-key"
    assert error_code(encode_code({}, stranger, 9), TRUSTED) == "savecode/unknown-key"
    assert error_code(encode_code({}, KEYS[0], 0), {}) == "savecode/unknown-key"


def test_zip_bomb() -> None:
    """savecode/compression: decompression is bounded at 1 MB (a zip bomb is refused)."""
    bomb = b'{"p":{"a":"' + b"A" * 50_000_000 + b'"}}'
    code = forge(bomb, KEYS[0])
    assert len(code) < 100_000
    with pytest.raises(SaveCodeError) as info:
        decode_code(code)
    assert info.value.code == "savecode/compression"
    assert "1000000" in info.value.detail


def test_deeply_nested_json() -> None:
    """savecode/json: deep nesting is refused without RecursionError (any depth)."""
    for depth in (65, 500, 200_000):
        text = b'{"p":{"a":' + b"[" * depth + b"]" * depth + b'},"pk":"x","seat":0,"v":1}'
        assert error_code(forge(text, KEYS[0])) == "savecode/json"
    nested_in_strings = canonical_json({"s": "[" * 10_000})
    assert error_code(forge(nested_in_strings, KEYS[0])) == "savecode/envelope"


def test_escaped_quote_run_is_refused_before_the_signature() -> None:
    """savecode/json: "Every check that runs before the signature must be linear in the
    input" (issue 12). A run of escaped quotes after enough brackets once made the
    string-skipping regex retry from every quote; the code must simply be refused.
    (Its decode time is measured by ``bench.tasks.hostile_code_times``, not here.)"""
    for text in (
        b"[" * 70 + b'"' + b'\\"' * 5_000,
        b'{"p":{"a":' + b"[" * 70 + b'"' + b'\\"' * 5_000 + b'"' + b"]" * 70 + b"}}",
        b'"' + b'\\"' * 113,
    ):
        assert error_code(forge(text, KEYS[0])) == "savecode/json"


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    """Nesting is counted outside strings only, escaped quotes included: a string full of
    brackets and escaped quotes is plain data (the envelope is then checked)."""
    payload = {"s": '\\"[' * 100 + "{" * 100, "t": ["[" * 70]}
    text = canonical_json({"p": payload, "pk": "x", "seat": 0, "v": 1})
    assert error_code(forge(text, KEYS[0])) == "savecode/envelope"


@pytest.mark.parametrize(
    "raw",
    [
        b"not json",
        b'{"a":NaN}',
        b'{"p":{},"pk":"x","seat":0,"v":1,"v":1}',  # duplicate key
        b'{"p": {}, "pk": "x", "seat": 0, "v": 1}',  # not canonical (spaces)
        b'{"p":{},"pk":"x","seat":0,"v":1e0}',
        b"\xff\xfe",
        b"1" * 5000,
    ],
)
def test_bad_json(raw: bytes) -> None:
    """savecode/json: invalid, non-canonical or non-UTF-8 JSON is refused."""
    assert error_code(forge(raw, KEYS[0])) == "savecode/json"


@pytest.mark.parametrize(
    "fields",
    [
        {"v": 2},
        {"v": True},
        {"seat": -1},
        {"seat": "1"},
        {"seat": False},
        {"pk": 5},
        {"pk": "AAAA"},
        {"pk": KEYS[0].public_key_text + "A"},
        {"p": [1, 2]},
        {"p": _DROP},
        {"extra": 1},
    ],
)
def test_bad_envelope(fields: dict[str, Any]) -> None:
    """savecode/envelope: missing/extra fields or wrong types, even with a valid signature."""
    assert error_code(forge(envelope_json(**fields), KEYS[0])) == "savecode/envelope"


def test_envelope_not_object() -> None:
    """savecode/envelope: the top-level JSON value must be an object."""
    assert error_code(forge(b"[1,2]", KEYS[0])) == "savecode/envelope"


def test_extra_data_after_stream() -> None:
    """savecode/compression: bytes after the end of the DEFLATE stream are refused."""
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = comp.compress(envelope_json()) + comp.flush() + b"junk"
    body = b64url_encode(data)
    code = f"{PREFIX}{body}.{b64url_encode(KEYS[0].sign((PREFIX + body).encode()))}"
    assert error_code(code) == "savecode/compression"
    junk = b64url_encode(bytes([255]) * 30)
    assert error_code(f"{PREFIX}{junk}.{'A' * 86}") == "savecode/compression"


def test_non_string_input() -> None:
    """No other exception type escapes decode_code, even for a non-str argument."""
    assert error_code(None) == "savecode/empty"  # type: ignore[arg-type]
    assert error_code(b"RK1.a.b") == "savecode/empty"  # type: ignore[arg-type]


# --------------------------------------------------------------------------- fuzz

FUZZ_CASES = 10_000
_ALPHABET = (
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    + ".=+/ \n\t\x00é\u00a0\u200bRK12"
)


def _mutate(rng: random.Random, codes: list[str]) -> str:
    code = rng.choice(codes)
    n = len(code)
    kind = rng.randrange(10)
    if kind == 0:  # substitute one character
        i = rng.randrange(n)
        return code[:i] + rng.choice(_ALPHABET) + code[i + 1 :]
    if kind == 1:  # delete one character
        i = rng.randrange(n)
        return code[:i] + code[i + 1 :]
    if kind == 2:  # insert one character
        i = rng.randrange(n + 1)
        return code[:i] + rng.choice(_ALPHABET) + code[i:]
    if kind == 3:  # truncate
        return code[: rng.randrange(n)]
    if kind == 4:  # splice two codes at random points
        other = rng.choice(codes)
        return code[: rng.randrange(n + 1)] + other[rng.randrange(len(other) + 1) :]
    if kind == 5:  # body of one code, signature of another
        other = rng.choice(codes)
        return code.rsplit(".", 1)[0] + "." + other.rsplit(".", 1)[1]
    if kind == 6:  # several substitutions
        chars = list(code)
        for _ in range(rng.randint(2, 6)):
            chars[rng.randrange(n)] = rng.choice(_ALPHABET)
        return "".join(chars)
    if kind == 7:  # swap two adjacent characters
        i = rng.randrange(n - 1)
        return code[:i] + code[i + 1] + code[i] + code[i + 2 :]
    if kind == 8:  # duplicate a segment
        i = rng.randrange(n)
        j = min(n, i + rng.randint(1, 30))
        return code[:j] + code[i:j] + code[j:]
    # flip the case of one letter (a classic retyping error)
    letters = [i for i, c in enumerate(code) if c.isalpha()]
    i = rng.choice(letters)
    return code[:i] + code[i].swapcase() + code[i + 1 :]


def test_fuzz_mutated_codes() -> None:
    """Every mutated/truncated/spliced code is either unchanged (and decodes) or SaveCodeError."""
    originals = {
        encode_code({"turn": 1, "armies": [3, 1, 4]}, KEYS[0], 0): 0,
        encode_code({"turn": 2, "msg": "héllo"}, KEYS[3], 3): 3,
        encode_code(realistic_payload(1), KEYS[1], 1): 1,
        encode_code(realistic_payload(2), KEYS[2], 2): 2,
    }
    codes = list(originals)
    rng = random.Random(20240601)
    outcomes: Counter[str] = Counter()
    for _ in range(FUZZ_CASES):
        mutant = _mutate(rng, codes)
        try:
            decoded = decode_code(mutant, TRUSTED)
        except SaveCodeError as exc:
            assert exc.code.startswith("savecode/")
            outcomes[exc.code] += 1
            continue
        # Only an unchanged code (whitespace aside) may decode.
        normalized = "".join(mutant.split())
        assert normalized in originals, f"altered code accepted: {mutant!r}"
        assert decoded.seat == originals[normalized]
        outcomes["ok"] += 1
    assert sum(outcomes.values()) == FUZZ_CASES
    for expected in (
        "savecode/truncated",
        "savecode/signature",
        "savecode/base64",
        "savecode/parts",
        "savecode/compression",
        "savecode/json",
    ):
        assert outcomes[expected] > 0, outcomes
    print(f"\nfuzz: {FUZZ_CASES} cases: {dict(sorted(outcomes.items()))}")


def test_fuzz_random_text() -> None:
    """Random short strings (including near-valid prefixes) only ever raise SaveCodeError."""
    rng = random.Random(7)
    pieces = ["RK", "RK1.", "RK2.", ".", "A", "_", "-", "=", " ", "é", "9", "RKKEY1."]
    for _ in range(2_000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        with pytest.raises(SaveCodeError):
            decode_code(text)


# --------------------------------------------------------------------------- keys


def test_key_basics() -> None:
    """Keys: deterministic from entropy, 32-byte public key, 43-char text, seed hidden."""
    key = PlayerKey.generate(b"\x07" * 32)
    assert key == PlayerKey.generate(b"\x07" * 32)
    assert len(key.public_key) == 32
    assert len(key.public_key_text) == 43
    assert "\\x07" not in repr(key)
    sig = key.sign(b"msg")
    assert sig == key.sign(b"msg") and len(sig) == 64
    assert verify(key.public_key, sig, b"msg")
    assert not verify(key.public_key, sig, b"msh")
    assert not verify(KEYS[0].public_key, sig, b"msg")
    assert not verify(key.public_key, sig[:-1], b"msg")
    assert not verify(b"\xff" * 31, sig, b"msg")
    assert PlayerKey.generate() != PlayerKey.generate()
    with pytest.raises(ValueError):
        PlayerKey.generate(b"short")


def test_key_backup_round_trip() -> None:
    """A backup code restores the same key, even wrapped in whitespace."""
    key = PlayerKey.generate(b"\x42" * 32)
    backup = key.export_backup()
    assert backup.startswith("RKKEY1.")
    assert PlayerKey.from_backup(backup) == key
    assert PlayerKey.from_backup(f"  {backup[:20]}\n{backup[20:]} ") == key


@pytest.mark.parametrize(
    ("mangle", "code"),
    [
        (lambda b: "", "keybackup/empty"),
        (lambda b: "hello", "keybackup/prefix"),
        (lambda b: "RK1.abc.def", "keybackup/prefix"),
        (lambda b: "RKKEY2." + b[7:], "keybackup/version"),
        (lambda b: b + ".x", "keybackup/parts"),
        (lambda b: b[:7] + b[7:].replace(".", ""), "keybackup/parts"),
        (lambda b: b[:10] + "+" + b[11:], "keybackup/base64"),
        (lambda b: b[:7] + b[11:], "keybackup/length"),
        (lambda b: b[:10] + ("A" if b[10] != "A" else "B") + b[11:], "keybackup/checksum"),
        (lambda b: b[:-1] + ("A" if b[-1] != "A" else "B"), "keybackup/checksum"),
    ],
)
def test_bad_key_backup(mangle: Any, code: str) -> None:
    """A bad backup code is refused with a specific reason (a typo is caught by the checksum)."""
    backup = PlayerKey.generate(b"\x42" * 32).export_backup()
    with pytest.raises(KeyBackupError) as info:
        PlayerKey.from_backup(mangle(backup))
    assert info.value.code == code
    assert isinstance(info.value, EngineError)
