"""The HTML beside the board for a Risk, Paper, Scissors game (pure): the turn line, the
controls of each phase (bid, purchase, moves and attacks with their previews, cards,
losses), the player's own hand, the hand-over screen and the year's log.

A secret is shown only to :attr:`Session.viewer`: the hand, the armed cards, one's own
bid before the bids are resolved.
"""

from __future__ import annotations

from html import escape

from engine.rulesets.risk_paper_scissors.battle import parse_side
from engine.rulesets.risk_paper_scissors.cards import ASSEMBLE_KIND, CARDS, Timing
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES
from engine.rulesets.risk_paper_scissors.orders import Phase
from engine.rulesets.risk_paper_scissors.setup import setup_points
from engine.rulesets.risk_paper_scissors.state import RpsState
from ui.risk_paper_scissors.entry import Plan, side_of
from ui.risk_paper_scissors.session import Session
from ui.shell.screens import handover_card

PHASE_NAMES = {
    Phase.CLAIM: "Claim",
    Phase.SETUP: "Setup",
    Phase.BID: "Bid",
    Phase.PURCHASE: "Purchase",
    Phase.ACTION: "Moves and attacks",
    Phase.LOSSES: "Losses",
    Phase.GAME_OVER: "Game over",
}
UNIT_LABELS = (("e", "Elementals"), ("j", "Jaguars"), ("w", "Wolves"))
NO_CARDS = '<li class="muted">No cards</li>'
NO_MARKET = '<span class="muted">Hire a commander to buy from its deck.</span>'


def color_of(state: RpsState, seat: int) -> str:
    """The seat's colour as the board draws it (the engine's default names are not
    colours a page can use)."""
    from ui.risk_paper_scissors.render import styles_of

    return styles_of(state)[seat].color


def _button(
    label: str, action: str, testid: str, cls: str = "", *, off: bool = False, **data: object
) -> str:
    attrs = "".join(f' data-{k.replace("_", "-")}="{escape(str(v))}"' for k, v in data.items())
    disabled = " disabled" if off else ""
    return (
        f'<button type="button" class="btn {cls}" data-action="{action}"'
        f' data-testid="{testid}"{attrs}{disabled}>{label}</button>'
    )


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
        return _button("Final scoring", "rps-scoring", "show-scoring", "primary")
    if session.sealed_round:
        return ""  # the email bid panel (email_bids) takes the place
    if not session.human_turn:
        if session.waiting:
            return ""
        return '<div class="row">' + _button("Skip ▸▸", "rps-skip", "skip", "primary") + "</div>"
    if session.needs_handover:
        return ""
    phase = state.phase
    undo = _button("Undo", "rps-undo", "undo", "ghost") if session.can_undo else ""
    if phase is Phase.CLAIM:
        return '<p class="muted">Tap a free land territory.</p>'
    if phase is Phase.SETUP:
        return _setup_html(session)
    if phase is Phase.BID:
        return bid_form_html(session)
    if phase is Phase.PURCHASE:
        return _purchase_html(session) + f'<div class="row">{undo}</div>'
    if phase is Phase.LOSSES:
        return _losses_html(session)
    return _action_html(session, plan, preview) + f'<div class="row">{undo}</div>'


