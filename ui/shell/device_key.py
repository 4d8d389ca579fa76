"""This browser's signing key: one Ed25519 key per browser, kept in its storage as the
key's backup code, made on first use, exportable and importable.

Pure: the caller passes the storage's get/set functions (``window.localStorage`` in the
page, a dict in tests).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.keys import PlayerKey

STORAGE_KEY = "risk-family.key"

Getter = Callable[[str], str | None]
Setter = Callable[[str, str], None]


def device_key(get: Getter, put: Setter) -> PlayerKey:
    """The browser's key, made and stored the first time it is asked for."""
    text = get(STORAGE_KEY)
    if text:
        return PlayerKey.from_backup(text)
    key = PlayerKey.generate()
    put(STORAGE_KEY, key.export_backup())
    return key


def import_key(put: Setter, backup: str) -> PlayerKey:
    """Replace this browser's key by one restored from a backup code.

    :raises engine.keys.KeyBackupError: naming what is wrong with the backup code.
    """
    key = PlayerKey.from_backup(backup)
    put(STORAGE_KEY, key.export_backup())
    return key
