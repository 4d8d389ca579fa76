"""HTML of the Great War 1907 side panel: status, hand-over, order entry (allowances,
leaders, trade, diplomacy, odds, the review list), replay and report (pure).

Buttons carry ``data-action="gw-…"`` for :mod:`ui.greatwar1907.page`; test ids start
with ``gw-``.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from engine.rulesets.greatwar1907.legal import trade_province_refusal
from engine.rulesets.greatwar1907.options import CHANGES, ONE_SIDED, START_YEAR
from engine.rulesets.greatwar1907.state import Phase
from ui.greatwar1907 import drafts, entry, preempt, purse, review, tips
from ui.greatwar1907.session import GreatWarSession
from ui.shell import forum_panels
from ui.shell.forum_panels import button
from ui.shell.screens import handover_card
from ui.shell.share import share_html
from ui.shell.tips import column_head, tip

MODE_LABELS = {
    "build": "Build divisions",
    "ships": "Build ships",
    "move": "Free move",
    "embark": "Embark",
    "sail": "Ships",
    "disembark": "Disembark",
    "place": "Place leader",
    "trade": "Trade",
    "attack": "Attack",
    "strike": "Amphibious strike",
    "diplomacy": "Diplomacy",
}
MODE_HELP = {
    "build": "Tap a province of yours: divisions, 1 pp each (count blank = all its network "
    "can pay for).",
    "ships": "Tap a province of yours with a port: ships, 1 pp each (count blank = all its "
    "network can pay for).",
    "move": "Tap a province of yours, then a highlighted friendly province (count blank = "
    "all). A general with extra steps, chosen below, takes them further.",
    "embark": "Tap a port of yours with ships in it: divisions go aboard (2 a ship).",
    "sail": "Tap a port or sea with your ships, then a highlighted sea or port (count = ships, "
    "blank = all). An admiral with extra sea moves, chosen below, takes them further.",
    "disembark": "Tap a friendly port where your ships are (or sail to): divisions land.",
    "place": "Choose a waiting leader below, then tap where he goes: a general to a province "
    "of yours, an admiral to a port of yours or one of your fleets at sea.",
    "trade": "Choose a nation and what you give and get; both must order the mirror offer.",
    "attack": "Tap a province of yours, then an enemy (or Neutral) neighbour.",
    "strike": "Tap a sea where your ships carry divisions, then a hostile port on it "
    "(count = divisions, blank = all aboard).",
    "diplomacy": "Each change's cost is shown before you order it; passage lets a nation "
    "at peace send supply and pp through your land.",
}
SECTION_TITLES = {
    "diplomacy": "Diplomacy",
    "drop_ally": "Alliance dropped",
    "passage": "Passage",
    "pay_first": "Who pays first",
    "trades": "Trades",
    "builds": "Builds",
    "place": "Leaders placed",
    "embark": "Embark",
    "sail": "Ships",
    "moves": "Free moves",
    "disembark": "Disembark",
    "strikes": "Amphibious strikes",
    "attacks": "Attacks",
}


def _nation(session: GreatWarSession, nation: str) -> str:
    colour = session.state.map.nation(nation).colour
    return (
        f'<span class="seat"><span class="swatch" style="background:{escape(colour)}"></span>'
        f"<b>{escape(session.state.map.name_of(nation))}</b></span>"
    )


def resolved_phase(session: GreatWarSession) -> str:
    """The phase the last report is of, in words ("Deployment of turn 1 (1908)")."""
    state = session.state
    report = state.last_report or {}
    phase = "Attack" if report.get("phase") == "attack" else "Deployment"
    turn = int(report.get("turn", state.turn))
    return f"{phase} of turn {turn} ({START_YEAR + turn})"


def phase_label(session: GreatWarSession) -> str:
    """The phase being written, or during the replay and report the one resolved."""
    state = session.state
    report = state.last_report
    if session.stage in ("replay", "report") and report is not None:
        phase = "Attack" if report.get("phase") == "attack" else "Deployment"
        turn = int(report.get("turn", state.turn))
        return f"{phase} · turn {turn} ({START_YEAR + turn}) resolved"
    if state.phase is Phase.GAME_OVER:
        return "Game over"
    phase = "Attack" if state.phase is Phase.ATTACK else "Deployment"
    return f"{phase} · turn {state.turn} ({START_YEAR + state.turn})"


def ranking(session: GreatWarSession) -> list[tuple[int, int]]:
    """(place, seat) of every nation, most victory points first (VP decide the game);
    nations level on VP share a place and keep the map's order."""
    state = session.state
    vp = [state.nations[seat.nation].vp for seat in state.players]
    order = sorted(range(len(vp)), key=lambda i: (-vp[i], i))
    return [(1 + sum(v > vp[i] for v in vp), i) for i in order]


