"""The baseline Classic computer player: legal, sensible, fast, deterministic.

It claims and reinforces along its borders, attacks where it clearly outnumbers the
defender, moves in with what the front needs, and pulls idle interior armies to the
front.  Later levels (easy/standard/good) refine the judgement.
"""

from __future__ import annotations

from engine.ai import register_player
from engine.core import Order
from engine.maps import GameMap, load_map
from engine.rulesets.classic.cards import valid_sets
from engine.rulesets.classic.common import room
from engine.rulesets.classic.legal import attack_options, move_options
from engine.rulesets.classic.orders import (
    Attack,
    ChooseHeadquarters,
    Claim,
    EndAttack,
    EndTurn,
    FreeMove,
    MoveIn,
    Place,
    PlaceNeutral,
    Reroll,
    TradeCards,
)
from engine.rulesets.classic.setup import setup_needs
from engine.rulesets.classic.state import UNOWNED, ClassicState, Phase
from engine.rulesets.classic.turn import may_trade, must_trade

ATTACK_MARGIN = 2  # attack when attacking armies exceed defenders by this much


def _enemy_neighbours(state: ClassicState, the_map: GameMap, territory: str) -> list[str]:
    seat = state.owner[territory]
    return [n for n in the_map.neighbours(territory) if state.owner[n] != seat]


def _threat(state: ClassicState, the_map: GameMap, territory: str) -> int:
    return sum(state.armies[n] for n in _enemy_neighbours(state, the_map, territory))


def _continent_share(state: ClassicState, the_map: GameMap, territory: str, seat: int) -> float:
    members = the_map.continent_of(territory).territories
    return sum(1 for t in members if state.owner[t] == seat) / len(members)


def _best_front(state: ClassicState, the_map: GameMap, seat: int) -> str:
    """The own territory where armies matter most: a border in a continent we lead."""
    own = [t for t, o in state.owner.items() if o == seat and room(state, t) > 0]
    if not own:
        own = [t for t, o in state.owner.items() if o == seat]
    borders = [t for t in own if _enemy_neighbours(state, the_map, t)] or own

    def score(t: str) -> tuple[float, int, str]:
        weakest = min((state.armies[n] for n in _enemy_neighbours(state, the_map, t)), default=99)
        return (
            _continent_share(state, the_map, t, seat) * 3 + state.armies[t] / (1 + weakest) * 0.5,
            -_threat(state, the_map, t),
            t,
        )

    return max(borders, key=score)


def choose(state: ClassicState, seat: int) -> Order:
    the_map = load_map(state.map_id)
    phase = state.phase
    if phase is Phase.CLAIM:
        free = [t for t, o in state.owner.items() if o == UNOWNED]
        return Claim(
            max(
                free,
                key=lambda t: (
                    _continent_share(state, the_map, t, seat),
                    -len(the_map.continent_of(t).territories),
                    t,
                ),
            )
        )
    if phase is Phase.SETUP:
        own_left, _neutral_left = setup_needs(state)
        if own_left:
            return Place(_best_front(state, the_map, seat), 1)
        neutral = [t for t, o in state.owner.items() if o == state.neutral]
        # Block the opponent: strengthen the neutral territory touching most of their land.
        return PlaceNeutral(
            max(neutral, key=lambda t: (len(_enemy_neighbours(state, the_map, t)), t))
        )
    if phase is Phase.HEADQUARTERS:
        own = state.territories_of(seat)
        return ChooseHeadquarters(
            max(own, key=lambda t: (state.armies[t] - _threat(state, the_map, t), t))
        )
    if phase is Phase.REINFORCE:
        sets = valid_sets(the_map, state.players[seat].cards) if may_trade(state) else []
        if sets and (
            must_trade(state)
            or state.options.card_sets == "fixed"
            or len(state.players[seat].cards) >= 4
        ):
            return TradeCards(sets[0])
        target = _best_front(state, the_map, seat)
        return Place(target, min(state.reinforcements, room(state, target)))
    if phase is Phase.ADVANTAGE:
        return Reroll(True)
    if phase is Phase.MOVE_IN:
        pending = state.pending
        assert pending is not None
        origin_exposed = bool(_enemy_neighbours(state, the_map, pending["origin"]))
        count = (
            pending["max"] if not origin_exposed else max(pending["min"], pending["max"] * 2 // 3)
        )
        return MoveIn(count)
    if phase is Phase.ATTACK:
        best = _best_attack(state, the_map)
        if best is not None:
            return best
        return EndAttack()
    if phase is Phase.FORTIFY:
        move = _consolidate(state, the_map)
        return move if move is not None else EndTurn()
    raise AssertionError(f"no move in phase {phase}")


def _best_attack(state: ClassicState, the_map: GameMap) -> Order | None:
    seat = state.current
    best: tuple[float, str, str] | None = None
    for origin, target in attack_options(state):
        attackers = state.armies[origin] - 1
        defenders = state.armies[target]
        # Under an army limit no stack can outgrow a full defender: attack at the cap.
        needed = min(defenders + ATTACK_MARGIN, state.options.territory_cap - 1)
        if attackers < needed and not (attackers >= 3 and defenders == 1):
            continue
        value = attackers / defenders + _continent_share(state, the_map, target, seat) * 2
        if best is None or value > best[0]:
            best = (value, origin, target)
    if best is None:
        return None
    _, origin, target = best
    return Attack(origin, target, min(3, state.armies[origin] - 1), "do-or-die")


def _consolidate(state: ClassicState, the_map: GameMap) -> Order | None:
    """Move the largest idle interior stack towards the front."""
    best: tuple[int, str, str, int] | None = None
    for origin, target, most in move_options(state):
        if _enemy_neighbours(state, the_map, origin):
            continue
        if not _enemy_neighbours(state, the_map, target) and state.moved.get(origin):
            continue
        gain = most + (5 if _enemy_neighbours(state, the_map, target) else 0)
        if best is None or gain > best[0]:
            best = (gain, origin, target, most)
    if best is None or best[3] < 1:
        return None
    _, origin, target, most = best
    return FreeMove(origin, target, most)


register_player("classic", "baseline", choose)
