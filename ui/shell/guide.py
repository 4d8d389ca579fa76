""" "Learn by playing": a short scripted game on a prepared position, played on the real
page with the real engine (issue 29, "A guided first game").

A guide is data (:class:`Guide`): the ruleset, a position text (its ``rng`` line fixes
every die and draw, so every outcome the script explains is known), and a list of
:class:`Step`.  Each step says what to do, marks what to tap (territories on the board, a
control by its test id), knows when it is done (a test on the game state) and explains
what happened from the engine's own result: the runner replays the step's orders on the
state the step began from (the same seed gives the same dice the page rolled) and hands
the events to the step's ``explain``.  Each ruleset's script is ``ui/<ruleset>/guide.py``
(``GUIDE``); this module is the runner, the same for all four.

Decisions:

- The runner watches, it does not play: the page's own controls do every action, and
  the runner hears each new state through :meth:`ui.shell.page.Shell.note`.  A tap on a
  territory the step does not name, or a press of a game's button the step does not let
  through (its ``control`` and its ``controls``, data), is turned down with a note (the
  game is untouched); anything else the page allows simply happens, and the step is
  done when its test says so.  Buttons outside a game's panels (the shell's menus,
  help, the guide's own card) and in overlays (a warning, a hand-over) are never turned
  down, nor is anything while the computers play.
- A guide game is a local game started from its position (never an email or forum
  game): its autosave is marked ``guide`` and the step reached is kept beside it, so a
  reload resumes the guide at its step.
- Its end offers a real game with the guide's settings: the new-game form is shown
  filled in with them (the ruleset, the players, who the computer plays and at what
  level, the options the form has), for the player to change or start.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from html import escape
from typing import Any

from engine.core import Event, Order, find_ruleset

STORAGE_KEY = "risk-family.guide"
"""The guide under way: its ruleset, the step reached, the state that step began from."""
PANEL = "guide"
ACTIONS = frozenset({"guide-open", "guide-next", "guide-leave", "guide-real"})


@dataclass(frozen=True)
class Seen:
    """What a step's ``explain`` is told: the state the step began from, the state now,
    and the events of the step's orders replayed on ``before`` (empty when the step has no
    orders, e.g. the computers' turn)."""

    before: Any
    after: Any
    events: Sequence[Event]


@dataclass(frozen=True)
class Step:
    say: str
    """What to do, in player words."""
    done: Callable[[Any, Any], bool]
    """``done(before, now)``: the step is finished."""
    orders: Callable[[Any], Sequence[Order]] = lambda _state: ()
    """The engine orders that do the step from ``before`` (what the player's taps give);
    empty for a step the computers play."""
    explain: Callable[[Seen], str] = lambda _seen: ""
    """What happened, and why, computed from the engine's result."""
    territories: tuple[str, ...] = ()
    """Marked on the board; while the step waits, a tap on another territory is turned
    down (empty: any tap is let through)."""
    strict: bool = True
    """A tap on a territory not in ``territories`` is turned down."""
    control: str = ""
    """The test id of the control to press, marked too."""
    controls: tuple[str, ...] = ()
    """The test ids of the game's other buttons the step lets through, as patterns
    (``"card-*"``: every id that begins ``card-``; ``"*"``: all).  A step with neither
    ``control`` nor ``controls`` lets every button through."""
    computers: bool = False
    """The computers play this step: the player only watches."""


def allows(step: Step, testid: str) -> bool:
    """``step`` lets a press of the game's button ``testid`` through."""
    if step.computers or (not step.control and not step.controls):
        return True
    return any(fnmatchcase(testid, wanted) for wanted in (step.control, *step.controls) if wanted)


def not_yet(step: Step, label: str) -> str:
    """The note for a button pressed too early: what the step asks for instead
    (``label``: the words on the step's control, if the page shows it)."""
    if label:
        return f"Not yet: press “{label}” (it glows) when the step says so."
    return "Not yet: follow the step in the guide's card first."


@dataclass(frozen=True)
class Guide:
    ruleset: str
    title: str
    position: str
    steps: tuple[Step, ...]
    welcome: str = ""
    ending: str = ""
    form: dict[str, str] = field(default_factory=dict)
    """New-game form values for "Play a real game" (the form's name → value; a checkbox
    "on" or "off"), the guide's own settings (:func:`seat_rows`)."""

    def start(self) -> Any:
        """The guide's first state, read from its position text."""
        return find_ruleset(self.ruleset).from_position_text(self.position)