def orders_word(session: GreatWarSession, seat: int) -> str:
    """Where a nation's orders stand: idle, writing, sealed, or (while the replay and
    report of a phase are shown) resolved."""
    state = session.state
    if state.players[seat].kind == "idle":
        return "idle"
    if session.stage in ("replay", "report") and state.last_report is not None:
        return "resolved"
    return "sealed" if state.orders[seat] is not None else "writing"


def status_html(session: GreatWarSession) -> str:
    """Turn, phase, and every nation's public standing ranked by victory points (who
    has sealed included)."""
    state = session.state
    where = "by forum" if session.where == "forum" else "pass and play"
    rows = []
    for place, i in ranking(session):
        seat = state.players[i]
        record = state.nations[seat.nation]
        kind = "human" if seat.kind == "human" else seat.control
        rows.append(
            f'<tr data-testid="gw-nation-{seat.nation}" data-place="{place}"><td>{place}</td>'
            f"<td>{_nation(session, seat.nation)}</td>"
            f"<td>{escape(seat.name)} <span class='muted small'>({escape(kind)})</span></td>"
            f"<td><b>{record.vp}</b></td><td>{drafts.pp(state.pp_of(seat.nation))}</td>"
            f"<td>{orders_word(session, i)}</td></tr>"
        )
    winners = ""
    if state.winners:
        names = ", ".join(state.map.name_of(n) for n in state.winners)
        winners = f'<p class="big" data-testid="gw-winner">Victory: {escape(names)}</p>'
    return (
        f'<div class="turn-line"><span class="pill phase" data-testid="gw-phase">'
        f"{escape(phase_label(session))}</span>"
        f'<span class="pill">{where}</span></div>{winners}'
        '<table class="gw-nations small" data-testid="gw-standings">'
        '<caption class="muted small">Ranked by victory points (VP), which decide the game'
        "</caption>"
        "<tr>"
        + "".join(
            column_head(h, tips.COLUMN_TIPS[h])
            for h in ("#", "Nation", "Player", "VP", "pp", "Orders")
        )
        + f"</tr>{''.join(rows)}</table>"
    )


def handover_html(session: GreatWarSession) -> str:
    seat = session.seat_handed_over()
    if seat is None:
        return ""
    player = session.state.players[seat]
    return handover_card(
        seat=seat,
        color=session.state.map.nation(player.nation).colour,
        name=f"{player.name} ({session.state.map.name_of(player.nation)})",
        body=f"<p>{escape(phase_label(session))}: the other nations' orders stay hidden.</p>",
        action="gw-handover",
        button_testid="gw-handover",
        button_text="write my orders",
        card_testid="gw-handover-card",
    )


def networks_html(session: GreatWarSession) -> str:
    """Each supply network's allowance and what the orders spend from it; with several
    networks (encircled), which one pays diplomacy costs first; and what is lost when
    the phase ends unspent."""
    if session.viewer is None or session.state.phase is not Phase.DEPLOYMENT:
        return ""
    state = session.state
    lines = purse.network_lines(state, session.viewer, session.draft)
    chosen = (session.draft.parts.get("pay_first") or [{}])[0].get("province")
    items = []
    for i, line in enumerate(lines):
        first = ", ".join(state.map.name_of(p) for p in line.provinces[:3])
        more = f" and {len(line.provinces) - 3} more" if len(line.provinces) > 3 else ""
        warn = " warn" if line.left < 0 else ""
        pays = ""
        if len(lines) > 1:
            on = chosen in line.provinces
            pays = button(
                "gw-pay-first",
                "pays costs first" if on else "pay costs first",
                f"gw-pay-first-{i}",
                f' data-province="{"" if on else line.provinces[0]}"'
                f' aria-pressed="{str(on).lower()}"',
                "chip" + (" on" if on else ""),
            )
        items.append(
            f'<li class="pool{warn}" data-testid="gw-network-{i}"><b>{drafts.pp(line.left)}</b> '
            f"left of {drafts.pp(line.allowance)} · {escape(first)}{more} {pays}</li>"
        )
    owed = state.nations[state.nation_ids[session.viewer]].owed
    debt = (
        f'<p class="warn small">You owe {drafts.pp(owed)}: no builds until it is paid.</p>'
        if owed
        else ""
    )
    lost = purse.unspent(state, session.viewer, session.draft)
    lost_html = (
        f'<p class="warn small" data-testid="gw-unspent">{drafts.pp(lost)} unspent will be lost '
        "when this phase ends.</p>"
        if lost > 0 and not state.options.bank_unspent
        else ""
    )
    first_note = (
        '<p class="muted small">Diplomacy costs are paid by the network you choose first, '
        "then by the largest.</p>"
        if len(lines) > 1
        else ""
    )
    return (
        f'<h3 class="sub">Supply networks</h3><ul class="orders">{"".join(items)}</ul>'
        f"{first_note}{lost_html}{debt}"
    )


