"""HTML of the page's side panels, built from a session (pure; no browser imports).

Every control carries ``data-action`` (the page dispatches clicks on it) and a
``data-testid`` for the browser tests.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

from engine.rulesets.classic.state import Phase
from ui.classic import attack, tips, views
from ui.classic.controller import DICE_MODES, CountChoice, Session
from ui.shell.odds_setting import threshold_select
from ui.shell.render import swatch
from ui.shell.screens import handover_card
from ui.shell.tips import column_head, tip

MODE_LABELS = {
    "once": "Roll once",
    "continuous": "Continuous",
    "do-or-die": "Do or die",
    "blitz": "Blitz",
}
PIPS = "⚀⚁⚂⚃⚄⚅"


def _button(label: str, action: str, testid: str, cls: str = "", **data: Any) -> str:
    extra = "".join(f' data-{k.replace("_", "-")}="{escape(str(v))}"' for k, v in data.items())
    return (
        f'<button type="button" class="btn {cls}" data-action="{action}" '
        f'data-testid="{testid}"{extra}>{label}</button>'
    )


def _seat(session: Session, seat: int) -> str:
    player = session.state.players[seat]
    return (
        f'<span class="seat">{swatch(seat, player.color, player.control == "neutral", 14)}'
        f"{escape(player.name)}</span>"
    )


def turn_html(session: Session) -> str:
    """The banner: whose turn, phase, armies to place."""
    state = session.state
    if session.over:
        return f'<div class="turn-line">{escape(views.prompt(session))}</div>'
    who = _seat(session, state.current)
    kind = (
        "human"
        if session.is_human(state.current)
        else f"computer · {state.players[state.current].control}"
    )
    phase = state.phase.value.replace("-", " ")
    extra = why = ""
    if state.phase is Phase.REINFORCE:
        why = escape(views.reinforcement_breakdown(session))
        extra = (
            f'<span class="pill" data-testid="reinforcements" title="{why}">'
            f"{state.reinforcements} to place</span>"
        )
    elif state.phase in (Phase.CLAIM, Phase.SETUP):
        left = state.players[state.current].setup_armies
        extra = f'<span class="pill">{left} armies left</span>'
    return (
        f'<div class="turn-line">{who}<span class="muted">{escape(kind)}</span>'
        f'<span class="pill phase" data-testid="phase">{escape(phase)}</span>{extra}</div>'
        f'<p class="prompt" data-testid="prompt">{escape(views.prompt(session))}</p>'
        + (
            f'<p class="muted small" data-testid="reinforcement-why">{why}</p>'
            if state.phase is Phase.REINFORCE
            else ""
        )
    )


def controls_html(
    session: Session, choice: CountChoice | None = None, blitzing: bool = False
) -> str:
    """The action controls of the current phase (only on a human turn); ``blitzing``: a
    blitz is on.  (The warning before a bad attack is the shell's dialog,
    :mod:`ui.shell.warnings`.)"""
    state = session.state
    if session.over or not session.human_turn:
        if not session.over:
            return '<div class="row">' + _button("Skip ▸▸", "skip", "skip", "primary") + "</div>"
        return ""
    if session.needs_handover:
        return ""
    phase = state.phase
    parts: list[str] = []
    if choice is not None:
        parts.append(
            _count_form(
                "Move armies",
                "free-move",
                choice.least,
                choice.most,
                choice.most,
                f"{session.name(choice.origin)} → {session.name(choice.target)}",
            )
        )
    elif phase is Phase.CLAIM:
        parts.append(
            '<div class="row">' + _button("Random pick", "random-pick", "random-pick") + "</div>"
        )
    elif phase is Phase.SETUP:
        parts.append(
            '<div class="row">'
            + _button("Random pick", "random-pick", "random-pick")
            + _button("Place the rest at random", "random-rest", "random-rest")
            + "</div>"
        )
    elif phase is Phase.REINFORCE:
        parts.append(_place_count(session))
    elif blitzing and phase is Phase.ATTACK:
        parts.append(
            '<div class="row" data-testid="blitzing"><span class="muted">Blitz under way…</span>'
            + _button("Stop", "blitz-stop", "blitz-stop")
            + "</div>"
        )
    elif phase is Phase.ATTACK:
        parts.append(_attack_controls(session))
    elif phase is Phase.MOVE_IN:
        bounds = session.move_in_bounds() or (1, 1)
        parts.append(
            _count_form(
                "Move in",
                "move-in",
                bounds[0],
                bounds[1],
                bounds[1],
                "Armies to move into the conquered territory",
            )
        )
    elif phase is Phase.ADVANTAGE:
        parts.append(
            '<div class="row">'
            + _button("Re-roll lowest die", "reroll", "reroll-yes", "primary", accept=1)
            + _button("Keep roll", "reroll", "reroll-no", "", accept=0)
            + (_button("Stop the blitz", "blitz-stop", "blitz-stop", "ghost") if blitzing else "")
            + "</div>"
        )
    elif phase is Phase.FORTIFY:
        parts.append(
            '<div class="row">' + _button("End turn", "end-turn", "end-turn", "primary") + "</div>"
        )
    undo = _button("↶ Undo", "undo", "undo", "ghost")
    if not session.can_undo:
        undo = undo.replace("<button ", "<button disabled ")
    parts.append(f'<div class="row end">{undo}</div>')
    return "".join(parts)


def _place_count(session: Session) -> str:
    left = session.state.reinforcements
    options = sorted({1, 3, 5, left} - {0})
    buttons = []
    for n in options:
        if n > left:
            continue
        label = "All" if n == left and n > 1 else str(n)
        cls = "toggle on" if min(session.place_count, left) == n else "toggle"
        buttons.append(_button(label, "set-count", f"count-{n}", cls, count=n))
    return (
        '<div class="field"><span class="label">Armies per click</span>'
        f'<div class="row">{"".join(buttons)}</div></div>'
    )


def _settings_html(session: Session) -> str:
    """The player's warning threshold (also the blitz's odds stop) and, in blitz mode,
    the armies at which a blitz stops; kept on this device."""
    settings = session.attack_settings
    parts = [
        threshold_select(settings.warn_below, 'name="warn-below" data-testid="warn-below"').replace(
            "the game asks you first.", "the game asks you first; a blitz stops there too."
        )
    ]
    if session.mode == "blitz":
        parts.append(
            '<label class="setting" title="A blitz stops when the attacking territory is down'
            ' to this many armies (1: it fights to the end).">Blitz stops when down to '
            f'<input type="number" name="blitz-keep" min="1" max="999" inputmode="numeric" '
            f'value="{settings.blitz_keep}" data-testid="blitz-keep" '
            'aria-label="Blitz stops when down to this many armies"> '
            f"{'army (to the end)' if settings.blitz_keep == 1 else 'armies'}</label>"
        )
    return f'<div class="row settings">{"".join(parts)}</div>'


def _attack_controls(session: Session) -> str:
    dice = "".join(
        _button(
            str(n), "set-dice", f"dice-{n}", "toggle on" if session.dice == n else "toggle", dice=n
        ).replace("<button ", f"<button{tip('order', tips.ORDER_TIPS['dice'])} ", 1)
        for n in (1, 2, 3)
    )
    modes = "".join(
        _button(
            MODE_LABELS[m],
            "set-mode",
            f"mode-{m}",
            "toggle on" if session.mode == m else "toggle",
            mode=m,
        ).replace("<button ", f"<button{tip('order', tips.ORDER_TIPS[m])} ", 1)
        for m in DICE_MODES
    )
    parts = [
        f'<div class="field"><span class="label">Dice</span><div class="row">{dice}</div></div>',
        f'<div class="field"><span class="label">Mode</span><div class="row">{modes}</div></div>',
        _settings_html(session),
    ]
    if session.selected:
        parts.append(_odds_html(session, session.selected))
    parts.append(
        '<div class="row">'
        + _button("End attacks → free move", "end-attack", "end-attack")
        + _button("End turn", "end-turn", "end-turn", "primary")
        + "</div>"
    )
    return "".join(parts)


def _odds_html(session: Session, origin: str) -> str:
    """Each target with the odds of the attack a click on it makes now (dice, mode and
    attack advantage as chosen), and what the number means."""
    items = []
    for t in views.attack_targets(session, origin):
        pct = math.floor(t.odds * 100)
        items.append(
            f'<li><button type="button" class="target" data-action="attack-target" '
            f'data-target="{t.territory}" data-testid="target-{t.territory}" '
            f'data-odds="{t.odds!r}">'
            f"<span>{escape(t.name)} <small>({escape(t.owner)}, {t.defenders})</small></span>"
            f'<span class="odds" style="--p:{pct}%">{attack.percent(t.odds)}</span>'
            f'<small class="odds-detail" data-testid="odds-detail-{t.territory}">'
            f"{escape(t.detail)}</small></button></li>"
        )
    armies = session.state.armies[origin]
    dice = max(1, min(session.dice, armies - 1, 3))
    how = {
        "once": "one roll",
        "continuous": "continuous",
        "do-or-die": "do or die",
        "blitz": "blitz",
    }[session.mode]
    extra = ", attack advantage counted" if attack.advantage(session) else ""
    head = (
        f"From <b>{escape(session.name(origin))}</b> ({armies} armies), "
        f"{dice} {'die' if dice == 1 else 'dice'}, {how}{extra} — chance to take it:"
    )
    return (
        f'<div class="targets" data-testid="odds"><p>{head}</p><ul>'
        + "".join(items)
        + "</ul></div>"
    )


def _count_form(title: str, action: str, least: int, most: int, value: int, note: str) -> str:
    return (
        f'<form class="chooser" data-action="{action}" data-testid="{action}-form">'
        f'<div class="label">{escape(title)}: <span class="muted">{escape(note)}</span></div>'
        f'<div class="row"><input type="range" min="{least}" max="{most}" value="{value}" '
        f'name="range" aria-label="{escape(title)} (slider)">'
        f'<input type="number" min="{least}" max="{most}" value="{value}" name="count" '
        f'data-testid="{action}-count" aria-label="{escape(title)}">'
        f'<button type="submit" class="btn primary" data-testid="{action}-confirm">'
        f"{escape(title)}</button>"
        + (
            f'<button type="button" class="btn ghost" data-action="cancel" '
            f'data-testid="{action}-cancel">Cancel</button>'
            if action == "free-move"
            else ""
        )
        + "</div></form>"
    )


def private_html(session: Session, picked: set[int]) -> str:
    """The viewer's cards and mission; empty when nobody may see them now."""
    seat = session.viewer
    if seat is None:
        return ""
    player = session.state.players[seat]
    parts = [f"<h3>{escape(player.name)}’s hand</h3>"]
    mission = views.mission(session, seat)
    if mission:
        parts.append(f'<p class="mission" data-testid="mission">◎ Mission: {escape(mission)}</p>')
    if player.headquarters:
        parts.append(
            f'<p class="hq-line">★ Headquarters: {escape(session.name(player.headquarters))}</p>'
        )
    cards = views.hand(session, seat)
    if not cards:
        parts.append('<p class="muted" data-testid="cards">No cards.</p>')
    else:
        items = []
        can_trade = (
            session.state.phase is Phase.REINFORCE
            and session.state.current == seat
            and session.human_turn
        )
        for card in cards:
            on = " picked" if card.index in picked else ""
            attrs = f'data-action="pick-card" data-card="{card.index}"' if can_trade else "disabled"
            items.append(
                f'<button type="button" class="card {card.type}{on}" {attrs}'
                f"{tip('card', tips.card_tip(card.type))} "
                f'data-testid="card-{card.index}" aria-pressed="{str(bool(on)).lower()}">'
                f'<span class="ctype">{card.type}</span><span class="cname">'
                f"{escape(card.name)}</span></button>"
            )
        parts.append(f'<div class="cards" data-testid="cards">{"".join(items)}</div>')
        if can_trade:
            trade = _button(
                f"Trade set (next set: {views.next_set_value(session)})",
                "trade",
                "trade",
                "primary",
            )
            if len(picked) != 3:
                trade = trade.replace("<button ", "<button disabled ")
            parts.append(f'<div class="row">{trade}</div>')
    return "".join(parts)


