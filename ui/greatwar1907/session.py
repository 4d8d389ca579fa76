"""A Great War 1907 game as the page sees it (pure; no browser imports).

Pass-and-play (``where == "local"``): each phase (Deployment, then Attack) every computer
nation writes its orders at once; each human nation in turn gets the hand-over screen
(stage ``handover``), writes its orders (stage ``entry``), reviews and seals them.  When
every acting nation has sealed, the phase resolves: the replay (stage ``replay``), then
the report (stage ``report``); "Next phase" starts the next one.

By forum (``where == "forum"``): this browser plays one nation (``seat``), named by its
key in the save; it seals its orders for the phase (stage ``sealed``) and anyone
resolves from every code (:mod:`ui.shell.forum`, :class:`ui.shell.forum_session.ForumSeat`).
Nations nobody takes in a forum game stand idle (no computer writes sealed codes).

Everything, the orders being written included, round-trips through :meth:`to_json`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core import PlayerSpec, find_ruleset
from engine.errors import EngineError
from engine.rulesets.greatwar1907 import GreatWarState, Phase, Resolve
from ui.greatwar1907 import drafts
from ui.greatwar1907.drafts import Draft, EntryError
from ui.greatwar1907.replay import Frame, frames
from ui.greatwar1907.writing import OrderWriting
from ui.shell.replay import Replay
from ui.shell.sealed_session import SealedSession

RULESET = "greatwar1907"
MAX_REPORTS = 16
"""Earlier phases' reports the log keeps to reopen (the autosave holds them)."""