def drop_html(session: GreatWarSession) -> str:
    """Two allies of yours are at war: which one to drop to peace this phase."""
    if session.viewer is None:
        return ""
    state = session.state
    due = entry.drop_choices(state, state.nation_ids[session.viewer])
    if due is None:
        return ""
    one, two, default = due
    chosen = (session.draft.parts.get("drop_ally") or [{}])[0].get("nation")
    buttons = "".join(
        button(
            "gw-drop",
            f"Drop {escape(state.map.name_of(x))}",
            f"gw-drop-{x}",
            f' data-nation="{x}" aria-pressed="{str(chosen == x).lower()}"',
            "chip" + (" on" if chosen == x else ""),
        )
        for x in (one, two)
    )
    return (
        '<div class="gw-drop warn-box" data-testid="gw-drop">'
        f"<p><b>Your allies {escape(state.map.name_of(one))} and "
        f"{escape(state.map.name_of(two))} are at war with each other.</b> "
        "You must drop one of them to peace this phase, at no cost. If you choose none, "
        f"{escape(state.map.name_of(default))} is dropped.</p>"
        f'<div class="choices">{buttons}</div></div>'
    )


def leaders_html(session: GreatWarSession) -> str:
    """The leaders that may go with the next order (or be placed)."""
    state = session.state
    if session.viewer is None:
        return ""
    nation = state.nation_ids[session.viewer]
    if session.mode == "place":
        ids = entry.unplaced_leaders(state, nation)
        title = "Leaders waiting to be placed (choose one, then tap where he goes)"
        if not ids:
            return (
                '<p class="muted small" data-testid="gw-no-leader">No leader of yours is '
                "waiting to be placed. A new general comes at 3, 9, 18, 30 … victory points, "
                "a new admiral at the same naval points; place him here then.</p>"
            )
    else:
        ids = session.leaders_here()
        title = "Leaders here (tap to send them)"
    if not ids:
        return ""
    waiting_one = session.mode == "place" and len(ids) == 1 and not session.leaders

    def chip(lid: str) -> str:
        on = lid in session.leaders or waiting_one
        card = state.map.leader(lid)
        traits = _traits(card.effects)
        return (
            f'<button type="button" class="chip{" on" if on else ""}" '
            f'data-action="gw-leader" data-leader="{lid}" data-testid="gw-leader-{lid}" '
            f'aria-pressed="{"true" if on else "false"}"'
            f"{tip('unit', tips.leader_tip(card.kind, card.name, card.trait, card.text))}>"
            f"{escape(card.name)} "
            f'<span class="muted small">{escape(card.kind)}{traits}</span></button>'
        )

    return f'<h3 class="sub">{title}</h3><div class="choices">{"".join(chip(x) for x in ids)}</div>'


TRAIT_WORDS = {
    "attack_dice": "{:+d} attack die",
    "defence_dice": "{:+d} defence die",
    "extra_free_moves": "{:+d} step",
    "extra_sea_moves": "{:+d} sea move",
}


def _traits(effects: Mapping[str, Any]) -> str:
    """A leader's traits that matter while writing orders, in a few words."""
    words = [w.format(int(effects[k])) for k, w in TRAIT_WORDS.items() if effects.get(k)]
    return f" · {', '.join(words)}" if words else ""


