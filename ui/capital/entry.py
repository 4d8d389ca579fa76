"""One faction's orders as they are entered on the map (pure).

A :class:`Draft` is the list the player builds: placements (setup: without limit, plus
the secret capital), attacks, at most one surge, one tactical move and card trades.
Every ``add_*`` function checks the entry against the rules the page can know before
the resolution (ownership, adjacency, the placement limit, units available) and raises
:class:`EntryError` with a message for the player; a count of ``None`` means "maximum"
as in the engine.  :func:`to_order` turns the draft into the engine's submission and
:func:`offenses` previews what ``normalise_orders`` would still cut.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core import Order
from engine.rulesets.capital import (
    Attack,
    CapitalState,
    Phase,
    SubmitOrders,
    SubmitSetup,
    Surge,
    Tactical,
    normalise_orders,
    placement_limit,
)
from engine.rulesets.capital.legal import plan_orders
from engine.rulesets.capital.options import CARD_TERRITORY_BONUS, MAX_SETS_PER_TURN, TWO_SETS_FROM
from engine.rulesets.capital.reinforce import game_map, set_value
from engine.rulesets.capital.setup import normalise_setup, setup_pool
from ui.shell.board import OrderArrow

Count = int | None


class EntryError(ValueError):
    """An entry the page refuses, with the message to show."""


@dataclass
class Draft:
    """The orders one faction is writing; plain data, JSON round-trippable."""

    placements: list[tuple[str, int]] = field(default_factory=list)
    attacks: list[tuple[str, str, Count]] = field(default_factory=list)
    surge: tuple[str, str, Count, int | None] | None = None  # via, target, units, at most
    tactical_origin: str | None = None
    moves: list[tuple[str, Count]] = field(default_factory=list)
    trades: list[tuple[int, int, int]] = field(default_factory=list)
    capital: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "placements": [list(p) for p in self.placements],
            "attacks": [list(a) for a in self.attacks],
            "surge": None if self.surge is None else list(self.surge),
            "tactical_origin": self.tactical_origin,
            "moves": [list(m) for m in self.moves],
            "trades": [list(t) for t in self.trades],
            "capital": self.capital,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Draft:
        surge = data.get("surge")
        return cls(
            [(str(t), int(n)) for t, n in data.get("placements", [])],
            [(str(o), str(t), _count(n)) for o, t, n in data.get("attacks", [])],
            None
            if surge is None
            else (
                str(surge[0]),
                str(surge[1]),
                _count(surge[2]),
                _count(surge[3]) if len(surge) > 3 else None,
            ),
            data.get("tactical_origin"),
            [(str(t), _count(n)) for t, n in data.get("moves", [])],
            [(int(a), int(b), int(c)) for a, b, c in data.get("trades", [])],
            data.get("capital"),
        )

    @property
    def empty(self) -> bool:
        return self == Draft()


def _count(value: Any) -> Count:
    return None if value is None else int(value)


def name(state: CapitalState, territory: str) -> str:
    return game_map(state).name_of(territory)


def _owns(state: CapitalState, faction: int, territory: str) -> bool:
    return state.owner.get(territory) == faction


# ------------------------------------------------------------------ reinforcements


def pool(state: CapitalState, faction: int, draft: Draft) -> int:
    """Units to place: the setup's starting units, or this turn's reinforcements plus the
    cards traded in the draft (cut to the placement capacity, as the engine does)."""
    if state.phase is Phase.SETUP:
        return setup_pool(state, faction)
    plan = plan_orders(state, faction, SubmitOrders(faction, trades=tuple(draft.trades)))
    return plan.pool


def placed(draft: Draft) -> dict[str, int]:
    total: dict[str, int] = {}
    for territory, n in draft.placements:
        total[territory] = total.get(territory, 0) + n
    return total


def left(state: CapitalState, faction: int, draft: Draft) -> int:
    return pool(state, faction, draft) - sum(n for _, n in draft.placements)


def limit(state: CapitalState, faction: int, territory: str) -> int | None:
    """The placement limit of ``territory`` (None at setup: no limit)."""
    if state.phase is Phase.SETUP:
        return None
    return placement_limit(state, faction, territory)


def room(state: CapitalState, faction: int, draft: Draft, territory: str) -> int:
    """How many more units ``territory`` may still receive in this draft."""
    most = left(state, faction, draft)
    cap = limit(state, faction, territory)
    if cap is not None:
        most = min(most, cap - placed(draft).get(territory, 0))
    return max(most, 0)


def add_placement(
    state: CapitalState, faction: int, draft: Draft, territory: str, count: Count
) -> str:
    """Place ``count`` (None: as many as allowed) on ``territory``; cut to the limit.

    :raises EntryError: not the faction's territory, or nothing more may go there.
    """
    where = name(state, territory)
    if not _owns(state, faction, territory):
        raise EntryError(f"{where} is not yours: place on your own territories")
    free = room(state, faction, draft, territory)
    if free <= 0:
        if left(state, faction, draft) <= 0:
            raise EntryError("All your reinforcements are placed")
        raise EntryError(f"{where} is at its placement limit {limit(state, faction, territory)}")
    n = free if count is None else max(count, 0)
    if n <= 0:
        raise EntryError("Place at least one unit")
    message = ""
    if n > free:
        message = f" (cut from {n}: the limit allows {free} more)"
        n = free
    merged = False
    for i, (t, old) in enumerate(draft.placements):
        if t == territory:
            draft.placements[i] = (t, old + n)
            merged = True
    if not merged:
        draft.placements.append((territory, n))
    return f"{n} placed on {where}{message}"


def set_capital(state: CapitalState, faction: int, draft: Draft, territory: str) -> str:
    """Choose the secret capital (setup only)."""
    if state.phase is not Phase.SETUP:
        raise EntryError("The capital is chosen at setup")
    if not _owns(state, faction, territory):
        raise EntryError(f"{name(state, territory)} is not yours")
    draft.capital = territory
    return f"Capital: {name(state, territory)} (secret until every faction has chosen)"


# ------------------------------------------------------------------ attacks


def after_placement(state: CapitalState, faction: int, draft: Draft) -> dict[str, int]:
    armies = dict(state.armies)
    for territory, n in draft.placements:
        armies[territory] += n
    return armies


def sent_from(draft: Draft, origin: str) -> int:
    return sum(n or 0 for o, _, n in draft.attacks if o == origin)


def attack_origins(state: CapitalState, faction: int, draft: Draft) -> list[str]:
    """Own territories with an enemy neighbour and a unit to spare (after placements)."""
    the_map = game_map(state)
    armies = after_placement(state, faction, draft)
    return [
        t
        for t in the_map.territory_ids
        if _owns(state, faction, t)
        and armies[t] >= 2
        and any(not _owns(state, faction, n) for n in the_map.neighbours(t))
    ]


def why_no_attack(state: CapitalState, faction: int, draft: Draft, territory: str) -> str:
    """The real reason an own ``territory`` is not an attack origin now."""
    the_map = game_map(state)
    if all(_owns(state, faction, n) for n in the_map.neighbours(territory)):
        return f"{name(state, territory)} cannot attack: every neighbour is already yours"
    units = after_placement(state, faction, draft)[territory]
    return (
        f"{name(state, territory)} cannot attack: it holds {units} unit"
        f"{'' if units == 1 else 's'} after your placements, and one must stay behind "
        "(place more there first)"
    )


def attack_targets(state: CapitalState, faction: int, origin: str) -> list[str]:
    if not _owns(state, faction, origin):
        return []
    return [n for n in game_map(state).neighbours(origin) if not _owns(state, faction, n)]


def add_attack(
    state: CapitalState, faction: int, draft: Draft, origin: str, target: str, units: Count
) -> str:
    """Attack ``target`` from ``origin`` with ``units`` (None: the most allowed).

    :raises EntryError: not an own origin, not an enemy neighbour, no units to send.
    """
    if not _owns(state, faction, origin):
        raise EntryError(f"{name(state, origin)} is not yours")
    if target not in attack_targets(state, faction, origin):
        raise EntryError(
            f"{name(state, target)} is not an enemy neighbour of {name(state, origin)}"
        )
    draft.attacks = [a for a in draft.attacks if (a[0], a[1]) != (origin, target)]
    free = after_placement(state, faction, draft)[origin] - 1 - sent_from(draft, origin)
    if free < 1:
        raise EntryError(f"{name(state, origin)} has no units left to send (one must stay)")
    note = ""
    if units is not None:
        if units < 1:
            raise EntryError("Send at least one unit")
        if units > free:
            note = f" (cut from {units} to {free}: one unit stays)"
            units = free
    draft.attacks.append((origin, target, units))
    shown = "max" if units is None else str(units)
    return f"Attack {name(state, target)} from {name(state, origin)} with {shown}{note}"


def add_surge(
    state: CapitalState,
    faction: int,
    draft: Draft,
    via: str,
    target: str,
    units: Count,
    at_most: int | None = None,
) -> str:
    """The one surge: "if ``via`` falls to me, attack ``target`` from it with ``units``",
    optionally "only if ``target`` holds at most ``at_most`` units after placements".

    :raises EntryError: ``via`` is not attacked in the draft, or ``target`` not adjacent.
    """
    if via not in {t for _, t, _ in draft.attacks}:
        raise EntryError("A surge starts from a territory you attack this turn")
    if target == via or not game_map(state).are_adjacent(via, target):
        raise EntryError(f"{name(state, target)} is not next to {name(state, via)}")
    if _owns(state, faction, target):
        raise EntryError(f"{name(state, target)} is already yours")
    if units is not None and units < 1:
        raise EntryError("Surge with at least one unit")
    if at_most is not None and at_most < 0:
        raise EntryError("The condition needs a number of units, 0 or more")
    replaced = " (replaces the earlier surge)" if draft.surge is not None else ""
    draft.surge = (via, target, units, at_most)
    shown = "max" if units is None else str(units)
    return (
        f"Surge: if {name(state, via)} falls, attack {name(state, target)} with {shown}"
        f"{surge_condition(state, target, at_most)}{replaced}"
    )


def surge_condition(state: CapitalState, target: str, at_most: int | None) -> str:
    """The seed's one allowed condition on enemy placement strength, as words."""
    if at_most is None:
        return ""
    return f", only if {name(state, target)} holds at most {at_most} after placements"


