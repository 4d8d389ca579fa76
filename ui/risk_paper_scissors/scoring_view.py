"""The final scoring screen (spec 15) and the always-visible status strip.

:func:`score_lines` breaks each player's points down with the engine's own pieces
(territories, groups held, Colony Influence), so the total is the engine's
``final_scoring`` and the tests check that it is.  Before game over the Colony Influence
cards in other players' hands are secret (spec 14): only the viewer's own count, and the
screen says the scores are provisional.  :func:`status_html` reads what the viewer may
see through ``view.view_for``.  Every user string is escaped.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from engine.rulesets.risk_paper_scissors.cards import CARDS, Timing
from engine.rulesets.risk_paper_scissors.common import (
    groups_held,
    public_points,
    units_on_board,
)
from engine.rulesets.risk_paper_scissors.orders import Phase
from engine.rulesets.risk_paper_scissors.state import RpsState
from engine.rulesets.risk_paper_scissors.view import view_for
from ui.risk_paper_scissors.render import styles_of
from ui.risk_paper_scissors.tips import COLUMN_TIPS
from ui.shell.render import swatch
from ui.shell.tips import column_head

KIND_WORDS = {"land": "land", "water": "water", "lunar": "Moon"}
DECK_LETTERS = {"land": "L", "naval": "N", "space": "S", "nuclear": "A", "diplomat": "D"}


@dataclass(frozen=True)
class ScoreLine:
    """One player's points, piece by piece."""

    seat: int
    name: str
    alive: bool
    territories: dict[str, int]
    """Territories owned by kind (land, water, lunar)."""
    territory_points: int
    groups: tuple[tuple[str, int], ...]
    """(group name, bonus) of every group held."""
    influence: tuple[tuple[str, bool], ...]
    """(deck, counts) for each Colony Influence card known to the viewer; it counts
    while its deck's commander is in play."""
    influence_points: int
    energy: int
    units: int

    @property
    def group_points(self) -> int:
        return sum(bonus for _, bonus in self.groups)

    @property
    def total(self) -> int:
        return self.territory_points + self.group_points + self.influence_points


def score_lines(state: RpsState, viewer: int | None = None) -> list[ScoreLine]:
    """Every player's breakdown, living players first in seat order, then the eliminated.
    At game over every hand is counted; before, only the viewer's."""
    board = state.board
    o = state.options
    over = state.phase is Phase.GAME_OVER
    groups = board.groups_by_id
    lines = []
    for seat, player in enumerate(state.players):
        owned = [t for t in board.order if state.owner.get(t) == seat]
        kinds = {k: sum(1 for t in owned if board.kind[t] == k) for k in ("land", "water", "lunar")}
        known = over or seat == viewer
        influence = tuple(
            (CARDS[c].deck.title(), state.has_commander(seat, CARDS[c].deck))
            for c in (player.hand if known else [])
            if CARDS[c].timing is Timing.SCORE
        )
        lines.append(
            ScoreLine(
                seat,
                player.name,
                player.alive,
                kinds,
                o.points_per_territory * len(owned),
                tuple((groups[g].name, groups[g].bonus) for g in groups_held(state, seat)),
                influence,
                o.colony_influence_points * sum(1 for _, counts in influence if counts),
                player.energy,
                units_on_board(state, seat),
            )
        )
    return sorted(lines, key=lambda line: (not line.alive, line.seat))


def winners_text(state: RpsState) -> str:
    """Who won and how the tie, if any, was broken (spec 15.1, 15.2)."""
    if state.result is None:
        return ""
    names = [state.players[int(s)].name for s in state.result["winners"]]
    scores = {int(s): int(p) for s, p in state.result["scores"].items()}
    if len(state.living()) == 1:
        return f"{names[0]} wins: the last player standing."
    best = max(scores.values())
    level = [s for s, p in scores.items() if p == best]
    if len(names) > 1:
        return f"Shared win: {' and '.join(names)} (equal points, energy and units)."
    if len(level) == 1:
        return f"{names[0]} wins with {best} points."
    energies = {state.players[s].energy for s in level}
    why = "more energy left" if len(energies) > 1 else "more units on the board"
    return f"{names[0]} wins the tie at {best} points with {why}."


def scoring_html(state: RpsState, viewer: int | None = None) -> str:
    """The scoring screen: a table of every player's breakdown and the winner."""
    over = state.phase is Phase.GAME_OVER
    styles = styles_of(state)
    winners = {int(s) for s in (state.result or {}).get("winners", [])}
    rows = []
    for line in score_lines(state, viewer):
        who = f"{swatch(line.seat, styles[line.seat].color, False, 14)} {escape(line.name)}"
        if not line.alive:
            rows.append(
                f'<tr class="eliminated" data-seat="{line.seat}"><th scope="row">{who}</th>'
                '<td colspan="3">eliminated</td></tr>'
            )
            continue
        mark = ' class="winner"' if line.seat in winners else ""
        rows.append(
            f'<tr{mark} data-seat="{line.seat}" data-total="{line.total}">'
            f'<th scope="row">{who}{" ★" if line.seat in winners else ""}</th>'
            f'<td class="total"><b>{line.total}</b></td><td>{_breakdown(line)}</td>'
            f"<td><small>{line.energy} energy<br>{line.units} units</small></td></tr>"
        )
    title = "Final scores" if over else "Scores so far (provisional)"
    lead = (
        f'<p class="rps-winner">{escape(winners_text(state))}</p>'
        if over
        else "<p>Colony Influence cards in other hands are secret until the end.</p>"
    )
    return (
        f'<section class="rps-scoring" aria-label="{title}"><h2>{title}</h2>{lead}'
        '<table class="rps-scores"><thead><tr>'
        + "".join(
            column_head(h, COLUMN_TIPS[h], ' scope="col"')
            for h in ("Player", "Points", "Territories + groups + Colony Influence", "Ties")
        )
        + "</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        "<p><small>Ties: more energy left, then more units on the board; "
        "then a shared win.</small></p></section>"
    )


