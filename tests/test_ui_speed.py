"""The game speed (issue 30, ui/shell/speed.py and the pacing of
ui/shell/sequential_page.py): Watch, Fast, Instant, one setting kept per device.  The
pacing runs on a simulated clock: each computer order costs the engine 0.05 s, and a
pause advances the clock by its length, so what is asserted is the pacing's rule, not
this machine's speed."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from ui.shell import sealed_page, sequential_page, speed
from ui.shell.sealed_page import SealedOrdersPage
from ui.shell.speed import Speed
from ui.shell.speed import replay_wait as speed_replay_wait

from .test_ui_sequential import Page, Shell

ENGINE_TIME = 0.03  # simulated seconds to choose, play and note an order (the page: ~2 ms a turn)


class Clock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def monotonic(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


class TurnsSession:
    """Computer seats taking turns of ``orders`` orders each, then a human's turn; each
    order costs the clock :data:`ENGINE_TIME`; when each order was played is kept."""

    def __init__(self, clock: Clock, turns: list[tuple[int, int]]) -> None:
        self.clock = clock
        self.queue = [seat for seat, orders in turns for _ in range(orders)]
        self.log: list[tuple[int | None, str]] = []
        self.played: list[tuple[int, float]] = []
        self.state = "state"

    @property
    def computer_to_act(self) -> bool:
        return bool(self.queue)

    @property
    def actor(self) -> int | None:
        return self.queue[0] if self.queue else 0

    def play_computer(self) -> None:
        self.clock.now += ENGINE_TIME
        seat = self.queue.pop(0)
        self.played.append((seat, self.clock.now))
        self.log.append((seat, f"seat {seat} order {len(self.played)}"))


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock()
    monkeypatch.setattr(sequential_page, "monotonic", clock.monotonic)
    monkeypatch.setattr(
        sequential_page, "asyncio", SimpleNamespace(sleep=clock.sleep, ensure_future=None)
    )
    # the page's one way to yield to the browser between slices: a 1 ms timer
    monkeypatch.setattr(sequential_page, "yield_to_browser", lambda: clock.sleep(0.001))
    return clock


def play(clock: Clock, chosen: Speed, turns: list[tuple[int, int]], pause: float) -> Page:
    page = Page(TurnsSession(clock, turns))
    page.shell = Shell(chosen)
    page.computer_delay = pause
    asyncio.run(page.run_computers())
    return page


def turn_lengths(page: Page) -> dict[int, float]:
    """Per seat, from the end of the previous seat's turn to the end of its own."""
    lengths: dict[int, float] = {}
    start = 0.0
    for i, (seat, at) in enumerate(page.session.played):
        nxt = page.session.played[i + 1][0] if i + 1 < len(page.session.played) else None
        if nxt != seat:
            lengths[seat] = at - start
            start = at
    return lengths


def test_the_setting_is_read_from_the_device_and_defaults_to_watch() -> None:
    """ "A setting that stays (per device)": what was stored is read back; nothing stored,
    a name we do not know, or a storage that cannot be read means Watch (today's pace)."""
    stored = {speed.STORAGE_KEY: "fast"}
    assert speed.read_speed(stored.get) is Speed.FAST
    assert speed.read_speed({}.get) is Speed.WATCH
    assert speed.read_speed({speed.STORAGE_KEY: "ludicrous"}.get) is Speed.WATCH

    def broken(_key: str) -> str | None:
        raise RuntimeError("storage disabled")

    assert speed.read_speed(broken) is Speed.WATCH
    assert speed.parse_speed(" Instant ") is Speed.INSTANT


def test_watch_is_todays_pace_each_order_shown_after_the_pages_pause(clock: Clock) -> None:
    """ "Watch (today's pace)": every computer order after the page's own pause."""
    page = play(clock, Speed.WATCH, [(1, 3), (2, 3)], pause=0.45)
    assert clock.sleeps == [0.45] * 6
    assert [text for text, _ in page.shell.messages] == [
        f"seat {s} order {n}" for s, n in ((1, 1), (1, 2), (1, 3), (2, 4), (2, 5), (2, 6))
    ]
    assert page.shell.runs == ["started", "watched"]  # watched: no marks, no summary


def test_fast_shows_each_computer_turn_in_at_most_a_second(clock: Clock) -> None:
    """ "Fast (each computer turn shown in ≤ 1 s)": two Standard computers of 15 orders a
    turn (4.8 s each at Watch) take at most a second each; the first orders of each turn
    are still shown one by one."""
    watch = play(clock, Speed.WATCH, [(1, 15), (2, 15)], pause=0.45)
    assert all(t > 4 for t in turn_lengths(watch).values())
    clock.now, clock.sleeps = 0.0, []
    page = play(clock, Speed.FAST, [(1, 15), (2, 15)], pause=0.45)
    lengths = turn_lengths(page)
    assert set(lengths) == {1, 2} and all(t <= 1.0 for t in lengths.values()), lengths
    shown = [text for text, _ in page.shell.messages]
    assert "seat 1 order 1" in shown and "seat 2 order 16" in shown  # each turn begins shown
    assert page.session.queue == []  # the rest of each turn at once, without a redraw
    assert len(shown) < 30 and page.slices == 0


def test_fast_never_waits_longer_than_watch(clock: Clock) -> None:
    """A page whose own pause is shorter than Fast's keeps its own."""
    play(clock, Speed.FAST, [(1, 2)], pause=0.02)
    assert clock.sleeps == [0.02, 0.02]


