"""The shell's shared pieces of a sequential game (ui/shell/sequential.py and the
computer pacing of ui/shell/sequential_page.py), on stand-ins: no ruleset, no browser."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from ui.shell.sequential import SequentialSession, check_save_version, read_log
from ui.shell.sequential_page import SequentialPage
from ui.shell.speed import Speed


class CountingSession:
    """Computers to act for ``orders`` orders, then a human's turn."""

    def __init__(self, orders: int, fail_at: int | None = None) -> None:
        self.left = orders
        self.fail_at = fail_at
        self.log: list[tuple[int | None, str]] = []
        self.state = "state"

    @property
    def computer_to_act(self) -> bool:
        return self.left > 0

    def play_computer(self) -> None:
        if self.fail_at == len(self.log):
            raise RuntimeError("no order")
        self.left -= 1
        self.log.append((1, f"order {len(self.log) + 1}"))


class Shell:
    def __init__(self, speed: Speed = Speed.WATCH) -> None:
        self.messages: list[tuple[str, bool]] = []
        self.notes = 0
        self.speed = speed
        self.runs: list[str] = []

    def message(self, text: str, warn: bool) -> None:
        self.messages.append((text, warn))

    def note(self, ruleset: str, state: Any) -> None:
        self.notes += 1

    def note_record(self, ruleset: str, state: Any) -> None:
        self.notes += 1

    def set_speed(self, speed: Speed, by_skip: bool = False) -> None:
        self.speed = speed

    def computers_started(self, ruleset: str, state: Any) -> None:
        self.runs.append("started")

    def computers_finished(self, ruleset: str, state: Any, quick: bool) -> str:
        self.runs.append("quick" if quick else "watched")
        return "what happened" if quick else ""


class Page(SequentialPage):
    computer_delay = 0.0

    def __init__(self, session: Any) -> None:
        self.shell = Shell()
        self.entry = SimpleNamespace(ruleset="toy")
        self.session = session
        self.running = False
        self.skipping = False
        self.tasks: set[Any] = set()
        self.saves = 0
        self.refreshes = 0
        self.slices = 0
        self.stopped = 0

    def save(self) -> None:
        self.saves += 1

    def refresh(self) -> None:
        self.refreshes += 1

    def after_fast_slice(self) -> None:
        self.slices += 1

    def computers_stopped(self) -> None:
        self.stopped += 1


def test_at_normal_pace_each_computer_order_is_shown_and_saved() -> None:
    page = Page(CountingSession(3))
    asyncio.run(page.run_computers())
    assert page.shell.messages == [("order 1", False), ("order 2", False), ("order 3", False)]
    assert (page.saves, page.refreshes) == (4, 4)  # one an order, one when they stop
    assert (page.stopped, page.slices, page.running) == (1, 0, False)


def test_skipping_plays_in_slices_and_stops_skipping_after() -> None:
    page = Page(CountingSession(5))
    page.skipping = True
    asyncio.run(page.run_computers())
    assert page.session.left == 0
    assert page.shell.notes == 5  # the record hears every order
    assert page.shell.messages == [("what happened", False)]  # said once, at the end
    assert (page.skipping, page.saves, page.stopped) == (False, 1, 1)
    assert page.shell.runs == ["started", "quick"]


def test_a_failing_computer_is_reported_and_the_pacing_ends() -> None:
    page = Page(CountingSession(3, fail_at=1))
    page.running = True
    with pytest.raises(RuntimeError):
        asyncio.run(page.run_computers())
    assert page.shell.messages[-1] == ("Computer player failed: no order", True)
    assert (page.running, page.stopped) == (False, 1)


def test_nothing_runs_without_a_computer_to_act() -> None:
    page = Page(CountingSession(0))
    page.kick_computers()
    assert not page.running and not page.tasks
    assert not Page(None).computers_to_play()


class UndoingSession(CountingSession):
    def __init__(self) -> None:
        super().__init__(0)
        self.undos = 0
        self.handed_over = False

    def undo(self) -> bool:
        self.undos += 1
        return self.undos == 1

    def acknowledge_handover(self) -> None:
        self.handed_over = True


def test_the_turn_buttons_every_sequential_game_has() -> None:
    page = Page(UndoingSession())
    undone: list[bool] = []
    page.undone = lambda: undone.append(True)  # type: ignore[method-assign]
    page.turn_action("skip")
    assert page.skipping and page.saves == 0  # the running pacing redraws
    assert page.shell.speed is Speed.INSTANT  # and Skip stays on until switched off
    page.turn_action("undo")
    page.turn_action("undo")  # nothing left to undo: no message
    assert undone == [True] and page.shell.messages == [("Undone.", False)]
    page.turn_action("handover")
    assert page.session.handed_over and (page.saves, page.refreshes) == (3, 3)


class Ruleset:
    def state_from_json(self, data: Any) -> Any:
        return State(data)


class State(dict[str, Any]):
    def to_json(self) -> dict[str, Any]:
        return dict(self)


class Session(SequentialSession):
    undo_limit = 2
    log_limit = 3

    def __init__(self) -> None:
        self.ruleset: Any = Ruleset()
        self.state = State(n=0)
        self.log = []
        self.undo_stack = []
        self.pbem = None
        self.revealed = None
        self._legal = None
        self.extras_restored: list[Any] = []

    @property
    def human_turn(self) -> bool:
        return True

    def event_text(self, event: Any) -> str | None:
        return event.get("text")

    def _snapshot_extras(self) -> dict[str, Any]:
        return {"extra": self.state["n"]}

    def _undone(self, snapshot: dict[str, Any]) -> None:
        self.extras_restored.append(snapshot["extra"])

    def _adopted(self, events: Any) -> None:
        self.extras_restored.append(len(events))

    def _sync_viewer(self) -> None:
        pass


def test_the_log_keeps_its_newest_lines_and_the_acting_seat() -> None:
    session = Session()
    session._record([{"text": "a", "seat": 0}, {"seat": 1}, {"text": "b", "seat": "x"}])
    session._record([{"text": "c"}, {"text": "d", "seat": 2}])
    assert session.log == [(None, "b"), (None, "c"), (2, "d")]
    assert read_log(session.log_json()) == session.log


def test_undo_keeps_a_few_snapshots_and_a_barrier_empties_them() -> None:
    session = Session()
    for n in (1, 2, 3):
        snapshot = session._snapshot()
        session.state = State(n=n)
        session._keep_undo(snapshot, barrier=False)
    assert [s["state"]["n"] for s in session.undo_stack] == [1, 2]
    assert session.undo() and session.state == {"n": 2} and session.extras_restored == [2]
    session._keep_undo(session._snapshot(), barrier=True)
    assert not session.undo()


def test_a_position_that_came_in_is_logged_and_ends_the_undo() -> None:
    session = Session()
    session._keep_undo(session._snapshot(), barrier=False)
    session.adopt(State(n=5), [{"text": "moved", "seat": 1}], "— Turn loaded")
    assert session.log == [(None, "— Turn loaded"), (1, "moved")]
    assert session.state == {"n": 5} and not session.undo_stack
    assert session.extras_restored == [1]


def test_a_save_of_another_version_is_refused() -> None:
    check_save_version({"version": 1}, 1)
    with pytest.raises(ValueError, match="unsupported save version 2"):
        check_save_version({"version": 2}, 1)
