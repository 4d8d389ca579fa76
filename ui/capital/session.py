"""A Capital Risk game as the page sees it (pure; no browser imports).

Pass-and-play (``where == "local"``): at the start of each phase every computer faction
writes its orders at once; then each human faction in turn gets a hand-over screen
(stage ``handover``), enters its orders on the map (stage ``entry``) and seals them.
When every faction has sealed, the turn resolves and the replay runs (stage
``replay``), then the report (stage ``report``); "Next turn" starts the next phase.

By forum (``where == "forum"``): this browser plays one faction (``seat``), identified
by its key in the save; it enters its orders, seals them (stage ``sealed``: the sealed
code to post, then the reveal code once all sealed codes are in), and anyone resolves
by pasting every code (see :mod:`ui.capital.forum`).

Everything, the draft being entered included, round-trips through :meth:`to_json`.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.core import Order, PlayerSpec, find_ruleset
from engine.rulesets.capital import CapitalState, Phase, Resolve
from ui.capital import cautions, entry
from ui.capital.entry import Draft, EntryError
from ui.capital.replay import Step, replay_steps
from ui.shell.odds_setting import percent
from ui.shell.sealed_session import SealedSession, count_field

RULESET = "capital"
SETUP_MODES = ("capital", "place")
ORDER_MODES = ("place", "attack", "surge", "move")


def parse_count(text: str) -> int | None:
    """The units field: blank means "maximum" (None).

    :raises EntryError: not a whole number.
    """
    return count_field(text, "units", EntryError)


@dataclass
class CapitalSession(SealedSession):
    RULESET: ClassVar[str] = RULESET
    TITLE: ClassVar[str] = "Capital Risk"
    SEAT_WORD: ClassVar[str] = "faction"
    SAVE_VERSION: ClassVar[int] = 1
    GAME_OVER: ClassVar[Any] = Phase.GAME_OVER
    GAME_ID_PREFIX: ClassVar[str] = "cap"
    STATE_TYPE: ClassVar[Any] = CapitalState
    DRAFT_TYPE: ClassVar[Any] = Draft
    state: CapitalState
    drafts: dict[int, Draft] = field(default_factory=dict)
    mode: str = "place"
    surge_max: str = ""  # the surge dialog's "only if it holds at most M" field
    picked: list[int] = field(default_factory=list)
    warn_below: int = 0
    """The player's warning threshold in percent (per device: the page sets it; 0 off)."""
    asking: tuple[str, str, int | None, str] | None = None
    """An attack (or, with ``asking_move``, a tactical move) waiting for the answer to a
    warning: origin, target, units, the question (not saved: a reload forgets the
    question, not the orders)."""
    asking_move: bool = False

    # ------------------------------------------------------------ hooks

    @classmethod
    def _forum_game(
        cls, specs: Sequence[PlayerSpec], options: dict[str, Any], seed: str
    ) -> CapitalState:
        """Every given faction played by a human (in a forum game each seat seals its own)."""
        human = [PlayerSpec(s.name, "human", s.color) for s in specs]
        state: CapitalState = find_ruleset(RULESET).new_game(human, options, seed)
        return state

    def _forum_start_mode(self) -> str:
        return "capital"

    def _forum_entry_mode(self) -> str:
        return "capital" if self.setup else "place"

    def _handover_mode(self) -> str:
        return "capital" if self.setup and self.draft.capital is None else "place"

    def _computers_to_write(self) -> list[int]:
        return [f for f in self.state.missing() if self.state.players[f].control != "human"]

    def _clear_choices(self) -> None:
        self.picked = []
        self.asking = None

    def _sealing(self) -> None:
        self.picked = []  # the cards picked for a trade are forgotten

    def _refusal(self, text: str) -> Exception:
        return EntryError(text)

    def _local_seal_message(self, who: str) -> str:
        if self.stage == "replay":  # the last seal resolved the turn: say so, not the seal
            title = (self.state.last_report or {}).get("title", "The turn")
            return f"{title} resolved: the replay shows it step by step"
        return f"{who}'s orders are sealed"

    # ------------------------------------------------------------ queries

    @property
    def setup(self) -> bool:
        return self.state.phase is Phase.SETUP

    @property
    def draft(self) -> Draft:
        seat = self.viewer if self.viewer is not None else -1
        return self.drafts.setdefault(seat, Draft())

    def missing_humans(self) -> list[int]:
        return [f for f in self.state.missing() if self.state.players[f].control == "human"]

    def human_seats(self) -> list[int]:
        return [f for f, p in enumerate(self.state.players) if p.control == "human"]

    def name(self, territory: str) -> str:
        return entry.name(self.state, territory)

    def steps(self) -> list[Step]:
        report = self.state.last_report
        return replay_steps(report) if report is not None else []

    @property
    def step(self) -> Step | None:
        steps = self.steps()
        if self.stage != "replay" or not steps:
            return None
        return steps[min(self.replay_step, len(steps) - 1)]

    # ------------------------------------------------------------ pass and play

    def acknowledge_handover(self) -> None:
        handing_over = self.seat_handed_over() is not None
        super().acknowledge_handover()
        if handing_over:
            self.count = ""  # each faction's units field starts blank

    def resolve(self) -> None:
        rs = find_ruleset(RULESET)
        started = time.perf_counter()
        self.state = rs.apply(self.state, Resolve()).state
        self.timings["resolve_ms"] = (time.perf_counter() - started) * 1000
        report = self.state.last_report or {}
        self.log.append(f"{report.get('title', 'Turn')} resolved")
        self.drafts = {}
        self.stage = "replay"
        self.replay_step = 0
        self.replay_paused = False  # each resolution's replay plays until paused
        self.viewer = None
        self.selected = None

    def replay_next(self) -> None:
        if self.stage != "replay":
            return
        self.replay_step += 1
        if self.replay_step >= len(self.steps()):
            self.stage = "report"

    def replay_back(self) -> None:
        """One step back in the resolution replay (it stays at the first)."""
        if self.stage == "replay":
            self.replay_step = max(0, min(self.replay_step, len(self.steps()) - 1) - 1)

    def toggle_replay_pause(self) -> None:
        if self.stage == "replay":
            self.replay_paused = not self.replay_paused

    def replay_by_hand(self, action: str) -> None:
        """``first``, ``back`` or ``next`` clicked: the replay pauses first, so a click
        never races the timer (issue 16: clicks went 1→5→7→8→9→11)."""
        if self.stage != "replay":
            return
        self.replay_paused = True
        if action == "first":
            self.replay_step = 0
        elif action == "back":
            self.replay_back()
        elif action == "next":
            self.replay_next()
        else:
            raise ValueError(f"unknown replay step {action!r}")

    def change_replay_speed(self, faster: bool) -> None:
        from ui.shell.replay import SPEEDS

        i = SPEEDS.index(self.replay_speed) if self.replay_speed in SPEEDS else 1
        self.replay_speed = SPEEDS[min(i + 1, len(SPEEDS) - 1) if faster else max(i - 1, 0)]

    def next_turn(self) -> None:
        """The "Next turn" button: :meth:`next_phase` (after the setup, a phase is a turn)."""
        self.next_phase()

    # ------------------------------------------------------------ order entry

    def set_mode(self, mode: str) -> None:
        modes = SETUP_MODES if self.setup else ORDER_MODES
        if mode in modes:
            self.mode = mode
            self.selected = None
            self.asking = None

    def _seat(self) -> int:
        if self.stage != "entry" or self.viewer is None:
            raise EntryError("It is not your turn to enter orders")
        return self.viewer

    def click(self, territory: str) -> str:
        """What a click on ``territory`` means in the current mode; returns the message.

        :raises EntryError: with the message to show.
        """
        f = self._seat()
        self.asking = None  # another click drops an unanswered question
        state, draft = self.state, self.draft
        units = parse_count(self.count)
        own = state.owner.get(territory) == f
        if self.mode == "capital":
            return entry.set_capital(state, f, draft, territory)
        if self.mode == "place":
            return entry.add_placement(state, f, draft, territory, 1 if units is None else units)
        if self.mode == "attack":
            if self.selected is not None and territory in entry.attack_targets(
                state, f, self.selected
            ):
                question = self.attack_warning(self.selected, territory, units)
                if question:
                    self.asking = (self.selected, territory, units, question)
                    self.asking_move = False
                    return question
                return entry.add_attack(state, f, draft, self.selected, territory, units)
            if own and territory in entry.attack_origins(state, f, draft):
                self.selected = territory
                return f"Attack from {self.name(territory)}: click an enemy neighbour"
            if own:
                raise EntryError(entry.why_no_attack(state, f, draft, territory))
            raise EntryError("Click one of your territories to attack from")
        if self.mode == "surge":
            if self.selected is not None and territory in entry.surge_targets(
                state, f, self.selected
            ):
                message = entry.add_surge(
                    state, f, draft, self.selected, territory, units, parse_count(self.surge_max)
                )
                self.selected = None
                return message
            if territory in {t for _, t, _ in draft.attacks}:
                self.selected = territory
                return f"If {self.name(territory)} falls: click the territory to surge into"
            raise EntryError("A surge starts from a territory you attack: click one")
        if self.mode == "move":
            if self.selected is not None and territory in entry.move_targets(
                state, f, self.selected
            ):
                question = self.move_warning(self.selected, territory, units)
                if question:
                    self.asking = (self.selected, territory, units, question)
                    self.asking_move = True
                    return question
                return entry.add_move(state, f, draft, self.selected, territory, units)
            if own:
                self.selected = territory
                return f"Tactical move from {self.name(territory)}: click your neighbours"
            raise EntryError("The tactical move starts from one of your territories")
        raise EntryError(f"unknown mode {self.mode!r}")

    def attack_warning(self, origin: str, target: str, units: int | None) -> str:
        """The question before writing an attack that leaves the capital exposed
        (:func:`ui.capital.cautions.capital_exposed`) or whose odds (as the orders list
        shows them) are below the player's threshold; "" when neither."""
        trial = Draft.from_json(self.draft.to_json())
        entry.add_attack(self.state, self._seat(), trial, origin, target, units)
        exposed = cautions.capital_exposed(self.state, self._seat(), trial, origin)
        if not self.warn_below:
            return exposed or ""
        chance = entry.attack_odds(self.state, trial, len(trial.attacks) - 1)
        if chance is None or chance >= self.warn_below / 100:
            return exposed or ""
        odds = f"This attack has only {percent(chance)} to take {self.name(target)}: attack anyway?"
        return f"{exposed} {odds}" if exposed else odds

    def move_warning(self, origin: str, dest: str, units: int | None) -> str:
        """The question before writing a tactical move that leaves the capital exposed;
        "" when it does not."""
        trial = Draft.from_json(self.draft.to_json())
        entry.add_move(self.state, self._seat(), trial, origin, dest, units)
        return cautions.capital_exposed(self.state, self._seat(), trial, origin) or ""

    def warning_case(self) -> str:
        """The kind of the open question (the dialog's ``data-case``)."""
        if self.asking is None:
            return ""
        return "odds" if self.asking[3].startswith("This attack") else "capital"

    def answer_warning(self, go_on: bool) -> str:
        """The player's answer to :meth:`attack_warning`'s question."""
        asked, self.asking = self.asking, None
        if asked is None:
            return ""
        if not go_on:
            return "Move not written." if self.asking_move else "Attack not written."
        origin, target, units, _ = asked
        if self.asking_move:
            return entry.add_move(self.state, self._seat(), self.draft, origin, target, units)
        return entry.add_attack(self.state, self._seat(), self.draft, origin, target, units)

    def highlight(self) -> list[str]:
        """Territories a click means something on now."""
        if self.stage != "entry" or self.viewer is None:
            return []
        f, state, draft = self.viewer, self.state, self.draft
        own = [t for t, o in state.owner.items() if o == f]
        if self.mode == "capital":
            return own
        if self.mode == "place":
            return [t for t in own if entry.room(state, f, draft, t) > 0]
        if self.mode == "attack":
            if self.selected is not None:
                return entry.attack_targets(state, f, self.selected)
            return entry.attack_origins(state, f, draft)
        if self.mode == "surge":
            if self.selected is not None:
                return entry.surge_targets(state, f, self.selected)
            return sorted({t for _, t, _ in draft.attacks})
        if self.mode == "move":
            if self.selected is not None:
                return entry.move_targets(state, f, self.selected)
            return [t for t in own if entry.move_free(state, f, draft, t) >= 1]
        return []

    def remove(self, kind: str, index: int) -> None:
        entry.remove(self.draft, kind, index)

    def pick_card(self, card: int) -> str:
        """Pick (or put back) one card of the hand for the next trade.

        :raises EntryError: not a card the faction may trade now.
        """
        f = self._seat()
        if card in self.picked:
            self.picked.remove(card)
            return f"Put back: {entry.card_label(self.state, card)}"
        if card not in entry.tradable(self.state, f, self.draft):
            raise EntryError("That card is not (or no longer) in your hand")
        if len(self.picked) >= 3:
            raise EntryError("Three cards are picked: trade them or put one back")
        self.picked.append(card)
        if len(self.picked) < 3:
            return f"Picked: {entry.card_label(self.state, card)} ({len(self.picked)}/3)"
        return f"Set: {entry.describe_trade(self.state, f, sorted(self.picked))}"

    def trade(self, cards: Sequence[int] | None = None) -> str:
        """Add a trade of ``cards`` (default: the picked cards) to the orders.

        :raises EntryError: the set is refused (the picked cards stay picked).
        """
        chosen = list(self.picked if cards is None else cards)
        message = entry.add_trade(self.state, self._seat(), self.draft, chosen)
        self.picked = []
        return message

    def clear(self) -> None:
        if self.viewer is not None:
            self.drafts[self.viewer] = Draft()
        self.selected = None
        self.picked = []

    def offenses(self) -> list[str]:
        if self.viewer is None:
            return []
        return entry.offenses(self.state, self.viewer, self.draft)

    def order(self) -> Order:
        f = self._seat()
        return entry.to_order(self.state, f, self.draft)

    # ------------------------------------------------------------ saving

    def _view_json(self) -> dict[str, Any]:
        return {
            "surge_max": self.surge_max,
            "picked": list(self.picked),
            "replay_step": self.replay_step,
        }

    @classmethod
    def _own_fields(cls, data: dict[str, Any]) -> dict[str, Any]:
        return {
            "surge_max": str(data.get("surge_max", "")),
            "picked": [int(c) for c in data.get("picked", [])],
            "replay_step": int(data["replay_step"]),
        }
