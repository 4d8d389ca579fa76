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
from engine.keys import PlayerKey
from engine.rulesets.greatwar1907 import GreatWarState, Phase, Resolve
from engine.saves import SaveRecord
from ui.greatwar1907 import drafts
from ui.greatwar1907.drafts import Draft, EntryError
from ui.greatwar1907.replay import Frame, frames
from ui.greatwar1907.writing import OrderWriting
from ui.shell import forum
from ui.shell.forum_session import ForumSeat
from ui.shell.replay import Replay

SAVE_VERSION = 1
RULESET = "greatwar1907"


@dataclass
class GreatWarSession(OrderWriting, ForumSeat):
    RULESET: ClassVar[str] = RULESET
    TITLE: ClassVar[str] = "Great War 1907"
    SEAT_WORD: ClassVar[str] = "nation"
    state: GreatWarState
    where: str = "local"
    drafts: dict[int, Draft] = field(default_factory=dict)
    stage: str = "handover"
    viewer: int | None = None
    mode: str = "build"
    selected: str | None = None
    count: str = ""
    leaders: list[str] = field(default_factory=list)
    """Leaders chosen to go with the next move, sail, attack or strike."""
    overlays: list[str] = field(default_factory=list)
    trade_form: dict[str, str] = field(default_factory=dict)
    """The trade being written: with, give, get, give_pp, get_pp (checked as chosen)."""
    replay_step: int = 0
    replay_paused: bool = False
    replay_speed: float = 1.0
    log: list[str] = field(default_factory=list)
    game_id: str = ""
    code: str = ""
    seat: int | None = None
    moderated: bool = False
    sealed: str = ""
    reveal: str = ""
    confirmed: bool = False
    deadline: str = ""
    invites: dict[int, str] = field(default_factory=dict)
    invite: str = ""
    timings: dict[str, float] = field(default_factory=dict)
    before: GreatWarState | None = None
    """The position the last resolved phase started from (for its replay)."""
    events: list[dict[str, Any]] = field(default_factory=list)
    """The events of the last resolution (for its replay)."""
    _record: SaveRecord | None = field(default=None, repr=False, compare=False)
    _frames: tuple[Any, list[Frame]] | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------ creation

    @classmethod
    def new(
        cls, specs: Sequence[PlayerSpec], options: dict[str, Any], seed: str
    ) -> GreatWarSession:
        """A pass-and-play game; the computer nations write their orders at once."""
        state = find_ruleset(RULESET).new_game(specs, options, seed)
        session = cls(state)
        session.log.append(f"New game, seed {seed}")
        session.start_phase()
        return session

    @classmethod
    def new_forum(
        cls,
        specs: Sequence[PlayerSpec],
        options: dict[str, Any],
        seed: str,
        key: PlayerKey,
        seat: int,
        moderated: bool = False,
    ) -> GreatWarSession:
        """A forum game created here: every given nation human, the rest idle; the base
        save with this browser in ``seat``."""
        seats = [PlayerSpec(s.name, "human" if s.control == "human" else "idle") for s in specs]
        state = find_ruleset(RULESET).new_game(seats, {**options, "untaken": "idle"}, seed)
        game_id = forum.new_game_id("gw")
        code, invites = forum.create_base(state, key, seat, game_id, moderated)
        session = cls(state, "forum", stage="entry", viewer=seat)
        session.game_id, session.code, session.seat = game_id, code, seat
        session.invites = invites
        session.moderated = moderated
        session.mode = drafts.modes(state)[0]
        session.log.append(f"Forum game {game_id} created; you play {state.players[seat].name}")
        return session

    # ------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    @property
    def nation(self) -> str | None:
        return None if self.viewer is None else self.state.nation_ids[self.viewer]

    def missing_humans(self) -> list[int]:
        return [
            i
            for i, s in enumerate(self.state.players)
            if s.kind == "human" and self.state.orders[i] is None
        ]

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

    def start_phase(self) -> None:
        """Computers write their orders at once; then hand over to the first human still
        to seal, or resolve when nobody is missing."""
        from engine.ai import choose_for

        rs = find_ruleset(RULESET)
        started = time.perf_counter()
        for i, s in enumerate(self.state.players):
            if s.kind == "computer" and self.state.orders[i] is None:
                self.state = rs.apply(self.state, choose_for(self.state, i)).state
        self.timings["computers_ms"] = (time.perf_counter() - started) * 1000
        self.viewer = None
        self.selected = None
        self.leaders = []
        if self.missing_humans():
            self.stage = "handover"
        else:
            self.resolve()

    def acknowledge_handover(self) -> None:
        missing = self.missing_humans()
        if self.stage != "handover" or not missing:
            return
        self.viewer = missing[0]
        self.stage = "entry"
        self.mode = drafts.modes(self.state)[0]
        self.selected = None
        self.leaders = []

    def resolve(self) -> None:
        rs = find_ruleset(RULESET)
        started = time.perf_counter()
        self.before = self.state
        outcome = rs.apply(self.state, Resolve())
        self.state, self.events = outcome.state, list(outcome.events)
        self.timings["resolve_ms"] = (time.perf_counter() - started) * 1000
        report = self.state.last_report or {}
        self.log.append(f"{report.get('title', 'Phase')} resolved")
        self.drafts = {}
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

    def skip_replay(self) -> None:
        if self.stage == "replay":
            self.stage = "report"

    def next_phase(self) -> None:
        if self.stage != "report" or self.over:
            return
        if self.where == "forum":
            self._after_forum_update()
            return
        self.start_phase()

    def seal(self, key: PlayerKey | None = None) -> str:
        """Seal the viewer's orders: hand over or resolve; by forum, make the sealed and
        reveal codes.

        :raises EngineError: an order the engine refuses (the draft stays).
        """
        seat = self._seat()
        order = self.order()
        who = self.state.players[seat].name
        if self.where == "forum":
            if key is None:
                raise EntryError("this browser has no key")
            self.sealed, self.reveal = forum.seal(self.record(), order, key, seat, self.invite)
            self.confirmed = self.moderated
            self.stage = "sealed"
            self.selected = None
            self.log.append(f"{who} sealed orders for {self.phase_name()}")
            return "Sealed: post your sealed code"
        self.state = find_ruleset(RULESET).apply(self.state, order).state
        self.drafts.pop(seat, None)
        self.log.append(f"{who} sealed orders")
        self.start_phase()
        return f"{who}'s orders are sealed"

    def phase_name(self) -> str:
        phase = "Attack" if self.state.phase is Phase.ATTACK else "Deployment"
        return f"turn {self.state.turn} {phase}"

    # ------------------------------------------------------------ forum

    def _replay_ready(self) -> bool:
        return bool(self.steps())

    def _forum_resolved(self, before: Any) -> None:
        """The replay of a forum phase: the save's orders applied again to the position
        before give the resolution's events (the save was checked to lead to ``state``;
        a chain of several saves has no single position before: no replay)."""
        from engine.rulesets.greatwar1907.orders import parse_order

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

    def _after_forum_update(self) -> None:
        """Where a forum nation stands after a new save: claim, write or wait."""
        record = self.record()
        self.state = record.state
        self.viewer = self.seat
        self.selected = None
        self.leaders = []
        if self.seat is None:
            self.stage = "claim"
        elif self.over:
            self.stage = "report"
        else:
            self.stage = "entry"
            if self.mode not in drafts.modes(self.state):
                self.mode = drafts.modes(self.state)[0]

    # ------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "state": self.state.to_json(),
            "where": self.where,
            "drafts": {str(k): d.to_json() for k, d in self.drafts.items()},
            "stage": self.stage,
            "viewer": self.viewer,
            "mode": self.mode,
            "selected": self.selected,
            "count": self.count,
            "leaders": list(self.leaders),
            "overlays": list(self.overlays),
            "trade_form": dict(self.trade_form),
            "replay_step": self.replay_step,
            "replay_paused": self.replay_paused,
            "replay_speed": self.replay_speed,
            "log": list(self.log[-200:]),
            "game_id": self.game_id,
            "code": self.code,
            "seat": self.seat,
            "moderated": self.moderated,
            "sealed": self.sealed,
            "reveal": self.reveal,
            "confirmed": self.confirmed,
            "deadline": self.deadline,
            "invites": {str(seat): secret for seat, secret in self.invites.items()},
            "invite": self.invite,
            "before": None if self.before is None else self.before.to_json(),
            "events": list(self.events),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GreatWarSession:
        """:raises ValueError: an autosave of another version."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"unknown Great War 1907 autosave version {data.get('version')!r}")
        return cls(
            state=GreatWarState.from_json(data["state"]),
            where=str(data["where"]),
            drafts={int(k): Draft.from_json(v) for k, v in data["drafts"].items()},
            stage=str(data["stage"]),
            viewer=data["viewer"],
            mode=str(data["mode"]),
            selected=data["selected"],
            count=str(data["count"]),
            leaders=[str(x) for x in data.get("leaders", [])],
            overlays=[str(x) for x in data.get("overlays", [])],
            trade_form={str(k): str(v) for k, v in dict(data.get("trade_form", {})).items()},
            replay_step=int(data["replay_step"]),
            replay_paused=bool(data.get("replay_paused", False)),
            replay_speed=float(data.get("replay_speed", 1.0)),
            log=[str(x) for x in data["log"]],
            game_id=str(data["game_id"]),
            code=str(data["code"]),
            seat=data["seat"],
            moderated=bool(data["moderated"]),
            sealed=str(data["sealed"]),
            reveal=str(data["reveal"]),
            confirmed=bool(data["confirmed"]),
            deadline=str(data.get("deadline", "")),
            invites={int(k): str(v) for k, v in dict(data.get("invites", {})).items()},
            invite=str(data.get("invite", "")),
            before=None if data.get("before") is None else GreatWarState.from_json(data["before"]),
            events=[dict(e) for e in data.get("events", [])],
        )
