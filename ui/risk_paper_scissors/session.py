"""A Risk, Paper, Scissors game on one device (pure; no browser imports): who acts, who
may see what, the orders played, undo within a turn, and what the player is writing now
(the selected force, the purchase being put together), kept in the autosave.

Turns are sequential like Classic's; the year's bid is sealed: on one device each human
bids behind the hand-over screen, and once every bid is in the session resolves them
itself (the bids are public from then on).  In a game by email the bids go through
sealed codes instead (:mod:`ui.risk_paper_scissors.email_bids`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Event, Order, PlayerSpec, find_ruleset
from engine.rulesets.risk_paper_scissors.orders import Bid, Phase, ResolveBids
from engine.rulesets.risk_paper_scissors.state import RpsState
from ui.shell.pbem import PbemGame
from ui.shell.sequential import LogLine, SequentialSession, check_save_version, read_log

RULESET = "risk_paper_scissors"
SAVE_VERSION = 1
SECRET_PHASES = (Phase.BID, Phase.PURCHASE, Phase.ACTION, Phase.LOSSES)
"""Phases in which the player on turn sees a secret: its hand, armed cards, its bid."""


@dataclass
class Draft:
    """What the player is writing: the origin, target and force of a move or attack,
    the card being played (and its fields), the territory and units of a purchase."""

    origin: str | None = None
    target: str | None = None
    force: dict[str, Any] = field(default_factory=dict)
    card: str | None = None
    buy_at: str | None = None
    buy: dict[str, int] = field(default_factory=lambda: {"e": 0, "j": 0, "w": 0})
    headquarters: str | None = None
    station: str | None = None
    placed: dict[str, list[int]] = field(default_factory=dict)
    """A setup placed by hand: territory -> [E, J, W] added there."""

    def clear_force(self) -> None:
        self.origin = self.target = None
        self.force = {}
        self.card = None

    def to_json(self) -> dict[str, Any]:
        return {
            "origin": self.origin,
            "target": self.target,
            "force": {**self.force, "commanders": list(self.force.get("commanders", ()))},
            "card": self.card,
            "buy_at": self.buy_at,
            "buy": dict(self.buy),
            "headquarters": self.headquarters,
            "station": self.station,
            "placed": {t: list(c) for t, c in self.placed.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Draft:
        force = dict(data.get("force") or {})
        if force:
            force = {
                "e": int(force.get("e", 0)),
                "j": int(force.get("j", 0)),
                "w": int(force.get("w", 0)),
                "commanders": tuple(str(c) for c in force.get("commanders", ())),
            }
        buy = dict(data.get("buy") or {})
        return cls(
            origin=_text_or_none(data.get("origin")),
            target=_text_or_none(data.get("target")),
            force=force,
            card=_text_or_none(data.get("card")),
            buy_at=_text_or_none(data.get("buy_at")),
            buy={unit: int(buy.get(unit, 0)) for unit in ("e", "j", "w")},
            headquarters=_text_or_none(data.get("headquarters")),
            station=_text_or_none(data.get("station")),
            placed={
                str(t): [int(n) for n in counts][:3]
                for t, counts in dict(data.get("placed") or {}).items()
            },
        )


def _text_or_none(value: Any) -> str | None:
    return None if value is None else str(value)


class Session(SequentialSession):
    """One game as the page plays it."""

    undo_limit = 40

    def __init__(self, state: RpsState) -> None:
        self.ruleset = find_ruleset(RULESET)
        self.state: RpsState = state
        self.log: list[LogLine] = []
        """(acting seat or None, text), as the shell's email dialogs append them."""
        self.undo_stack: list[dict[str, Any]] = []
        self.revealed: int | None = None
        """The human seat that took the device (its secrets may be shown)."""
        self.draft = Draft()
        self.last_battle: dict[str, Any] | None = None
        """The last attack's battle event, with its origin and target, for the panel."""
        self.turn_order: list[int] = []
        """This year's slot order once the bids are resolved (shown until the next bid)."""
        self.paid_bids: dict[str, int] = {}
        self.pbem: PbemGame | None = None
        self.bid_round: dict[str, Any] = {}
        """This browser's codes of the year's sealed bid (email games)."""
        self._legal: list[Order] | None = None
        self._sync_viewer()

    # ------------------------------------------------------------ creation and saving

    @classmethod
    def new(cls, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str) -> Session:
        """A new game; raises :class:`engine.errors.OptionError` on bad options."""
        ruleset = find_ruleset(RULESET)
        session = cls(ruleset.new_game(players, options, seed))
        session.log.append((None, f"New game, seed {seed}: {len(players)} players."))
        return session

    def to_json(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "state": self.state.to_json(),
            "log": self.log_json(),
            "undo": self.undo_stack,
            "revealed": self.revealed,
            "draft": self.draft.to_json(),
            "last_battle": self.last_battle,
            "turn_order": list(self.turn_order),
            "paid_bids": dict(self.paid_bids),
            "pbem": None if self.pbem is None else self.pbem.to_json(),
            "bid_round": dict(self.bid_round),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Session:
        """Restore a session saved by :meth:`to_json`.

        :raises ValueError: a save of another version, or a malformed one (the engine's
            errors are ValueErrors too).
        """
        check_save_version(data, SAVE_VERSION)
        session = cls(find_ruleset(RULESET).state_from_json(data["state"]))
        session.log = read_log(data.get("log", []))
        session.undo_stack = list(data.get("undo", []))
        revealed = data.get("revealed")
        session.revealed = None if revealed is None else int(revealed)
        session.draft = Draft.from_json(data.get("draft") or {})
        session.last_battle = data.get("last_battle")
        session.turn_order = [int(s) for s in data.get("turn_order", [])]
        session.paid_bids = {str(k): int(v) for k, v in dict(data.get("paid_bids", {})).items()}
        session.bid_round = dict(data.get("bid_round", {}))
        session._attach_saved_pbem(data)
        return session

    def _adopted(self, events: Sequence[Event]) -> None:
        self.draft = Draft()
        self.bid_round = {}

    # ------------------------------------------------------------ who acts, who sees

    @property
    def over(self) -> bool:
        return self.state.phase is Phase.GAME_OVER

    @property
    def sealed_round(self) -> bool:
        """A game by email at the year's bid: every browser seals its own bid at once."""
        return self.pbem is not None and self.state.phase is Phase.BID

    def acts_here(self, seat: int | None) -> bool:
        if self.pbem is None:
            return True
        if self.sealed_round:
            return False  # nobody plays orders: the bids go by sealed codes
        return self.pbem.may_act(self.state, seat)

    @property
    def waiting(self) -> bool:
        """A game by email where another browser has the turn (the sealed bid is
        everyone's at once, so nobody waits for it)."""
        return not self.over and not self.sealed_round and not self.acts_here(self.actor)

    @property
    def computer_to_act(self) -> bool:
        """Nor during the sealed bid, which every browser seals for its own seats."""
        return super().computer_to_act and not self.sealed_round

    def shows_nothing_secret(self, seat: int) -> bool:
        """A claim or setup, and no hand yet: nothing secret on screen."""
        return self.state.phase not in SECRET_PHASES and not self.state.players[seat].hand

    # ------------------------------------------------------------ playing orders

    def play(self, order: Order, human: bool = True) -> list[Event]:
        """Apply ``order`` (then, on one device, resolve the bids once all are in).

        :raises engine.errors.EngineError: the order is illegal; nothing changed.
        """
        snapshot = self._snapshot() if human else None
        before = (self.actor, self.state.turn, self.state.phase)
        outcome = self.ruleset.apply(self.state, order)
        self.state = outcome.state
        events = list(outcome.events)
        if self.pbem is not None:
            self.pbem.actions.append(order.to_json())
        if isinstance(order, Bid) and self.pbem is None and self._all_bids_in():
            resolved = self.ruleset.apply(self.state, ResolveBids())
            self.state = resolved.state
            events += resolved.events
        self._legal = None
        barrier = (
            isinstance(order, Bid)
            or (self.actor, self.state.turn) != before[:2]
            or self.state.phase is Phase.LOSSES
        )
        self._keep_undo(snapshot, barrier)
        if self.actor != before[0] or self.state.phase is not before[2]:
            self.draft = Draft()
        elif order.KIND in ("Move", "Attack", "PlayCard", "ArmCard"):
            self.draft.clear_force()
        elif order.KIND == "BuyUnits":
            self.draft.buy = {"e": 0, "j": 0, "w": 0}
        self._record(events)
        self._sync_viewer()
        return events

    def _all_bids_in(self) -> bool:
        return self.state.phase is Phase.BID and all(
            self.state.bids[s] is not None for s in self.state.living()
        )

    def _record(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event.get("type")
            if kind == "bids":
                self.turn_order = [int(s) for s in event["order"]]
                self.paid_bids = {str(s): int(a) for s, a in event["bids"].items()}
            elif kind == "year":
                self.turn_order, self.paid_bids = [], {}
            elif kind == "attack":
                self.last_battle = {k: event[k] for k in ("origin", "target", "force")}
            elif kind == "battle" and self.last_battle is not None:
                self.last_battle = {**self.last_battle, **event}
        super()._record(events)

    def event_text(self, event: Event) -> str | None:
        from engine.rulesets.risk_paper_scissors.report import event_line

        return event_line(self.state, event)

    # ------------------------------------------------------------ undo

    def _undone(self, snapshot: dict[str, Any]) -> None:
        """Undo goes back within the turn only: combat has no dice and the market no
        draw, so nothing hidden was learnt."""
        self.draft.clear_force()

    def name(self, territory: str) -> str:
        return self.state.board.names.get(territory, territory)
