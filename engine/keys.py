"""Ed25519 player keys for signing save codes.

Each player holds one :class:`PlayerKey` (a 32-byte Ed25519 private seed). The
public half (32 raw bytes, or 43 characters of unpadded base64url) is what the
other players register for that player's seat.

All cryptography is done by the maintained pure-Python ``ecdsa`` package
(Ed25519, RFC 8032); nothing here implements a cryptographic primitive. Ed25519
signing is deterministic: the same key and message always give the same
signature, so save codes are reproducible.

Key generation uses ``ecdsa``'s default randomness (``os.urandom``, which works
in Pyodide) unless the caller passes a 32-byte ``entropy`` seed, which makes the
key deterministic (for tests).

A key backup code looks like ``RKKEY1.<43 chars seed>.<4 chars checksum>``: the
seed in unpadded base64url, then the first 3 bytes of
``sha256(b"RKKEY1." + seed)`` in base64url, so that a typo is reported as such
instead of silently restoring a different key. The backup code *is* the private
key: anyone who sees it can sign as that player.

Note: the pure-Python arithmetic is not constant-time. That is acceptable for a
play-by-email board game (an attacker would need precise timings of the victim's
own browser tab), but these keys must not be reused for anything valuable.
"""

from __future__ import annotations

import base64
import binascii
import functools
import hashlib
import re
from dataclasses import dataclass, field

import ecdsa
from ecdsa.ellipticcurve import INFINITY

from engine.errors import EngineError
from engine.fault_words import Fault, words

__all__ = [
    "BACKUP_PREFIX",
    "PUBLIC_KEY_SIZE",
    "SEED_SIZE",
    "SIGNATURE_SIZE",
    "KeyBackupError",
    "PlayerKey",
    "b64url_decode",
    "b64url_encode",
    "forget_verified",
    "public_key_from_text",
    "verify",
]

SEED_SIZE = 32
"""Length in bytes of an Ed25519 private seed."""

PUBLIC_KEY_SIZE = 32
"""Length in bytes of a raw Ed25519 public key."""

SIGNATURE_SIZE = 64
"""Length in bytes of an Ed25519 signature."""

BACKUP_PREFIX = "RKKEY1."
"""Prefix (with format version 1) of a key backup code."""

_BACKUP_CHECKSUM_BYTES = 3
_B64URL_RE = re.compile(r"[A-Za-z0-9_-]*")
_VERIFYING_KEY_CACHE_SIZE = 64


def b64url_encode(data: bytes) -> str:
    """Encode ``data`` as base64url (RFC 4648 section 5) without ``=`` padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Decode unpadded base64url, refusing anything :func:`b64url_encode` would not produce.

    Only ``A-Z a-z 0-9 - _`` are allowed (no padding, no whitespace), and the
    encoding must be canonical (unused low bits of the last character are zero),
    so every byte string has exactly one accepted text form.

    :raises ValueError: naming the first offending character, an impossible
        length, or a non-canonical last character.
    """
    if _B64URL_RE.fullmatch(text) is None:
        for index, char in enumerate(text):
            if _B64URL_RE.fullmatch(char) is None:
                raise ValueError(
                    f"character {char!r} at position {index} is not allowed "
                    "(only A-Z, a-z, 0-9, '-' and '_')"
                )
    if len(text) % 4 == 1:
        raise ValueError(f"length {len(text)} is impossible for base64 (a character is missing)")
    padded = text + "=" * (-len(text) % 4)
    try:
        data = base64.b64decode(padded, altchars=b"-_", validate=True)
    except (binascii.Error, ValueError) as exc:  # pragma: no cover - excluded by the checks above
        raise ValueError(f"not valid base64: {exc}") from None
    if b64url_encode(data) != text:
        raise ValueError("the last character is not a valid ending (non-canonical base64)")
    return data


