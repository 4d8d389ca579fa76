"""Save codes: a game state as one signed line of text, safe to paste anywhere.

Format (version 1)::

    RK1.<body>.<signature>

* ``RK1.`` -- the prefix: ``RK`` then the format version, then ``.``.
* ``<body>`` -- unpadded base64url of the raw DEFLATE stream (level 9, no zlib
  header or trailer) of the *envelope* in canonical JSON (UTF-8, keys sorted,
  no spaces, see :func:`canonical_json`). The envelope is exactly
  ``{"p": payload, "pk": signer public key (43 chars base64url), "seat": signer
  seat, "v": 1}``.
* ``<signature>`` -- unpadded base64url (always 86 characters) of the Ed25519
  signature, by the key named in ``pk``, of the ASCII bytes ``"RK1." + body``.

Like a chess FEN the code is versioned and every part is checked in turn with
its own error code (see :class:`SaveCodeError`); anything unexpected is refused
rather than guessed at. Only whitespace is forgiven (anywhere, since forums and
mail clients wrap long lines): it is removed before parsing. The decoder also
insists on the canonical form (canonical base64, canonical JSON), so one
envelope has exactly one JSON text and :attr:`DecodedCode.body_hash` is
well-defined.

Decoding is bounded: the decompressed envelope may not exceed
:data:`MAX_JSON_BYTES` (1 MB; a "zip bomb" is refused), JSON nesting may not
exceed :data:`MAX_NESTING`, and no exception other than :class:`SaveCodeError`
escapes :func:`decode_code`, whatever the input text.

What the format protects against
--------------------------------
* Alteration: changing any character of the prefix or body (owners, armies,
  cards, the dice state...) breaks the signature (``savecode/signature``: "the
  code was altered or forged"). Accidental damage is caught the same way.
* Forgery of another seat's turn: the envelope names the signing public key and
  the seat; with ``trusted_keys`` (seat -> public key, exchanged when the game
  starts) a code signed by anyone other than that seat's key is refused
  (``savecode/wrong-seat`` or ``savecode/unknown-key``). Without
  ``trusted_keys`` a valid code only proves "signed by the key inside it",
  which anyone can make: callers must pass ``trusted_keys`` to authenticate.

What it cannot protect against
------------------------------
* Replay: a player may re-send an old, genuinely signed code (say, from before
  a bad battle). The codec cannot know; the game detects it by chaining saves
  (each save carries :func:`payload_hash` of the save it continues from).
* Forking: a player may sign two different continuations of the same save and
  send them to different people; again only the chain at the game level (all
  players seeing the same history) reveals it.
* Collusion: players who share keys, or agree among themselves, can sign
  anything for their seats.
* Secrets: the code is signed, not encrypted. Anyone can decode it and read
  everything in the payload -- including the random-number state if the game
  stores it there. A player who reads the RNG state from the code therefore
  knows the future dice and card draws and can plan around them. Hidden
  information (hands, future dice) is not protected by this format.
* A stolen key backup (:meth:`engine.keys.PlayerKey.export_backup`) lets the
  thief sign as that player.
"""

from __future__ import annotations

import hashlib
import json
import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any, Final, NoReturn

from engine.errors import EngineError
from engine.fault_words import Fault, fault_of, words
from engine.keys import (
    PUBLIC_KEY_SIZE,
    SIGNATURE_SIZE,
    PlayerKey,
    b64url_decode,
    b64url_encode,
    verify,
)

__all__ = [
    "ENVELOPE_FIELDS",
    "FORMAT_VERSION",
    "MAX_JSON_BYTES",
    "MAX_NESTING",
    "MAX_SEAT",
    "PREFIX",
    "SIGNATURE_CHARS",
    "DecodedCode",
    "SaveCodeError",
    "canonical_json",
    "decode_code",
    "encode_code",
    "payload_hash",
]

FORMAT_VERSION: Final = 1
"""The save code format version this module writes and reads."""

PREFIX: Final = f"RK{FORMAT_VERSION}."
"""Start of every version-1 save code."""

SIGNATURE_CHARS: Final = 86
"""Length of the signature part: 64 bytes in unpadded base64url."""

MAX_JSON_BYTES: Final = 1_000_000
"""Largest accepted decompressed envelope (bytes of canonical JSON)."""

MAX_NESTING: Final = 64
"""Deepest accepted nesting of JSON arrays/objects, the envelope counting as one level."""

MAX_SEAT: Final = 255
"""Seats are integers ``0 <= seat <= MAX_SEAT``."""

