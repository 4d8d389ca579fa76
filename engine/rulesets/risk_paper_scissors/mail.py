"""Play by email (spec 17.1): each year's bids are one commit–reveal round through
``engine/sealed.py``; this is the ruleset's own resolution (``sealed.resolution_orders``
builds Capital Risk's ``Resolve``)."""

from __future__ import annotations

from engine.core import Order
from engine.rulesets.risk_paper_scissors.orders import ResolveBids
from engine.sealed import Revealed, dice_entropy


def bid_resolution_orders(reveals: dict[int, Revealed], force: bool = False) -> list[Order]:
    """The revealed ``Bid`` orders in faction order, then ``ResolveBids`` with the
    reveals' salts as entropy (no single player controls the random generator)."""
    orders: list[Order] = [reveals[faction].order for faction in sorted(reveals)]
    orders.append(ResolveBids(entropy=dice_entropy(reveals), force=force))
    return orders
