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
from typing import Any

from engine.core import Order, PlayerSpec, find_ruleset
from engine.errors import EngineError, SaveError
from engine.keys import PlayerKey
from engine.rulesets.greatwar1907 import GreatWarState, Phase, Resolve
from engine.rulesets.greatwar1907.legal import (
    attack_targets,
    free_move_targets,
    sail_targets,
    strike_targets,
)
from engine.saves import SaveRecord, read_save
from ui.greatwar1907 import drafts, entry, purse, review
from ui.greatwar1907.drafts import Draft, EntryError
from ui.greatwar1907.replay import Frame, frames
from ui.shell import forum
from ui.shell.forum_session import ForumSeat
from ui.shell.pbem import extract_code, extract_invite
from ui.shell.replay import Replay

SAVE_VERSION = 1
RULESET = "greatwar1907"


def parse_count(text: str) -> int | None:
    """The units field: blank means "all" (None).

    :raises EntryError: not a whole number.
    """
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise EntryError(f"the count must be a whole number, not {text!r}")
    return int(text)


def _quarters(text: str) -> int:
    """pp typed by the player, as quarters ("" is none).

    :raises EntryError: not a number on the 0.25 grid.
    """
    text = text.strip()
    if not text:
        return 0
    try:
        value = float(text)
    except ValueError:
        raise EntryError(f"pp must be a number, not {text!r}") from None
    if value < 0 or abs(value * 4 - round(value * 4)) > 1e-9:
        raise EntryError(f"pp go in quarters (0.25), not {text!r}")
    return round(value * 4)