@functools.lru_cache(maxsize=_VERIFYING_KEY_CACHE_SIZE)
def _verifying_key(public_key: bytes) -> ecdsa.VerifyingKey | None:
    """Parse a raw public key once (with a precomputed table), or ``None`` if unusable.

    Parsing a point and precomputing its multiples is the slow part of a
    pure-Python verification, and a game only ever sees a handful of keys, so
    the parsed keys are cached. Small-order points (for which forged signatures
    verify for any message) are refused.
    """
    try:
        vk = ecdsa.VerifyingKey.from_string(public_key, curve=ecdsa.Ed25519)
    except (ecdsa.MalformedPointError, ValueError):
        return None
    if vk.pubkey.point * 8 == INFINITY:
        return None
    vk.precompute(lazy=True)
    return vk


VERIFIED_KEPT = 512
"""How many good signatures :func:`verify` remembers."""
_verified: dict[bytes, None] = {}
"""Good signatures, by the SHA-256 of key, signature and message, oldest first.  A pasted
forum page has each of its codes read several times (found in the page, sorted into the
round, checked against its seal, replayed in the resolution); an Ed25519 verification is
deterministic, so a triple found good once is good again, and only good ones are kept
(anything altered hashes differently and is verified in full)."""


def forget_verified() -> None:
    """Forget the good signatures :func:`verify` remembers (the bench times a first read)."""
    _verified.clear()


def verify(public_key: bytes, signature: bytes, message: bytes) -> bool:
    """Check an Ed25519 ``signature`` of ``message`` by ``public_key`` (raw 32 bytes).

    Never raises for bad input: a malformed or small-order public key, a
    signature of the wrong length or a non-canonical signature all give
    ``False``.
    """
    if not (
        isinstance(public_key, bytes)
        and isinstance(signature, bytes)
        and isinstance(message, bytes)
        and len(public_key) == PUBLIC_KEY_SIZE
        and len(signature) == SIGNATURE_SIZE
    ):
        return False
    digest = hashlib.sha256(public_key + signature + message).digest()
    if digest in _verified:
        return True
    vk = _verifying_key(public_key)
    if vk is None:
        return False
    try:
        good = bool(vk.verify(signature, message))
    except (ecdsa.BadSignatureError, ecdsa.MalformedPointError, ValueError):
        return False
    if good:
        if len(_verified) >= VERIFIED_KEPT:
            del _verified[next(iter(_verified))]
        _verified[digest] = None
    return good


def public_key_from_text(text: str) -> bytes:
    """Parse a public key written as 43 characters of unpadded base64url.

    :raises ValueError: if the text is not canonical base64url or not 32 bytes.
    """
    data = b64url_decode(text)
    if len(data) != PUBLIC_KEY_SIZE:
        raise ValueError(f"a public key is {PUBLIC_KEY_SIZE} bytes, got {len(data)}")
    return data


def _backup_checksum(seed: bytes) -> str:
    digest = hashlib.sha256(BACKUP_PREFIX.encode("ascii") + seed).digest()
    return b64url_encode(digest[:_BACKUP_CHECKSUM_BYTES])


class KeyBackupError(EngineError):
    """A key backup code was refused.

    :ivar code: ``keybackup/empty``, ``keybackup/prefix``, ``keybackup/version``,
        ``keybackup/parts``, ``keybackup/base64``, ``keybackup/length`` or
        ``keybackup/checksum``.
    :ivar message: what is wrong with the backup code.
    """


_BACKUP = "key backup code"
_SEED_CHARS = 43  # the key part: 32 bytes in unpadded base64url


def _backup_error(code: str, message: str) -> KeyBackupError:
    return KeyBackupError(f"keybackup/{code}", message)