def surge_targets(state: CapitalState, faction: int, via: str) -> list[str]:
    return [n for n in game_map(state).neighbours(via) if not _owns(state, faction, n)]


# ------------------------------------------------------------------ tactical move


def move_free(state: CapitalState, faction: int, draft: Draft, origin: str) -> int:
    """Units the tactical move may take from ``origin`` (before battles)."""
    armies = after_placement(state, faction, draft)[origin]
    moved = sum(n or 0 for _, n in draft.moves) if draft.tactical_origin == origin else 0
    return armies - 1 - sent_from(draft, origin) - moved


def move_targets(state: CapitalState, faction: int, origin: str) -> list[str]:
    if not _owns(state, faction, origin):
        return []
    return [n for n in game_map(state).neighbours(origin) if _owns(state, faction, n)]


def add_move(
    state: CapitalState, faction: int, draft: Draft, origin: str, dest: str, units: Count
) -> str:
    """Add a destination to the tactical move (one origin, several destinations).

    :raises EntryError: not own and adjacent, over the destination's limit, no units.
    """
    if not _owns(state, faction, origin):
        raise EntryError(f"{name(state, origin)} is not yours")
    if dest not in move_targets(state, faction, origin):
        raise EntryError(f"{name(state, dest)} is not your neighbour of {name(state, origin)}")
    note = ""
    if draft.tactical_origin not in (None, origin):
        note = " (the tactical move now starts here: one origin per turn)"
        draft.moves = []
    draft.tactical_origin = origin
    draft.moves = [m for m in draft.moves if m[0] != dest]
    cap = placement_limit(state, faction, dest)
    free = move_free(state, faction, draft, origin)
    if free < 1:
        raise EntryError(f"{name(state, origin)} has no units left to move (one must stay)")
    if units is not None:
        if units < 1:
            raise EntryError("Move at least one unit")
        most = min(cap, free)
        if units > most:
            note += f" (cut from {units} to {most}: limit {cap})"
            units = most
    draft.moves.append((dest, units))
    shown = "max" if units is None else str(units)
    return f"Move {shown} from {name(state, origin)} to {name(state, dest)}{note}"