def _setup_html(session: Session) -> str:
    from ui.risk_paper_scissors.entry import placed_points

    state = session.state
    seat = state.current
    draft = session.draft
    own = state.territories_of(seat)
    hq = draft.headquarters if draft.headquarters in own else (own or [""])[0]
    station = draft.station if draft.station in own else hq
    points = setup_points(state, seat)
    left = points - placed_points(draft)
    at = draft.buy_at if draft.buy_at in own else None
    counts = draft.placed.get(at or "", [0, 0, 0])
    steppers = "".join(
        f'<div class="stepper"><span>{label}</span>'
        + _button("−", "rps-place-step", f"place-{u}-minus", "small", unit=u, delta=-1)
        + f'<strong data-testid="place-{u}">{counts[i]}</strong>'
        + _button("+", "rps-place-step", f"place-{u}-plus", "small", unit=u, delta=1)
        + "</div>"
        for i, (u, label) in enumerate(UNIT_LABELS)
    )
    if at is not None:
        where = (
            f"<p>On <strong>{escape(session.name(at))}</strong></p>{steppers}"
            '<div class="row wrap">'
            + _button("Headquarters here", "rps-setup-hq", "setup-hq-here", "small")
            + _button(
                "Station here",
                "rps-setup-station",
                "setup-station-here",
                "small",
                off=state.board.kind[at] != "land",
            )
            + "</div>"
        )
    else:
        where = '<p class="muted">Tap one of your territories to place units on it.</p>'
    by_hand = (
        f'<h3>Or by hand <span class="muted small" data-testid="setup-left">{left} of '
        f"{points} points left</span></h3>"
        + where
        + '<div class="row">'
        + _button("Confirm my placement", "rps-setup-manual", "setup-manual", "", off=left != 0)
        + "</div>"
    )
    caps = ", ".join(f"{state.options.cap(u)} {u}" for u in ("W", "J", "E"))
    return (
        f"<p>{points} unit points to place on your {len(own)} territories (Wolves 5, Jaguars "
        f"3, Elementals 1; at most {caps} on the board), with a free Land Commander and "
        "Diplomat at your headquarters and a space station.</p>"
        f'<p>Headquarters: <strong data-testid="setup-hq">{escape(session.name(hq))}</strong>'
        f' · station: <strong data-testid="setup-station">{escape(session.name(station))}'
        "</strong></p>"
        '<div class="row">'
        + _button("Place my units for me", "rps-setup", "setup-place", "primary")
        + "</div>"
        + by_hand
    )


def bid_form_html(session: Session, action: str = "rps-bid") -> str:
    """The sealed bid: an amount of energy and the slots wanted, in order."""
    state = session.state
    seat = session.viewer if session.pbem is not None else state.current
    if seat is None:
        return ""
    energy = state.players[seat].energy
    slots = len(state.living())
    prefs = "".join(
        f'<label>Choice {n}<select name="slot{n}" data-testid="bid-slot-{n}">'
        + '<option value="">—</option>'
        + "".join(f'<option value="{s}">slot {s}</option>' for s in range(1, slots + 1))
        + "</select></label>"
        for n in range(1, slots + 1)
    )
    return (
        f'<form class="rps-bid" data-action="{action}" data-testid="bid-form">'
        f"<p>Energy: <strong>{energy}</strong>. The bid is paid whatever slot you get; the "
        "highest bid chooses first (ties: fewer points, then the later slot last year).</p>"
        f'<label>Bid <input type="number" name="amount" min="0" max="{energy}" value="0"'
        f' data-testid="bid-amount" inputmode="numeric"></label>'
        f'<fieldset class="slots"><legend>Slots wanted, best first</legend>{prefs}</fieldset>'
        '<div class="row"><button type="submit" class="btn primary" data-testid="bid-submit">'
        "Seal my bid</button></div></form>"
    )