@dataclass(frozen=True)
class PlayerKey:
    """A player's Ed25519 private key (the 32-byte seed); ``repr`` never shows it.

    :raises ValueError: (at construction) if ``seed`` is not 32 bytes.
    """

    seed: bytes = field(repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.seed, bytes) or len(self.seed) != SEED_SIZE:
            raise ValueError(f"a PlayerKey seed must be {SEED_SIZE} bytes")

    @classmethod
    def generate(cls, entropy: bytes | None = None) -> PlayerKey:
        """Make a new key, from ``os.urandom`` (via ``ecdsa``) unless ``entropy`` is given.

        :param entropy: exactly 32 bytes used directly as the private seed
            (deterministic keys for tests); must be secret and uniformly random
            for real use.
        :raises ValueError: if ``entropy`` is not 32 bytes.
        """
        if entropy is None:
            sk = ecdsa.SigningKey.generate(curve=ecdsa.Ed25519)
            return cls(bytes(sk.to_string()))
        if not isinstance(entropy, bytes) or len(entropy) != SEED_SIZE:
            raise ValueError(f"entropy must be exactly {SEED_SIZE} bytes")
        return cls(entropy)

    @functools.cached_property
    def _signing_key(self) -> ecdsa.SigningKey:
        return ecdsa.SigningKey.from_string(self.seed, curve=ecdsa.Ed25519)

    @functools.cached_property
    def public_key(self) -> bytes:
        """The raw 32-byte Ed25519 public key."""
        return bytes(self._signing_key.get_verifying_key().to_string())

    @property
    def public_key_text(self) -> str:
        """The public key as unpadded base64url (43 characters)."""
        return b64url_encode(self.public_key)

    def sign(self, message: bytes) -> bytes:
        """Return the 64-byte Ed25519 signature of ``message`` (deterministic)."""
        return bytes(self._signing_key.sign(message))

    def export_backup(self) -> str:
        """Return a backup code ``RKKEY1.<seed>.<checksum>`` (it reveals the private key)."""
        return f"{BACKUP_PREFIX}{b64url_encode(self.seed)}.{_backup_checksum(self.seed)}"

    @classmethod
    def from_backup(cls, text: str) -> PlayerKey:
        """Restore a key from :meth:`export_backup` output; whitespace anywhere is ignored.

        :raises KeyBackupError: with code ``keybackup/empty``,
            ``keybackup/prefix``, ``keybackup/version``, ``keybackup/parts``,
            ``keybackup/base64``, ``keybackup/length`` or ``keybackup/checksum``.
        """
        if not isinstance(text, str):
            raise _backup_error("empty", words(Fault.EMPTY, what=_BACKUP))
        compact = "".join(text.split())
        if not compact:
            raise _backup_error("empty", words(Fault.EMPTY, what=_BACKUP))
        if not compact.startswith("RKKEY"):
            if compact.startswith("RK"):  # a game code pasted where the key goes
                error = _backup_error(
                    "prefix",
                    words(Fault.WRONG_KIND, what="game code", expected=f"a {_BACKUP}"),
                )
                error.fault = Fault.WRONG_KIND.value
                raise error
            raise _backup_error("prefix", words(Fault.NOT_A_CODE, what=_BACKUP))
        if not compact.startswith(BACKUP_PREFIX):
            raise _backup_error("version", words(Fault.NEWER_VERSION, what=_BACKUP))
        parts = compact[len(BACKUP_PREFIX) :].split(".")
        if len(parts) == 1 and len(parts[0]) < _SEED_CHARS:  # cut off before the checksum
            raise _backup_error("length", words(Fault.CUT_OFF, what=_BACKUP))
        if len(parts) != 2:
            raise _backup_error("parts", words(Fault.ALTERED, what=_BACKUP))
        seed_text, checksum = parts
        try:
            seed = b64url_decode(seed_text)
        except ValueError:
            raise _backup_error("base64", words(Fault.ALTERED, what=_BACKUP)) from None
        if len(seed) != SEED_SIZE:
            fault = Fault.CUT_OFF if len(seed) < SEED_SIZE else Fault.ALTERED
            raise _backup_error("length", words(fault, what=_BACKUP))
        expected = _backup_checksum(seed)
        if checksum != expected:
            cut = len(checksum) < len(expected) and expected.startswith(checksum)
            code = "length" if cut else "checksum"
            raise _backup_error(code, words(Fault.CUT_OFF if cut else Fault.ALTERED, what=_BACKUP))
        return cls(seed)