def seat_rows(
    players: Sequence[Any], prefix: str, kind: str, rows: int, switch: bool = True
) -> dict[str, str]:
    """The new-game form's player rows for ``players`` (``{prefix}{row}-name``, the
    control select ``{prefix}{row}-{kind}`` and, with ``switch``, the row's ``-on``
    checkbox): the first rows take the players, the others are switched off."""
    values: dict[str, str] = {}
    for row in range(rows):
        playing = row < len(players)
        if switch:
            values[f"{prefix}{row}-on"] = "on" if playing else "off"
        if playing:
            values[f"{prefix}{row}-name"] = str(players[row].name)
            values[f"{prefix}{row}-{kind}"] = str(players[row].control)
    return values


def load(ruleset: str) -> Guide:
    """The ruleset's script (``ui/<ruleset>/guide.py``)."""
    guide: Guide = importlib.import_module(f"ui.{ruleset}.guide").GUIDE
    return guide


def replay(ruleset: str, state: Any, orders: Sequence[Order]) -> tuple[Any, list[Event]]:
    """``orders`` applied in turn to ``state`` by the engine: the state reached and every
    event.  :raises engine.errors.EngineError: an order is not legal when reached."""
    rules = find_ruleset(ruleset)
    events: list[Event] = []
    for order in orders:
        outcome = rules.apply(state, order)
        state = outcome.state
        events += outcome.events
    return state, events


def explain(ruleset: str, step: Step, before: Any, after: Any) -> str:
    """The step's explanation of ``after``: its orders replayed on ``before`` give the
    events (the seed in the state makes them the page's own)."""
    events: list[Event] = []
    try:
        _, events = replay(ruleset, before, step.orders(before))
    except Exception:  # the player went another way the page allowed: no events to tell
        events = []
    try:
        return step.explain(Seen(before, after, events))
    except Exception:
        return ""


def percent(chance: float) -> str:
    """A chance for players: "83%" (never 100% or 0% unless certain)."""
    shown = round(chance * 100)
    if 0 < chance < 1:
        shown = min(99, max(1, shown))
    return f"{shown}%"


def dice_text(faces: Sequence[int]) -> str:
    return ", ".join(str(face) for face in sorted(faces, reverse=True)) or "none"


# ------------------------------------------------------------------ the runner (browser)