def _paired_dice(
    attacker: str, defender: str, attack_dice: list[int], defend_dice: list[int]
) -> str:
    """Both sides' dice sorted high to low and paired as the rules compare them (highest
    against highest, ties to the defender), each labelled with whose it is."""
    attack = sorted(attack_dice, reverse=True)
    defend = sorted(defend_dice, reverse=True)
    pairs = []
    for i in range(max(len(attack), len(defend))):
        a = attack[i] if i < len(attack) else None
        d = defend[i] if i < len(defend) else None
        verdict = "" if a is None or d is None else ("attacker" if a > d else "defender")
        mark = {"attacker": "›", "defender": "‹"}.get(verdict, "")
        pairs.append(
            f'<span class="pair {verdict}">'
            + (f'<span class="die red" title="{attacker}: {a}">{PIPS[a - 1]}</span>' if a else "")
            + f'<span class="beats" aria-hidden="true">{mark}</span>'
            + (f'<span class="die white" title="{defender}: {d}">{PIPS[d - 1]}</span>' if d else "")
            + "</span>"
        )
    return (
        f'<div class="dice-who"><span class="who red">{escape(attacker)} attacks</span>'
        f'<span class="who white">{escape(defender)} defends</span></div>'
        f'<div class="dice-row" data-testid="dice-pairs">{"".join(pairs)}</div>'
    )