ENVELOPE_FIELDS: Final = frozenset({"v", "seat", "pk", "p"})
"""The exact set of keys of the signed envelope."""

PAYLOAD_HASH_CHARS: Final = 32
"""Hex characters kept from SHA-256 by :func:`payload_hash` (128 bits)."""

_DEFLATE_LEVEL: Final = 9
_DEFLATE_WBITS: Final = -15  # raw DEFLATE: no zlib header/adler32 trailer (saves 6 bytes)
_VERSION_RE: Final = re.compile(r"RK([0-9]*)")
# Unrolled ("normal* (special normal*)*") and with an optional closing quote, so that a
# match never fails once started: one left-to-right pass, linear in the text even on a
# run of escaped quotes (the old alternation retried from every quote: quadratic).
_JSON_STRING_RE: Final = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET_RE: Final = re.compile(r"[^\[\]{}]+")
_BRACKET_STEPS: Final = {"[": 1, "{": 1, "]": -1, "}": -1}
_B64URL_CHARS_RE: Final = re.compile(r"[A-Za-z0-9_-]*")


class SaveCodeError(EngineError):
    """A save code was refused, or a payload cannot be encoded.

    :ivar code: stable machine-readable reason, e.g. ``"savecode/truncated"``.
        Decoding uses ``savecode/empty``, ``savecode/prefix``,
        ``savecode/version``, ``savecode/parts``, ``savecode/base64``,
        ``savecode/truncated``, ``savecode/compression``, ``savecode/json``,
        ``savecode/envelope``, ``savecode/signature``, ``savecode/wrong-seat``
        and ``savecode/unknown-key``; encoding adds ``savecode/payload``.
        (Key backup codes raise :class:`engine.keys.KeyBackupError`.)
    :ivar message: what a player reads: the same words for the same fault in every
        ruleset (:mod:`engine.fault_words`); the technical reason is :attr:`detail`.
    :ivar seat: the seat the code says signed it, when its envelope could be read
        (an altered code still says whose it claims to be); None otherwise.
    """

    seat: int | None = None
    detail: str = ""

    def naming(self, names: Sequence[str], what: str = "code") -> SaveCodeError:
        """This refusal in the words of :mod:`engine.fault_words`, naming the player
        whose code it says it is (``names``: the seat names of the game held) and what
        was pasted (``what``: "reveal code"...); the error code stays the same."""
        fault = fault_of(self)
        if fault is None:
            return self
        seat = self.seat
        whose = names[seat] if seat is not None and 0 <= seat < len(names) else ""
        named = SaveCodeError(self.code, words(fault, whose=whose, what=what))
        named.seat, named.detail, named.fault = seat, self.detail, self.fault
        return named


@dataclass(frozen=True)
class DecodedCode:
    """A save code that passed every check.

    :ivar seat: the seat that signed it.
    :ivar public_key: the raw 32-byte Ed25519 key that signed it.
    :ivar payload: the game payload (a fresh dict; JSON types only).
    :ivar body_hash: SHA-256 hex (64 chars) of the canonical JSON envelope:
        identifies this exact signed save (payload + seat + signer).
    """

    seat: int
    public_key: bytes
    payload: dict[str, Any]
    body_hash: str

    @property
    def payload_hash(self) -> str:
        """:func:`payload_hash` of :attr:`payload`, for chaining saves."""
        return payload_hash(self.payload)


def _fail(code: str, message: str, seat: int | None = None) -> NoReturn:
    """Refuse with ``savecode/<code>``: a fault of a pasted code (cut off, altered, not a
    code...) in the shared player words, the technical ``message`` kept as its detail."""
    error_code = f"savecode/{code}"
    fault = fault_of(error_code)
    if fault is None or code == "payload":
        raise SaveCodeError(error_code, message)
    error = SaveCodeError(error_code, words(fault))
    error.seat, error.detail = seat, message
    raise error


def _path_child(path: str, key: str | int) -> str:
    return f"{path}[{key}]" if isinstance(key, int) else f"{path}[{key!r}]"


