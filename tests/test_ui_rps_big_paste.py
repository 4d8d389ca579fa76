"""A pasted code of up to 1 MB is read once per distinct code (issue 25 §3): one genuine
Risk, Paper, Scissors save (or reveal) repeated to a megabyte is the same paste as the
code once, in the shell's ``pbem.interpret`` and in ``email_bids.resolve``.  The time
it takes is measured by ``make bench`` (bench/tasks.py ``rps_paste_times``)."""

from __future__ import annotations

import pytest

from engine import saves
from engine.rulesets.risk_paper_scissors.orders import Bid
from engine.saves import SaveRecord
from tests.test_ui_rps_email import KEYS, at_first_bid
from ui.risk_paper_scissors import email_bids
from ui.shell import pbem

MEGABYTE = 1_000_000


def _to_a_megabyte(code: str) -> str:
    return (code + "\n") * (MEGABYTE // (len(code) + 1))


def test_one_code_pasted_many_times_is_read_as_one() -> None:
    """A chain never holds a save twice: repeats are dropped, each code kept at its last
    place, so a chain pasted with an extra copy is still the chain."""
    assert pbem.extract_codes("RK1.a RK1.b RK1.a RK1.b") == ["RK1.a", "RK1.b"]
    assert pbem.extract_codes(_to_a_megabyte("RK1.abc")) == ["RK1.abc"]
    assert pbem.distinct_codes(["RK1.a", "RK1.b", "RK1.a"]) == ["RK1.b", "RK1.a"]


def test_a_megabyte_of_one_genuine_save_loads_as_that_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The resolved bids' save pasted again and again up to 1 MB is loaded as the save
    once: each distinct code is checked once (the held save is found by its text, not
    by decoding every copy)."""
    ada, boris = at_first_bid()
    assert ada.pbem is not None and boris.pbem is not None
    seal_a, reveal_a = email_bids.seal_bid(ada.pbem, Bid(0, 2, (1,)), KEYS[0])
    seal_b, reveal_b = email_bids.seal_bid(boris.pbem, Bid(1, 1, (1,)), KEYS[1])
    seals = f"{seal_b}\n{seal_a}"
    open_a = email_bids.reveal(ada.pbem, reveal_a, seals, KEYS[0])
    open_b = email_bids.reveal(boris.pbem, reveal_b, seals, KEYS[1])
    resolution = email_bids.resolve(ada.pbem, seals, f"{open_b}\n{open_a}", KEYS[0])
    expected = saves.read_save(resolution.code).hash
    reads: list[str] = []
    real = saves.read_save

    def counted(code: str) -> SaveRecord:
        reads.append(code)
        return real(code)

    monkeypatch.setattr(saves, "read_save", counted)
    monkeypatch.setattr(pbem, "read_save", counted)
    pasted = _to_a_megabyte(boris.pbem.record.code + "\n" + resolution.code)
    result = pbem.interpret(boris.pbem, pasted, KEYS[1].public_key_text, "risk_paper_scissors")
    assert result.kind == "accepted", result.message
    assert len(reads) <= 2  # the last code, then its continuation of the held save
    assert result.record is not None and result.record.hash == expected
    again = email_bids.resolve(
        ada.pbem, _to_a_megabyte(seals), _to_a_megabyte(f"{open_b}\n{open_a}"), KEYS[0]
    )
    assert again.state.order == resolution.state.order == [0, 1, 2]