def _purchase_html(session: Session) -> str:
    state = session.state
    seat = state.current
    options = state.options
    player = state.players[seat]
    draft = session.draft
    have = state.pieces(seat)
    at = draft.buy_at if state.owner(draft.buy_at or "") == seat else None
    count = sum(draft.buy.values())
    cost = options.unit_cost * count
    steppers = "".join(
        f'<div class="stepper"><span>{label} <span class="muted small" data-testid="cap-{unit}">'
        f"{have[unit.upper()]}/{options.cap(unit.upper())}</span></span>"
        + _button("−", "rps-buy-step", f"buy-{unit}-minus", "small", unit=unit, delta=-1)
        + f'<strong data-testid="buy-{unit}">{draft.buy[unit]}</strong>'
        + _button("+", "rps-buy-step", f"buy-{unit}-plus", "small", unit=unit, delta=1)
        + "</div>"
        for unit, label in UNIT_LABELS
    )
    where = (
        f'<strong data-testid="buy-at">{escape(session.name(at))}</strong>'
        if at
        else '<span class="muted" data-testid="buy-at">tap one of your territories</span>'
    )
    units = (
        f'<h3>Units <span class="muted small">{options.unit_cost} energy each</span></h3>'
        f"<p>On {where}</p>{steppers}"
        f'<p data-testid="buy-cost">{count} unit(s): {cost} energy; '
        f"{player.energy - cost} left of {player.energy}</p>"
        + _button("Buy units", "rps-buy-units", "buy-units", "primary")
    )
    hires = "".join(
        _button(
            f"Hire {c.title()} ({options.commander_cost})",
            "rps-hire",
            f"hire-{c}",
            "small",
            off=player.energy < options.commander_cost,
            commander=c,
        )
        for c in COMMANDER_TYPES
        if not state.has_commander(seat, c)
    )
    stations = len(state.stations_of(seat))
    station = _button(
        f"Build a station ({options.station_cost})", "rps-station", "build-station", "small"
    )
    commanders = (
        "<h3>Commanders and stations</h3>"
        f'<div class="row wrap">{hires}{station}</div>'
        f'<p class="muted small">Stations {stations}/{options.max_stations}; '
        "commanders and stations go on the territory chosen above.</p>"
    )
    market_shut = (
        state.turn_state.cards_bought >= options.cards_per_turn or player.energy < options.card_cost
    )
    market = "".join(
        _button(
            f'{CARDS[c].name} <span class="muted small">{CARDS[c].deck}</span>',
            "rps-buy-card",
            f"buy-card-{c}",
            "small",
            off=market_shut,
            card=c,
        )
        for c in CARDS
        if state.has_commander(seat, CARDS[c].deck)
    )
    cards = (
        f'<h3>Cards <span class="muted small" data-testid="cards-bought">'
        f"{state.turn_state.cards_bought}/{options.cards_per_turn} this turn, "
        f"{options.card_cost} energy each</span></h3>"
        f'<div class="row wrap market" data-testid="market">'
        f"{market or NO_MARKET}</div>"
    )
    return (
        f'<p class="energy">Energy <strong data-testid="energy">{player.energy}</strong></p>'
        + units
        + commanders
        + cards
        + '<div class="row">'
        + _button("End purchase", "rps-end-purchase", "end-purchase", "primary")
        + "</div>"
    )


