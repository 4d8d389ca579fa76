"""The HTML beside the board for a Risk, Paper, Scissors game (pure): the turn line, the
controls of each phase (those before the moves from :mod:`before_moves`; here the moves
and attacks with their previews, the cards, the losses), the player's own hand, the
hand-over screen and the year's log.

A secret is shown only to :attr:`Session.viewer`: the hand, the armed cards, one's own
bid before the bids are resolved.
"""

from __future__ import annotations

from html import escape

from engine.rulesets.risk_paper_scissors.battle import parse_side
from engine.rulesets.risk_paper_scissors.cards import ASSEMBLE_KIND, CARDS, Timing
from engine.rulesets.risk_paper_scissors.orders import Phase
from ui.risk_paper_scissors.before_moves import bid_form_html, purchase_html, setup_html
from ui.risk_paper_scissors.entry import Plan, side_of
from ui.risk_paper_scissors.marks import named
from ui.risk_paper_scissors.session import Session
from ui.risk_paper_scissors.tips import UNIT_TIPS, card_tip_of
from ui.risk_paper_scissors.widgets import UNIT_LABELS, button, color_of, unit_stepper
from ui.shell.screens import handover_card
from ui.shell.tips import tip

PHASE_NAMES = {
    Phase.CLAIM: "Claim",
    Phase.SETUP: "Setup",
    Phase.BID: "Bid",
    Phase.PURCHASE: "Purchase",
    Phase.ACTION: "Moves and attacks",
    Phase.LOSSES: "Losses",
    Phase.GAME_OVER: "Game over",
}
NO_CARDS = '<li class="muted">No cards</li>'


def prompt(session: Session) -> str:
    state = session.state
    if session.over:
        return "The game is over: see the final scoring."
    actor = session.actor
    name = state.players[actor].name if actor is not None else ""
    if session.sealed_round:
        return f"Year {state.turn}: every player seals a bid for the turn slots (by email)."
    if session.waiting:
        return f"Waiting for {name}'s turn — paste their code (Load a code)."
    if not session.human_turn:
        return f"{name} (computer) is playing…"
    if session.needs_handover:
        return f"Pass the device to {name}."
    phase = state.phase
    if phase is Phase.CLAIM:
        return f"{name}: claim an unclaimed land territory on the map."
    if phase is Phase.SETUP:
        return f"{name}: place your units — for you in one click, or by hand on the map."
    if phase is Phase.BID:
        return f"{name}: bid energy for your turn slot this year (the bid is sealed)."
    if phase is Phase.PURCHASE:
        return f"{name}: buy units, commanders, stations and cards, then end the purchase."
    if phase is Phase.LOSSES:
        return f"{name}: a Death Trap fired — choose which units of the force are lost."
    draft = session.draft
    if draft.card is not None:
        return f"{name}: choose the target of {CARDS[draft.card].name} on the map."
    if draft.origin is None:
        return f"{name}: choose a territory to move or attack from, play a card, or end the turn."
    if draft.target is None:
        return f"{name}: choose where the force from {session.name(draft.origin)} goes."
    return f"{name}: check the cost and the outcome, then confirm."


def turn_html(session: Session) -> str:
    state = session.state
    actor = session.actor
    who = ""
    if actor is not None and not session.sealed_round:
        player = state.players[actor]
        kind = "human" if player.control == "human" else f"computer · {player.control}"
        who = (
            f'<span class="who" style="--c:{color_of(state, actor)}" data-testid="actor">'
            f'{escape(player.name)}</span> <span class="muted">{escape(kind)}</span>'
        )
    slot = ""
    if state.order and state.phase in (Phase.PURCHASE, Phase.ACTION, Phase.LOSSES):
        place = f"{state.slot + 1}/{len(state.order)}"
        slot = f' <span class="pill" data-testid="slot">slot {place}</span>'
    return (
        f'<div class="turn-line">{who}'
        f'<span class="pill" data-testid="year">year {state.turn}/{state.options.years}</span>'
        f'<span class="pill phase" data-testid="phase">{PHASE_NAMES[state.phase]}</span>{slot}'
        f'</div><p class="prompt" data-testid="prompt">{escape(prompt(session))}</p>'
        + turn_order_html(session)
    )


