"""The Great War 1907 (spec ``shared/specs/great-war-1907/spec.md``): eight nations of
1907 Europe, simultaneous Deployment and Attack phases, encirclement, trade,
diplomacy, generals and admirals.

Public helpers for the page: :func:`networks` (encirclement and allowances),
:func:`free_move_targets`, :func:`sail_targets`, :func:`strike_targets`,
:func:`attack_targets`, :func:`render` / :func:`report_text` (the report) and
:func:`default_submission`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from engine import statecheck
from engine.core import SEATLESS, BoardSummary, Event, Order, PlayerSpec, Ruleset, register
from engine.rng import reseeded
from engine.rulesets.greatwar1907 import compact, position, setup, turn
from engine.rulesets.greatwar1907.legal import (
    attack_targets,
    free_move_targets,
    sail_targets,
    strike_targets,
)
from engine.rulesets.greatwar1907.mapdata import MAP_ID, ScenarioMap, parse_scenario, scenario
from engine.rulesets.greatwar1907.options import START_YEAR, GreatWarOptions
from engine.rulesets.greatwar1907.orders import (
    ORDER_TYPES,
    PHASE_ORDERS,
    Resolve,
    SubmitAttack,
    SubmitDeployment,
    parse_order,
    submission_from_json,
)
from engine.rulesets.greatwar1907.report import render, report_text
from engine.rulesets.greatwar1907.state import NEUTRAL_SEAT, GreatWarState, Phase, StateError
from engine.rulesets.greatwar1907.supply import Network, networks

__all__ = [
    "GreatWarOptions",
    "GreatWarRuleset",
    "GreatWarState",
    "Network",
    "Phase",
    "Resolve",
    "ScenarioMap",
    "StateError",
    "SubmitAttack",
    "SubmitDeployment",
    "attack_targets",
    "default_submission",
    "free_move_targets",
    "networks",
    "parse_scenario",
    "render",
    "report_text",
    "sail_targets",
    "scenario",
    "strike_targets",
]


def default_submission(state: GreatWarState, seat: int) -> SubmitDeployment | SubmitAttack:
    """The empty orders of ``seat`` for this phase (it does nothing)."""
    nation = state.nation_ids[seat]
    name = state.players[seat].name
    if state.phase is Phase.ATTACK:
        return SubmitAttack(seat, nation, name)
    return SubmitDeployment(seat, nation, name)


@register
class GreatWarRuleset(Ruleset[GreatWarState]):
    name: ClassVar[str] = "greatwar1907"
    title: ClassVar[str] = "The Great War 1907"
    aliases: ClassVar[tuple[str, ...]] = ("gw1907",)
    simultaneous: ClassVar[bool] = True
    sealed_rounds: ClassVar[tuple[str, ...]] = (Phase.DEPLOYMENT.value, Phase.ATTACK.value)
    resolving_kind: ClassVar[str] = Resolve.KIND
    order_types: ClassVar[tuple[type[Order], ...]] = ORDER_TYPES
    phase_orders: ClassVar[Mapping[Any, frozenset[str]]] = PHASE_ORDERS
    default_players: ClassVar[int] = 8
    default_level: ClassVar[str] = "standard"
    computer_players: ClassVar[Mapping[str, str]] = {
        "easy": "engine.rulesets.greatwar1907.ai.levels",
        "standard": "engine.rulesets.greatwar1907.ai.levels",
        "expert": "engine.rulesets.greatwar1907.ai.expert",
    }

    def new_game(
        self, players: Sequence[PlayerSpec], options: Mapping[str, Any], seed: str
    ) -> GreatWarState:
        return setup.new_game(players, options, seed)

    def legal_orders(self, state: GreatWarState) -> list[Order]:
        """The acting seat's empty submission and the resolutions allowed now."""
        if state.phase is Phase.GAME_OVER:
            return []
        orders: list[Order] = []
        seat = self.actor(state)
        if seat is not None and state.orders[seat] is None:
            orders.append(default_submission(state, seat))
        if not turn.missing(state):
            orders.append(Resolve())
        orders.append(Resolve(force=True))
        return orders

    def parse_order(self, data: Mapping[str, Any]) -> Order:
        return parse_order(data)

    def sealed_round(self, state: GreatWarState) -> int:
        """R3: each phase is its own sealed round, so a Deployment code cannot be
        replayed in the Attack phase of the same turn (case 95)."""
        return 1 if state.phase is Phase.ATTACK else 0

    def sealing_factions(self, state: GreatWarState) -> list[int]:
        """The nations with a seat that act (Neutral has no seat; an idle seat sends
        nothing, as in :func:`turn.missing`)."""
        return [i for i, s in enumerate(state.players) if s.kind != "idle" and s.alive]

    def resolving_order(self, *, force: bool, entropy: str) -> Order:
        return Resolve(force=force, entropy=entropy)

    def state_from_json(self, data: Mapping[str, Any]) -> GreatWarState:
        return GreatWarState.from_json(data)

    def position_text(self, state: GreatWarState) -> str:
        return position.write(state)

    def from_position_text(self, text: str) -> GreatWarState:
        return position.read(text, self.state_from_json, self.aliases)

    def to_compact(self, state: GreatWarState) -> dict[str, Any]:
        """The state without what the scenario says (engine/rulesets/greatwar1907/
        compact.py)."""
        return compact.from_board_form(state.to_json())

    def from_compact(self, data: Mapping[str, Any]) -> GreatWarState:
        """A save code's state (the compact form, or a form older codes hold): every field
        checked, and its last report one the report writer reads (a code read alone is
        its signer's word)."""
        if not isinstance(data, Mapping):
            raise StateError("state/bad-field", "a greatwar1907 state must be an object")
        state = self.state_from_json(compact.to_board_form(data))
        kind = {Phase.DEPLOYMENT: SubmitDeployment, Phase.ATTACK: SubmitAttack}.get(state.phase)
        for faction, slot in enumerate(state.orders):
            if slot is None:
                continue
            order = submission_from_json(slot)
            if (
                kind is None
                or not isinstance(order, kind)
                or order.faction != faction
                or order.nation != state.nation_ids[faction]
            ):
                statecheck.refuse(f"orders[{faction}]", f"must hold nation {faction + 1}'s orders")
        statecheck.readable_report(state.last_report, lambda fmt: report_text(state, fmt))
        return state

    def compact_as_written_now(self, data: Mapping[str, Any]) -> Mapping[str, Any]:
        """A code saved in an older form (the board's JSON form, or the nation-keyed one
        from before the state stood on the board), in the compact form."""
        return compact.written_now(data)

    def actor(self, state: GreatWarState) -> int | None:
        """The first acting seat without orders; when none is missing, the first acting
        seat (who may call for the resolution)."""
        return None if state.phase is Phase.GAME_OVER else state.current

    def victory_points(self, state: GreatWarState) -> tuple[int, ...]:
        """Each seat's victory points, which decide the game (the league ranks by them)."""
        return tuple(state.nations[seat.nation].vp for seat in state.players)

    def record_point(self, state: GreatWarState) -> tuple[int, str]:
        """A position per phase (two a turn), named by the phase whose result it shows:
        "Turn 1 (1907), after the Deployment"; the first, "Turn 1 (1907), the start"."""
        turn = state.turn
        number = 2 * turn + (1 if state.phase is Phase.ATTACK else 0)
        if state.phase is Phase.GAME_OVER:
            number = 2 * turn + 2
        report = state.last_report
        if report is None:
            return number, f"Turn {turn} ({START_YEAR + turn}), the start"
        done = int(report.get("turn", turn))
        phase = "Attack" if report.get("phase") == "attack" else "Deployment"
        return number, f"Turn {done} ({START_YEAR + done}), after the {phase}"

    def winner(self, state: GreatWarState) -> int | None:
        """The seat of a sole winner; None while playing or for a shared win (R91)."""
        if len(state.winners) == 1:
            return state.seat_of(state.winners[0])
        return None

    def winner_names(self, state: GreatWarState) -> list[str]:
        return [state.map.name_of(n) for n in state.winners]

    def board_summary(self, state: GreatWarState) -> BoardSummary:
        """Provinces by the seat of their nation (Neutral's: seatless); units are divisions
        (standing and aboard) and ships, at sea and in port; no cards."""
        seat_of = {n: i for i, n in enumerate(state.nation_ids)}
        units = [0] * len(state.players)
        units_at: dict[str, int] = {}

        def count(place: str, nation: str, amount: int) -> None:
            units_at[place] = units_at.get(place, 0) + amount
            if nation in seat_of:
                units[seat_of[nation]] += amount

        for table in (state.docked, state.at_sea):
            for place, fleets in table.items():
                for nation, fleet in fleets.items():
                    count(place, nation, fleet.ships + fleet.cargo)
        for place, here in state.units.items():
            for nation, divisions in here.items():
                count(place, nation, divisions)
        m = state.map
        return BoardSummary(
            map_id=MAP_ID,
            names=tuple(m.nation(n).name for n in state.nation_ids),
            colors=tuple(m.nation(n).colour for n in state.nation_ids),
            owners={p: SEATLESS if o == NEUTRAL_SEAT else o for p, o in state.owner.items()},
            units=tuple(units),
            units_at=units_at,
            cards=(0,) * len(state.players),
        )

    def place_name(self, state: GreatWarState, place: str) -> str:
        """A province or sea district by its scenario name."""
        return state.map.name_of(place)

    def income(self, state: GreatWarState, seat: int) -> int | None:
        """The pp its supply networks give at the next Deployment (R75), whole pp,
        before credits and debt."""
        nets = networks(state, state.nation_ids[seat])
        return sum(n.allowance for n in nets) // 4

    def report_text(self, state: GreatWarState, fmt: str = "text") -> str:
        return report_text(state, fmt)

    def turn_report(self, state: GreatWarState, fmt: str) -> str | None:
        return self.report_text(state, fmt)

    def _apply(self, state: GreatWarState, order: Order) -> list[Event]:
        if isinstance(order, SubmitDeployment | SubmitAttack):
            turn.check_submission(state, order)
            state.orders[order.faction] = order.to_json()
            return [{"type": "orders-sealed", "faction": order.faction, "player": order.player}]
        if isinstance(order, Resolve):
            if order.entropy:
                state.rng = reseeded(state.rng, order.entropy)
            return turn.resolve_phase(state, order.force)
        raise AssertionError(f"unhandled order {order!r}")