def trade_html(session: GreatWarSession) -> str:
    """The trade being written: a partner, a bundle each way (provinces added one by
    one, pp), the network that pays and the one credited; its route condition is
    checked as each field is chosen (``gw-trade-check``)."""
    if session.mode != "trade" or session.viewer is None:
        return ""
    state = session.state
    form = session.trade_form
    nation = state.nation_ids[session.viewer]
    other = session.trade_partner()
    others = [n for n in state.nation_ids if n != nation]

    def nation_options() -> str:
        return "".join(
            f'<option value="{x}"{" selected" if x == other else ""}>'
            f"{escape(state.map.name_of(x))}{_answers(session, x)}</option>"
            for x in others
        )

    def side(key: str, giver: str, recipient: str, label: str) -> str:
        chosen = session.trade_list(key)
        chips = "".join(
            button(
                "gw-trade-drop",
                f"{escape(state.map.name_of(p))} ✕",
                f"gw-trade-{key}-drop-{p}",
                f' data-side="{key}" data-province="{p}" '
                f'aria-label="Take {escape(state.map.name_of(p))} out of the trade"',
                "chip on",
            )
            for p in chosen
        )
        options = ['<option value="">add a province…</option>']
        for p in state.provinces_of(giver):
            if p in chosen:
                continue
            refused = trade_province_refusal(state, giver, recipient, p)
            note = " (no border or line of ships)" if refused else ""
            disabled = " disabled" if refused else ""
            options.append(
                f'<option value="{p}"{disabled}>{escape(state.map.name_of(p))}{note}</option>'
            )
        test = f"gw-trade-{key}"
        empty = '<span class="muted small">no province</span>' if not chosen else ""
        return (
            f'<fieldset class="gw-trade-side" data-testid="{test}-side"><legend>{label}</legend>'
            f'<div class="choices">{chips}{empty}</div>'
            f'<label>Province <select id="{test}" data-testid="{test}" '
            f'aria-label="{label}: add a province">{"".join(options)}</select></label>'
            f"{amount(key + '_pp', 'pp')}"
        )

    def amount(key: str, label: str) -> str:
        test = f"gw-trade-{key.replace('_', '-')}"
        return (
            f'<label>{label} <input id="{test}" data-testid="{test}" inputmode="decimal" '
            f'size="5" placeholder="0" value="{escape(form.get(key, ""))}"></label>'
        )

    pools = purse.start_of_phase(state, nation).pools
    pay_from = ""
    if len(pools) > 1:
        chosen = form.get("pay_from", "")
        opts = '<option value="">your largest network with a route</option>' + "".join(
            f'<option value="{pool.provinces[0]}"'
            f"{' selected' if chosen in pool.provinces else ''}>"
            f"network of {escape(state.map.name_of(pool.provinces[0]))} "
            f"({drafts.pp(pool.remaining)})</option>"
            for pool in pools
        )
        pay_from = (
            '<label>Paid by <select id="gw-trade-pay-from" data-testid="gw-trade-pay-from">'
            f"{opts}</select></label>"
        )
    chosen_at = form.get("receive_at", "")
    receive = '<option value="">your largest network</option>' + "".join(
        f'<option value="{p}"{" selected" if p == chosen_at else ""}>'
        f"network of {escape(state.map.name_of(p))}</option>"
        for p in state.provinces_of(nation)
    )
    receive_at = (
        '<label>pp you get are credited to <select id="gw-trade-receive-at" '
        f'data-testid="gw-trade-receive-at">{receive}</select></label>'
    )
    check = session.trade_check()
    css = "warn small" if check.startswith("Refused") else "muted small"
    return (
        '<div class="gw-trade">'
        '<label>With <select id="gw-trade-with" data-testid="gw-trade-with">'
        f"{nation_options()}</select></label>"
        '<p class="muted small" data-testid="gw-trade-answer">'
        f"{escape(_answer_note(session, other, trade=True))}</p>"
        + side("give", nation, other, "You give")
        + pay_from
        + "</fieldset>"
        + side("get", other, nation, "You get")
        + receive_at
        + "</fieldset></div>"
        f'<p id="gw-trade-check" class="{css}" data-testid="gw-trade-check" aria-live="polite">'
        f"{escape(check)}</p>"
        '<div class="row end">'
        + button("gw-trade", "Offer this trade", "gw-trade-add", "", "btn primary")
        + "</div>"
    )


def _answers(session: GreatWarSession, nation: str) -> str:
    """A short mark after a nation's name where an offer to it cannot be answered."""
    seat = session.state.players[session.state.seat_of(nation)]
    if seat.kind == "computer":
        return " (computer)"
    if seat.kind == "idle":
        return " (nobody plays it)"
    return ""


def _answer_note(session: GreatWarSession, nation: str, trade: bool = False) -> str:
    """Whether ``nation`` can answer an offer (trade, peace, alliance) this phase."""
    seat = session.state.players[session.state.seat_of(nation)]
    who = session.state.map.name_of(nation)
    computer_trade = review.computer_trade_answer(session.state, nation) if trade else None
    if computer_trade is not None:
        return computer_trade + "."
    if seat.kind == "computer":
        return (
            f"{who} is played by the computer, which answers offers when the phase "
            "resolves (it may refuse)."
        )
    if seat.kind == "idle":
        return f"Nobody plays {who}: an offer to it is never answered."
    return f"{who} must write the mirror offer in this phase for it to happen."


