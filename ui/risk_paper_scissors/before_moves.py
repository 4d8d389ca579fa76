"""The panels of the phases before a turn's moves (pure): the setup placement, the
year's sealed bid (on one device and by email) and the purchase — units within the caps
and the energy, commanders, stations and the open card market.
"""

from __future__ import annotations

from html import escape

from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES
from engine.rulesets.risk_paper_scissors.setup import setup_points
from ui.risk_paper_scissors.session import Session
from ui.risk_paper_scissors.tips import UNIT_TIPS, card_tip_of
from ui.risk_paper_scissors.widgets import UNIT_LABELS, button, unit_stepper

NO_MARKET = '<span class="muted">Hire a commander to buy from its deck.</span>'


def setup_html(session: Session) -> str:
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
        + unit_stepper("rps-place-step", "place", u, counts[i])
        + "</div>"
        for i, (u, label) in enumerate(UNIT_LABELS)
    )
    if at is not None:
        where = (
            f"<p>On <strong>{escape(session.name(at))}</strong></p>{steppers}"
            '<div class="row wrap">'
            + button("Headquarters here", "rps-setup-hq", "setup-hq-here", "small")
            + button(
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
        + button("Confirm my placement", "rps-setup-manual", "setup-manual", "", off=left != 0)
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
        + button("Place my units for me", "rps-setup", "setup-place", "primary")
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


def purchase_html(session: Session) -> str:
    state = session.state
    seat = state.current
    options = state.options
    player = state.players[seat]
    draft = session.draft
    have = state.pieces(seat)
    at = draft.buy_at if state.owner.get(draft.buy_at or "") == seat else None
    count = sum(draft.buy.values())
    cost = options.unit_cost * count
    steppers = "".join(
        f'<div class="stepper"><span>{label} <span class="muted small" data-testid="cap-{unit}">'
        f"{have[unit.upper()]}/{options.cap(unit.upper())}</span></span>"
        + unit_stepper("rps-buy-step", "buy", unit, draft.buy[unit])
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
        + button("Buy units", "rps-buy-units", "buy-units", "primary")
    )
    hires = "".join(
        button(
            f"Hire {c.title()} ({options.commander_cost})",
            "rps-hire",
            f"hire-{c}",
            "small",
            off=player.energy < options.commander_cost,
            commander=c,
            hint=("unit", UNIT_TIPS[c]),
        )
        for c in COMMANDER_TYPES
        if not state.has_commander(seat, c)
    )
    stations = len(state.stations_of(seat))
    station = button(
        f"Build a station ({options.station_cost})",
        "rps-station",
        "build-station",
        "small",
        hint=("unit", UNIT_TIPS["station"]),
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
        button(
            f'{CARDS[c].name} <span class="muted small">{CARDS[c].deck}</span>',
            "rps-buy-card",
            f"buy-card-{c}",
            "small",
            off=market_shut,
            card=c,
            hint=("card", card_tip_of(c, "market")),
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
        + button("End purchase", "rps-end-purchase", "end-purchase", "primary")
        + "</div>"
    )


def _code_box(code: str, testid: str, label: str) -> str:
    from ui.shell.share import code_row

    return (
        f'<label class="code-label">{label}<textarea class="code" rows="3" readonly'
        f' data-testid="{testid}">{escape(code)}</textarea></label>'
        + code_row(code, testid.removesuffix("-code"), "Risk, Paper, Scissors: my bid code")
    )


def email_bid_html(session: Session) -> str:
    """The sealed bid of a game by email or forum, in two posts: seal and post the sealed
    code; paste the thread once every sealed code is in (the page makes the reveal, the
    second post); paste it again once every reveal is in (the page resolves the bids)."""
    game = session.pbem
    if game is None or game.seat is None:
        return '<p class="muted">You are watching: the players are sealing their bids.</p>'
    state = session.state
    round_ = session.bid_round if session.bid_round.get("year") == state.turn else {}
    if not round_:
        return bid_form_html(session, action="rps-seal-bid")
    paste = (
        '<textarea id="rps-codes" class="code" rows="4" data-testid="bid-codes"'
        ' placeholder="Paste the whole thread or e-mails here: every code in it is found">'
        "</textarea>"
        + '<div class="row">'
        + button("Read the pasted codes", "rps-email-paste", "bid-paste", "primary")
        + "</div>"
    )
    note = str(round_.get("note", ""))
    shown = f'<p class="muted" data-testid="bid-note">{escape(note)}</p>' if note else ""
    if "bound" not in round_:
        return (
            _code_box(str(round_["sealed"]), "bid-sealed-code", "1. Your sealed code: post it")
            + "<p>2. Once every player's sealed code is posted, paste the thread: your page "
            "makes your reveal code.</p>" + paste + shown
        )
    return (
        _code_box(str(round_["bound"]), "bid-reveal-code", "3. Your reveal code: post it")
        + "<p>4. Once every player's reveal code is posted, paste the thread again: your page "
        "resolves the bids, as every player's page does.</p>" + paste + shown
    )