class GuideRunner:
    """The guide under way on the page, if any (one at a time)."""

    def __init__(self, shell: Any) -> None:
        self.shell = shell
        self.guide: Guide | None = None
        self.index = 0
        self.before: Any = None
        """The state the current step began from."""
        self.told = ""
        """The explanation of the step just finished (shown until the next one is done)."""
        self.note_line = ""
        self.finished = False
        self.opening = False
        """The guide is starting its own game (which must not stop it)."""
        self.shown = -1
        """The step whose territories were last brought into view (once a step: the
        player's own pans are not undone)."""

    @property
    def step(self) -> Step | None:
        if self.guide is None or self.index >= len(self.guide.steps):
            return None
        return self.guide.steps[self.index]

    def on(self, ruleset: str) -> bool:
        return self.guide is not None and self.guide.ruleset == ruleset

    # ------------------------------------------------------------ events

    def action(self, name: str, button: Any) -> None:
        if name == "guide-open":
            self.open(self.shell.chosen_rules())
        elif name == "guide-leave":
            self.leave()
        elif name == "guide-real":
            self.real_game()
        elif name == "guide-next":
            self.draw()

    def on_board_click(self, event: Any) -> None:
        """While a step names territories, a tap on another one is turned down (capture
        phase: the page never hears it)."""
        step = self.step
        if step is None or not step.strict or not step.territories or self.shell.active is None:
            return
        if not self.on(self.shell.active.entry.ruleset):
            return
        target = event.target.closest("[data-territory],[data-hit]")
        if target is None or not _found(target):
            return
        territory = str(
            target.getAttribute("data-territory") or target.getAttribute("data-hit") or ""
        )
        if territory in step.territories:
            self.clear_note()
        elif territory:
            event.stopImmediatePropagation()
            event.preventDefault()
            rules = find_ruleset(self.guide.ruleset) if self.guide else None
            name = territory
            if rules is not None and self.before is not None:
                with contextlib.suppress(Exception):
                    name = rules.place_name(self.before, territory)
            wanted = " or ".join(self.place(t) for t in step.territories)
            self.note_line = f"Not {name} this time: the guide asks for {wanted}."
            self.draw()

    def on_control_click(self, event: Any) -> None:
        """While a step waits, a press of a game's button it does not let through is
        turned down (capture phase: the page never hears it)."""
        step = self.step
        if step is None or self.shell.active is None:
            return
        if not self.on(self.shell.active.entry.ruleset):
            return
        closest = getattr(event.target, "closest", None)
        node = closest("button[data-testid]") if closest is not None else None
        if node is None or not _found(node):
            return
        if not _found(node.closest("section.game")) or _found(node.closest(".overlay")):
            return
        testid = str(node.getAttribute("data-testid") or "")
        if not testid or allows(step, testid):
            self.clear_note()
            return
        event.stopImmediatePropagation()
        event.preventDefault()
        self.note_line = not_yet(step, self.control_label(step))
        self.draw()

    def clear_note(self) -> None:
        """A press the step lets through: a "Not yet" note from an earlier press no
        longer applies."""
        if self.note_line:
            self.note_line = ""
            self.draw()

    def control_label(self, step: Step) -> str:
        """The words on the step's control as the page shows them now ("" if none)."""
        if not step.control:
            return ""
        from pyscript import document

        node = document.querySelector(f'section.game [data-testid="{step.control}"]')
        if not _found(node):
            return ""
        return " ".join(str(node.textContent or "").split())

    def place(self, territory: str) -> str:
        if self.guide is None or self.before is None:
            return territory
        try:
            return str(find_ruleset(self.guide.ruleset).place_name(self.before, territory))
        except Exception:
            return territory

    # ------------------------------------------------------------ start, resume, leave

    def open(self, ruleset: str) -> None:
        page = self.shell.pages.get(ruleset)
        if page is None:
            return

        def begin() -> None:
            guide = load(ruleset)
            state = guide.start()
            self.guide = guide
            self.index = 0
            self.shown = -1
            self.before = state
            self.told = guide.welcome
            self.note_line = ""
            self.finished = False
            self.keep()
            self.opening = True
            try:
                self.shell.start_position(page, state)
            finally:
                self.opening = False
            self.shell.message(f"Learn by playing: {guide.title}.")
            self.draw()

        self.shell.when_loaded(page, begin)

    def resumed(self, ruleset: str, state: Any) -> None:
        """A guide game was restored from the autosave: back to the step reached."""
        try:
            kept = json.loads(_stored(STORAGE_KEY) or "{}")
        except ValueError:
            kept = {}
        guide = load(ruleset)
        self.guide = guide
        self.shown = -1
        self.finished = False
        self.note_line = ""
        self.told = ""
        if kept.get("ruleset") == ruleset:
            self.index = min(int(kept.get("step", 0)), len(guide.steps))
            try:
                self.before = find_ruleset(ruleset).state_from_json(kept["before"])
            except Exception:
                self.before = state
        else:
            self.index, self.before = 0, guide.start()
        self.observe(ruleset, state)
        self.draw()

    def keep(self) -> None:
        if self.guide is None:
            return
        data = {"ruleset": self.guide.ruleset, "step": self.index}
        if self.before is not None:
            data["before"] = self.before.to_json()
        with contextlib.suppress(Exception):
            _store(STORAGE_KEY, json.dumps(data))

    def leave(self) -> None:
        """Leave the guide: its game is forgotten and the new-game form shows."""
        guide = self.guide
        self.stop()
        if guide is None:
            return
        page = self.shell.pages[guide.ruleset]
        self.shell.forget(page.entry)
        page.deactivate()
        self.shell.show_setup()
        self.shell.message("You left the guide: start it again from the new-game form.")

    def stop(self) -> None:
        self.guide = None
        self.index = 0
        self.before = None
        self.finished = False
        self.shown = -1
        with contextlib.suppress(Exception):
            _remove(STORAGE_KEY)
            _board_show("")  # the board no longer keeps a step's territories in view
        self.draw()

    def real_game(self) -> None:
        """The end's offer: the new-game form filled in with the guide's settings, for
        the player to look over and start."""
        guide = self.guide
        if guide is None:
            return
        self.leave()
        from pyscript import document

        form = document.getElementById("new-game-form")
        rules = form.elements.namedItem("rules")
        if _found(rules):
            rules.value = guide.ruleset
            self.shell.rules_chosen()
        for name, value in guide.form.items():
            control = form.elements.namedItem(name)
            if not _found(control):
                continue
            if str(getattr(control, "type", "")) == "checkbox":
                control.checked = value == "on"
            else:
                control.value = value
        self.shell.message(
            f"A real game of {guide.title}: the form holds the guide's players and settings. "
            "Change any of them, then press Start game."
        )

    def game_left(self, ruleset: str) -> None:
        """Another game starts, or the guide's game was replaced: the guide ends quietly."""
        if self.on(ruleset) or self.guide is not None:
            self.stop()

    # ------------------------------------------------------------ following the game

    def observe(self, ruleset: str, state: Any) -> None:
        """The page drew ``state`` of ``ruleset``: is the step done?"""
        if not self.on(ruleset) or self.guide is None:
            return
        advanced = False
        while (step := self.step) is not None and step.done(self.before, state):
            self.told = explain(ruleset, step, self.before, state)
            self.note_line = ""
            self.index += 1
            self.before = state
            advanced = True
        if self.step is None and not self.finished:
            self.finished = True
            advanced = True
        if advanced:
            self.keep()
        self.shell.tasks.add(asyncio.ensure_future(self.later()))

    async def later(self) -> None:
        await asyncio.sleep(0)  # after the page has drawn its controls
        self.draw()

    # ------------------------------------------------------------ drawing

    def draw(self) -> None:
        from pyscript import document

        panel = document.getElementById(PANEL)
        if not _found(panel):
            return
        for old in document.querySelectorAll(".guide-target"):
            old.classList.remove("guide-target")
        guide = self.guide
        active = self.shell.active
        if guide is None or active is None or active.entry.ruleset != guide.ruleset:
            panel.hidden = True
            panel.innerHTML = ""
            document.body.classList.remove("guiding")
            return
        document.body.classList.add("guiding")
        mark = document.getElementById("position-mark")
        if _found(mark):
            mark.hidden = True  # a guide's game is not "started from a position" for a player
        panel.hidden = False
        panel.innerHTML = panel_html(guide, self.index, self.told, self.note_line)
        step = self.step
        if step is None:
            if self.shown != self.index:
                self.shown = self.index
                _board_show("")  # the guide's end: the player's own view from now on
            return
        self.bring_into_view(step)
        for territory in step.territories:
            for node in document.querySelectorAll(
                f'#board path[data-territory="{territory}"], #board [data-hit="{territory}"]'
            ):
                node.classList.add("guide-target")
        if step.control:
            for node in document.querySelectorAll(f'[data-testid="{step.control}"]'):
                node.classList.add("guide-target")

    def bring_into_view(self, step: Step) -> None:
        """The step's territories panned into the board's view, once a step (a phone
        shows part of the board): ``boardView.show`` in ui/board.js, which keeps them in
        view when the board is framed anew (another viewer); a step without any clears
        them."""
        if self.shown == self.index:
            return
        if _board_show(" ".join(step.territories)) or not step.territories:
            self.shown = self.index