def diplomacy_html(session: GreatWarSession) -> str:
    """The relations matrix (yours in full, with each change's cost) and refusals."""
    state = session.state
    mine = state.nation_ids[session.viewer] if session.viewer is not None else None
    ordered = {d["with"] for d in session.draft.parts.get("diplomacy", [])} if mine else set()
    passage = {g["nation"] for g in session.draft.parts.get("passage", [])} if mine else set()
    head = "".join(
        column_head(
            escape(n[:3].upper()),
            tips.relation_column_tip(state.map.name_of(n)),
            f' aria-label="{escape(state.map.name_of(n))}"',
        )
        for n in state.nation_ids
    )
    rows = []
    for a in state.nation_ids:
        cells = "".join(
            f'<td class="rel-{state.relation(a, b)}">{state.relation(a, b)[:1].upper()}</td>'
            if a != b
            else "<td>·</td>"
            for b in state.nation_ids
        )
        rows.append(f"<tr><th>{escape(a[:3].upper())}</th>{cells}</tr>")
    matrix = (
        '<table class="gw-matrix small" data-testid="gw-relations">'
        f"<tr><th></th>{head}</tr>{''.join(rows)}</table>"
        '<p class="muted small">A alliance · P peace · W war.</p>'
    )
    if mine is None or session.stage != "entry":
        return f'<h3 class="sub">Relations</h3>{matrix}'
    # the ally chosen in a forced drop goes to peace at no cost: never pay for it again
    dropped = (session.draft.parts.get("drop_ally") or [{}])[0].get("nation")
    items = []
    for other in state.nation_ids:
        if other == mine:
            continue
        current = state.relation(mine, other)
        buttons = []
        for (frm, to), (sides, cost) in CHANGES.items():
            if frm != current:
                continue
            price = f"{cost / 4:g} pp" if sides == ONE_SIDED else "free, both must order it"
            why = purse.diplomacy_refusal(state, mine, other, to)
            if why is None and other == dropped and to == "peace":
                why = "your forced drop above already makes this peace, at no cost"
            disabled = " disabled" if other in ordered or why else ""
            title = f' title="{escape(why)}"' if why else ""
            buttons.append(
                button(
                    "gw-diplomacy",
                    f"{escape(to.capitalize())} ({price})",
                    f"gw-dip-{other}-{to}",
                    f' data-with="{other}" data-to="{to}"{disabled}{title}',
                    "chip",
                )
            )
            if why:
                buttons.append(
                    f'<span class="muted small" data-testid="gw-dip-why-{other}-{to}">'
                    f"{escape(why)}</span>"
                )
        if any(sides != ONE_SIDED for (frm, _), (sides, _) in CHANGES.items() if frm == current):
            seat = state.players[state.seat_of(other)]
            if seat.kind != "human":
                note = (
                    "computer: answers when the phase resolves"
                    if seat.kind == "computer"
                    else "nobody plays it: never answered"
                )
                buttons.append(
                    f'<span class="muted small" data-testid="gw-dip-answer-{other}" '
                    f'title="{escape(_answer_note(session, other))}">{note}</span>'
                )
        items.append(
            f"<li>{_nation(session, other)} <span class='muted small'>{current}</span> "
            f"{''.join(buttons)}{_passage_html(session, mine, other, passage)}</li>"
        )
    refusals = [
        o
        for o in (state.last_report or {}).get("offenses", [])
        if str(o.get("code", "")).startswith("dip/") and o.get("nation") == mine
    ]
    refused = "".join(
        f"<li>{escape(str(o.get('order', '')))}: {escape(str(o.get('detail', '')))}</li>"
        for o in refusals
    )
    last = f'<h3 class="sub">Refused last phase</h3><ul>{refused}</ul>' if refused else ""
    return (
        f'<h3 class="sub">Relations</h3>{matrix}{drop_html(session)}'
        f'<ul class="gw-dip orders" data-testid="gw-diplomacy">{"".join(items)}</ul>{last}'
    )