def _breakdown(line: ScoreLine) -> str:
    """``18 territories (18 land) + 5 groups (North America +5) + 6 Colony Influence
    (Land, Diplomat; Naval: commander dead)``."""
    kinds = ", ".join(f"{n} {KIND_WORDS[k]}" for k, n in line.territories.items() if n)
    parts = [
        f"{line.territory_points} territories" + (f" <small>({kinds})</small>" if kinds else "")
    ]
    groups = ", ".join(f"{escape(name)} +{bonus}" for name, bonus in line.groups)
    parts.append(f"{line.group_points} groups" + (f" <small>({groups})</small>" if groups else ""))
    counted = [deck for deck, counts in line.influence if counts]
    dead = [deck for deck, counts in line.influence if not counts]
    notes = ", ".join(counted) + ("; " if counted and dead else "")
    notes += ", ".join(dead) + (": commander dead, 0" if dead else "")
    parts.append(
        f"{line.influence_points} Colony Influence"
        + (f" <small>({notes})</small>" if notes else "")
    )
    return " + ".join(parts)


def status_html(state: RpsState, viewer: int | None = None, sealed: bool = False) -> str:
    """The compact strip: year, phase, the turn slot and order, and each player's public
    information (energy, territories, points, stations, commanders, cards by deck) as the
    viewer may see it; the viewer's own step bank on their turn.  ``sealed``: the year's
    bids go by sealed codes (email), so the state holds none until they are revealed."""
    data = view_for(state, viewer)
    styles = styles_of(state)
    years = state.options.years
    phase = state.phase
    head = [f'<span class="rps-year">Year {state.turn} of {years}</span>']
    if phase is Phase.BID and sealed:
        head.append('<span class="rps-phase">Bids: sealed codes, revealed together</span>')
    elif phase is Phase.BID:
        waiting = [s for s in state.living() if data["bids"][s] is None]
        head.append(
            f'<span class="rps-phase">Bids: {len(state.living()) - len(waiting)} of '
            f"{len(state.living())} in</span>"
        )
    elif phase in (Phase.PURCHASE, Phase.ACTION, Phase.LOSSES):
        seat = state.current
        head.append(
            f'<span class="rps-slot">Slot {state.slot + 1} of {len(state.order)}: '
            f"{escape(state.players[seat].name)} ({phase.value})</span>"
        )
        if seat == viewer:
            head.append(f'<span class="rps-bank">step bank {state.turn_state.bank}</span>')
    elif phase is Phase.GAME_OVER:
        head.append('<span class="rps-phase">Game over</span>')
    else:
        head.append(f'<span class="rps-phase">{escape(phase.value)}</span>')
    if state.order:
        order = " → ".join(escape(state.players[s].name) for s in state.order)
        head.append(f'<span class="rps-order">Order: {order}</span>')
    cells = []
    for seat, player in enumerate(data["players"]):
        owned = state.territories_of(seat)
        commanders = sorted(
            (c for t in owned for c in state.side_at(t).commanders),
            key=list(DECK_LETTERS).index,
        )
        decks = " ".join(f"{DECK_LETTERS[d]}{n}" for d, n in player["cards"].items())
        classes = ["rps-player"]
        if not player["alive"]:
            classes.append("out")
        if seat == viewer:
            classes.append("you")
        if (
            phase not in (Phase.BID, Phase.GAME_OVER, Phase.SETUP, Phase.CLAIM)
            and seat == state.current
        ):
            classes.append("on-turn")
        info = (
            f"{player['energy']} energy · {len(owned)} terr. · {public_points(state, seat)} pts"
            f" · {len(state.stations_of(seat))} stn"
            + (f" · cmdr {''.join(DECK_LETTERS[c] for c in commanders)}" if commanders else "")
            + (f" · cards {decks}" if decks else "")
        )
        if not player["alive"]:
            info = "eliminated"
        cells.append(
            f'<li class="{" ".join(classes)}" data-seat="{seat}">'
            f"{swatch(seat, styles[seat].color, False, 12)} <b>{escape(player['name'])}</b> "
            f'<span class="rps-info">{escape(info)}</span></li>'
        )
    return (
        '<div class="rps-status" role="status">'
        f'<div class="rps-status-head">{" · ".join(head)}</div>'
        f'<ul class="rps-players">{"".join(cells)}</ul></div>'
    )