def dice_html(session: Session) -> str:
    """The last roll (or the roll an attack advantage is offered on), paired and labelled;
    empty once a new turn starts."""
    state = session.state
    offered = views.offered_roll(session)
    if offered is not None:
        # RULINGS §1: the attacker sees the roll before deciding on the re-roll.
        pending = state.pending or {}
        owner = state.owner.get(str(pending.get("target", "")), -1)
        defender = state.players[owner].name if owner >= 0 else "Defender"
        return (
            '<div data-testid="offered-roll">'
            f"{_paired_dice(state.players[state.current].name, defender, *offered)}</div>"
            '<div class="muted small">This roll is not counted yet: re-roll your lowest die, '
            "or keep it.</div>"
        )
    rolls = session.last_rolls
    if not rolls:
        return ""
    last = rolls[-1]
    players = state.players
    attacker = players[last["seat"]].name if "seat" in last else "Attacker"
    defender = players[last["defender"]].name if "defender" in last else "Defender"
    lost_a = sum(r.get("attacker_losses", 0) for r in rolls)
    lost_d = sum(r.get("defender_losses", 0) for r in rolls)
    summary = (
        f"{len(rolls)} roll{'s' if len(rolls) > 1 else ''}: {escape(attacker)} −{lost_a}, "
        f"{escape(defender)} −{lost_d}"
    )
    return (
        _paired_dice(attacker, defender, last.get("attack", []), last.get("defend", []))
        + f'<div class="muted small">{summary} (ties go to the defender)</div>'
    )