def _passage_html(session: GreatWarSession, mine: str, other: str, ordered: set[str]) -> str:
    """Passage with one nation: who grants it now, and the grant or revoke button."""
    state = session.state
    them = state.map.name_of(other)
    facts = []
    if (other, mine) in state.grants:
        facts.append(f"{them} grants you passage")
    granted = (mine, other) in state.grants
    if granted:
        facts.append("you grant them passage")
    text = (
        f'<span class="muted small" data-testid="gw-passage-{other}">{escape("; ".join(facts))}'
        "</span>"
        if facts
        else ""
    )
    if state.relation(mine, other) != "peace" and not granted:
        return text
    label = "Revoke passage" if granted else "Grant passage"
    disabled = ""
    if other in ordered:
        label = "Passage revoked in your orders" if granted else "Passage granted in your orders"
        disabled = " disabled"
    return text + button(
        "gw-passage",
        label,
        f"gw-passage-{other}-{'revoke' if granted else 'grant'}",
        f' data-nation="{other}" data-grant="{str(not granted).lower()}"{disabled} '
        f'title="Supply and pp of {escape(them)} may cross your land from next phase; '
        'never its units"',
        "chip",
    )


def review_html(session: GreatWarSession) -> str:
    """The phase's orders, each removable, with the exact odds of every attack."""
    state = session.state
    if session.viewer is None:
        return ""
    draft = session.draft
    mine = state.nation_ids[session.viewer]
    blocks = []
    for section in drafts.sections(state):
        items = draft.parts.get(section, [])
        if not items:
            continue
        lines = "".join(
            f'<li data-kind="{section}"><span>{escape(review.describe(state, section, part, mine))}'
            f"</span>"
            + '<span class="row">'
            + button(
                "gw-change",
                "✎",
                f"gw-change-{section}-{i}",
                f' data-section="{section}" data-index="{i}" aria-label="Change this order"',
                "btn ghost small",
            )
            + button(
                "gw-remove",
                "✕",
                f"gw-remove-{section}-{i}",
                f' data-section="{section}" data-index="{i}" aria-label="Remove this order"',
                "btn ghost small",
            )
            + "</span>"
            + "</li>"
            for i, part in enumerate(items)
        )
        blocks.append(
            f'<h3 class="sub">{SECTION_TITLES[section]}</h3><ul class="orders">{lines}</ul>'
        )
    targets = sorted(
        {a["target"] for a in draft.parts.get("attacks", [])}
        | {s["target"] for s in draft.parts.get("strikes", [])}
    )
    odds = []
    for target in targets:
        o = entry.odds_on(state, session.viewer, draft, target)
        warning = preempt.note(state, mine, target)
        mark = (
            f'<br><span class="warn small" data-testid="gw-preempt-{target}">⚠ '
            f"{escape(warning)}</span>"
            if warning
            else ""
        )
        odds.append(
            f'<li data-testid="gw-odds-{target}"><b>{o.win:.1%}</b> to take '
            f"{escape(state.map.name_of(target))}: {o.attackers} v {o.defenders}, "
            f"{o.attack_dice} v {o.defence_dice} dice, {o.expected_left:.1f} expected left"
            f"{mark}</li>"
        )
    odds_html = (
        f'<h3 class="sub">Exact odds</h3><ul class="orders">{"".join(odds)}</ul>' if odds else ""
    )
    warnings = "".join(f"<li>{escape(w)}</li>" for w in session.warnings())
    warn_html = (
        f'<ul class="warn small" data-testid="gw-warnings">{warnings}</ul>' if warnings else ""
    )
    empty = (
        '<p class="muted small">No orders yet: sealing now does nothing this phase.</p>'
        if not draft.count()
        else ""
    )
    return (
        f'<div data-testid="gw-review"><h3>Your orders</h3>{empty}{"".join(blocks)}'
        f"{odds_html}{warn_html}</div>"
    )


RESULT_WORDS = {"dropped": "was not carried out", "cut": "was cut", "adjusted": "was adjusted"}


def offenses_html(session: GreatWarSession) -> str:
    """Last phase's offenses of the viewer's nation, in the player's words (spec §6)."""
    if session.viewer is None:
        return ""
    mine = session.state.nation_ids[session.viewer]
    items = "".join(
        f"<li>Your order “{escape(str(o.get('order', '')))}” "
        f"{RESULT_WORDS.get(str(o.get('result', '')).lower(), str(o.get('result', '')))}: "
        f"{escape(str(o.get('detail', '')))} "
        f'<span class="muted small">({escape(str(o.get("code", "")))})</span></li>'
        for o in (session.state.last_report or {}).get("offenses", [])
        if o.get("nation") == mine
    )
    if not items:
        return ""
    return (
        '<h3 class="sub">Last phase: orders not carried out as written</h3>'
        f'<ul class="warn small" data-testid="gw-offenses">{items}</ul>'
    )