def test_instant_plays_at_once_in_slices_that_yield_to_the_browser(clock: Clock) -> None:
    """ "Instant (computers play at once ...)": no pause; between slices of at most
    :data:`~ui.shell.speed.SLICE` of play the page yields with a 0 ms timer (the page
    never freezes); the map's marks and the summary come once, at the end."""
    page = play(clock, Speed.INSTANT, [(1, 15), (2, 15)], pause=0.45)
    assert page.session.queue == []
    assert clock.sleeps and all(s <= 0.001 for s in clock.sleeps)
    slices = len(clock.sleeps)
    assert slices >= 30 * ENGINE_TIME / (speed.SLICE + ENGINE_TIME)  # bounded chunks
    assert page.shell.runs == ["started", "quick"]
    assert page.shell.messages == [("what happened", False)]


def test_a_speed_chosen_while_the_computers_play_applies_at_once(clock: Clock) -> None:
    """The setting is read before every step: switching from Watch to Instant (or
    pressing Skip) mid-round ends the pauses."""
    page = Page(TurnsSession(clock, [(1, 10)]))
    page.computer_delay = 0.45
    original = clock.sleep

    async def sleep_then_switch(seconds: float) -> None:
        await original(seconds)
        if len(clock.sleeps) == 2:
            page.turn_action("skip")

    clock.sleep = sleep_then_switch  # type: ignore[method-assign]
    sequential_page.asyncio.sleep = sleep_then_switch  # type: ignore[attr-defined]
    asyncio.run(page.run_computers())
    assert clock.sleeps[:2] == [0.45, 0.45] and all(s <= 0.001 for s in clock.sleeps[2:])
    assert page.shell.speed is Speed.INSTANT  # Skip stays on until switched off


def test_replays_follow_the_game_speed() -> None:
    """ "Replays have the same speeds": a Capital Risk replay step (1.3 s at 1×) is at
    most 0.3 s at Fast, so the 19 steps of the issue take under 6 s rather than 25 s;
    at Instant it goes straight to its end (0)."""
    assert speed_replay_wait(Speed.WATCH, 1.3) == 1.3
    assert speed_replay_wait(Speed.FAST, 1.3) * 19 < 6
    assert speed_replay_wait(Speed.FAST, 0.2) == 0.2  # a faster × stays faster
    assert speed_replay_wait(Speed.INSTANT, 1.3) == 0


def test_what_happened_names_who_took_what() -> None:
    """ "the map marks what changed and the 'what happened' summary says it": the
    territories whose owner changed, and a line naming the new owners."""
    before = {"alaska": 0, "peru": 0, "egypt": 1, "iceland": 2}
    after = {"alaska": 1, "peru": 1, "egypt": 2, "iceland": 2}
    changes = speed.changed_hands(before, after)
    assert changes == {"alaska": 1, "peru": 1, "egypt": 2}
    names = {"alaska": "Alaska", "peru": "Peru", "egypt": "Egypt"}
    line = speed.what_happened(changes, ["Ada", "Boris", "Chloe"], names)
    assert line == (
        "While the computers played: Boris took Alaska and Peru; Chloe took Egypt"
        " (marked on the map)."
    )
    many = {t: 1 for t in ("alaska", "peru", "egypt")}
    assert "Boris took 3 territories (" in speed.what_happened(many, ["Ada", "Boris"], names)
    assert speed.what_happened({}, ["Ada"], names).endswith("no territory changed hands.")


class ReplaySession:
    """A resolution's replay of ``steps`` steps (as the sealed sessions keep it)."""

    def __init__(self, steps: int) -> None:
        self.steps, self.step, self.stage = steps, 0, "replay"
        self.replay_paused = False

    def skip_replay(self) -> None:
        self.stage = "report"

    def advance(self) -> bool:
        self.step += 1
        if self.step >= self.steps:
            self.stage = "report"
        return True


class ReplayPage(SealedOrdersPage):
    def __init__(self, chosen: Speed, steps: int, clock: Clock) -> None:
        super().__init__(SimpleNamespace(speed=chosen), SimpleNamespace(ruleset="toy"))
        self.session = ReplaySession(steps)
        self.clock = clock
        self.drawn: list[int] = []
        self.reported_at: float | None = None

    def replay_wait(self, session: object) -> float:
        return 1.3  # Capital Risk's step at 1×

    def replay_advance(self, session: ReplaySession) -> bool:  # type: ignore[override]
        return session.advance()

    def save(self) -> None:
        pass

    def refresh(self) -> None:
        if self.session.stage == "replay":
            self.drawn.append(self.session.step)
        elif self.reported_at is None:
            self.reported_at = self.clock.now


@pytest.mark.parametrize(
    ("chosen", "waited", "drawn"),
    [
        (Speed.WATCH, 19 * 1.3, list(range(1, 19))),
        (Speed.FAST, 19 * speed.FAST_REPLAY_STEP, list(range(1, 19))),
        (Speed.INSTANT, 0.0, []),
    ],
)
def test_a_resolution_replay_plays_at_the_game_speed(
    monkeypatch: pytest.MonkeyPatch, chosen: Speed, waited: float, drawn: list[int]
) -> None:
    """ "Replays have the same speeds": the 19 steps of a Capital Risk replay wait 1.3 s
    each at Watch (25 s), at most 0.3 s at Fast, and at Instant none is shown: the
    report comes at once."""
    clock = Clock()
    monkeypatch.setattr(sealed_page, "asyncio", SimpleNamespace(sleep=clock.sleep))
    page = ReplayPage(chosen, 19, clock)
    asyncio.run(page.autoplay(page.replay_gen))
    assert page.session.stage == "report"
    assert page.reported_at == pytest.approx(waited)
    assert page.drawn == drawn  # every step after the first shown, or none