def turn_order_html(session: Session) -> str:
    """This year's slot order and the bids paid for it (public once resolved)."""
    if not session.turn_order:
        return ""
    state = session.state
    items = "".join(
        f'<li style="--c:{color_of(state, s)}">{escape(state.players[s].name)}'
        f' <span class="muted">bid {session.paid_bids.get(str(s), 0)}</span></li>'
        for s in session.turn_order
    )
    return (
        f'<div class="rps-order"><span class="muted small">Turn order, year {state.turn}:</span>'
        f'<ol data-testid="turn-order">{items}</ol></div>'
    )


def controls_html(session: Session, plan: Plan | None, preview: str = "") -> str:
    """The controls of the phase being played (only on a human turn here)."""
    state = session.state
    if session.over:
        return button("Final scoring", "rps-scoring", "show-scoring", "primary")
    if session.sealed_round:
        return ""  # the email bid panel (email_bids) takes the place
    if not session.human_turn:
        if session.waiting:
            return ""
        return '<div class="row">' + button("Skip ▸▸", "rps-skip", "skip", "primary") + "</div>"
    if session.needs_handover:
        return ""
    phase = state.phase
    undo = button("Undo", "rps-undo", "undo", "ghost") if session.can_undo else ""
    if phase is Phase.CLAIM:
        return '<p class="muted">Tap a free land territory.</p>'
    if phase is Phase.SETUP:
        return setup_html(session)
    if phase is Phase.BID:
        return bid_form_html(session)
    if phase is Phase.PURCHASE:
        return purchase_html(session) + f'<div class="row">{undo}</div>'
    if phase is Phase.LOSSES:
        return _losses_html(session)
    return _action_html(session, plan, preview) + f'<div class="row">{undo}</div>'


def _force_steppers(session: Session) -> str:
    draft = session.draft
    state = session.state
    if draft.origin is None or draft.origin not in state.owner:
        return ""
    garrison = state.side_at(draft.origin)
    force = side_of(draft.force)
    rows = [
        (unit, label, {"e": force.e, "j": force.j, "w": force.w}[unit], getattr(garrison, unit))
        for unit, label in UNIT_LABELS
        if getattr(garrison, unit)
    ]
    html = "".join(
        f'<div class="stepper"><span>{label}</span>'
        + unit_stepper("rps-force-step", "force", unit, sent, f"/{have}")
        + "</div>"
        for unit, label, sent, have in rows
    )
    for c in named(garrison):
        on = c in force.commanders
        html += button(
            f"{'✓ ' if on else ''}{c.title()} Commander",
            "rps-force-step",
            f"force-{c}",
            "small" + (" on" if on else ""),
            unit=c,
            delta=-1 if on else 1,
            hint=("unit", UNIT_TIPS[c]),
        )
    return f'<div class="force" data-testid="force">{html}</div>'


def _action_html(session: Session, plan: Plan | None, preview: str) -> str:
    state = session.state
    seat = state.current
    draft = session.draft
    player = state.players[seat]
    head = (
        f'<p class="energy">Energy <strong data-testid="energy">{player.energy}</strong> · bank '
        f'<strong data-testid="bank">{state.turn_state.bank}</strong> unit-step(s) · '
        f"{state.options.steps_per_energy} steps per energy</p>"
    )
    parts = [head]
    if draft.card is not None:
        parts.append(_card_controls(session))
    elif draft.origin is not None:
        parts.append(
            f'<p>From <strong data-testid="origin">{escape(session.name(draft.origin))}</strong>'
            + (
                f' to <strong data-testid="target">{escape(session.name(draft.target))}</strong>'
                if draft.target
                else ""
            )
            + "</p>"
        )
        parts.append(_force_steppers(session))
        if plan is not None:
            parts.append(plan_html(session, plan, preview))
        parts.append(
            '<div class="row">' + button("Cancel", "rps-cancel", "cancel", "ghost") + "</div>"
        )
    parts.append(last_battle_html(session))
    parts.append(
        '<div class="row">' + button("End turn", "rps-end-turn", "end-turn", "primary") + "</div>"
    )
    return "".join(parts)


