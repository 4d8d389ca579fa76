"""The turn report (spec §7): built as JSON data during a resolution, kept as
``last_report``, rendered as plain text, BBCode or Markdown."""

from __future__ import annotations

from typing import Any

from engine.markup import escape_typed
from engine.rulesets.greatwar1907.economy import Allowances
from engine.rulesets.greatwar1907.mapdata import NEUTRAL
from engine.rulesets.greatwar1907.options import START_YEAR
from engine.rulesets.greatwar1907.state import GreatWarState, Leader
from engine.rulesets.greatwar1907.wording import ships

SECTIONS = (
    ("nations", "Nations"),
    ("production", "Production"),
    ("diplomacy", "Diplomacy"),
    ("trades", "Trades"),
    ("builds", "Builds and placements"),
    ("moves", "Moves"),
    ("fleet_battles", "Fleet battles"),
    ("attacks", "Attacks"),
    ("awards", "Awards"),
    ("map", "Map"),
    ("offenses", "Offenses"),
    ("comments", "Comments"),
    ("deadline", "Deadline"),
)
FORMATS = ("text", "bbcode", "markdown")
_STYLES = {  # (section heading, title) templates
    "text": ("{}", "{}"),
    "bbcode": ("[b]{}[/b]", "[size=150][b]{}[/b][/size]"),
    "markdown": ("## {}", "# {}"),
}


def new_report(state: GreatWarState) -> dict[str, Any]:
    phase = "Deployment" if state.phase.value == "deployment" else "Attack"
    year = START_YEAR + state.turn
    report: dict[str, Any] = {
        "title": f"The Great War 1907 – Turn {state.turn} ({year}), {phase} phase",
        "turn": state.turn,
        "phase": state.phase.value,
    }
    for key, _ in SECTIONS:
        report[key] = []
    report["deadline"] = [state.options.deadline] if state.options.deadline else []
    return report


def _pp(quarters: int) -> str:
    return f"{quarters / 4:g}"


def _leader_line(state: GreatWarState, leader: Leader) -> str:
    card = state.map.leader(leader.id)
    where = "not placed" if leader.place is None else state.map.name_of(leader.place)
    text = card.text if card.text.startswith(card.trait) else f"{card.trait}: {card.text}"
    return f"{card.name} ({where}): {text}"


def nations_block(state: GreatWarState, pools: dict[str, Allowances] | None) -> list[str]:
    lines = []
    for n in state.nation_ids:
        record = state.nations[n]
        seat = state.players[state.seat_of(n)]
        total = state.pp_of(n)
        allies = ", ".join(state.map.name_of(x) for x in state.allies(n)) or "-"
        wars = (
            ", ".join(state.map.name_of(x) for x in state.nation_ids if state.at_war(n, x)) or "-"
        )
        mine = sorted(
            (x for x in state.leaders.values() if x.nation == n and x.alive),
            key=lambda x: x.received,
        )
        generals = [x for x in mine if state.map.leader(x.id).kind == "general"]
        admirals = [x for x in mine if state.map.leader(x.id).kind == "admiral"]
        block = [
            f"{state.map.name_of(n)} - {seat.name} - {total // 4}pp ({_pp(total)})",
            f"Alliances: {allies}",
            f"Wars: {wars}",
            f"Victory Points: {record.vp}",
            f"Naval Points: {record.np}",
            "Generals: " + ("; ".join(_leader_line(state, x) for x in generals) or "-"),
            "Admirals: " + ("; ".join(_leader_line(state, x) for x in admirals) or "-"),
        ]
        if pools is not None and n in pools:
            for pool in pools[n].pools[1:]:
                names = ", ".join(state.map.name_of(p) for p in pool.provinces)
                block.append(f"Encircled: {names} {_pp(pool.allowance)}pp")
        if record.owed:
            block.append(f"Owes: {_pp(record.owed)}pp")
        lines.append("\n".join(block))
    return lines


