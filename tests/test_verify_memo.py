"""A pasted forum page has each code read several times; :func:`engine.keys.verify`
remembers the signatures it found good (issue 30: a paste never freezes the page), and
that memory never lets an altered code through."""

from __future__ import annotations

import hashlib

import pytest

from engine import keys
from engine.keys import PlayerKey, forget_verified, verify

KEY = PlayerKey.generate(hashlib.sha256(b"verify-memo").digest())


def test_a_good_signature_is_verified_once_then_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The second check of the same key, signature and message does no curve arithmetic."""
    forget_verified()
    message = b"RK1.orders"
    signature = KEY.sign(message)
    assert verify(KEY.public_key, signature, message)
    calls: list[bytes] = []
    original = keys._verifying_key

    def counted(public_key: bytes) -> object:
        calls.append(public_key)
        return original(public_key)

    monkeypatch.setattr(keys, "_verifying_key", counted)
    assert verify(KEY.public_key, signature, message)
    assert calls == []


def test_an_altered_message_or_signature_is_still_refused() -> None:
    """docs/play-by-email.md: "an altered or forged code is refused" — also right after
    the genuine code was checked."""
    forget_verified()
    message = b"RK1.orders"
    signature = KEY.sign(message)
    assert verify(KEY.public_key, signature, message)
    assert not verify(KEY.public_key, signature, b"RK1.order5")
    forged = bytes([signature[0] ^ 1]) + signature[1:]
    assert not verify(KEY.public_key, forged, message)


def test_the_memory_is_bounded() -> None:
    """At most :data:`engine.keys.VERIFIED_KEPT` signatures are remembered, oldest out."""
    forget_verified()
    for i in range(keys.VERIFIED_KEPT + 3):
        message = f"code {i}".encode()
        assert verify(KEY.public_key, KEY.sign(message), message)
    assert len(keys._verified) == keys.VERIFIED_KEPT