def plan_html(session: Session, plan: Plan, preview: str) -> str:
    """The move or attack before it is committed: the path, unit-steps and energy, the
    exact battle, and the button (disabled, with the engine's reason, when illegal)."""
    path = " → ".join(escape(session.name(t)) for t in plan.path)
    verb = "Move" if plan.order.KIND == "Move" else "Attack"
    cost = (
        f'<p data-testid="plan-cost"><span data-testid="plan-path">{path}</span>: '
        f'<strong data-testid="plan-steps">{plan.unit_steps}</strong> unit-step(s), '
        f'<strong data-testid="plan-energy">{plan.energy}</strong> energy '
        f'<span class="muted small">(bank after: {plan.bank_after})</span></p>'
    )
    error = (
        f'<p class="error" role="alert" data-testid="plan-error">{escape(plan.error)}</p>'
        if plan.error
        else ""
    )
    battle = ""
    garrisoned = plan.order.target in session.state.owner
    if plan.order.KIND == "Attack" and garrisoned and not plan.error:
        cost = ""  # the battle preview says what the attack costs, with every round
        battle = f'<div class="battle-preview" data-testid="battle-preview">{preview}</div>'
    elif plan.order.KIND == "Attack" and not garrisoned:
        battle = '<p data-testid="battle-preview">The territory is empty: you occupy it.</p>'
    disabled = " disabled" if plan.error else ""
    commit = (
        f'<button type="button" class="btn primary" data-action="rps-commit"'
        f' data-testid="commit"{disabled}>{verb}</button>'
    )
    return f'<div class="plan" data-testid="plan">{cost}{battle}{error}{commit}</div>'


def last_battle_html(session: Session) -> str:
    """The result of the last attack, to compare with its preview."""
    fought = session.last_battle
    if not fought or "outcome" not in fought:
        return ""
    return (
        '<p class="battle-result" data-testid="battle-result"'
        f' data-outcome="{escape(str(fought["outcome"]))}">'
        f"Last attack on {escape(session.name(str(fought['target'])))}: "
        f"<strong>{escape(str(fought['outcome']))}</strong>"
        + (
            f" after {fought['rounds']} round(s) — attacker left "
            f'<span data-testid="result-attacker">{_side(fought["attacker_left"])}</span>, '
            f'defender left <span data-testid="result-defender">'
            f"{_side(fought['defender_left'])}</span>"
            if "attacker_left" in fought
            else ""
        )
        + "</p>"
    )


def _side(text: object) -> str:
    """A side as the battle preview's "left" row writes it (so the two read alike)."""
    from ui.risk_paper_scissors.battle_view import side_short

    return escape(side_short(parse_side(str(text))))


def _card_controls(session: Session) -> str:
    draft = session.draft
    card_id = draft.card
    assert card_id is not None
    card = CARDS[card_id]
    target = draft.target
    parts = [f"<p>Playing <strong>{card.name}</strong>"]
    if target:
        parts.append(
            f' on <strong data-testid="card-target">{escape(session.name(target))}</strong>'
        )
    parts.append("</p>")
    if card_id == "diplomat.redeployment" and draft.origin:
        parts.append(_force_steppers(session))
        if target:
            parts.append(button("Redeploy", "rps-card-commit", "card-commit", "primary"))
    elif card_id == "nuclear.rocket_strike" and target:
        parts.append(
            '<div class="row">'
            + "".join(
                button(f"Strike {label}", "rps-card-commit", f"strike-{u}", "primary", unit_class=u)
                for u, label in (("E", "Elementals"), ("J", "Jaguars"), ("W", "Wolves"))
            )
            + "</div>"
        )
    elif card_id in ASSEMBLE_KIND and target:
        points = session.state.options.assemble_points
        parts.append(
            '<div class="row">'
            + button(f"{points} Elementals", "rps-card-commit", "assemble-e", "primary", e=points)
            + (
                button(
                    f"{points // 3} Jaguar(s)", "rps-card-commit", "assemble-j", "", j=points // 3
                )
                if points >= 3
                else ""
            )
            + "</div>"
        )
    parts.append(button("Cancel", "rps-cancel", "cancel", "ghost"))
    return '<div class="card-play" data-testid="card-play">' + "".join(parts) + "</div>"


