"""Long work in the page, in slices (issue 30: "A long computation in the page never
freezes it: bound it, chunk it, and measure it").

* :func:`yield_to_browser`: the one way the page hands the browser a turn between two
  slices of Python work (the computers playing at once, a pasted forum page read).
* :func:`paste_page_in_slices`: a pasted forum page or email thread read the way
  :meth:`ui.shell.forum_session.ForumSeat.paste_page` reads it, with the browser
  answering between the slices: its steps (each code read, the round's codes sorted,
  the orders played, the save signed) run as many to a slice as fit.

No browser import, and the engine imported on use (the page's modules import this one
before Pyodide has loaded the engine): the pause is awaited, so tests run the driver
with ``asyncio.run`` and a pause of their own.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Generator
from typing import Any, Protocol, TypeVar

from ui.shell.speed import SLICE

Pause = Callable[[], Awaitable[None]]
"""What runs between two slices (in the page, :func:`yield_to_browser`)."""

T = TypeVar("T")
Steps = Generator[None, None, T]
"""Pure work written as steps: each ``yield`` is a place where the page may hand the
browser a turn (the game then holds a whole, consistent state), the return value its
result.  :func:`run_steps` runs it in one call; the page's driver pauses at each yield."""


def run_steps(steps: Steps[T]) -> T:
    """Run ``steps`` to the end, in one call; its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


async def yield_to_browser() -> None:
    """Hand the browser a turn: a 1 ms timer (Pyodide's event loop resumes the coroutine
    from ``setTimeout``), so input and painting run before the next slice."""
    await asyncio.sleep(0.001)


class SliceClock:
    """A pause that times the slices between its calls: how many, the longest and their
    sum, in milliseconds (the page's console line, the bench's figures)."""

    def __init__(self, pause: Pause = yield_to_browser) -> None:
        self.inner = pause
        self.slices: list[float] = []
        self.mark = time.perf_counter()

    def start(self) -> None:
        """The first slice starts now."""
        self.mark = time.perf_counter()

    def stop(self) -> None:
        """The last slice ends now."""
        self.slices.append((time.perf_counter() - self.mark) * 1000)

    async def pause(self) -> None:
        self.stop()
        await self.inner()
        self.start()

    @property
    def longest_ms(self) -> float:
        return max(self.slices, default=0.0)

    @property
    def busy_ms(self) -> float:
        return sum(self.slices)


class PastesPages(Protocol):
    """A forum seat of a session (:class:`ui.shell.forum_session.ForumSeat`)."""

    def paste_steps(self, text: str, key: Any) -> Steps[str]: ...


async def paste_page_in_slices(
    seat: PastesPages,
    text: str,
    key: Any,
    pause: Pause = yield_to_browser,
    budget: float = SLICE,
) -> str:
    """``seat.paste_page(text, key)`` with the browser answering between its slices: the
    paste's own steps (``seat.paste_steps``: each code read and its signature checked,
    the round's codes sorted, the orders played, the save signed, the save checked), as
    many in a slice as fit in ``budget`` seconds, judging the next step by the last one.

    The session changes only between whole steps, so the same text gives the same
    position, report and message as the one-shot call.  The caller draws the page after
    one more pause.

    :raises EngineError: what ``paste_page`` raises (the game is untouched).
    """
    await pause()
    return await run_in_slices(seat.paste_steps(text, key), pause, budget)


async def run_in_slices(steps: Steps[T], pause: Pause, budget: float = SLICE) -> T:
    """Run ``steps`` to the end, pausing before a step that would take the slice past
    ``budget`` seconds if it took as long as the step before it (a slice always runs at
    least one step); its result."""
    started = time.perf_counter()
    last = 0.0
    while True:
        if time.perf_counter() - started + last > budget:
            await pause()
            started = time.perf_counter()
        began = time.perf_counter()
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result
        last = time.perf_counter() - began