def log_html(session: Session, limit: int = 150) -> str:
    state = session.state
    items = []
    for seat, text in session.log[-limit:][::-1]:
        colour = (
            state.players[seat].color if seat is not None and seat < len(state.players) else "#999"
        )
        cls = "turn" if text.startswith("—") else ""
        items.append(f'<li class="{cls}" style="--c:{colour}">{escape(text)}</li>')
    return f'<ol class="log" data-testid="log">{"".join(items)}</ol>'


def players_html(session: Session) -> str:
    rows = []
    for r in views.player_rows(session):
        cls = ("current " if r["current"] else "") + ("" if r["alive"] else "dead")
        continents = ", ".join(r["continents"]) or "—"
        rows.append(
            f'<tr class="{cls}"><td>{_seat(session, r["seat"])}</td><td>{r["territories"]}</td>'
            f"<td>{r['armies']}</td><td>{r['cards']}</td>"
            f'<td class="small">{escape(continents)}</td></tr>'
        )
    return (
        '<table class="info" data-testid="players-table"><thead><tr>'
        + _heads("Player", "Terr.", "Armies", "Cards", "Continents")
        + f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _heads(*labels: str) -> str:
    """A table's column heads, each with its tip."""
    return "".join(column_head(h, tips.COLUMN_TIPS[h]) for h in labels)


def battles_html(session: Session) -> str:
    rows = []
    for r in views.battle_rows(session):
        rows.append(
            f"<tr><td>{_seat(session, r['seat'])}</td><td>{r['battles_won']}</td>"
            f"<td>{r['battles_lost']}</td><td>{r['armies_killed']}</td><td>{r['armies_lost']}</td>"
            f"<td>{r['conquests']}</td></tr>"
        )
    return (
        '<table class="info" data-testid="battles-table"><thead><tr>'
        + _heads("Player", "Won", "Lost", "Killed", "Lost armies", "Conquests")
        + f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def handover_html(session: Session) -> str:
    seat = session.actor
    if seat is None:
        return ""
    player = session.state.players[seat]
    return handover_card(
        seat=seat,
        color=player.color,
        name=player.name,
        body="<p>Cards, missions and headquarters stay hidden until the right player is here.</p>",
        action="handover",
        button_testid="handover-continue",
        button_text="show my turn",
    )


def winner_html(session: Session) -> str:
    winner = session.state.winner
    if winner is None:
        return ""
    name = escape(session.state.players[winner].name)
    return (
        '<div class="winner-card" data-testid="winner">'
        '<div class="trophy" aria-hidden="true">♛</div>'
        f"<h2>{name} wins!</h2><p>Objective: {escape(session.state.options.objective)} · "
        f"{session.state.turn} turns</p>{battles_html(session)}"
        '<div class="row center">'
        + _button("New game", "show-setup", "winner-new-game", "primary")
        + _button("Game record", "record", "winner-record")
        + _button("Look at the board", "close-winner", "winner-close", "ghost")
        + "</div></div>"
    )
