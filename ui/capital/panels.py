"""HTML of the Capital Risk side panel, hand-over screen, replay and report (pure).

Buttons carry ``data-action="cap-…"`` for :mod:`ui.capital.page`; test ids start with
``cap-``.
"""

from __future__ import annotations

from html import escape

from engine.maps import load_map
from engine.rulesets.capital import reinforcements
from engine.rulesets.capital.options import MUST_TRADE_AT, TWO_SETS_FROM
from ui.capital import entry, tips
from ui.capital.export import bbcode, data_url, markdown, report_html
from ui.capital.hints import OFFENSES_EXPLAINED, phase_hint
from ui.capital.session import ORDER_MODES, SETUP_MODES, CapitalSession
from ui.shell import forum_panels
from ui.shell.odds_setting import threshold_select
from ui.shell.render import swatch
from ui.shell.screens import handover_card
from ui.shell.share import share_html
from ui.shell.tips import column_head, tip

MODE_LABELS = {
    "capital": "Capital",
    "place": "Place",
    "attack": "Attack",
    "surge": "Surge",
    "move": "Tactical move",
}
MODE_HELP = {
    "capital": "Click one of your territories to make it your secret capital.",
    "place": "Click your territories to place units (the field: units per click, blank = 1).",
    "attack": "Click a territory of yours, then an enemy neighbour (units: blank = maximum).",
    "surge": "One surge: click a territory you attack, then where to go on if it falls.",
    "move": "One tactical move: click the origin, then your neighbours to move units into.",
}


def _button(action: str, label: str, test: str, extra: str = "", cls: str = "btn") -> str:
    return (
        f'<button type="button" class="{cls}" data-action="{action}" data-testid="{test}"'
        f"{extra}>{label}</button>"
    )


def _seat(session: CapitalSession, f: int, size: int = 16) -> str:
    player = session.state.players[f]
    return (
        f'<span class="seat">{swatch(f, player.color, False, size)}'
        f"<b>{escape(player.name)}</b></span>"
    )


