"""The exact battle preview before an attack (spec 10.3, 11, 17.2).

Combat has no dice, so the engine's :func:`battle` says the outcome round by round before
the player commits.  :func:`preview_attack` runs the Attack's own checks (the same
refusal, with the same code, that applying it would give), prices the unit-steps with the
engine's step pool on a copy, and fights the battle.  Like the spec's preview (17.2) it
ignores armed cards: where they lie is secret from the attacker, so the view only warns.
:func:`battle_html` is the small HTML the page shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from engine.errors import EngineError, IllegalOrderError
from engine.rulesets.risk_paper_scissors.battle import BattleResult, Kills, Outcome, Side, battle
from engine.rulesets.risk_paper_scissors.common import pay_steps
from engine.rulesets.risk_paper_scissors.movement import check_attack
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES
from engine.rulesets.risk_paper_scissors.orders import Attack, Phase
from engine.rulesets.risk_paper_scissors.state import RpsState
from engine.rulesets.risk_paper_scissors.view import card_counts
from ui.risk_paper_scissors.marks import COMMANDER_MARKS, COMMANDER_NAMES
from ui.risk_paper_scissors.tips import COLUMN_TIPS
from ui.shell.tips import column_head


@dataclass(frozen=True)
class BattlePreview:
    """What an attack will do: its cost and, unless the target is empty, the battle."""

    seat: int
    origin: str
    target: str
    force: Side
    defender: Side | None
    """The target's pieces; None when it is empty (the force moves in, no combat)."""
    defender_seat: int | None
    result: BattleResult | None
    steps: int
    energy: int
    """Energy the steps cost now (the bank is used first, spec 10.1)."""
    bank_after: int

    @property
    def outcome(self) -> Outcome:
        return Outcome.CAPTURE if self.result is None else self.result.outcome

    @property
    def captures(self) -> bool:
        return self.outcome is Outcome.CAPTURE


def attack_order(origin: str, target: str, force: Side) -> Attack:
    commanders = tuple(c for c in COMMANDER_TYPES if c in force.commanders)
    return Attack(origin, target, force.e, force.j, force.w, commanders)


def preview_attack(state: RpsState, origin: str, target: str, force: Side) -> BattlePreview:
    """The exact result of the player on turn attacking ``target`` from ``origin`` with
    ``force``, leaving ``state`` untouched.

    :raises IllegalOrderError: ``order/wrong-phase`` outside the action phase, or the
        refusal the Attack itself would give (``rps/not-adjacent``, ``rps/leave-one``,
        ``rps/not-enough-energy`` ...), with the same code.
    """
    if state.phase is not Phase.ACTION:
        raise IllegalOrderError(
            "order/wrong-phase", f"an attack is not allowed in the {state.phase.value} phase"
        )
    seat = state.current
    check_attack(state, seat, attack_order(origin, target, force))
    priced = state.clone()
    energy = pay_steps(priced, seat, force.units)
    defender_seat = state.owner.get(target)
    if defender_seat is None:
        defender = result = None
    else:
        defender = state.side_at(target)
        result = battle(force, defender, state.options.commander_loss_order)
    return BattlePreview(
        seat,
        origin,
        target,
        force,
        defender,
        defender_seat,
        result,
        force.units,
        energy,
        priced.turn_state.bank,
    )


def side_text(side: Side) -> str:
    """``3E 2J 1W + Land Commander``; ``nothing`` for an empty side."""
    units = " ".join(f"{n}{t}" for t, n in (("E", side.e), ("J", side.j), ("W", side.w)) if n)
    named = ", ".join(COMMANDER_NAMES[c] for c in COMMANDER_TYPES if c in side.commanders)
    if units and named:
        return f"{units} + {named}"
    return units or named or "nothing"


def side_short(side: Side) -> str:
    """``3E 2J 1W +L N`` (the board's commander letters); ``—`` for an empty side."""
    units = " ".join(f"{n}{t}" for t, n in (("E", side.e), ("J", side.j), ("W", side.w)) if n)
    letters = " ".join(COMMANDER_MARKS[c] for c in COMMANDER_TYPES if c in side.commanders)
    text = " ".join(p for p in (units, f"+{letters}" if letters else "") if p)
    return text or "—"


def losses(before: Side, after: Side) -> Side:
    return Side(
        before.e - after.e,
        before.j - after.j,
        before.w - after.w,
        before.commanders - after.commanders,
    )


def _kills_text(kills: Kills, lost: Side) -> str:
    """What one side killed in a round, by the rule that did it."""
    parts = []
    if kills.e:
        parts.append(f"Wolves kill {kills.e}E")
    if kills.jaguar_types:
        dead = [f"{lost.j}J"] if lost.j else []
        dead += [COMMANDER_NAMES[c] for c in COMMANDER_TYPES if c in lost.commanders]
        parts.append(f"Elementals kill {', '.join(dead)}")
    if kills.w:
        parts.append(f"Jaguars and commanders kill {kills.w}W")
    return "; ".join(parts) or "nothing"