@dataclass
class GreatWarSession(OrderWriting, SealedSession):
    RULESET: ClassVar[str] = RULESET
    TITLE: ClassVar[str] = "Great War 1907"
    SEAT_WORD: ClassVar[str] = "nation"
    SAVE_VERSION: ClassVar[int] = 1
    GAME_OVER: ClassVar[Any] = Phase.GAME_OVER
    GAME_ID_PREFIX: ClassVar[str] = "gw"
    STATE_TYPE: ClassVar[Any] = GreatWarState
    DRAFT_TYPE: ClassVar[Any] = Draft
    state: GreatWarState
    drafts: dict[int, Draft] = field(default_factory=dict)
    mode: str = "build"
    leaders: list[str] = field(default_factory=list)
    """Leaders chosen to go with the next move, sail, attack or strike."""
    overlays: list[str] = field(default_factory=list)
    trade_form: dict[str, str] = field(default_factory=dict)
    """The trade being written: with, give, get, give_pp, get_pp (checked as chosen)."""
    sub_counts: dict[str, str] = field(default_factory=dict)
    """The second count of the order being written: ``cargo`` (the divisions aboard that
    sail) and ``ships_in`` (the ships that enter the port a strike takes); blank = the
    rules' default."""
    seal_question: bool = field(default=False, compare=False)
    """Sealing was asked for with allowance left unspent: the panel asks first (not
    saved; any other step of writing puts the question away)."""
    before: GreatWarState | None = None
    """The position the last resolved phase started from (for its replay)."""
    events: list[dict[str, Any]] = field(default_factory=list)
    """The events of the last resolution (for its replay)."""
    reports: list[dict[str, Any]] = field(default_factory=list)
    """The reports of the phases resolved here, oldest first (the last ``MAX_REPORTS``):
    the log lists them, and a tap reopens one in full."""
    shown_report: int | None = None
    """The index in :attr:`reports` of the one reopened in the log (None: none)."""
    _frames: tuple[Any, list[Frame]] | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------ hooks

    @classmethod
    def _forum_game(
        cls, specs: Sequence[PlayerSpec], options: dict[str, Any], seed: str
    ) -> GreatWarState:
        """Every given nation human, the rest idle (no computer writes sealed codes)."""
        seats = [PlayerSpec(s.name, "human" if s.control == "human" else "idle") for s in specs]
        state: GreatWarState = find_ruleset(RULESET).new_game(
            seats, {**options, "untaken": "idle"}, seed
        )
        return state

    def _forum_start_mode(self) -> str:
        return drafts.modes(self.state)[0]

    def _forum_entry_mode(self) -> str:
        modes = drafts.modes(self.state)
        return self.mode if self.mode in modes else modes[0]

    def _handover_mode(self) -> str:
        return drafts.modes(self.state)[0]

    def _computers_to_write(self) -> list[int]:
        return [
            i
            for i, s in enumerate(self.state.players)
            if s.kind == "computer" and self.state.orders[i] is None
        ]

    def _clear_choices(self) -> None:
        """A new phase or another nation at the page: nothing chosen, the counts empty
        (a count typed for the last phase's order is not this one's)."""
        self.leaders = []
        self.count = ""
        self.sub_counts = {}

    def _refusal(self, text: str) -> Exception:
        return EntryError(text)

    def _sealed_round(self) -> str:
        return self.phase_name()

    # ------------------------------------------------------------ queries

    @property
    def nation(self) -> str | None:
        return None if self.viewer is None else self.state.nation_ids[self.viewer]

    def missing_humans(self) -> list[int]:
        return [i for i in self.human_seats() if self.state.orders[i] is None]

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.state.players) if s.kind == "human"]

    def steps(self) -> list[Frame]:
        """The replay frames of the last resolution on the map (:mod:`ui.greatwar1907.replay`):
        the position before, each report line in the order it happened, the position
        after.  Empty when the position before is not known (a chain of forum saves)."""
        if self.before is None or not self.events:
            return []
        key = (id(self.state), id(self.before))
        if self._frames is None or self._frames[0] != key:
            self._frames = (key, frames(self.before, self.state, self.events))
        return self._frames[1]

    @property
    def frame(self) -> Frame | None:
        steps = self.steps()
        if self.stage != "replay" or not steps:
            return None
        return steps[min(self.replay_step, len(steps) - 1)]

    # ------------------------------------------------------------ pass and play

    def resolve(self) -> None:
        rs = find_ruleset(RULESET)
        started = time.perf_counter()
        self.before = self.state
        outcome = rs.apply(self.state, Resolve())
        self.state, self.events = outcome.state, list(outcome.events)
        self.timings["resolve_ms"] = (time.perf_counter() - started) * 1000
        report = self.state.last_report or {}
        self.log.append(f"{report.get('title', 'Phase')} resolved")
        self.keep_report()
        self.drafts = {}
        self.count, self.sub_counts = "", {}  # the phase ended: its counts with it
        self.stage = "replay" if self.steps() else "report"
        self.replay_step = 0
        self.viewer = None
        self.selected = None

    def replay(self) -> Replay:
        """The shell's replay state over this resolution's frames."""
        return Replay(
            max(1, len(self.steps())), self.replay_step, not self.replay_paused, self.replay_speed
        )

    def replay_control(self, action: str) -> None:
        """One of the shell's replay controls (first, back, play, forward, last, faster,
        slower); a step by hand pauses."""
        if self.stage != "replay":
            return
        replay = self.replay()
        replay.step(action)
        self._keep(replay)

    def replay_tick(self) -> bool:
        """The timer's step while playing; False (paused) at the last frame."""
        if self.stage != "replay":
            return False
        replay = self.replay()
        moved = replay.tick()
        self._keep(replay)
        return moved

    def _keep(self, replay: Replay) -> None:
        self.replay_step, self.replay_paused = replay.index, not replay.playing
        self.replay_speed = replay.speed

    def phase_name(self) -> str:
        phase = "Attack" if self.state.phase is Phase.ATTACK else "Deployment"
        return f"turn {self.state.turn} {phase}"

    def keep_report(self) -> None:
        """Keep the report of the phase just resolved for the log (once)."""
        report = self.state.last_report
        if report is not None and (not self.reports or self.reports[-1] != report):
            self.reports.append(dict(report))
            del self.reports[:-MAX_REPORTS]
        self.shown_report = None

    def show_report(self, index: int) -> None:
        """Reopen an earlier phase's report in the log, or close it when it is open."""
        if not 0 <= index < len(self.reports):
            self.shown_report = None
            return
        self.shown_report = None if self.shown_report == index else index

    # ------------------------------------------------------------ forum

    def _replay_ready(self) -> bool:
        return bool(self.steps())

    def _forum_resolved(self, before: Any) -> None:
        """The replay of a forum phase: the save's orders applied again to the position
        before give the resolution's events (the save was checked to lead to ``state``;
        a chain of several saves has no single position before: no replay)."""
        from engine.rulesets.greatwar1907.orders import parse_order

        self.keep_report()
        self.before, self.events = None, []
        state = before
        events: list[dict[str, Any]] = []
        try:
            for action in self.record().actions:
                outcome = find_ruleset(RULESET).apply(state, parse_order(action))
                state, events = outcome.state, events + list(outcome.events)
        except EngineError:
            return
        if state.to_json() == self.state.to_json():
            self.before, self.events = before, events

    # ------------------------------------------------------------ saving

    def _view_json(self) -> dict[str, Any]:
        return {
            "leaders": list(self.leaders),
            "overlays": list(self.overlays),
            "trade_form": dict(self.trade_form),
            "sub_counts": dict(self.sub_counts),
            "replay_step": self.replay_step,
            "replay_paused": self.replay_paused,
            "replay_speed": self.replay_speed,
        }

    def _resolution_json(self) -> dict[str, Any]:
        return {
            "before": None if self.before is None else self.before.to_json(),
            "events": list(self.events),
            "reports": [dict(r) for r in self.reports],
            "shown_report": self.shown_report,
        }

    @classmethod
    def _own_fields(cls, data: dict[str, Any]) -> dict[str, Any]:
        return {
            "leaders": [str(x) for x in data.get("leaders", [])],
            "overlays": [str(x) for x in data.get("overlays", [])],
            "trade_form": {str(k): str(v) for k, v in dict(data.get("trade_form", {})).items()},
            "sub_counts": {str(k): str(v) for k, v in dict(data.get("sub_counts", {})).items()},
            "replay_step": int(data["replay_step"]),
            "replay_paused": bool(data.get("replay_paused", False)),
            "replay_speed": float(data.get("replay_speed", 1.0)),
            "before": None
            if data.get("before") is None
            else GreatWarState.from_json(data["before"]),
            "events": [dict(e) for e in data.get("events", [])],
            "reports": [dict(r) for r in data.get("reports", [])],
            "shown_report": None if data.get("shown_report") is None else int(data["shown_report"]),
        }