def _force_steppers(session: Session) -> str:
    draft = session.draft
    state = session.state
    if draft.origin is None or draft.origin not in state.garrisons:
        return ""
    garrison = state.garrisons[draft.origin]
    force = side_of(draft.force)
    rows = [
        (unit, label, {"e": force.e, "j": force.j, "w": force.w}[unit], getattr(garrison, unit))
        for unit, label in UNIT_LABELS
        if getattr(garrison, unit)
    ]
    html = "".join(
        f'<div class="stepper"><span>{label}</span>'
        + _button("−", "rps-force-step", f"force-{unit}-minus", "small", unit=unit, delta=-1)
        + f'<strong data-testid="force-{unit}">{sent}</strong>/{have}'
        + _button("+", "rps-force-step", f"force-{unit}-plus", "small", unit=unit, delta=1)
        + "</div>"
        for unit, label, sent, have in rows
    )
    for c in garrison.commanders:
        on = c in force.commanders
        html += _button(
            f"{'✓ ' if on else ''}{c.title()} Commander",
            "rps-force-step",
            f"force-{c}",
            "small" + (" on" if on else ""),
            unit=c,
            delta=-1 if on else 1,
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
            '<div class="row">' + _button("Cancel", "rps-cancel", "cancel", "ghost") + "</div>"
        )
    parts.append(last_battle_html(session))
    parts.append(
        '<div class="row">' + _button("End turn", "rps-end-turn", "end-turn", "primary") + "</div>"
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
    garrisoned = plan.order.target in session.state.garrisons
    if plan.order.KIND == "Attack" and garrisoned and not plan.error:
        cost = ""  # the battle preview says what the attack costs, with every round
        battle = f'<div class="battle-preview" data-testid="battle-preview">{preview}</div>'
    elif plan.order.KIND == "Attack" and not garrisoned:
        battle = '<p data-testid="battle-preview">The territory is empty: you occupy it.</p>'
    disabled = " disabled" if plan.error else ""
    button = (
        f'<button type="button" class="btn primary" data-action="rps-commit"'
        f' data-testid="commit"{disabled}>{verb}</button>'
    )
    return f'<div class="plan" data-testid="plan">{cost}{battle}{error}{button}</div>'


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
            parts.append(_button("Redeploy", "rps-card-commit", "card-commit", "primary"))
    elif card_id == "nuclear.rocket_strike" and target:
        parts.append(
            '<div class="row">'
            + "".join(
                _button(
                    f"Strike {label}", "rps-card-commit", f"strike-{u}", "primary", unit_class=u
                )
                for u, label in (("E", "Elementals"), ("J", "Jaguars"), ("W", "Wolves"))
            )
            + "</div>"
        )
    elif card_id in ASSEMBLE_KIND and target:
        points = session.state.options.assemble_points
        parts.append(
            '<div class="row">'
            + _button(f"{points} Elementals", "rps-card-commit", "assemble-e", "primary", e=points)
            + (
                _button(
                    f"{points // 3} Jaguar(s)", "rps-card-commit", "assemble-j", "", j=points // 3
                )
                if points >= 3
                else ""
            )
            + "</div>"
        )
    parts.append(_button("Cancel", "rps-cancel", "cancel", "ghost"))
    return '<div class="card-play" data-testid="card-play">' + "".join(parts) + "</div>"


def _losses_html(session: Session) -> str:
    pending = session.state.pending
    if pending is None:
        return ""
    buttons = "".join(
        _button(
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
        button = (
            _button(verb, "rps-card", f"card-{card_id}", "small", card=card_id)
            if playable and verb
            else ""
        )
        cost = f" · {card.cost} energy" if card.cost else ""
        items.append(
            f'<li data-testid="hand-card" data-card="{card_id}" data-index="{index}">'
            f'<strong>{card.name}</strong> <span class="muted small">{card.deck}{cost}</span>'
            f" {button}</li>"
        )
    armed = [
        f"<li>{escape(CARDS[c].name)} on {escape(session.name(t))}</li>"
        for t, c in state.armed.items()
        if state.owner(t) == seat
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


def _code_box(code: str, testid: str, label: str) -> str:
    return (
        f'<label class="code-label">{label}<textarea class="code" rows="3" readonly'
        f' data-testid="{testid}">{escape(code)}</textarea></label>'
    )


def email_bid_html(session: Session) -> str:
    """The sealed bid of a game by email: seal, then reveal, then (the resolver) resolve."""
    from ui.risk_paper_scissors.email_bids import resolver

    game = session.pbem
    if game is None or game.seat is None:
        return '<p class="muted">You are watching: the players are sealing their bids.</p>'
    state = session.state
    round_ = session.bid_round if session.bid_round.get("year") == state.turn else {}
    if not round_:
        return bid_form_html(session, action="rps-seal-bid")
    paste = (
        '<textarea id="rps-codes" class="code" rows="4" data-testid="bid-codes"'
        ' placeholder="Paste the codes here (in any order; the whole e-mails will do)">'
        "</textarea>"
    )
    first = resolver(game.record)
    first_name = escape(state.players[first].name)
    if "bound" not in round_:
        return (
            _code_box(str(round_["sealed"]), "bid-sealed-code", "1. Your sealed code: post it")
            + "<p>2. Once every player's sealed code is in, paste them all (yours too) and "
            "make your reveal code.</p>"
            + paste
            + '<div class="row">'
            + _button("Make my reveal code", "rps-email-reveal", "bid-reveal", "primary")
            + "</div>"
        )
    reveal = _code_box(str(round_["bound"]), "bid-reveal-code", "3. Your reveal code: post it")
    if game.seat != first:
        return reveal + (
            f"<p>{first_name} resolves the bids once every reveal code is in: then load the "
            "save code they send (Load a code).</p>"
        )
    return (
        reveal
        + "<p>4. You resolve the bids: paste every player's reveal code (yours too).</p>"
        + paste
        + '<div class="row">'
        + _button("Resolve the bids", "rps-email-resolve", "bid-resolve", "primary")
        + "</div>"
    )