def overlay_buttons(session: GreatWarSession) -> str:
    labels = {
        "supply": "Supply",
        "encircled": "Encircled",
        "blockade": "Blockades",
        "passage": "Passage",
    }
    return (
        '<div class="row modes" role="group" aria-label="Map overlays">'
        + "".join(
            button(
                "gw-overlay",
                label,
                f"gw-overlay-{key}",
                f' data-overlay="{key}" aria-pressed="{str(key in session.overlays).lower()}"',
                "btn small" + (" on" if key in session.overlays else ""),
            )
            for key, label in labels.items()
        )
        + "</div>"
    )


COUNT_LABELS = {
    "build": ("Divisions", "all you can pay for"),
    "ships": ("Ships", "all you can pay for"),
    "sail": ("Ships", "all"),
    "strike": ("Divisions", "all aboard"),
    "attack": ("Divisions", "all"),
    "move": ("Divisions", "all"),
    "embark": ("Divisions", "all that fit"),
    "disembark": ("Divisions", "all"),
}
"""The count field of each mode and what it means left blank: always "all" (what the
order can take), never 1; the field says so and is emptied when the mode changes or
the phase ends."""
SUB_COUNTS = {
    "sail": ("cargo", "Divisions aboard that go", "as many as fit"),
    "strike": ("ships_in", "Ships into port if taken", "half the divisions"),
}


def counts_html(session: GreatWarSession) -> str:
    """The count of the order being written, named for the mode with what blank means;
    a sail's cargo and a strike's ships into port beside it."""
    if session.mode not in COUNT_LABELS:
        return ""
    label, blank = COUNT_LABELS[session.mode]
    html = (
        f'<label class="units">{label} <input id="gw-count" data-testid="gw-count" '
        f'inputmode="numeric" size="4" value="{escape(session.count)}" '
        f'placeholder="all" aria-describedby="gw-count-blank"> '
        f'<span class="muted small" id="gw-count-blank" data-testid="gw-count-blank">'
        f"blank = {escape(blank)}</span></label>"
    )
    if session.mode in SUB_COUNTS:
        key, label, blank = SUB_COUNTS[session.mode]
        test = f"gw-{key.replace('_', '-')}"
        html += (
            f'<label class="units">{label} <input id="{test}" data-testid="{test}" '
            f'inputmode="numeric" size="4" value="{escape(session.sub_counts.get(key, ""))}" '
            f'placeholder="{escape(blank)}"></label>'
        )
    return html


def entry_html(session: GreatWarSession) -> str:
    """Order entry for the viewer: modes, count, leaders, trade, diplomacy, review."""
    state = session.state
    if session.stage != "entry" or session.viewer is None:
        return ""
    seat = state.players[session.viewer]
    modes = (*drafts.modes(state), "diplomacy")
    mode_buttons = "".join(
        button(
            "gw-mode",
            MODE_LABELS[m],
            f"gw-mode-{m}",
            f' data-mode="{m}" aria-pressed="{"true" if m == session.mode else "false"}"'
            + tip("order", tips.ORDER_TIPS[m]),
            "btn small" + (" on" if m == session.mode else ""),
        )
        for m in modes
    )
    reach = session.reach_note()
    selected = (
        f'<p class="prompt">From <b>{escape(session.name(session.selected))}</b>: '
        f'tap a highlighted place. <span data-testid="gw-reach">{escape(reach)}</span></p>'
        if session.selected
        else ""
    )
    body = diplomacy_html(session) if session.mode == "diplomacy" else trade_html(session)
    drop = "" if session.mode == "diplomacy" else drop_html(session)
    return (
        f"<h3>{_nation(session, seat.nation)} · {escape(seat.name)}</h3>{drop}"
        f'<div class="row modes" role="group" aria-label="Orders">{mode_buttons}</div>'
        f'<div class="row gw-counts">{counts_html(session)}</div>'
        f'<p class="prompt" data-testid="gw-help">{escape(MODE_HELP[session.mode])}</p>'
        f"{selected}{leaders_html(session)}{body}{networks_html(session)}{review_html(session)}"
        f"{offenses_html(session)}" + seal_html(session)
    )


def seal_html(session: GreatWarSession) -> str:
    """The seal button; with allowance left unspent it asks first (the shell's warning
    dialog, :mod:`ui.shell.warnings`)."""
    lost = session.unspent()
    action = "gw-seal-ask" if lost > 0 else "gw-seal"
    return (
        '<div class="row end">'
        + button("gw-clear", "Clear all", "gw-clear", "", "btn ghost")
        + button(action, "Seal my orders", "gw-seal", "", "btn primary")
        + "</div>"
    )