# ------------------------------------------------------------------ cards


def card_label(state: CapitalState, card: int) -> str:
    """A card as the player reads it: "cavalry Peru" or "wild"."""
    the_map = game_map(state)
    c = the_map.deck[card]
    if c.territory is None:
        return c.type.value
    return f"{c.type.value} {the_map.name_of(c.territory)}"


def sets_allowed(state: CapitalState, faction: int) -> int:
    """Sets ``faction`` may trade this turn: one, or two holding six or more cards."""
    if state.phase is Phase.SETUP:
        return 0
    held = len(state.players[faction].cards)
    return MAX_SETS_PER_TURN if held >= TWO_SETS_FROM else 1


def tradable(state: CapitalState, faction: int, draft: Draft) -> list[int]:
    """The faction's cards not yet in a trade of the draft."""
    used = {c for t in draft.trades for c in t}
    return [c for c in state.players[faction].cards if c not in used]


def trade_bonus(state: CapitalState, faction: int, cards: Sequence[int]) -> list[str]:
    """Territories held by ``faction`` shown on ``cards``: each gets 2 extra units."""
    the_map = game_map(state)
    return [
        t
        for c in cards
        if (t := the_map.deck[c].territory) is not None and state.owner.get(t) == faction
    ]


def describe_trade(state: CapitalState, faction: int, cards: Sequence[int]) -> str:
    """ "infantry Alaska, wild, cavalry Peru: 10 units (+2 on Alaska)"."""
    value = set_value(game_map(state), cards)
    shown = ", ".join(card_label(state, c) for c in cards)
    if value is None:
        return f"{shown}: not a set"
    bonus = trade_bonus(state, faction, cards)
    extra = ", ".join(f"+{CARD_TERRITORY_BONUS} on {name(state, t)}" for t in bonus)
    extra = f" ({extra})" if extra else ""
    return f"{shown}: {value} units{extra}"


