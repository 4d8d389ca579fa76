"""Rules several phases share: refusals, the step pool, groups, income, points,
elimination and the end of the game."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn

from engine.core import Event
from engine.errors import IllegalOrderError
from engine.rulesets.risk_paper_scissors.cards import CARDS, Timing
from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES
from engine.rulesets.risk_paper_scissors.orders import Phase
from engine.rulesets.risk_paper_scissors.state import RpsState


def refuse(code: str, message: str) -> NoReturn:
    raise IllegalOrderError(code, message)


def check_territory(state: RpsState, territory: str, what: str = "territory") -> None:
    if territory not in state.board.kind:
        refuse("rps/unknown-territory", f"there is no territory {territory!r} ({what})")


def check_owned(state: RpsState, seat: int, territory: str) -> None:
    check_territory(state, territory)
    if state.owner.get(territory) != seat:
        refuse("rps/not-owned", f"{state.board.names[territory]} is not yours")


def check_commanders(names: Iterable[str]) -> tuple[str, ...]:
    seen: list[str] = []
    for name in names:
        if name not in COMMANDER_TYPES:
            refuse(
                "rps/unknown-commander",
                f"there is no commander {name!r}; known: {', '.join(COMMANDER_TYPES)}",
            )
        if name in seen:
            refuse("rps/bad-count", f"the {name} commander is named twice")
        seen.append(name)
    return tuple(seen)


def check_counts(**counts: int) -> None:
    for name, value in counts.items():
        if value < 0:
            refuse("rps/bad-count", f"{name} must not be negative, got {value}")


def pay_steps(state: RpsState, seat: int, steps: int) -> int:
    """Pay ``steps`` unit-steps from the bank and then energy (spec 10.1); the energy paid.

    :raises IllegalOrderError: ``rps/not-enough-energy``, nothing changed.
    """
    ts = state.turn_state
    if ts.bank >= steps:
        ts.bank -= steps
        return 0
    per = state.options.steps_per_energy
    cost = -(-(steps - ts.bank) // per)
    player = state.players[seat]
    if player.energy < cost:
        refuse(
            "rps/not-enough-energy",
            f"{steps} unit-step(s) cost {cost} energy (bank {ts.bank}); you have {player.energy}",
        )
    player.energy -= cost
    ts.bank = ts.bank + cost * per - steps
    return cost


def pay_energy(state: RpsState, seat: int, cost: int, what: str) -> None:
    player = state.players[seat]
    if player.energy < cost:
        refuse("rps/not-enough-energy", f"{what} costs {cost} energy; you have {player.energy}")
    player.energy -= cost


def groups_held(state: RpsState, seat: int) -> list[str]:
    """Groups with a non-devastated territory, every one of which ``seat`` owns (3.3)."""
    devastated = set(state.devastated)
    held = []
    for group in state.board.groups:
        live = [t for t in group.territories if t not in devastated]
        if live and all(state.owner.get(t) == seat for t in live):
            held.append(group.id)
    return held


def group_bonus(state: RpsState, seat: int) -> int:
    bonus = {g.id: g.bonus for g in state.board.groups}
    return sum(bonus[g] for g in groups_held(state, seat))


def income(state: RpsState, seat: int) -> int:
    o = state.options
    base = max(o.income_minimum, len(state.territories_of(seat)) // o.income_divisor)
    return o.income_multiplier * (base + group_bonus(state, seat))


def public_points(state: RpsState, seat: int) -> int:
    """The final-score formula without Colony Influence (spec 6.2)."""
    count = len(state.territories_of(seat))
    return state.options.points_per_territory * count + group_bonus(state, seat)


def influence_points(state: RpsState, seat: int) -> int:
    held = 0
    for card_id in state.players[seat].hand:
        card = CARDS[card_id]
        if card.timing is Timing.SCORE and state.has_commander(seat, card.deck):
            held += 1
    return state.options.colony_influence_points * held


def units_on_board(state: RpsState, seat: int) -> int:
    return state.units_of(seat)


def seat_name(state: RpsState, seat: int) -> str:
    return state.players[seat].name


def check_eliminations(state: RpsState) -> list[Event]:
    """Eliminate every living player who owns nothing (spec 16); end the game when one
    player is left (15.2)."""
    events: list[Event] = []
    owners = set(state.owner.values())
    for seat in state.living():
        if seat not in owners:
            player = state.players[seat]
            player.alive = False
            player.hand = []
            player.energy = 0
            events.append({"type": "eliminated", "seat": seat, "player": player.name})
    if events and len(state.living()) == 1 and state.phase is not Phase.GAME_OVER:
        events += final_scoring(state)
    return events


def final_scoring(state: RpsState) -> list[Event]:
    """Scores, winners and game over (spec 15.1): most points, then most energy, then most
    units on the board; still tied, a shared win."""
    o = state.options
    scores: dict[str, int] = {}
    for seat in state.living():
        count = len(state.territories_of(seat))
        scores[str(seat)] = (
            o.points_per_territory * count
            + group_bonus(state, seat)
            + influence_points(state, seat)
        )

    def rank(seat: int) -> tuple[int, int, int]:
        return (scores[str(seat)], state.players[seat].energy, units_on_board(state, seat))

    living = state.living()
    best = max(rank(s) for s in living)
    winners = [s for s in living if rank(s) == best]
    state.result = {"scores": scores, "winners": winners}
    state.phase = Phase.GAME_OVER
    state.pending = None
    return [{"type": "game-over", "scores": dict(scores), "winners": list(winners)}]


def empty_territory(state: RpsState, territory: str) -> None:
    """A territory without units holds nothing: its station and armed card go (3.3)."""
    state.vacate(territory)
    state.stations.discard(territory)
    state.armed.pop(territory, None)


def log(state: RpsState, events: list[Event]) -> list[Event]:
    state.log.extend(events)
    return events
