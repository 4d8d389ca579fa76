"""What one player may see (spec 14): the state's JSON with the others' hands, armed cards
and unresolved bids hidden.  Everyone sees how many cards each player has (hand plus
armed) and from which deck each came."""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.state import RpsState


def card_counts(state: RpsState, seat: int) -> dict[str, int]:
    """Cards per deck the player has, in hand or armed (public knowledge)."""
    held = list(state.players[seat].hand)
    held += [card for t, card in state.armed.items() if state.owner.get(t) == seat]
    return dict(sorted(Counter(CARDS[card].deck for card in held).items()))


def view_for(state: RpsState, viewer: int | None) -> dict[str, Any]:
    """The state as ``viewer`` may see it (``None``: a spectator)."""
    data = state.to_json()
    for seat, player in enumerate(data["players"]):
        player["cards"] = card_counts(state, seat)
        if seat != viewer:
            player["hand"] = None
    data["armed"] = {t: card for t, card in data["armed"].items() if state.owner.get(t) == viewer}
    data["bids"] = [
        bid if seat == viewer or bid is None else "sealed" for seat, bid in enumerate(data["bids"])
    ]
    data.pop("rng")
    return data