@dataclass
class GreatWarSession(ForumSeat):
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

    @classmethod
    def join(cls, code: str, key: PlayerKey) -> GreatWarSession:
        """Join a forum game from a pasted save code or invitation link.

        :raises EngineError: a damaged code, not a Great War 1907 save, or an invitation
            that opens no seat of the game.
        """
        invite = extract_invite(code)
        codes = forum.split_codes(extract_code(code))
        if len(codes) != 1:
            raise EntryError("paste exactly one save code")
        record = read_save(codes[0])
        if record.ruleset != RULESET:
            raise EntryError("this is not a Great War 1907 game")
        session = cls(record.state, "forum", code=record.code, game_id=record.game_id)
        session._record = record
        session.seat = forum.seat_of(record, key)
        if invite is not None and session.seat is None:
            seat, secret = invite
            if seat >= len(record.keys) or record.keys[seat] is not None:
                raise SaveError("save/seat-taken", f"nation {seat + 1} is already claimed")
            forum.invite_for(record, seat, secret)
            session.invite = secret
        session.moderated = record.moderator is not None
        session._after_forum_update()
        return session

    # ------------------------------------------------------------ queries

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    @property
    def draft(self) -> Draft:
        seat = self.viewer if self.viewer is not None else -1
        return self.drafts.setdefault(seat, Draft())

    @property
    def nation(self) -> str | None:
        return None if self.viewer is None else self.state.nation_ids[self.viewer]

    def missing_humans(self) -> list[int]:
        return [
            i
            for i, s in enumerate(self.state.players)
            if s.kind == "human" and self.state.orders[i] is None
        ]

    def name(self, place: str) -> str:
        return drafts.name(self.state, place)

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

    # ------------------------------------------------------------ order entry

    def _seat(self) -> int:
        if self.stage != "entry" or self.viewer is None:
            raise EntryError("It is not your turn to write orders")
        return self.viewer

    def set_mode(self, mode: str) -> None:
        if mode in drafts.modes(self.state) or mode == "diplomacy":
            self.mode = mode
            self.selected = None
            self.leaders = []

    def toggle_overlay(self, overlay: str) -> None:
        if overlay in self.overlays:
            self.overlays.remove(overlay)
        elif overlay in ("supply", "encircled", "blockade"):
            self.overlays.append(overlay)

    def toggle_leader(self, leader: str) -> str:
        seat = self._seat()
        if self.state.leaders.get(leader) is None or (
            self.state.leaders[leader].nation != self.state.nation_ids[seat]
        ):
            raise EntryError("not one of your leaders")
        if leader in self.leaders:
            self.leaders.remove(leader)
            return f"{self.state.map.leader(leader).name} stays"
        self.leaders.append(leader)
        return f"{self.state.map.leader(leader).name} goes with the next order from here"

    def leaders_here(self) -> list[str]:
        """Your living leaders where the selected order starts (to send with it)."""
        if self.viewer is None or self.selected is None:
            return []
        where = "sea" if self.state.map.is_sea(self.selected) else "province"
        nation = self.state.nation_ids[self.viewer]
        return [x.id for x in self.state.leaders_at(where, self.selected, nation)]

    def click(self, place: str) -> str:
        """What a tap on ``place`` means in the current mode; returns the message.

        :raises EntryError: with the message to show (the draft is unchanged).
        """
        seat = self._seat()
        state, draft = self.state, self.draft
        nation = state.nation_ids[seat]
        count = parse_count(self.count)
        sea = state.map.is_sea(place)
        mine = not sea and state.owner.get(place) == nation
        leaders = tuple(self.leaders)
        if self.mode in ("build", "ships"):
            if sea:
                raise EntryError("build in one of your provinces")
            n = 1 if count is None else count
            ships = self.mode == "ships"
            return entry.add_build(state, seat, draft, place, 0 if ships else n, n if ships else 0)
        if self.mode == "embark":
            return entry.add_embark(state, seat, draft, place, count)
        if self.mode == "disembark":
            return entry.add_disembark(state, seat, draft, place, count)
        if self.mode == "place":
            if not self.leaders:
                raise EntryError("choose the leader to place first")
            message = entry.add_place(state, seat, draft, self.leaders[0], place)
            self.leaders = []
            return message
        if self.mode == "trade":
            raise EntryError("write the trade in the panel: partner, what you give and get")
        if self.mode == "diplomacy":
            raise EntryError("choose a change in the diplomacy panel (each says its cost)")
        if self.selected is not None and place in self.targets():
            origin = self.selected
            add = {
                "move": entry.add_move,
                "sail": entry.add_sail,
                "attack": entry.add_attack,
                "strike": entry.add_strike,
            }[self.mode]
            message = add(state, seat, draft, origin, place, count, leaders)
            self.selected = None
            self.leaders = []
            return message
        if self.mode in ("move", "attack") and mine:
            self.selected = place
            self.leaders = []
            verb = "Move" if self.mode == "move" else "Attack"
            return f"{verb} from {self.name(place)}: tap a highlighted province"
        if self.mode == "sail" and state.fleet_at(place, nation) is not None:
            self.selected = place
            self.leaders = []
            return f"Sail from {self.name(place)}: tap a highlighted sea or port"
        if self.mode == "strike" and sea and state.fleet_at_sea(place, nation) is not None:
            self.selected = place
            self.leaders = []
            return f"Strike from {self.name(place)}: tap a highlighted coastal province"
        if self.mode == "sail":
            raise EntryError("tap a port or sea holding ships of yours")
        if self.mode == "strike":
            raise EntryError("tap a sea where your ships carry divisions")
        raise EntryError("tap one of your provinces to start from")

    def targets(self) -> list[str]:
        """Where the selected origin's units may go in the current mode."""
        if self.viewer is None or self.selected is None:
            return []
        nation = self.state.nation_ids[self.viewer]
        find = {
            "move": free_move_targets,
            "sail": sail_targets,
            "attack": attack_targets,
            "strike": strike_targets,
        }.get(self.mode)
        return find(self.state, nation, self.selected) if find is not None else []

    def highlight(self) -> list[str]:
        """Places a tap means something on now."""
        if self.stage != "entry" or self.viewer is None:
            return []
        if self.selected is not None:
            return self.targets()
        state = self.state
        nation = state.nation_ids[self.viewer]
        own = state.provinces_of(nation)
        if self.mode in ("build", "place"):
            return own
        if self.mode == "ships":
            return [p for p in own if state.map.province(p).port is not None]
        if self.mode in ("move", "attack"):
            find = free_move_targets if self.mode == "move" else attack_targets
            return [p for p in own if state.divisions(p, nation) and find(state, nation, p)]
        if self.mode == "embark":
            return [p for p in own if state.fleet_in_port(p, nation) and state.divisions(p, nation)]
        if self.mode in ("sail", "disembark"):
            return entry.fleet_places(state, nation)
        if self.mode == "strike":
            return [s for s, per in state.at_sea.items() if nation in per and per[nation].cargo]
        return []

    def set_trade_field(self, name: str, value: str) -> str:
        """One field of the trade being written; returns the route check of the offer."""
        if name in ("with", "give", "get", "give_pp", "get_pp"):
            self.trade_form[name] = value
        return self.trade_check()

    def trade_check(self) -> str:
        """The route condition of the offer as chosen so far, in words ("" for none)."""
        if self.viewer is None:
            return ""
        form = self.trade_form
        other = form.get("with") or next(
            n for n in self.state.nation_ids if n != self.state.nation_ids[self.viewer]
        )
        try:
            give_pp, get_pp = (_quarters(form.get(k, "")) for k in ("give_pp", "get_pp"))
        except EntryError as exc:
            return f"Refused: {exc}"
        give = tuple(p for p in (form.get("give", ""),) if p)
        get = tuple(p for p in (form.get("get", ""),) if p)
        if not (give or get or give_pp or get_pp):
            return ""
        why = purse.trade_refusal(self.state, self.viewer, other, give, get, give_pp, get_pp)
        if why is not None:
            return f"Refused: {why}"
        return f"Route open to {self.name(other)}: it goes ahead if they order the mirror offer"

    def trade(
        self,
        other: str,
        give: Sequence[str] = (),
        get: Sequence[str] = (),
        give_pp: str = "",
        get_pp: str = "",
    ) -> str:
        """Add a trade offer (pp as text, in pp; provinces by id).

        :raises EntryError: the offer is refused (named).
        """
        message = entry.add_trade(
            self.state,
            self._seat(),
            self.draft,
            other,
            tuple(p for p in give if p),
            tuple(p for p in get if p),
            _quarters(give_pp),
            _quarters(get_pp),
        )
        self.trade_form = {}
        return message

    def diplomacy(self, other: str, to: str) -> str:
        return entry.add_diplomacy(self.state, self._seat(), self.draft, other, to)

    def remove(self, section: str, index: int) -> None:
        self.draft.remove(section, index)

    def change(self, section: str, index: int) -> str:
        """Take an order back into the panel to write it again: its mode, origin, count
        and leaders as they were; it leaves the list until it is written again.

        :raises EntryError: no such order.
        """
        part = self.draft.remove(section, index)
        mode = {
            "builds": "ships" if part.get("ships") else "build",
            "moves": "move",
            "sail": "sail",
            "attacks": "attack",
            "strikes": "strike",
            "embark": "embark",
            "disembark": "disembark",
            "place": "place",
            "trades": "trade",
            "diplomacy": "diplomacy",
        }[section]
        self.set_mode(mode)
        count = part.get("ships") if section in ("sail",) else part.get("divisions")
        if section == "builds":
            count = part.get("ships") or part.get("divisions")
        self.count = "" if count is None else str(count)
        self.leaders = [str(x) for x in part.get("leaders", [])]
        if section == "place":
            self.leaders = [str(part["leader"])]
        if section == "trades":
            self.trade_form = {
                "with": str(part["with"]),
                "give": next(iter(part["give"]["provinces"]), ""),
                "get": next(iter(part["get"]["provinces"]), ""),
                "give_pp": f"{float(part['give']['pp']):g}" if part["give"]["pp"] else "",
                "get_pp": f"{float(part['get']['pp']):g}" if part["get"]["pp"] else "",
            }
        origin = part.get("from")
        if origin is not None:
            self.selected = str(origin)
            return f"Change it: from {self.name(self.selected)}, tap where it goes"
        return "Change it, then add it again"

    def clear(self) -> None:
        if self.viewer is not None:
            self.drafts[self.viewer] = Draft()
        self.selected = None
        self.leaders = []

    def warnings(self) -> list[str]:
        if self.viewer is None:
            return []
        return review.warnings(self.state, self.viewer, self.draft)

    def order(self) -> Order:
        return drafts.to_order(self.state, self._seat(), self.draft)

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