def status_html(session: CapitalSession) -> str:
    """Turn, phase and every faction's public standing (who has sealed included)."""
    state = session.state
    phase = {"setup": "Setup", "orders": "Orders", "game-over": "Game over"}[state.phase.value]
    where = "by forum" if session.where == "forum" else "pass and play"
    head = (
        f'<div class="turn-line"><span class="pill phase">{phase}</span>'
        f"<span>Capital Risk · turn {state.turn}</span>"
        f'<span class="pill">{where}</span></div>'
    )
    the_map = load_map(state.map_id)
    rows = []
    slots = state.submissions
    for f, p in enumerate(state.players):
        lands = state.territories_of(f)
        units = sum(state.armies[t] for t in lands)
        if session.stage not in ("entry", "handover", "sealed", "claim"):
            sealed = ""
        elif session.where == "forum":
            sealed = "✓" if f == session.seat and session.sealed else ""
        else:
            sealed = "✓" if slots[f] is not None else ("…" if p.alive else "")
        capital = the_map.name_of(p.capital) if p.capital and state.capitals_revealed else "?"
        next_units = reinforcements(state, f) if p.alive and not session.setup else ""
        kind = "you" if session.where == "forum" and f == session.seat else p.control
        members = " & ".join(escape(m) for m in p.members if m != p.name)
        team = f" · {members}" if members else ""
        rows.append(
            f'<tr class="{"" if p.alive else "dead"}" data-faction="{f}"><td>{_seat(session, f)}'
            f'<div class="muted small">{escape(kind)}{team}</div></td><td>{len(lands)}</td>'
            f'<td>{units}</td><td>{next_units}</td><td class="small">{escape(capital)}</td>'
            f'<td class="sealed" title="orders sealed">{sealed}</td></tr>'
        )
    table = (
        '<table class="info factions"><thead><tr>'
        + "".join(
            column_head(h, tips.COLUMN_TIPS[h])
            for h in ("Faction", "Terr.", "Units", "Reinf.", "Capital")
        )
        + "<th></th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )
    return head + table


def handover_html(session: CapitalSession) -> str:
    f = session.seat_handed_over()
    if f is None:
        return ""
    player = session.state.players[f]
    members = " or ".join(escape(m) for m in player.members)
    done = [p.name for i, p in enumerate(session.state.players) if session.state.submissions[i]]
    sealed = f'<p class="muted">Sealed: {escape(", ".join(done))}</p>' if done else ""
    what = "setup and secret capital" if session.setup else "orders"
    return handover_card(
        seat=f,
        color=player.color,
        name=player.name,
        body=f"<p>{members} enters the {what} for turn {session.state.turn}. Nobody else should "
        f"look: orders stay secret until every faction has sealed.</p>{sealed}",
        action="cap-handover",
        button_testid="cap-handover-continue",
        button_text="enter my orders",
        card_testid="cap-handover",
    )


def entry_html(session: CapitalSession, picked: set[int] | None = None) -> str:
    """The order entry panel of the faction behind the screen (``picked``: the cards
    picked for a trade; default the session's)."""
    f = session.viewer
    if f is None or session.stage != "entry":
        return ""
    if picked is None:
        picked = set(session.picked)
    state, draft = session.state, session.draft
    modes = SETUP_MODES if session.setup else ORDER_MODES
    buttons = "".join(
        _button(
            "cap-mode",
            MODE_LABELS[m],
            f"cap-mode-{m}",
            f' data-mode="{m}" aria-pressed="{"true" if m == session.mode else "false"}"'
            + tip("order", tips.ORDER_TIPS[m]),
            "btn toggle on" if m == session.mode else "btn toggle",
        )
        for m in modes
    )
    total = entry.pool(state, f, draft)
    used = total - entry.left(state, f, draft)
    what = "Starting units" if session.setup else "Reinforcements"
    from_cards = entry.card_units(state, draft)
    note = f' <span class="muted small">(cards +{from_cards})</span>' if from_cards else ""
    pool = (
        f'<div class="pool" data-testid="cap-pool"><span class="label">{what}</span> '
        f"<b>{used}/{total}</b> placed{note}</div>"
        + (
            ""
            if session.setup
            else '<p class="muted small" data-testid="cap-marks">On the map, <b>+2/3</b> means'
            " 2 units placed there of the 3 it may receive this turn (1 + your neighbouring"
            " territories); <b>0/3</b>: none placed yet.</p>"
        )
    )
    placeholder = "1" if session.mode == "place" else "max"
    units = (
        '<label class="units">Units <input id="cap-count" type="number" min="1" inputmode="numeric"'
        f' data-testid="cap-count" placeholder="{placeholder}" value="{escape(session.count)}">'
        "</label>"
        if session.mode != "capital"
        else ""
    )
    if session.mode == "surge":
        units += (
            '<label class="units">Only if the target holds at most <input id="cap-surge-max"'
            ' type="number" min="0" inputmode="numeric" data-testid="cap-surge-max"'
            f' placeholder="any" value="{escape(session.surge_max)}"> units after placements'
            "</label>"
        )
    if session.mode == "attack":
        units += threshold_select(
            session.warn_below, 'id="cap-warn-below" data-testid="cap-warn-below"'
        )
    prompt = MODE_HELP[session.mode]
    if session.selected and session.asking is None:  # the question is the shell dialog
        prompt = f"From <b>{escape(session.name(session.selected))}</b>: " + {
            "attack": "click an enemy neighbour (or another of yours to start there).",
            "surge": "click where the surge goes if it falls.",
            "move": "click your neighbours to move units into.",
        }.get(session.mode, "")
        options = session.highlight()
        if options:
            prompt += (
                '<div class="choices">'
                + "".join(
                    f'<button type="button" class="chip" data-action="cap-pick"'
                    f' data-territory-id="{t}" data-testid="cap-pick-{t}">'
                    f"{escape(session.name(t))}</button>"
                    for t in options
                )
                + "</div>"
            )
    cards = _cards_html(session, f, picked)
    rows = entry.entries(state, f, draft)
    listing = (
        "".join(
            f'<li data-kind="{e.kind}">{escape(e.text)} <button type="button" class="x" '
            f'data-action="cap-remove" data-kind="{e.kind}" data-index="{e.index}" '
            f'aria-label="Remove: {escape(e.text)}" data-testid="cap-remove-{e.kind}-{e.index}">'
            "×</button></li>"
            for e in rows
        )
        or '<li class="muted">No orders yet.</li>'
    )
    cuts = session.offenses()
    offenses = (
        '<ul class="offenses">' + "".join(f"<li>{escape(c)}</li>" for c in cuts) + "</ul>"
        if cuts
        else '<p class="ok">No offenses: these orders stand as written.</p>'
    )
    explained = (
        '<details class="explain" data-testid="cap-offenses-help"><summary>What is an'
        f" offense?</summary><p>{escape(OFFENSES_EXPLAINED)}</p></details>"
    )
    seal_label = "Seal setup" if session.setup else "Seal orders"
    return (
        f"<h3>{_seat(session, f)} — {'setup' if session.setup else 'your orders'}</h3>"
        f'<p class="hint" data-testid="cap-hint">{escape(phase_hint(session))}</p>'
        f'<div class="row modes" role="group" aria-label="What a click does">{buttons}</div>'
        f'<div class="row">{pool}{units}</div>'
        f'<p class="prompt" data-testid="cap-prompt">{prompt}</p>'
        f"{cards}"
        f'<h3 class="sub">Orders</h3><ul class="orders" data-testid="cap-orders">{listing}</ul>'
        f'<div class="offense-box{" has-offenses" if cuts else ""}" data-testid="cap-offenses">'
        f'<span class="label">Offenses the rules would report</span>{offenses}{explained}</div>'
        '<div class="row end">'
        + _button("cap-clear", "Clear", "cap-clear")
        + _button("cap-seal", seal_label, "cap-seal", "", "btn primary")
        + "</div>"
    )


def _cards_html(session: CapitalSession, f: int, picked: set[int]) -> str:
    """The faction's own hand (only in its entry screen, after the hand-over)."""
    state, draft = session.state, session.draft
    hand = state.players[f].cards
    if not hand or session.setup:
        return ""
    the_map = load_map(state.map_id)
    free = entry.tradable(state, f, draft)
    allowed = entry.sets_allowed(state, f)
    room = len(draft.trades) < allowed
    cards = []
    for c in hand:
        card = the_map.deck[c]
        where = the_map.name_of(card.territory) if card.territory else "any type"
        cls = "card " + card.type.value + (" picked" if c in picked else "")
        disabled = " disabled" if c not in free or not room else ""
        cards.append(
            f'<button type="button" class="{cls}" data-action="cap-card" data-card="{c}"'
            f"{tip('card', tips.card_tip(card.type.value))}"
            f' aria-pressed="{"true" if c in picked else "false"}"'
            f' data-testid="cap-card-{c}"{disabled}><span class="ctype">{card.type.value}</span>'
            f"<span>{escape(where)}</span></button>"
        )
    rule = (
        f"up to {allowed} sets this turn"
        if allowed > 1
        else f"one set this turn (two from {TWO_SETS_FROM} cards)"
    )
    if len(hand) >= MUST_TRADE_AT:
        rule += f"; holding {MUST_TRADE_AT}+ cards, a set is traded for you if you do not"
    preview = ""
    ok = False
    if len(picked) == 3:
        try:
            entry.check_trade(state, f, draft, sorted(picked))
            ok = True
            preview = escape(entry.describe_trade(state, f, sorted(picked)))
        except entry.EntryError as exc:
            preview = escape(str(exc))
    elif picked:
        preview = f"{len(picked)}/3 cards picked"
    elif room:
        preview = "Pick three cards: 3 infantry 4, 3 cavalry 6, 3 artillery 8, one of each 10"
    trade = _button("cap-trade", "Trade set", "cap-trade", "" if ok else " disabled")
    return (
        f'<h3 class="sub">Your cards ({len(hand)}) <span class="muted small">{rule}</span></h3>'
        f'<div class="cards" data-testid="cap-cards">{"".join(cards)}</div>'
        f'<div class="row">{trade}<span class="small" data-testid="cap-set">{preview}</span></div>'
    )


def replay_html(session: CapitalSession) -> str:
    step = session.step
    if step is None:
        return ""
    steps = session.steps()
    rounds = "".join(f"<li>{escape(r)}</li>" for r in step.rounds)
    return (
        '<div class="replay" data-testid="cap-replay">'
        f'<div class="label">Replay · step {min(session.replay_step, len(steps) - 1) + 1} of '
        f"{len(steps)}</div>"
        f'<h3 data-testid="cap-replay-title">{escape(step.title)}</h3>'
        f"<p>{escape(step.text)}</p>"
        + (f'<ol class="rounds">{rounds}</ol>' if rounds else "")
        + '<div class="replay-controls" role="toolbar" aria-label="Resolution replay">'
        + _button(
            "cap-replay-first",
            "« First",
            "cap-replay-first",
            ' aria-label="First step"' + (" disabled" if session.replay_step == 0 else ""),
        )
        + _button(
            "cap-replay-back",
            "‹ Back",
            "cap-replay-back",
            ' aria-label="Previous step"' + (" disabled" if session.replay_step == 0 else ""),
        )
        + _button(
            "cap-replay-pause",
            "▶ Play" if session.replay_paused else "❚❚ Pause",
            "cap-replay-pause",
            f' aria-pressed="{"true" if session.replay_paused else "false"}"',
        )
        + _button("cap-replay-next", "Next step ›", "cap-replay-next")
        + '</div><div class="row between replay-more"><span class="speed">'
        + _button("cap-replay-slower", "−", "cap-replay-slower", ' aria-label="Slower"')
        + f'<span data-testid="cap-replay-speed">{session.replay_speed:g}×</span>'
        + _button("cap-replay-faster", "+", "cap-replay-faster", ' aria-label="Faster"')
        + "</span>"
        + _button("cap-replay-skip", "Skip to the report", "cap-replay-skip", "", "btn primary")
        + "</div></div>"
    )


def report_panel_html(session: CapitalSession, svg_href: str) -> str:
    """The report with its exports and what comes next."""
    report = session.state.last_report
    if report is None or session.stage != "report":
        return ""
    from engine.rulesets.capital.plain import sections
    from engine.rulesets.capital.summary import happened
    from ui.shell.summary import disclosure_html, reader_of, sections_html, summary_html

    turn = report.get("turn", session.state.turn)
    # the winner is announced at the top of the summary card, which comes first
    what = summary_html(happened(session.state), reader_of(session))
    moderator = f'<div class="report" data-testid="cap-report">{report_html(report)}</div>'
    if session.over:
        after = _button("show-setup", "New game", "cap-new-game", "", "btn primary")
    elif session.where == "forum":
        after = _button("cap-next-turn", "Enter next orders", "cap-next-turn", "", "btn primary")
    else:
        after = _button("cap-next-turn", "Next turn", "cap-next-turn", "", "btn primary")
    return (
        what
        + sections_html(sections(report), "cap-plain-report")
        + disclosure_html(
            "The moderator's report (as posted to the forum)", moderator, "cap-moderator"
        )
        + '<div class="row exports">'
        + _button("cap-copy-bbcode", "Copy BBCode", "cap-copy-bbcode")
        + _button("cap-copy-markdown", "Copy Markdown", "cap-copy-markdown")
        + f'<a class="btn" data-testid="cap-download-svg" download="capital-turn-{turn}.svg"'
        f' href="{escape(svg_href)}">Download map (SVG)</a>' + "</div>"
        '<textarea class="export" id="cap-export-text" data-testid="cap-export-text" readonly'
        ' rows="3" aria-label="Exported report" placeholder="The copied text appears here">'
        "</textarea>"
        + share_html("cap-export-text", "cap-export", f"Capital Risk: turn {turn}")
        + f'<div class="row end">{after}</div>'
    )


def export_text(session: CapitalSession, fmt: str) -> str:
    report = session.state.last_report
    if report is None:
        return ""
    return bbcode(report) if fmt == "bbcode" else markdown(report)


def sealed_html(session: CapitalSession) -> str:
    """By forum, after sealing: the sealed code to post, then the reveal code."""
    return forum_panels.sealed_html(session, "cap")


def forum_html(session: CapitalSession, page_url: str = "index.html") -> str:
    """The forum card: the save code, pasting codes, claiming, resolving."""
    return forum_panels.forum_html(session, "cap", page_url)


def log_html(session: CapitalSession) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in reversed(session.log[-30:]))
    return f'<h3>Log</h3><ul class="log cap-log">{items}</ul>'


def svg_href(svg: str) -> str:
    return data_url(svg)