def check_trade(state: CapitalState, faction: int, draft: Draft, cards: Sequence[int]) -> int:
    """The value of trading ``cards`` now.

    :raises EntryError: not three held cards, already in a trade, too many sets, not a set.
    """
    if state.phase is Phase.SETUP:
        raise EntryError("Cards are traded in the order phases, not at setup")
    if len(cards) != 3 or len(set(cards)) != 3:
        raise EntryError("Pick exactly three cards")
    allowed = sets_allowed(state, faction)
    if len(draft.trades) >= allowed:
        if allowed < MAX_SETS_PER_TURN:
            raise EntryError(
                f"One set per turn: a second set needs {TWO_SETS_FROM} or more cards in hand"
            )
        raise EntryError(f"At most {MAX_SETS_PER_TURN} sets per turn")
    free = tradable(state, faction, draft)
    if any(c not in free for c in cards):
        raise EntryError("Those cards are not (or no longer) in your hand")
    value = set_value(game_map(state), cards)
    if value is None:
        raise EntryError(
            "Not a set: three infantry (4), three cavalry (6), three artillery (8) "
            "or one of each (10); a wild card stands for any"
        )
    return value


def card_units(state: CapitalState, draft: Draft) -> int:
    """Units the draft's trades add to the reinforcements (before the capacity cut)."""
    the_map = game_map(state)
    return sum(set_value(the_map, trio) or 0 for trio in draft.trades)


def add_trade(state: CapitalState, faction: int, draft: Draft, cards: Sequence[int]) -> str:
    """Trade three cards of the hand for units (see :func:`check_trade`).

    :raises EntryError: with the reason the set is refused.
    """
    check_trade(state, faction, draft, cards)
    a, b, c = sorted(cards)
    draft.trades.append((a, b, c))
    return f"Trade {describe_trade(state, faction, (a, b, c))}"


# ------------------------------------------------------------------ the list


@dataclass(frozen=True)
class Entry:
    kind: str  # placement | attack | surge | move | trade | capital
    index: int
    text: str


def entries(state: CapitalState, faction: int, draft: Draft) -> list[Entry]:
    """The orders list to review, each entry removable by (kind, index)."""
    rows: list[Entry] = []
    if draft.capital is not None:
        rows.append(Entry("capital", 0, f"Capital: {name(state, draft.capital)}"))
    for i, trio in enumerate(draft.trades):
        rows.append(Entry("trade", i, f"Trade {describe_trade(state, faction, trio)}"))
    totals = placed(draft)
    for i, (t, count) in enumerate(draft.placements):
        cap = limit(state, faction, t)
        of = "" if cap is None else f" ({totals[t]}/{cap})"
        rows.append(Entry("placement", i, f"Place {count} on {name(state, t)}{of}"))
    shown: str
    for i, (o, t, n) in enumerate(draft.attacks):
        shown = "max" if n is None else str(n)
        odds = attack_odds(state, draft, i)
        chance = "" if odds is None else f" — {odds:.0%} to take it from {state.armies[t]}"
        rows.append(
            Entry("attack", i, f"Attack {name(state, t)} from {name(state, o)}: {shown}{chance}")
        )
    if draft.surge is not None:
        via, t, n, at_most = draft.surge
        shown = "max" if n is None else str(n)
        rows.append(
            Entry(
                "surge",
                0,
                f"Surge: if {name(state, via)} falls, {name(state, t)}: {shown}"
                + surge_condition(state, t, at_most),
            )
        )
    for i, (dest, n) in enumerate(draft.moves):
        shown = "max" if n is None else str(n)
        origin = draft.tactical_origin or ""
        rows.append(
            Entry("move", i, f"Move {shown} from {name(state, origin)} to {name(state, dest)}")
        )
    return rows


