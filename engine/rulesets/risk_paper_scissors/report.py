"""The report of a save code: this year's public events as text, BBCode or Markdown.

It never names a bought or armed card (spec 14): a purchase reads "Red bought a Diplomat
card" and an arming "Red armed a card".
"""

from __future__ import annotations

from typing import Any

from engine.markup import escape_markup
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.state import RpsState


def card_title(card_id: str) -> str:
    """A card as players name it: its deck and name ("Land Assemble" for land.assemble)."""
    card = CARDS.get(card_id)
    return f"{card.deck.title()} {card.name}" if card is not None else card_id


def event_line(state: RpsState, event: dict[str, Any], fmt: str = "text") -> str | None:
    """One event as a line of the report; player names are made inert for ``fmt``
    (``engine.markup``), the rest is the engine's own text."""
    names = state.board.names

    def player(seat: Any) -> str:
        return escape_markup(state.players[int(seat)].name, fmt)

    def who(key: str = "seat") -> str:
        return player(event[key])

    kind = event.get("type")
    if kind == "year":
        return f"Year {event['year']}"
    if kind == "bids":
        order = ", ".join(player(s) for s in event["order"])
        paid = ", ".join(f"{player(s)} {a}" for s, a in event["bids"].items())
        return f"Bids paid: {paid}. Turn order: {order}"
    if kind == "turn":
        return f"{who()}'s turn: +{event['income']} energy"
    if kind == "bought-units":
        e, j, w = event["units"]
        return f"{who()} bought {e}E/{j}J/{w}W on {names[event['territory']]}"
    if kind == "hired":
        return f"{who()} hired a {event['commander']} commander on {names[event['territory']]}"
    if kind == "station":
        return f"{who()} built a space station on {names[event['territory']]}"
    if kind == "card-bought":
        return f"{who()} bought a {event['deck'].title()} card"
    if kind == "card-armed":
        return f"{who()} armed a card"
    if kind == "card-played":
        return f"{who()} played {card_title(event['card'])}"
    if kind == "card-fired":
        return f"{who()}'s {card_title(event['card'])} fired on {names[event['territory']]}"
    if kind == "move":
        origin, target = names[event["origin"]], names[event["target"]]
        return f"{who()} moved {event['force']} from {origin} to {target}"
    if kind == "attack":
        return (
            f"{who()} attacked {names[event['target']]} from {names[event['origin']]} "
            f"with {event['force']}"
        )
    if kind == "occupied":
        return f"{who()} occupied the empty {names[event['target']]}"
    if kind == "battle" and "attacker_left" in event:
        return (
            f"  {event['outcome']} after {event['rounds']} round(s): attacker "
            f"{event['attacker_left']}, defender {event['defender_left']}"
        )
    if kind == "invade-earth":
        return f"{who()} may invade {names[event['target']]} from the Moon"
    if kind == "rocket-strike":
        return (
            f"{who()}'s Rocket Strike destroyed {event['destroyed']} {event['unit_class']} "
            f"on {names[event['territory']]}"
        )
    if kind == "energy-crisis":
        return f"{who()} collected {event['gained']} energy with Energy Crisis"
    if kind == "cancelled":
        return f"  the attack on {names[event['target']]} was cancelled by a Cease Fire"
    if kind == "eliminated":
        return f"{escape_markup(str(event['player']), fmt)} is eliminated"
    if kind == "game-over":
        scores = ", ".join(f"{player(s)} {p}" for s, p in event["scores"].items())
        winners = " and ".join(player(w) for w in event["winners"])
        return f"Game over: {winners} won. Scores: {scores}"
    return None


def report_text(state: RpsState, fmt: str = "text") -> str:
    """This year's log as lines; ``bbcode`` and ``markdown`` bold the headings."""
    lines = []
    for event in state.log:
        line = event_line(state, event, fmt)
        if line is None:
            continue
        heading = event.get("type") in ("year", "game-over")
        if heading and fmt == "bbcode":
            line = f"[b]{line}[/b]"
        elif heading and fmt == "markdown":
            line = f"**{line}**"
        elif fmt == "markdown" and not heading:
            line = f"- {line.strip()}"
        lines.append(line)
    return "\n".join(lines)