def battle_html(state: RpsState, origin: str, target: str, force: Side) -> str:
    """The preview as HTML: the cost, each round (who kills what, the survivors), and the
    result.  An attack the engine would refuse shows its message and code instead."""
    try:
        preview = preview_attack(state, origin, target, force)
    except EngineError as error:
        return (
            f'<div class="rps-battle refused" data-code="{escape(error.code)}">'
            f"<p>{escape(str(error))}</p></div>"
        )
    return preview_html(state, preview)


def preview_html(state: RpsState, preview: BattlePreview) -> str:
    names = state.board.names
    origin, target = escape(names[preview.origin]), escape(names[preview.target])
    cost = (
        f"{preview.steps} unit-step{'s' if preview.steps != 1 else ''}: "
        f"{preview.energy} energy (bank {preview.bank_after} after), paid when declared"
    )
    head = (
        f'<p class="rps-battle-head">Attack {target} from {origin} with '
        f"{escape(side_text(preview.force))}. {cost}.</p>"
    )
    parts = [
        f'<div class="rps-battle" data-outcome="{preview.outcome.value}" '
        f'data-steps="{preview.steps}" data-energy="{preview.energy}">',
        head,
    ]
    if preview.result is None or preview.defender is None:
        parts.append(
            f'<p class="rps-result">{target} is empty: the force moves in without combat.</p>'
        )
        parts.append("</div>")
        return "".join(parts)
    defender_name = escape(_seat_name(state, preview.defender_seat))
    parts.append(_rounds_table(preview, defender_name))
    parts.append(
        f'<p class="rps-result">{_result_text(preview, origin, target, defender_name)}</p>'
    )
    note = "Exact: combat has no dice."
    if _may_have_armed(state, preview.defender_seat):
        note += " A Death Trap or Cease Fire the defender has armed face down would change it."
    parts.append(f'<p class="rps-note">{note}</p>')
    parts.append("</div>")
    return "".join(parts)


def _may_have_armed(state: RpsState, seat: int | None) -> bool:
    """From public knowledge only (spec 14): the decks of the cards a player holds.  The
    armed cards of version 1 are Death Trap (land) and Cease Fire (diplomat)."""
    if seat is None:
        return False
    decks = card_counts(state, seat)
    return bool(decks.get("land") or decks.get("diplomat"))


def _seat_name(state: RpsState, seat: int | None) -> str:
    return "nobody" if seat is None else state.players[seat].name


def _rounds_table(preview: BattlePreview, defender_name: str) -> str:
    result = preview.result
    assert result is not None and preview.defender is not None
    rows = []
    sides = [(r.attacker, r.defender) for r in result.rounds] + [(result.attacker, result.defender)]
    for number, r in enumerate(result.rounds, 1):
        after_attacker, after_defender = sides[number]
        rows.append(
            f'<tr data-round="{number}"><th scope="row">{number}</th>'
            f"<td>{escape(side_short(r.attacker))}</td><td>{escape(side_short(r.defender))}</td>"
            f"<td>{escape(_kills_text(r.attacker_kills, losses(r.defender, after_defender)))}</td>"
            f"<td>{escape(_kills_text(r.defender_kills, losses(r.attacker, after_attacker)))}</td>"
            "</tr>"
        )
    rows.append(
        '<tr class="survivors"><th scope="row">left</th>'
        f'<td data-side="attacker">{escape(side_short(result.attacker))}</td>'
        f'<td data-side="defender">{escape(side_short(result.defender))}</td>'
        f'<td colspan="2">no kill possible after {len(result.rounds)} '
        f"round{'s' if len(result.rounds) != 1 else ''}</td></tr>"
    )
    return (
        '<table class="rps-rounds"><thead><tr>'
        + "".join(
            column_head(label, COLUMN_TIPS[key], ' scope="col"')
            for label, key in (
                ("Round", "Round"),
                ("You", "You"),
                (defender_name, "Defender"),
                ("You kill", "You kill"),
                ("They kill", "They kill"),
            )
        )
        + "</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _result_text(preview: BattlePreview, origin: str, target: str, defender_name: str) -> str:
    result = preview.result
    assert result is not None
    attacker, defender = escape(side_text(result.attacker)), escape(side_text(result.defender))
    if result.outcome is Outcome.CAPTURE:
        return f"<b>Conquest</b>: {target} is yours, held by {attacker}."
    if result.outcome is Outcome.EMPTY:
        return (
            f"<b>Both wiped out</b>: {target} is left empty (no conquest); "
            "a station there is destroyed."
        )
    if result.outcome is Outcome.HOLD:
        return (
            f"<b>No conquest</b>: {defender_name} holds {target} with {defender}; "
            "your force is lost."
        )
    return (
        f"<b>Stalemate, no conquest</b>: {defender_name} keeps {target} with {defender}; "
        f"your {attacker} go back to {origin}."
    )