def _losses_html(session: Session) -> str:
    pending = session.state.pending
    if pending is None:
        return ""
    buttons = "".join(
        button(
            f"Lose {o.e}E/{o.j}J/{o.w}W" + (f"+{','.join(o.commanders)}" if o.commanders else ""),  # type: ignore[attr-defined]
            "rps-losses",
            f"losses-{i}",
            "",
            index=i,
        )
        for i, o in enumerate(session.legal())
    )
    return (
        f"<p>A Death Trap fired on {escape(session.name(pending.target))}: "
        f"{pending.count} unit(s) of your force {pending.force} are lost.</p>"
        f'<div class="row wrap">{buttons}</div>'
    )


def hand_html(session: Session) -> str:
    """The viewer's hand (and where its cards are armed); nothing for anyone else."""
    seat = session.viewer
    state = session.state
    if seat is None or session.needs_handover:
        return '<p class="muted" data-testid="hand-hidden">Hands are hidden.</p>'
    player = state.players[seat]
    playable = (
        session.human_turn
        and state.phase is Phase.ACTION
        and state.current == seat
        and session.draft.card is None
    )
    items = []
    for index, card_id in enumerate(player.hand):
        card = CARDS[card_id]
        verb = {Timing.ARMED: "Arm", Timing.SCORE: ""}.get(card.timing, "Play")
        use = (
            button(
                verb,
                "rps-card",
                f"card-{card_id}",
                "small",
                card=card_id,
                hint=("card", card_tip_of(card_id)),
            )
            if playable and verb
            else ""
        )
        cost = f" · {card.cost} energy" if card.cost else ""
        items.append(
            f'<li data-testid="hand-card" data-card="{card_id}" data-index="{index}"'
            f"{tip('card', card_tip_of(card_id), focusable=True)}>"
            f'<strong>{card.name}</strong> <span class="muted small">{card.deck}{cost}</span>'
            f" {use}</li>"
        )
    armed = [
        f'<li data-card="{c}"{tip("card", card_tip_of(c, "armed"), focusable=True)}>'
        f"{escape(CARDS[c].name)} on {escape(session.name(t))}</li>"
        for t, c in state.armed.items()
        if state.owner.get(t) == seat
    ]
    return (
        f"<h3>Your hand, {escape(player.name)}</h3>"
        f'<ul class="hand" data-testid="hand">{"".join(items) or NO_CARDS}</ul>'
        + (
            f'<h3>Armed (only you see them)</h3><ul data-testid="armed">{"".join(armed)}</ul>'
            if armed
            else ""
        )
    )


def handover_html(session: Session) -> str:
    seat = session.actor
    if seat is None:
        return ""
    player = session.state.players[seat]
    what = "bid" if session.state.phase is Phase.BID else "turn"
    return handover_card(
        seat=seat,
        color=color_of(session.state, seat),
        name=player.name,
        body="<p>Hands, armed cards and sealed bids stay hidden until the right player is "
        "here.</p>",
        action="rps-handover",
        button_testid="handover-continue",
        button_text=f"show my {what}",
    )


def log_html(session: Session) -> str:
    lines = "".join(f"<li>{escape(text)}</li>" for _, text in session.log[-60:])
    return f'<ol class="log" data-testid="log">{lines}</ol>'