def panel_html(guide: Guide, index: int, told: str, note: str) -> str:
    """The guide's card: the step's count, what happened last, what to do now."""
    total = len(guide.steps)
    parts = [
        '<div class="row between guide-head">'
        f'<strong data-testid="guide-title">Learn by playing · {escape(guide.title)}</strong>'
        '<button type="button" class="btn ghost small" data-action="guide-leave"'
        ' data-testid="guide-leave">Leave the guide</button></div>'
    ]
    if told:
        parts.append(f'<p class="guide-told" data-testid="guide-told">{escape(told)}</p>')
    if note:
        parts.append(
            f'<p class="guide-note" role="status" data-testid="guide-note">{escape(note)}</p>'
        )
    if index < total:
        step = guide.steps[index]
        waiting = " guide-wait" if step.computers else ""
        parts.append(
            f'<p class="guide-say{waiting}" data-testid="guide-say" data-step="{index + 1}">'
            f'<span class="guide-count">Step {index + 1} of {total}:</span> '
            f"{escape(step.say)}</p>"
        )
    else:
        parts.append(
            f'<p class="guide-say" data-testid="guide-end">{escape(guide.ending)}</p>'
            '<div class="row"><button type="button" class="btn primary" data-action="guide-real"'
            ' data-testid="guide-real">Play a real game</button></div>'
        )
    return f'<div class="guide-card" data-testid="guide-step">{"".join(parts)}</div>'


def _board_show(ids: str) -> bool:
    """``boardView.show(ids)`` (ui/board.js): False when the board is not drawn yet."""
    from pyscript import window

    view = getattr(window, "boardView", None)
    show = getattr(view, "show", None) if view is not None else None
    if show is None:
        return False
    try:
        return bool(show(ids))
    except Exception:
        return False


def _found(node: Any) -> bool:
    from ui.shell.dom import found

    return found(node)


def _stored(name: str) -> str | None:
    from ui.shell.dom import stored

    return stored(name)


def _store(name: str, value: str) -> None:
    from ui.shell.dom import store

    store(name, value)


def _remove(name: str) -> None:
    from pyscript import window

    window.localStorage.removeItem(name)