def production(state: GreatWarState, pools: dict[str, Allowances]) -> list[str]:
    lines = []
    for n, allowance in pools.items():
        if not allowance.pools and not allowance.owed_before:
            continue
        parts = []
        for pool in allowance.pools:
            names = ", ".join(state.map.name_of(p) for p in pool.provinces)
            parts.append(
                f"{{{names}}} allowance {_pp(pool.allowance)}, spent {_pp(pool.spent)}, "
                f"{'banked' if state.options.bank_unspent else 'lost'} {_pp(pool.remaining)}"
            )
        owed = f"; owed {_pp(allowance.owed_before)} → {_pp(state.nations[n].owed)}"
        credit = f"; credits {_pp(allowance.credited)}" if allowance.credited else ""
        lines.append(f"{state.map.name_of(n)}: " + "; ".join(parts) + owed + credit)
    return lines


def map_section(state: GreatWarState) -> list[str]:
    m = state.map
    lines = []
    for owner in (*state.nation_ids, NEUTRAL):
        entries = []
        for p in (
            state.provinces_of(owner)
            if owner != NEUTRAL
            else [q.id for q in m.provinces if state.owner_of(q.id) == NEUTRAL]
        ):
            bits = []
            for n, c in sorted(state.divisions_at(p).items()):
                bits.append(f"{c} div" + ("" if n == owner else f" ({m.name_of(n)})"))
            for n, f in sorted(state.docked.get(p, {}).items()):
                cargo = f" carrying {f.cargo} div" if f.cargo else ""
                bits.append(
                    f"{ships(f.ships)}{cargo}" + ("" if n == owner else f" ({m.name_of(n)})")
                )
            if state.hulls.get(p):
                bits.append(f"{state.hulls[p]} building")
            entries.append(f"{m.name_of(p)} " + (", ".join(bits) if bits else "empty"))
        if entries:
            lines.append(f"{m.name_of(owner)}: " + "; ".join(entries))
    seas = []
    for s in m.seas:
        for n, f in sorted(state.at_sea.get(s.id, {}).items()):
            who = [m.leader(x.id).name.split()[-1] for x in state.leaders_at("sea", s.id, n)]
            extra = f" ({', '.join(who)})" if who else ""
            seas.append(f"{s.name}: {m.name_of(n)} {ships(f.ships)} carrying {f.cargo} div{extra}")
    lines.append("At sea: " + ("; ".join(seas) if seas else "-"))
    return lines


def render(report: dict[str, Any] | None, fmt: str = "text") -> str:
    """The report in ``text``, ``bbcode`` or ``markdown``."""
    if not report:
        return ""
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r}; known: {', '.join(FORMATS)}")
    head, title = _STYLES[fmt]
    bullet = {"text": "", "bbcode": "", "markdown": "- "}[fmt]
    out = [title.format(report["title"])]
    for key, heading in SECTIONS:
        items = report.get(key) or []
        if not items:
            continue
        out.append("")
        out.append(head.format(heading))
        for item in items:
            if isinstance(item, dict):
                item = (
                    f"{item['nation']}: {item['order']}: {item['result']} "
                    f"({item['detail']}) [{item['code']}]"
                )
            text = str(item)
            if key == "nations":
                out.append(text if fmt != "markdown" else text.replace("\n", "  \n"))
                out.append("")
            else:
                out.append(f"{bullet}{text}")
    return "\n".join(out).rstrip() + "\n"


def user_strings(state: GreatWarState) -> list[str]:
    """What players typed that a report may quote: seat names and the deadline."""
    typed = [seat.name for seat in state.players]
    if state.options.deadline:
        typed.append(str(state.options.deadline))
    return [t for t in typed if t]


def report_text(state: GreatWarState, fmt: str = "text") -> str:
    """The last phase's report in ``fmt``, every string a player typed made inert for it
    (``engine.markup``); the rest of the report is the engine's own text."""
    return render(escape_typed(state.last_report, user_strings(state), fmt), fmt)
