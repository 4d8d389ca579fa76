"""The part of a session that Capital Risk and The Great War 1907 play alike (pure): seats
write their orders at the same time and seal them, pass-and-play (computers write at
once, then each human behind the hand-over screen) or by forum codes
(:class:`ui.shell.forum_session.ForumSeat`).  Here: starting a game, the computers'
orders at the start of a phase, sealing, the next phase after the report, a forum seat's
stage after a new save, and the autosave's shared fields.

A session class (a dataclass) inherits it and its fields, and gives the hooks below;
what a seat writes (its draft, modes, cards or leaders) and how a resolution replays
stay the ruleset's own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, TypeVar

from engine.core import PlayerSpec, find_ruleset
from engine.keys import PlayerKey
from engine.saves import SaveRecord
from ui.shell import forum
from ui.shell.forum_session import ForumSeat
from ui.shell.slices import Steps, run_steps

SessionT = TypeVar("SessionT", bound="SealedSession")


def count_field(text: str, what: str, refusal: Callable[[str], Exception]) -> int | None:
    """A count typed in the order entry: blank means "all" (None).

    :raises Exception: ``refusal``'s, naming ``what`` ("units"), for a text that is not
        a whole number.
    """
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise refusal(f"{what} must be a whole number, not {text!r}")
    return int(text)


@dataclass
class SealedSession(ForumSeat):
    """Simultaneous, sealed orders of a session (a dataclass base: a ruleset's session
    adds its own fields, and gives ``state``, ``drafts`` and ``mode`` their types and
    defaults)."""

    SAVE_VERSION: ClassVar[int]
    """The version of its autosave (the session's JSON), each ruleset's own."""
    GAME_OVER: ClassVar[Any]
    """Its ruleset's phase once the game is over."""
    GAME_ID_PREFIX: ClassVar[str]
    """What its forum game ids start with: "cap", "gw"."""
    STATE_TYPE: ClassVar[Any]
    """Its engine state class (``from_json``)."""
    DRAFT_TYPE: ClassVar[Any]
    """Its draft class (``from_json``), the orders a seat is writing."""

    state: Any
    where: str = "local"
    """"local" (pass-and-play) or "forum"."""
    drafts: dict[int, Any] = field(default_factory=dict)
    """The orders being written, by seat."""
    stage: str = "handover"
    viewer: int | None = None
    """The seat at the page (None behind the hand-over screen)."""
    mode: str = ""
    selected: str | None = None
    count: str = ""
    replay_step: int = 0
    replay_paused: bool = False
    """The resolution replay waits for Next/Back (issue 16: it could not be paused)."""
    replay_speed: float = 1.0
    """Steps per the page's ``REPLAY_DELAY`` (one of the shell's replay speeds)."""
    log: list[str] = field(default_factory=list)
    game_id: str = ""
    code: str = ""
    seat: int | None = None
    moderated: bool = False
    sealed: str = ""
    reveal: str = ""
    confirmed: bool = False
    deadline: str = ""
    invites: dict[int, str] = field(default_factory=dict)  # the host's secrets, by seat
    invite: str = ""  # this browser's invitation to its seat, until the seat is claimed
    forfeit: str = ""  # a forfeit claim given to this page, until a save settles it
    stuck: str = ""  # why the round could not be forced, and what can be done
    appointments: str = ""  # appointment codes of a moderator given to this page
    pool: str = ""  # this round's codes from the pages pasted (ForumSeat.paste_page)
    page_note: str = ""  # what the last pasted page held, in players' words
    recent: list[str] = field(default_factory=list)  # the last saves held, oldest first
    timings: dict[str, float] = field(default_factory=dict)
    _record: SaveRecord | None = field(default=None, repr=False, compare=False)

    # ------------------------------------------------------------ the ruleset's hooks

    @classmethod
    def _forum_game(cls, specs: Sequence[PlayerSpec], options: dict[str, Any], seed: str) -> Any:
        """The first position of a forum game of these seats (no computer seals codes)."""
        raise NotImplementedError

    def _forum_start_mode(self) -> str:
        """The mode the seat that created a forum game writes in first."""
        raise NotImplementedError

    def _forum_entry_mode(self) -> str:
        """The mode a forum seat writes in after a new save."""
        raise NotImplementedError

    def _handover_mode(self) -> str:
        """The mode a seat writes in first once the hand-over screen lets it in."""
        raise NotImplementedError

    def _computers_to_write(self) -> list[int]:
        """The computer seats still to write this phase's orders."""
        raise NotImplementedError

    def _clear_choices(self) -> None:
        """Forget what the seat had picked to go with its next order (cards, leaders)."""
        raise NotImplementedError

    def _seat(self) -> int:
        """The seat writing orders now.

        :raises EntryError: nobody is (the ruleset's refusal).
        """
        raise NotImplementedError

    def _refusal(self, text: str) -> Exception:
        """The ruleset's refusal of an entry, to raise."""
        raise NotImplementedError

    def order(self) -> Any:
        """The orders the seat has written, as the engine's order."""
        raise NotImplementedError

    def resolve(self) -> None:
        raise NotImplementedError

    def missing_humans(self) -> list[int]:
        raise NotImplementedError

    def human_seats(self) -> list[int]:
        """Every seat a person plays on this device (whether it has sealed or not)."""
        raise NotImplementedError

    def _sealing(self) -> None:
        """The seat's orders are about to be sealed (default: nothing to forget)."""

    def _sealed_round(self) -> str:
        """What the log says the forum seal was for ("turn 3")."""
        return f"turn {self.state.turn}"

    def _local_seal_message(self, who: str) -> str:
        """What a pass-and-play seal says once the next seat is handed over to (or the
        phase resolved)."""
        return f"{who}'s orders are sealed"

    def _view_json(self) -> dict[str, Any]:
        """The autosave's fields of the ruleset's own, before the log (the replay's step
        among them)."""
        return {}

    def _resolution_json(self) -> dict[str, Any]:
        """The autosave's fields of the ruleset's own, after the forum's."""
        return {}

    @classmethod
    def _own_fields(cls, data: dict[str, Any]) -> dict[str, Any]:
        """The session's own fields read back from its autosave (:meth:`from_json`)."""
        return {}

    # ------------------------------------------------------------ creation

    @classmethod
    def new(
        cls: type[SessionT], specs: Sequence[PlayerSpec], options: dict[str, Any], seed: str
    ) -> SessionT:
        """A pass-and-play game; the computer seats write their orders at once."""
        state = find_ruleset(cls.RULESET).new_game(specs, options, seed)
        make: Any = cls  # the inheriting session, a dataclass with these fields
        session: SessionT = make(state)
        session.log.append(f"New game, seed {seed}")
        session.start_phase()
        return session

    @classmethod
    def new_forum(
        cls: type[SessionT],
        specs: Sequence[PlayerSpec],
        options: dict[str, Any],
        seed: str,
        key: PlayerKey,
        seat: int,
        moderated: bool = False,
    ) -> SessionT:
        """A forum game created here: the base save, with this browser in ``seat``."""
        state = cls._forum_game(specs, options, seed)
        game_id = forum.new_game_id(cls.GAME_ID_PREFIX)
        code, invites = forum.create_base(state, key, seat, game_id, moderated)
        make: Any = cls
        session: SessionT = make(state, "forum", stage="entry", viewer=seat)
        session.mode = session._forum_start_mode()
        session.game_id, session.code, session.seat = game_id, code, seat
        session.invites = invites
        session.moderated = moderated
        session.log.append(f"Forum game {game_id} created; you play {state.players[seat].name}")
        return session

    # ------------------------------------------------------------ pass and play

    def start_phase(self) -> None:
        """Computers write their orders at once; then hand over to the first human still
        to seal, or resolve when nobody is missing."""
        run_steps(self.start_phase_steps())

    def start_phase_steps(self) -> Steps[None]:
        """:meth:`start_phase` in steps (:mod:`ui.shell.slices`): a pause may come before
        each computer writes its orders and before the hand-over or the resolution, so
        the page answers while the computers think; the session holds whole orders
        between the steps."""
        from engine.ai import choose_for

        rs = find_ruleset(self.RULESET)
        spent = 0.0
        for seat in self._computers_to_write():
            yield
            started = time.perf_counter()
            self.state = rs.apply(self.state, choose_for(self.state, seat)).state
            spent += time.perf_counter() - started
        self.timings["computers_ms"] = spent * 1000
        self.viewer = None
        self.selected = None
        self._clear_choices()
        if self.missing_humans():
            self.stage = "handover"
            if len(self.human_seats()) == 1:
                # one person plays: nobody to pass the device to, nothing to hide from
                self.acknowledge_handover()
        else:
            yield
            self.resolve()

    def seat_handed_over(self) -> int | None:
        """The seat the hand-over screen waits for (None while it is not shown)."""
        missing = self.missing_humans()
        return missing[0] if self.stage == "handover" and missing else None

    def acknowledge_handover(self) -> None:
        """The seat behind the hand-over screen is at the page: it writes its orders."""
        seat = self.seat_handed_over()
        if seat is None:
            return
        self.viewer = seat
        self.stage = "entry"
        self.mode = self._handover_mode()
        self.selected = None
        self._clear_choices()

    def seal(self, key: PlayerKey | None = None) -> str:
        """Seal the viewer's orders: hand over or resolve; by forum, make the sealed and
        reveal codes.

        :raises EngineError: an order the engine refuses (the draft stays).
        """
        return run_steps(self.seal_steps(key))

    def seal_steps(self, key: PlayerKey | None = None) -> Steps[str]:
        """:meth:`seal` in steps: the seat's orders sealed at once (a refusal changes
        nothing), then, on this device, the phase goes on in :meth:`start_phase_steps`."""
        seat = self._seat()
        order = self.order()
        who = self.state.players[seat].name
        self._sealing()
        if self.where == "forum":
            if key is None:
                raise self._refusal("this browser has no key")
            self.sealed, self.reveal = forum.seal(self.record(), order, key, seat, self.invite)
            self.confirmed = self.moderated
            self.stage = "sealed"
            self.selected = None
            self.log.append(f"{who} sealed orders for {self._sealed_round()}")
            return "Sealed: post your sealed code"
        self.state = find_ruleset(self.RULESET).apply(self.state, order).state
        self.drafts.pop(seat, None)
        self.log.append(f"{who} sealed orders")
        yield from self.start_phase_steps()
        return self._local_seal_message(who)

    def skip_replay(self) -> None:
        if self.stage == "replay":
            self.stage = "report"

    def next_phase(self) -> None:
        """After the report: the next phase (by forum, where the seat stands now)."""
        run_steps(self.next_phase_steps())

    def next_phase_steps(self) -> Steps[None]:
        """:meth:`next_phase` in steps (:meth:`start_phase_steps`)."""
        if self.stage != "report" or self.over:
            return
        if self.where == "forum":
            self._after_forum_update()
            return
        yield from self.start_phase_steps()

    @property
    def over(self) -> bool:
        """The game is over: by its rules, or (by forum) by a forfeit conceded."""
        return bool(self.state.phase is self.GAME_OVER) or (
            self.where == "forum" and self.ended() is not None
        )

    # ------------------------------------------------------------ forum

    def _after_forum_update(self) -> None:
        """Where a forum seat stands after a new save: claim, write or wait."""
        record = self.record()
        self.state = record.state
        self.viewer = self.seat
        self.selected = None
        self._clear_choices()
        if self.seat is None:
            self.stage = "claim"
        elif self.over:
            self.stage = "report"
        else:
            self.stage = "entry"
            self.mode = self._forum_entry_mode()

    # ------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        return {
            "version": self.SAVE_VERSION,
            "state": self.state.to_json(),
            "where": self.where,
            "drafts": {str(k): d.to_json() for k, d in self.drafts.items()},
            "stage": self.stage,
            "viewer": self.viewer,
            "mode": self.mode,
            "selected": self.selected,
            "count": self.count,
            **self._view_json(),
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
            "forfeit": self.forfeit,
            "stuck": self.stuck,
            "appointments": self.appointments,
            "pool": self.pool,
            "page_note": self.page_note,
            "recent": list(self.recent),
            **self._resolution_json(),
        }

    @classmethod
    def from_json(cls: type[SessionT], data: dict[str, Any]) -> SessionT:
        """:raises ValueError: an autosave of another version."""
        if data.get("version") != cls.SAVE_VERSION:
            raise ValueError(f"unknown {cls.TITLE} autosave version {data.get('version')!r}")
        make: Any = cls
        session: SessionT = make(
            state=cls.STATE_TYPE.from_json(data["state"]),
            where=str(data["where"]),
            drafts={int(k): cls.DRAFT_TYPE.from_json(v) for k, v in data["drafts"].items()},
            stage=str(data["stage"]),
            viewer=data["viewer"],
            mode=str(data["mode"]),
            selected=data["selected"],
            count=str(data["count"]),
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
            forfeit=str(data.get("forfeit", "")),
            stuck=str(data.get("stuck", "")),
            appointments=str(data.get("appointments", "")),
            pool=str(data.get("pool", "")),
            page_note=str(data.get("page_note", "")),
            recent=[str(c) for c in data.get("recent", [])],
            **cls._own_fields(data),
        )
        if session.where == "local" and len(session.human_seats()) == 1:
            session.acknowledge_handover()  # an autosave from before: one human, no screen
        return session
