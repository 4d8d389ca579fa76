"""A pasted forum page read in slices gives what the one-shot paste gives (issue 30: "A
long computation in the page never freezes it: bound it, chunk it"; "every page reaches
the same position and shows the same report").  The page reads a paste with
``ui.shell.slices.paste_page_in_slices`` (the browser answering between the slices);
the pure path ``ForumSeat.paste_page`` stays one call.  How long each slice takes is
measured by ``make bench`` (bench/tasks.py ``forum_paste_times``), not here."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bench.tasks import forum_round
from engine.errors import EngineError
from engine.keys import forget_verified
from ui.shell import slices


@pytest.fixture(scope="module")
def bench_thread() -> tuple[Any, str, Any, Any]:
    """The bench's thread: 8 Capital Risk players' sealed codes, then their reveals, each
    post quoting the one before (``>`` in ``[quote]``), codes wrapped in ``[code]``; and
    the last player's page before the paste."""
    return forum_round(8)


def one_shot(held: Any, session_type: Any, text: str, key: Any) -> tuple[Any, str]:
    page = session_type.from_json(held)
    forget_verified()  # a first read, as a fresh page's
    return page, page.paste_page(text, key)


def sliced(held: Any, session_type: Any, text: str, key: Any) -> tuple[Any, str, int]:
    page = session_type.from_json(held)
    forget_verified()
    pauses = 0

    async def pause() -> None:
        nonlocal pauses
        pauses += 1

    async def read() -> str:
        return await slices.paste_page_in_slices(page, text, key, pause, budget=0.0)

    return page, asyncio.run(read()), pauses


def test_the_bench_thread_sliced_resolves_to_the_same_position_and_report(
    bench_thread: tuple[Any, str, Any, Any],
) -> None:
    """Every sealed code and every reveal in one pasted thread: the page resolves the
    phase itself.  Read in slices, with a pause after the codes are found and after each
    signature checked, the page holds the same position, report, log and next save as
    the one-shot paste, and says the same."""
    held, thread, key, session_type = bench_thread
    whole, said = one_shot(held, session_type, thread, key)
    parts, said_sliced, pauses = sliced(held, session_type, thread, key)
    assert "resolved here" in said
    assert whole.state.turn != session_type.from_json(held).state.turn or (
        whole.state.phase != session_type.from_json(held).state.phase
    )
    assert said_sliced == said
    assert parts.to_json() == whole.to_json()
    assert parts.state.last_report == whole.state.last_report
    # at a zero budget, a pause before each step: each of the 16 codes read, the round
    # sorted, the orders played...
    assert pauses >= 2 + 16


def test_half_the_reveals_sliced_keep_the_same_round(
    bench_thread: tuple[Any, str, Any, Any],
) -> None:
    """The thread copied before the last four players revealed: the page keeps the
    reveals it found and names who is missing, the same in slices as in one call."""
    held, thread, key, session_type = bench_thread
    early = thread[: _nth_code(thread, 12)]  # every seal, then four reveals
    whole, said = one_shot(held, session_type, early, key)
    parts, said_sliced, _ = sliced(held, session_type, early, key)
    assert "reveals missing" in said
    assert said_sliced == said
    assert parts.to_json() == whole.to_json()
    assert parts.pool == whole.pool != ""


def test_a_refused_paste_sliced_is_refused_alike_and_keeps_the_game(
    bench_thread: tuple[Any, str, Any, Any],
) -> None:
    """A code altered in the thread (and nothing else readable): the same refusal, in the
    same words, whichever way it is read; the page's game is untouched."""
    held, thread, key, session_type = bench_thread
    start = thread.index("RK1.")
    end = thread.index("[/code]", start)
    altered = thread[start:end].replace("A", "B", 1).replace("\n", "")
    refusals: list[EngineError] = []
    for read in (one_shot, sliced):
        try:
            read(held, session_type, altered, key)
        except EngineError as exc:
            refusals.append(exc)
    assert len(refusals) == 2
    assert (refusals[0].code, refusals[0].message) == (refusals[1].code, refusals[1].message)
    page = session_type.from_json(held)
    with pytest.raises(EngineError):
        asyncio.run(slices.paste_page_in_slices(page, altered, key, _no_pause))
    assert page.to_json() == session_type.from_json(held).to_json()


async def _no_pause() -> None:
    return None


def _nth_code(thread: str, n: int) -> int:
    """Where the ``n``-th (0-based) ``[code]`` block of the thread starts."""
    at = -1
    for _ in range(n + 1):
        at = thread.index("[code]", at + 1)
    return at


def test_the_bench_page_task_measures_each_paste_the_same_way() -> None:
    """The bench page's forum task (``bench/page/main.py`` ``?forum``) runs in CPython
    too: a fresh page's first paste and the pastes after the screen is drawn, in slices,
    all resolve the phase and say what the one-call paste says."""
    from bench.tasks import forum_page_times

    async def longest_task(started: float, ended: float) -> float:
        assert ended >= started
        return 0.0

    async def pause() -> None:
        await asyncio.sleep(0)

    figures = asyncio.run(forum_page_times(pause, longest_task, factions=3, repeats=1))
    assert figures["resolved"] and figures["same_outcome"]
    assert figures["first"]["path"] == "sliced" and figures["first"]["screen_first"]
    assert figures["again"]["slice_ms"]["n"] == 1


def test_the_paste_reads_each_code_once(
    bench_thread: tuple[Any, str, Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page finds the codes in a pasted thread and checks each one's signature in
    one pass, a step per code (the browser may answer between them), not once to fill
    the memory of good signatures and again to read them: the 16 codes of the bench
    thread, each quoted in the post after it, are read 16 times while the page scans."""
    from engine import forumtext

    thread = bench_thread[1]
    reads: list[str] = []
    real = forumtext.decode_code

    def counted(code: str, *args: Any, **kwargs: Any) -> Any:
        reads.append(code)
        return real(code, *args, **kwargs)

    monkeypatch.setattr(forumtext, "decode_code", counted)
    steps = forumtext.scan_steps(thread)
    yields = 0
    while True:
        try:
            next(steps)
            yields += 1
        except StopIteration as done:
            found = done.value
            break
    assert len(reads) == len(set(reads)) == 16 == yields
    assert found == forumtext.scan(thread)
    assert len(found.codes) == 16 and not found.damaged


def test_a_slice_holds_the_steps_that_fit_its_budget(
    bench_thread: tuple[Any, str, Any, Any],
) -> None:
    """With all the time in the world the paste is one slice (the pause before it only);
    with none, each step is a slice of its own.  Both give the same page."""
    held, thread, key, session_type = bench_thread
    counts = []
    pages = []
    for budget in (float("inf"), 0.0):
        page = session_type.from_json(held)
        forget_verified()
        pauses = 0

        async def pause() -> None:
            nonlocal pauses
            pauses += 1

        asyncio.run(slices.paste_page_in_slices(page, thread, key, pause, budget=budget))
        counts.append(pauses)
        pages.append(page.to_json())
    assert counts[0] == 1
    assert counts[1] >= 2 + 16
    assert pages[0] == pages[1]