def attack_units(state: CapitalState, draft: Draft, index: int) -> int:
    """The units attack ``index`` sends: its number, or for "max" what its origin has
    after this draft's placements, less one left behind and the other attacks' units."""
    origin, _, count = draft.attacks[index]
    if count is not None:
        return count
    there = state.armies.get(origin, 0) + placed(draft).get(origin, 0) - 1
    others = sum(n or 0 for i, (o, _, n) in enumerate(draft.attacks) if o == origin and i != index)
    return max(0, there - others)


def attack_odds(state: CapitalState, draft: Draft, index: int) -> float | None:
    """The chance that attack ``index`` alone takes its target from the units there now
    (the colour dice of engine.odds; the defender's own placements are not known yet)."""
    from engine.odds import win_probability

    units = attack_units(state, draft, index)
    defenders = state.armies.get(draft.attacks[index][1], 0)
    if units < 1 or defenders < 1:
        return None
    return win_probability(units, defenders, state.options.dice)


def remove(draft: Draft, kind: str, index: int) -> None:
    """Remove one entry; removing an attack also drops a surge that depended on it."""
    if kind == "capital":
        draft.capital = None
    elif kind == "trade":
        del draft.trades[index]
    elif kind == "placement":
        del draft.placements[index]
    elif kind == "attack":
        del draft.attacks[index]
        if draft.surge is not None and draft.surge[0] not in {t for _, t, _ in draft.attacks}:
            draft.surge = None
    elif kind == "surge":
        draft.surge = None
    elif kind == "move":
        del draft.moves[index]
        if not draft.moves:
            draft.tactical_origin = None
    else:
        raise EntryError(f"unknown entry {kind!r}")


def to_order(state: CapitalState, faction: int, draft: Draft, player: str = "") -> Order:
    """The engine's submission for the draft.

    :raises EntryError: a setup without a capital.
    """
    if state.phase is Phase.SETUP:
        if draft.capital is None:
            raise EntryError("Choose your capital first")
        return SubmitSetup(faction, draft.capital, tuple(draft.placements), player)
    surge = None if draft.surge is None else Surge(*draft.surge)
    tactical = None
    if draft.tactical_origin is not None and draft.moves:
        tactical = Tactical(draft.tactical_origin, tuple(draft.moves))
    return SubmitOrders(
        faction,
        player,
        tuple((t, n) for t, n in draft.placements),
        tuple(Attack(o, t, n) for o, t, n in draft.attacks),
        surge,
        tactical,
        tuple(draft.trades),
    )


def offenses(state: CapitalState, faction: int, draft: Draft) -> list[str]:
    """What the engine would cut from these orders now (empty: nothing)."""
    if state.phase is Phase.SETUP:
        if draft.capital is None:
            return ["no capital chosen yet: choose one before sealing"]
        setup = SubmitSetup(faction, draft.capital, tuple(draft.placements))
        _, _, cuts = normalise_setup(state, faction, setup)
        notes = [c.message for c in cuts]
        rest = left(state, faction, draft)
        if rest > 0:
            notes.append(f"{rest} units not placed: they will go round your territories")
        return notes
    order = to_order(state, faction, draft)
    assert isinstance(order, SubmitOrders)
    _, cuts = normalise_orders(state, faction, order)
    notes = [c.message for c in cuts]
    rest = left(state, faction, draft)
    if rest > 0:
        notes.append(f"{rest} reinforcements not placed: they will be spread over your borders")
    return notes


def order_arrows(state: CapitalState, faction: int, draft: Draft) -> list[OrderArrow]:
    """The draft's attacks, surge and moves as arrows on the map (issue 28), each carrying
    the attributes of its remove button in the orders list (the same kind and index), so
    that a tap on the arrow removes the order as that button does."""

    def arrow(
        kind: str, index: int, origin: str, target: str, count: int | None, text: str
    ) -> OrderArrow:
        shown = "max" if count is None else str(count)
        data = (("kind", kind), ("index", str(index)))
        return OrderArrow(origin, target, shown, text, "cap-remove", data, kind)

    texts = {(e.kind, e.index): e.text for e in entries(state, faction, draft)}
    found = [
        arrow("attack", i, o, t, n, texts.get(("attack", i), ""))
        for i, (o, t, n) in enumerate(draft.attacks)
    ]
    if draft.surge is not None:
        via, target, count, _ = draft.surge
        found.append(arrow("surge", 0, via, target, count, texts.get(("surge", 0), "")))
    if draft.tactical_origin:
        found += [
            arrow("move", i, draft.tactical_origin, d, n, texts.get(("move", i), ""))
            for i, (d, n) in enumerate(draft.moves)
        ]
    return found