def replay_html(session: GreatWarSession) -> str:
    """The resolution's replay on the map: the frame's title, caption and battle rounds,
    the shell's controls, and the way to the report."""
    from ui.shell.replay import controls_html

    frame = session.frame
    if frame is None:
        return ""
    rounds = "".join(f"<li>{escape(x)}</li>" for x in frame.rounds)
    rounds_html = f'<ol class="gw-rounds small">{rounds}</ol>' if rounds else ""
    return (
        f'<h3><span data-testid="gw-replay-title">{escape(frame.title)}</span> '
        f'<span class="muted" data-testid="gw-replay-phase">· {escape(resolved_phase(session))}'
        "</span></h3>"
        f'<p data-testid="gw-replay-caption">{escape(frame.caption)}</p>{rounds_html}'
        + controls_html(session.replay(), phase_label(session), prefix="gw-replay")
        + '<div class="row end">'
        + button("gw-replay-skip", "Go to the report", "gw-replay-skip", "", "btn primary")
        + "</div>"
    )


def export_text(session: GreatWarSession, fmt: str) -> str:
    """The report as BBCode or Markdown for the forum (h17r's :mod:`ui.greatwar1907.export`)."""
    from ui.greatwar1907.export import bbcode, markdown

    return bbcode(session.state) if fmt == "bbcode" else markdown(session.state)


def report_html(session: GreatWarSession) -> str:
    """The moderator-style report of the last phase, with copy and download buttons."""
    from ui.greatwar1907.export import map_file_name, map_svg
    from ui.greatwar1907.export import report_html as report_body
    from ui.shell.export import data_url

    state = session.state
    if session.stage != "report" or state.last_report is None:
        return ""
    done = session.over or session.where == "forum"
    next_button = (
        "" if done else button("gw-next", "Next phase", "gw-next-phase", "", "btn primary")
    )
    from engine.rulesets.greatwar1907.summary import happened
    from ui.shell.summary import reader_of, summary_html

    body = f'<div class="gw-report small" data-testid="gw-report">{report_body(state)}</div>'
    what = happened(state, session.before, session.events)
    return (
        summary_html(what, reader_of(session), body)
        + '<div class="row">'
        + button("gw-copy-bbcode", "Copy BBCode", "gw-copy-bbcode")
        + button("gw-copy-markdown", "Copy Markdown", "gw-copy-markdown")
        + f'<a class="btn" download="{escape(map_file_name(state))}" '
        f'href="{escape(data_url(map_svg(state)))}" data-testid="gw-download-svg">Map (SVG)</a>'
        + next_button
        + "</div>"
        '<textarea id="gw-export-text" class="export" rows="3" readonly '
        'data-testid="gw-export-text"></textarea>'
        + share_html("gw-export-text", "gw-export", f"The Great War 1907: turn {state.turn}")
    )


def sealed_html(session: GreatWarSession) -> str:
    return forum_panels.sealed_html(session, "gw", "nation")


def forum_html(session: GreatWarSession, page_url: str = "index.html") -> str:
    if session.where != "forum":
        return ""
    return forum_panels.forum_html(session, "gw", page_url, "nation")


def report_label(report: Mapping[str, Any]) -> str:
    """A resolved phase as the log names it: "Attack of turn 2 (1908)"."""
    phase = "Attack" if report.get("phase") == "attack" else "Deployment"
    turn = int(report.get("turn", 0))
    return f"{phase} of turn {turn} ({START_YEAR + turn})"


def reports_html(session: GreatWarSession) -> str:
    """The phases resolved so far, newest first; tapping one shows its full report
    below it (tapping again closes it)."""
    from dataclasses import replace

    from ui.greatwar1907.export import report_html as report_body

    if not session.reports:
        return ""
    items = []
    for i in reversed(range(len(session.reports))):
        report = session.reports[i]
        shown = session.shown_report == i
        body = (
            f'<div class="gw-report gw-past-report small" data-testid="gw-past-report-body">'
            f"{report_body(replace(session.state, last_report=report))}</div>"
            if shown
            else ""
        )
        items.append(
            "<li>"
            + button(
                "gw-past-report",
                escape(report_label(report)),
                f"gw-past-report-{i}",
                f' data-index="{i}" aria-expanded="{str(shown).lower()}"',
                "btn ghost small" + (" on" if shown else ""),
            )
            + f"{body}</li>"
        )
    return (
        '<h3 class="sub">Reports of the phases played</h3>'
        '<ul class="gw-past-reports" data-testid="gw-past-reports">' + "".join(items) + "</ul>"
    )


def log_html(session: GreatWarSession) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in reversed(session.log[-30:]))
    return f'<h3>Log</h3>{reports_html(session)}<ul class="log">{items}</ul>'
