"""Engine events as lines of the game log (pure; no browser imports).

Private information never reaches the log: a drawn card is "a card", a chosen
headquarters is "chosen", a changed mission is "changed".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ui.shell.render import territory_names

Event = Mapping[str, Any]

CARD_TYPES_PLURAL = {"infantry": "infantry", "cavalry": "cavalry", "artillery": "artillery"}


def _who(state: Any, seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(state.players):
        return str(state.players[seat].name)
    return "Someone"


def _where(state: Any, territory: Any) -> str:
    return territory_names(getattr(state, "map_id", "classic")).get(str(territory), str(territory))


def _armies(n: int) -> str:
    return f"{n} {'army' if n == 1 else 'armies'}"


def _dice(values: Any) -> str:
    return " ".join(str(v) for v in values)


def describe(event: Event, state: Any) -> str | None:
    """One log line for ``event`` (``state`` gives names), or None for a silent event."""
    kind = event.get("type")
    who = _who(state, event.get("seat"))
    where = _where(state, event.get("territory"))
    count = int(event.get("count", 0) or 0)
    if kind == "game-start":
        return "New game: " + ", ".join(str(n) for n in event.get("players", []))
    if kind == "first-player":
        return f"{who} plays first."
    if kind == "territories-dealt":
        return "Territories were dealt at random."
    if kind == "armies-placed-randomly":
        return "Initial armies were placed at random."
    if kind == "claim":
        return f"{who} claims {where}."
    if kind == "place":
        return f"{who} places {_armies(count)} on {where}."
    if kind == "place-neutral":
        return f"{who} places a neutral army on {where}."
    if kind == "choose-headquarters":
        return "Each player now secretly chooses a headquarters."
    if kind == "hq-chosen":
        return f"{who} has chosen a headquarters."
    if kind == "hq-revealed":
        hqs = event.get("headquarters", {})
        parts = [f"{_who(state, int(s))}: {_where(state, t)}" for s, t in hqs.items()]
        return "Headquarters revealed — " + "; ".join(parts) + "."
    if kind == "turn":
        return f"— Turn {event.get('turn')}: {who} —"
    if kind == "reinforcements":
        return f"{who} receives {_armies(count)}."
    if kind == "neutral-reinforced":
        return f"Neutral receives {_armies(count)}."
    if kind == "armies-lost":
        return f"{who} loses {_armies(count)} ({event.get('why', 'army limit')})."
    if kind == "trade":
        return f"{who} trades a card set for {_armies(int(event.get('armies', 0)))}."
    if kind == "card-bonus":
        return f"{who} gets {count} bonus armies on {where} (card territory)."
    if kind == "must-trade":
        return f"{who} holds too many cards and must trade now."
    if kind == "roll":
        origin, target = _where(state, event.get("origin")), _where(state, event.get("target"))
        defender = _who(state, event.get("defender"))
        return (
            f"{who} ({origin}) attacks {defender} ({target}): "
            f"[{_dice(event.get('attack', []))}] vs [{_dice(event.get('defend', []))}] — "
            f"attacker loses {event.get('attacker_losses', 0)}, "
            f"defender loses {event.get('defender_losses', 0)}"
            + (" (re-rolled)" if event.get("rerolled") else "")
            + "."
        )
    if kind == "advantage-offered":
        return (
            f"{who} rolls [{_dice(event.get('attack', []))}] vs "
            f"[{_dice(event.get('defend', []))}] and may re-roll the lowest die "
            "(attack advantage)."
        )
    if kind == "advantage-used":
        return f"{who} re-rolls a {event.get('old')} and gets a {event.get('new')}."
    if kind == "advantage-declined":
        return f"{who} keeps the roll."
    if kind == "conquest":
        return f"{who} conquers {where} from {_who(state, event.get('loser'))}!"
    if kind == "eliminated":
        return (
            f"{who} is eliminated by {_who(state, event.get('by'))}, "
            f"who takes {event.get('cards_taken', 0)} card(s)."
        )
    if kind == "mission-changed":
        return f"{who}'s mission has changed."
    if kind == "move-in":
        return f"{who} moves {_armies(count)} into {_where(state, event.get('target'))}."
    if kind == "end-attack":
        return f"{who} stops attacking."
    if kind == "free-move":
        return (
            f"{who} moves {_armies(count)} from {_where(state, event.get('origin'))} "
            f"to {_where(state, event.get('target'))}."
        )
    if kind == "card":
        return f"{who} draws a card."
    if kind == "no-card":
        return f"{who} earned a card but the deck is empty."
    if kind == "end-turn":
        return None
    if kind == "victory":
        return f"★ {who} wins the game!"
    return str(kind).replace("-", " ").capitalize() + "."