def _check_json_value(value: object, root: str) -> None:
    """Check (without recursion) that ``value`` is plain JSON that round-trips exactly.

    :raises SaveCodeError: ``savecode/payload`` naming the offending path.
    """
    stack: list[tuple[object, str, int]] = [(value, root, 1)]
    while stack:
        item, path, depth = stack.pop()
        if item is None or isinstance(item, (bool, int, str)):
            if isinstance(item, str):
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    _fail("payload", f"{path}: string is not valid Unicode (lone surrogate)")
            continue
        if isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                _fail("payload", f"{path}: NaN and infinity are not allowed in JSON")
            continue
        if isinstance(item, (dict, list)):
            if depth > MAX_NESTING:
                _fail("payload", f"{path}: nested deeper than {MAX_NESTING} levels")
            if isinstance(item, dict):
                for key, child in item.items():
                    if not isinstance(key, str):
                        _fail("payload", f"{path}: key {key!r} is not a string")
                    stack.append((child, _path_child(path, key), depth + 1))
            else:
                for index, child in enumerate(item):
                    stack.append((child, _path_child(path, index), depth + 1))
            continue
        hint = " (use a list)" if isinstance(item, tuple) else ""
        _fail("payload", f"{path}: {type(item).__name__} is not a JSON type{hint}")


