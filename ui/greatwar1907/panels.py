"""HTML of the Great War 1907 side panel: status, hand-over, order entry (allowances,
leaders, trade, diplomacy, odds, the review list), replay and report (pure).

Buttons carry ``data-action="gw-…"`` for :mod:`ui.greatwar1907.page`; test ids start
with ``gw-``.
"""

from __future__ import annotations

from html import escape

from engine.rulesets.greatwar1907.options import CHANGES, ONE_SIDED, START_YEAR
from engine.rulesets.greatwar1907.state import Phase
from ui.greatwar1907 import drafts, entry, purse, review
from ui.greatwar1907.session import GreatWarSession
from ui.shell import forum_panels
from ui.shell.forum_panels import button
from ui.shell.screens import handover_card

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
    "build": "Tap a province of yours: the count (blank = 1) of divisions, 1 pp each.",
    "ships": "Tap a province of yours with a port: the count (blank = 1) of ships, 1 pp each.",
    "move": "Tap a province of yours, then a friendly neighbour (count blank = all).",
    "embark": "Tap a port of yours with ships in it: divisions go aboard (2 a ship).",
    "sail": "Tap a port or sea with your ships, then a highlighted sea or port.",
    "disembark": "Tap a friendly port where your ships are (or sail to): divisions land.",
    "place": "Choose a leader below, then tap where he goes.",
    "trade": "Choose a nation and what you give and get; both must order the mirror offer.",
    "attack": "Tap a province of yours, then an enemy (or Neutral) neighbour.",
    "strike": "Tap a sea where your ships carry divisions, then a hostile port on it.",
    "diplomacy": "Each change's cost is shown before you order it.",
}
SECTION_TITLES = {
    "diplomacy": "Diplomacy",
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


def status_html(session: GreatWarSession) -> str:
    """Turn, phase, and every nation's public standing (who has sealed included)."""
    state = session.state
    where = "by forum" if session.where == "forum" else "pass and play"
    rows = []
    for i, seat in enumerate(state.players):
        record = state.nations[seat.nation]
        if seat.kind == "idle":
            sent = "idle"
        else:
            sent = "sealed" if state.orders[i] is not None else "writing"
        kind = "human" if seat.kind == "human" else seat.control
        rows.append(
            f'<tr data-testid="gw-nation-{seat.nation}"><td>{_nation(session, seat.nation)}</td>'
            f"<td>{escape(seat.name)} <span class='muted small'>({escape(kind)})</span></td>"
            f"<td>{record.vp}</td><td>{drafts.pp(state.pp_of(seat.nation))}</td>"
            f"<td>{sent}</td></tr>"
        )
    winners = ""
    if state.winners:
        names = ", ".join(state.map.name_of(n) for n in state.winners)
        winners = f'<p class="big" data-testid="gw-winner">Victory: {escape(names)}</p>'
    return (
        f'<div class="turn-line"><span class="pill phase" data-testid="gw-phase">'
        f"{escape(phase_label(session))}</span>"
        f'<span class="pill">{where}</span></div>{winners}'
        '<table class="gw-nations small"><tr><th>Nation</th><th>Player</th><th>VP</th>'
        f"<th>pp</th><th>Orders</th></tr>{''.join(rows)}</table>"
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
    """Each supply network's allowance and what the orders spend from it (R14-R21)."""
    if session.viewer is None or session.state.phase is not Phase.DEPLOYMENT:
        return ""
    state = session.state
    lines = purse.network_lines(state, session.viewer, session.draft)
    items = []
    for i, line in enumerate(lines):
        first = ", ".join(state.map.name_of(p) for p in line.provinces[:3])
        more = f" and {len(line.provinces) - 3} more" if len(line.provinces) > 3 else ""
        warn = " warn" if line.left < 0 else ""
        items.append(
            f'<li class="pool{warn}" data-testid="gw-network-{i}"><b>{drafts.pp(line.left)}</b> '
            f"left of {drafts.pp(line.allowance)} · {escape(first)}{more}</li>"
        )
    owed = state.nations[state.nation_ids[session.viewer]].owed
    debt = f'<p class="warn small">You owe {drafts.pp(owed)} (R20).</p>' if owed else ""
    return f'<h3 class="sub">Supply networks</h3><ul class="orders">{"".join(items)}</ul>{debt}'


def leaders_html(session: GreatWarSession) -> str:
    """The leaders that may go with the next order (or be placed)."""
    state = session.state
    if session.viewer is None:
        return ""
    nation = state.nation_ids[session.viewer]
    if session.mode == "place":
        ids = entry.unplaced_leaders(state, nation)
        title = "Unplaced leaders"
    else:
        ids = session.leaders_here()
        title = "Leaders here (tap to send them)"
    if not ids:
        return ""
    chips = "".join(
        f'<button type="button" class="chip{" on" if lid in session.leaders else ""}" '
        f'data-action="gw-leader" data-leader="{lid}" data-testid="gw-leader-{lid}" '
        f'aria-pressed="{"true" if lid in session.leaders else "false"}">'
        f"{escape(state.map.leader(lid).name)} "
        f'<span class="muted small">{escape(state.map.leader(lid).kind)}</span></button>'
        for lid in ids
    )
    return f'<h3 class="sub">{title}</h3><div class="choices">{chips}</div>'


def trade_html(session: GreatWarSession) -> str:
    """The trade being written; its route condition is checked as each field is chosen
    (``gw-trade-check``)."""
    if session.mode != "trade" or session.viewer is None:
        return ""
    state = session.state
    form = session.trade_form
    nation = state.nation_ids[session.viewer]
    others = [n for n in state.nation_ids if n != nation]

    def options(ids: list[str], chosen: str, blank: bool) -> str:
        head = '<option value="">—</option>' if blank else ""
        return head + "".join(
            f'<option value="{x}"{" selected" if x == chosen else ""}>'
            f"{escape(state.map.name_of(x))}</option>"
            for x in ids
        )

    theirs = [p.id for p in state.map.provinces if state.owner[p.id] in others]

    def field(key: str, label: str, body: str) -> str:
        test = f"gw-trade-{key.replace('_', '-')}"
        return f'<label>{label} <select id="{test}" data-testid="{test}">{body}</select></label>'

    def amount(key: str, label: str) -> str:
        test = f"gw-trade-{key.replace('_', '-')}"
        return (
            f'<label>{label} <input id="{test}" data-testid="{test}" inputmode="decimal" '
            f'size="4" value="{escape(form.get(key, ""))}"></label>'
        )

    check = session.trade_check()
    css = "warn small" if check.startswith("Refused") else "muted small"
    return (
        '<div class="gw-trade grid2">'
        + field("with", "With", options(others, form.get("with", ""), False))
        + field(
            "give",
            "You give (province)",
            options(state.provinces_of(nation), form.get("give", ""), True),
        )
        + amount("give_pp", "You give (pp)")
        + field("get", "You get (province)", options(theirs, form.get("get", ""), True))
        + amount("get_pp", "You get (pp)")
        + "</div>"
        f'<p id="gw-trade-check" class="{css}" data-testid="gw-trade-check" aria-live="polite">'
        f"{escape(check)}</p>"
        '<div class="row end">'
        + button("gw-trade", "Offer this trade", "gw-trade-add", "", "btn primary")
        + "</div>"
    )


def diplomacy_html(session: GreatWarSession) -> str:
    """The relations matrix (yours in full, with each change's cost) and refusals."""
    state = session.state
    mine = state.nation_ids[session.viewer] if session.viewer is not None else None
    ordered = {d["with"] for d in session.draft.parts.get("diplomacy", [])} if mine else set()
    head = "".join(
        f'<th title="{escape(state.map.name_of(n))}">{escape(n[:3].upper())}</th>'
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
        items.append(
            f"<li>{_nation(session, other)} <span class='muted small'>{current}</span> "
            f"{''.join(buttons)}</li>"
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
        f'<h3 class="sub">Relations</h3>{matrix}'
        f'<ul class="gw-dip orders" data-testid="gw-diplomacy">{"".join(items)}</ul>{last}'
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
        odds.append(
            f'<li data-testid="gw-odds-{target}"><b>{o.win:.1%}</b> to take '
            f"{escape(state.map.name_of(target))}: {o.attackers} v {o.defenders}, "
            f"{o.attack_dice} v {o.defence_dice} dice, {o.expected_left:.1f} expected left</li>"
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
    labels = {"supply": "Supply", "encircled": "Encircled", "blockade": "Blockades"}
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
            f' data-mode="{m}" aria-pressed="{"true" if m == session.mode else "false"}"',
            "btn small" + (" on" if m == session.mode else ""),
        )
        for m in modes
    )
    selected = (
        f'<p class="prompt">From <b>{escape(session.name(session.selected))}</b>: '
        "tap a highlighted place.</p>"
        if session.selected
        else ""
    )
    count = (
        '<label class="units">Count <input id="gw-count" data-testid="gw-count" '
        f'inputmode="numeric" value="{escape(session.count)}" placeholder="all"></label>'
    )
    body = diplomacy_html(session) if session.mode == "diplomacy" else trade_html(session)
    return (
        f"<h3>{_nation(session, seat.nation)} · {escape(seat.name)}</h3>"
        f'<div class="row modes" role="group" aria-label="Orders">{mode_buttons}</div>'
        f'<div class="row">{count}</div>'
        f'<p class="prompt" data-testid="gw-help">{escape(MODE_HELP[session.mode])}</p>'
        f"{selected}{leaders_html(session)}{body}{networks_html(session)}{review_html(session)}"
        f"{offenses_html(session)}"
        '<div class="row end">'
        + button("gw-clear", "Clear all", "gw-clear", "", "btn ghost")
        + button("gw-seal", "Seal my orders", "gw-seal", "", "btn primary")
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
        f'<h3 data-testid="gw-replay-title">{escape(frame.title)}</h3>'
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
    return (
        f'<div class="gw-report small" data-testid="gw-report">{report_body(state)}</div>'
        '<div class="row">'
        + button("gw-copy-bbcode", "Copy BBCode", "gw-copy-bbcode")
        + button("gw-copy-markdown", "Copy Markdown", "gw-copy-markdown")
        + f'<a class="btn" download="{escape(map_file_name(state))}" '
        f'href="{escape(data_url(map_svg(state)))}" data-testid="gw-download-svg">Map (SVG)</a>'
        + next_button
        + "</div>"
        '<textarea id="gw-export-text" class="export" rows="3" readonly '
        'data-testid="gw-export-text"></textarea>'
    )


def sealed_html(session: GreatWarSession) -> str:
    return forum_panels.sealed_html(session, "gw", "nation")


def forum_html(session: GreatWarSession, page_url: str = "index.html") -> str:
    if session.where != "forum":
        return ""
    return forum_panels.forum_html(session, "gw", page_url, "nation")


def log_html(session: GreatWarSession) -> str:
    items = "".join(f"<li>{escape(line)}</li>" for line in reversed(session.log[-30:]))
    return f'<h3>Log</h3><ul class="log">{items}</ul>'
