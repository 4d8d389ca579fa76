"""The browser's key is made once, kept, exported and imported."""

from __future__ import annotations

import pytest

from engine.errors import EngineError
from ui.shell.device_key import STORAGE_KEY, device_key, import_key


def test_key_made_once_then_kept() -> None:
    store: dict[str, str] = {}
    first = device_key(store.get, store.__setitem__)
    assert STORAGE_KEY in store
    again = device_key(store.get, store.__setitem__)
    assert again.public_key == first.public_key


def test_export_and_import_restore_the_same_key() -> None:
    store: dict[str, str] = {}
    key = device_key(store.get, store.__setitem__)
    other: dict[str, str] = {}
    restored = import_key(other.__setitem__, key.export_backup())
    assert restored.public_key == key.public_key
    assert device_key(other.get, other.__setitem__).public_key == key.public_key


def test_bad_backup_refused_and_storage_untouched() -> None:
    store: dict[str, str] = {}
    key = device_key(store.get, store.__setitem__)
    with pytest.raises(EngineError):
        import_key(store.__setitem__, "RKKEY1.garbage")
    assert device_key(store.get, store.__setitem__).public_key == key.public_key