def _dumps(obj: object) -> bytes:
    return json.dumps(
        obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def canonical_json(obj: object) -> bytes:
    """Return the canonical UTF-8 JSON bytes of ``obj``.

    Canonical means ``json.dumps(sort_keys=True, separators=(",", ":"),
    ensure_ascii=False)``: the same value always gives the same bytes, whatever
    the key order of the dicts. Only ``dict`` (with ``str`` keys), ``list``,
    ``str``, ``int``, finite ``float``, ``bool`` and ``None`` are accepted, so that
    decoding gives back an equal value (a ``tuple`` would come back as a list).

    :raises SaveCodeError: ``savecode/payload`` if ``obj`` is not such a value,
        is nested deeper than :data:`MAX_NESTING`, or has an integer too large
        to print.
    """
    _check_json_value(obj, "payload")
    try:
        return _dumps(obj)
    except (ValueError, TypeError, RecursionError) as exc:  # e.g. int over 4300 digits
        _fail("payload", f"cannot be written as JSON: {exc}")


def payload_hash(payload: Mapping[str, Any]) -> str:
    """Return the first 32 hex characters (128 bits) of SHA-256 of ``canonical_json(payload)``.

    Used to chain saves: each save carries the hash of the save it continues
    from. 128 bits is plenty: a player would need about 2**64 work to build two
    payloads with the same hash.

    :raises SaveCodeError: ``savecode/payload`` as for :func:`canonical_json`.
    """
    return hashlib.sha256(canonical_json(payload)).hexdigest()[:PAYLOAD_HASH_CHARS]


def _is_seat(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEAT


def encode_code(payload: Mapping[str, Any], key: PlayerKey, signer_seat: int) -> str:
    """Encode and sign ``payload`` as a save code (``RK1.<body>.<signature>``).

    The result is canonical: equal payloads give the identical code, whatever
    their dict key order (Ed25519 is deterministic).

    :raises SaveCodeError: ``savecode/payload`` if the payload is not plain
        JSON (see :func:`canonical_json`) or its envelope exceeds
        :data:`MAX_JSON_BYTES`; ``savecode/envelope`` if ``signer_seat`` is
        not an int in ``0..MAX_SEAT``.
    """
    if not _is_seat(signer_seat):
        raise SaveCodeError(
            "savecode/envelope",
            f"signer_seat must be an int from 0 to {MAX_SEAT}, got {signer_seat!r}",
        )
    if not isinstance(payload, Mapping):
        _fail("payload", f"the payload must be a mapping, got {type(payload).__name__}")
    envelope = {
        "v": FORMAT_VERSION,
        "seat": signer_seat,
        "pk": key.public_key_text,
        "p": dict(payload),
    }
    raw = canonical_json(envelope)
    if len(raw) > MAX_JSON_BYTES:
        _fail("payload", f"the save is {len(raw)} bytes of JSON; the limit is {MAX_JSON_BYTES}")
    compressor = zlib.compressobj(_DEFLATE_LEVEL, zlib.DEFLATED, _DEFLATE_WBITS)
    body = b64url_encode(compressor.compress(raw) + compressor.flush())
    signed = PREFIX + body
    return f"{signed}.{b64url_encode(key.sign(signed.encode('ascii')))}"


def _split(text: str) -> tuple[str, str]:
    """Check prefix, version and parts; return ``(body, signature)`` texts."""
    if not text:
        _fail("empty", "the save code is empty")
    if not text.startswith("RK"):
        _fail("prefix", f"this is not a save code: it should start with {PREFIX!r}")
    if text.startswith("RKKEY"):
        error = SaveCodeError(
            "savecode/prefix",
            words(Fault.WRONG_KIND, what="key backup code", expected="a game code")
            + " (A key backup is imported under Key.)",
        )
        error.fault = Fault.WRONG_KIND.value
        raise error
    match = _VERSION_RE.match(text)
    digits = match.group(1) if match else ""
    after = text[2 + len(digits) : 3 + len(digits)]
    if not digits or after not in (".", ""):
        _fail("prefix", f"the save code should start with {PREFIX!r}")
    if digits != str(FORMAT_VERSION):
        shown = digits if len(digits) <= 6 else digits[:6] + "..."
        if len(digits) <= 6 and not digits.startswith("0") and int(digits) > FORMAT_VERSION:
            _fail(
                "version",
                f"this save code (format {shown}) was made by a newer version of the "
                f"game; this version reads format {FORMAT_VERSION}: please update",
            )
        error = SaveCodeError("savecode/version", words(Fault.ALTERED))
        error.fault = Fault.ALTERED.value
        error.detail = f"unknown save code format {shown!r} (expected {FORMAT_VERSION})"
        raise error
    if not after:
        _fail("truncated", "the save code stops after its prefix: it was cut off")
    parts = text[len(PREFIX) :].split(".")
    if len(parts) < 2:
        _fail(
            "truncated",
            "the signature part is missing (a save code has a data part, '.', then a "
            "signature): it was cut off",
        )
    if len(parts) > 2:
        _fail(
            "parts",
            f"a save code has 2 parts after {PREFIX!r} (data and signature), found "
            f"{len(parts)}: extra parts are not allowed",
        )
    return parts[0], parts[1]


def _decode_part(name: str, text: str) -> bytes:
    try:
        return b64url_decode(text)
    except ValueError as exc:
        _fail("base64", f"the {name} part is damaged: {exc}")


def _inflate(data: bytes) -> bytes:
    """Raw-DEFLATE decompress at most :data:`MAX_JSON_BYTES`."""
    inflater = zlib.decompressobj(_DEFLATE_WBITS)
    try:
        raw = inflater.decompress(data, MAX_JSON_BYTES + 1)
    except zlib.error as exc:
        _fail("compression", f"the data part is corrupt (cannot decompress: {exc})")
    if len(raw) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        _fail(
            "compression",
            f"the data decompresses to more than {MAX_JSON_BYTES} bytes: refused "
            "(not a real save; possibly a zip bomb)",
        )
    if not inflater.eof:
        _fail("truncated", "the data part is incomplete (compressed stream cut off)")
    if inflater.unused_data:
        _fail("compression", "there is extra data after the end of the compressed stream")
    return raw


def _max_nesting(text: str) -> int:
    """Nesting depth of JSON ``text``, computed without recursion (strings are skipped)."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return 0
    brackets = _NOT_BRACKET_RE.sub("", _JSON_STRING_RE.sub("", text))
    # map/accumulate/max all run in C: no Python-level step per bracket (1 MB in Pyodide).
    return max(accumulate(map(_BRACKET_STEPS.__getitem__, brackets), initial=0))


def _reject_constant(name: str) -> NoReturn:
    _fail("json", f"{name} is not allowed in a save")


def _parse_json(raw: bytes) -> object:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        _fail("json", "the data is not valid UTF-8 text")
    if _max_nesting(text) > MAX_NESTING:
        _fail("json", f"the data is nested deeper than {MAX_NESTING} levels: refused")
    try:
        obj: object = json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        _fail("json", f"the data is nested deeper than {MAX_NESTING} levels: refused")
    except SaveCodeError:  # NaN or Infinity, refused by _reject_constant
        raise
    except ValueError as exc:  # json.JSONDecodeError, or an int with too many digits
        _fail("json", f"the data is not valid JSON ({exc})")
    try:
        canonical = _dumps(obj)
    except (ValueError, TypeError, RecursionError):
        canonical = b""
    if canonical != raw:
        _fail("json", "the data is not in canonical JSON form (it was not written by the game)")
    return obj


def _check_envelope(obj: object) -> tuple[int, bytes, dict[str, Any]]:
    if not isinstance(obj, dict):
        _fail("envelope", f"the data must be a JSON object, got {type(obj).__name__}")
    missing = sorted(ENVELOPE_FIELDS - obj.keys())
    extra = sorted(obj.keys() - ENVELOPE_FIELDS)
    if missing:
        _fail("envelope", f"missing field(s): {', '.join(missing)}")
    if extra:
        _fail("envelope", f"unexpected field(s): {', '.join(repr(k) for k in extra)}")
    version = obj["v"]
    if not (isinstance(version, int) and not isinstance(version, bool)):
        _fail("envelope", "field 'v' (format version) must be an integer")
    if version != FORMAT_VERSION:
        _fail("envelope", f"field 'v' says format {version} but the prefix says {FORMAT_VERSION}")
    seat = obj["seat"]
    if not _is_seat(seat):
        _fail("envelope", f"field 'seat' must be an integer from 0 to {MAX_SEAT}")
    pk_text = obj["pk"]
    if not isinstance(pk_text, str):
        _fail("envelope", "field 'pk' (signer public key) must be a string")
    try:
        public_key = b64url_decode(pk_text)
    except ValueError as exc:
        _fail("envelope", f"field 'pk' is not a valid public key: {exc}")
    if len(public_key) != PUBLIC_KEY_SIZE:
        _fail("envelope", f"field 'pk' must hold {PUBLIC_KEY_SIZE} bytes, got {len(public_key)}")
    payload = obj["p"]
    if not isinstance(payload, dict):
        _fail("envelope", "field 'p' (the payload) must be a JSON object")
    return seat, public_key, payload


def _check_trusted(seat: int, public_key: bytes, trusted_keys: Mapping[int, bytes]) -> None:
    if trusted_keys.get(seat) == public_key:
        return
    owners = sorted(s for s, k in trusted_keys.items() if k == public_key)
    if owners:
        _fail(
            "wrong-seat",
            f"the code claims to be from seat {seat} but was signed with the key of seat "
            f"{', '.join(map(str, owners))}",
        )
    if seat not in trusted_keys:
        _fail("unknown-key", f"seat {seat} has no registered key in this game")
    _fail(
        "unknown-key",
        f"the code was signed by a key that is not registered for seat {seat} "
        "(or for anyone in this game)",
    )


def decode_code(code: str, trusted_keys: Mapping[int, bytes] | None = None) -> DecodedCode:
    """Check and decode a save code made by :func:`encode_code`.

    Checks, in order: prefix and version, parts, base64, signature length,
    decompression (bounded), JSON (bounded nesting, canonical form), envelope
    fields, the Ed25519 signature against the envelope's ``pk``, and finally,
    if ``trusted_keys`` (seat -> raw public key) is given, that ``pk`` is the
    key registered for the envelope's seat. Whitespace anywhere is ignored.

    :raises SaveCodeError: and nothing else, for any input text. Codes:
        ``savecode/empty``, ``savecode/prefix``, ``savecode/version``,
        ``savecode/parts``, ``savecode/base64``, ``savecode/truncated``,
        ``savecode/compression``, ``savecode/json``, ``savecode/envelope``,
        ``savecode/signature``, ``savecode/wrong-seat``,
        ``savecode/unknown-key`` (and ``savecode/empty`` if ``code`` is not
        a ``str``).
    """
    if not isinstance(code, str):
        _fail("empty", f"a save code must be text, got {type(code).__name__}")
    text = "".join(code.split())
    body, signature_text = _split(text)
    if not body:
        _fail("truncated", "the data part is empty: the code was cut or mangled")
    body_bytes = _decode_part("data", body)
    if len(signature_text) < SIGNATURE_CHARS and _B64URL_CHARS_RE.fullmatch(signature_text):
        _fail(
            "truncated",
            f"the signature part has {len(signature_text)} characters instead of "
            f"{SIGNATURE_CHARS}: the code was cut off",
        )
    signature_bytes = _decode_part("signature", signature_text)
    if len(signature_text) != SIGNATURE_CHARS or len(signature_bytes) != SIGNATURE_SIZE:
        _fail(
            "signature",
            f"the signature part has {len(signature_text)} characters instead of "
            f"{SIGNATURE_CHARS}: the code was altered",
        )
    raw = _inflate(body_bytes)
    seat, public_key, payload = _check_envelope(_parse_json(raw))
    if not verify(public_key, signature_bytes, (PREFIX + body).encode("ascii")):
        _fail(
            "signature",
            "the signature does not match: the code was altered or forged "
            "(or damaged when it was copied)",
            seat,
        )
    if trusted_keys is not None:
        _check_trusted(seat, public_key, trusted_keys)
    return DecodedCode(
        seat=seat,
        public_key=public_key,
        payload=payload,
        body_hash=hashlib.sha256(raw).hexdigest(),
    )
