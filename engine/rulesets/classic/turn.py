"""A Classic turn: reinforce (and trade cards), free moves, end, victory (manual pp.6-13
and 30-35); the attacks and moving in are engine/rulesets/classic/battle.py."""

from __future__ import annotations

from engine.core import Event
from engine.rulesets.classic import missions
from engine.rulesets.classic.cards import set_value
from engine.rulesets.classic.common import (
    cap_pool,
    check_owned,
    game_map,
    next_seat,
    refuse,
    room,
    total_room,
)
from engine.rulesets.classic.options import (
    ELIMINATION_TRADE_DOWN_TO,
    MANDATORY_TRADE_AT,
    MIN_REINFORCEMENT,
    TERRITORIES_PER_ARMY,
    TERRITORY_BONUS,
    TERRITORY_BONUS_PER_TURN,
)
from engine.rulesets.classic.state import ClassicState, Phase

# ---------------------------------------------------------------- reinforcements


def base_reinforcements(state: ClassicState, seat: int) -> int:
    """max(3, territories // 3) plus the bonus of every continent held whole."""
    owned = state.territories_of(seat)
    armies = max(MIN_REINFORCEMENT, len(owned) // TERRITORIES_PER_ARMY)
    the_map = game_map(state)
    for continent in the_map.continents.values():
        if all(state.owner[t] == seat for t in continent.territories):
            armies += continent.bonus
    return armies


def start_turn(state: ClassicState, seat: int, first: bool = False) -> list[Event]:
    state.current = seat
    state.turn += 1
    state.conquered = False
    state.bonus_paid = 0
    state.battle = None
    state.pending = None
    state.moved = {}
    state.free_moves = 0
    state.return_to_attack = False
    state.turn_orders = 0
    events: list[Event] = [{"type": "turn", "seat": seat, "turn": state.turn}]
    base = base_reinforcements(state, seat)
    events += _reinforce_neutral(state, base)
    kept, lost = cap_pool(state, seat, base, 0, "army limit")
    state.reinforcements = kept
    events.append({"type": "reinforcements", "seat": seat, "count": base})
    events += lost
    state.phase = Phase.REINFORCE
    _leave_reinforce_if_done(state)
    return events


def _reinforce_neutral(state: ClassicState, base: int) -> list[Event]:
    """UK two-player game: Neutral gets half what the player on turn gets, at random."""
    neutral = state.neutral
    if state.options.neutral != "uk" or neutral is None:
        return []
    territories = state.territories_of(neutral)
    count = base // 2
    if not territories or count == 0:
        return []
    for _ in range(count):
        state.armies[state.rng.choice(territories)] += 1
    return [{"type": "neutral-reinforced", "count": count}]


def may_trade(state: ClassicState) -> bool:
    """After an elimination (RULINGS §1) trading stops once the hand is down to 4 or
    fewer cards; further sets wait for the start of a later turn."""
    if state.return_to_attack:
        return len(state.players[state.current].cards) > ELIMINATION_TRADE_DOWN_TO
    return True


def must_trade(state: ClassicState) -> bool:
    cards = len(state.players[state.current].cards)
    if state.return_to_attack:
        return cards > ELIMINATION_TRADE_DOWN_TO
    return cards >= MANDATORY_TRADE_AT


def _leave_reinforce_if_done(state: ClassicState) -> None:
    if state.phase is Phase.REINFORCE and state.reinforcements == 0 and not must_trade(state):
        state.phase = Phase.ATTACK
        state.return_to_attack = False


def trade(state: ClassicState, cards: tuple[int, ...]) -> list[Event]:
    """Trade a set for armies; +2 on a traded card's territory one holds, once a turn."""
    player = state.players[state.current]
    if not may_trade(state):
        raise refuse(
            "order/no-trade",
            f"after an elimination you trade only down to {ELIMINATION_TRADE_DOWN_TO} cards; "
            f"you hold {len(player.cards)}: place your armies, further sets wait for a later turn",
        )
    if len(cards) != 3 or len(set(cards)) != 3:
        raise refuse("order/set-size", f"a trade needs three different cards, got {list(cards)}")
    missing = [c for c in cards if c not in player.cards]
    if missing:
        raise refuse("order/not-your-card", f"you do not hold card(s) {missing}")
    the_map = game_map(state)
    value = set_value(the_map, cards, state.options, state.sets_traded)
    if value is None:
        names = ", ".join(the_map.deck[c].type.value for c in cards)
        raise refuse("order/not-a-set", f"{names} is not a set")
    state.sets_traded += 1
    for card in cards:
        player.cards.remove(card)
        state.draw_pile.append(card)  # spent cards go back under the deck
    events: list[Event] = [
        {"type": "trade", "seat": state.current, "cards": list(cards), "armies": value}
    ]
    if state.bonus_paid < TERRITORY_BONUS_PER_TURN:
        for card in cards:
            territory = the_map.deck[card].territory
            if territory is not None and state.owner[territory] == state.current:
                bonus = min(TERRITORY_BONUS, TERRITORY_BONUS_PER_TURN - state.bonus_paid)
                # The armies already in the pool keep their room: the bonus may not
                # fill the last free places they need.
                spare = total_room(state, state.current) - state.reinforcements
                placed = max(0, min(bonus, room(state, territory), spare))
                state.armies[territory] += placed
                state.bonus_paid += bonus
                events.append(
                    {
                        "type": "card-bonus",
                        "seat": state.current,
                        "territory": territory,
                        "count": placed,
                    }
                )
                if placed < bonus:
                    events.append(
                        {
                            "type": "armies-lost",
                            "seat": state.current,
                            "count": bonus - placed,
                            "why": "army limit",
                        }
                    )
                break
    kept, lost = cap_pool(state, state.current, value, state.reinforcements, "army limit")
    state.reinforcements += kept
    events += lost
    _leave_reinforce_if_done(state)
    return events


def place_reinforcements(state: ClassicState, territory: str, count: int) -> list[Event]:
    check_owned(state, territory, "place")
    if must_trade(state):
        raise refuse(
            "order/must-trade",
            f"trade cards first: you hold {len(state.players[state.current].cards)} cards",
        )
    if not 1 <= count <= state.reinforcements:
        raise refuse("order/count", f"place 1 to {state.reinforcements} armies, not {count}")
    if count > room(state, territory):
        raise refuse(
            "order/army-limit",
            f"{game_map(state).name_of(territory)} takes at most {room(state, territory)} more "
            f"armies (army limit {state.options.territory_cap})",
        )
    state.armies[territory] += count
    state.reinforcements -= count
    _leave_reinforce_if_done(state)
    return [{"type": "place", "seat": state.current, "territory": territory, "count": count}]


# ---------------------------------------------------------------- free moves and turn end


def movable(state: ClassicState, territory: str) -> int:
    """Armies that may still leave ``territory``: one stays, arrivals do not move again."""
    return max(
        0, min(state.armies[territory] - 1, state.armies[territory] - state.moved.get(territory, 0))
    )


def free_move(state: ClassicState, origin: str, target: str, count: int) -> list[Event]:
    check_owned(state, origin, "move from")
    check_owned(state, target, "move to")
    the_map = game_map(state)
    if not the_map.are_adjacent(origin, target):
        raise refuse(
            "order/not-adjacent",
            f"{the_map.name_of(origin)} is not adjacent to {the_map.name_of(target)}",
        )
    most = movable(state, origin)
    if not 1 <= count <= most:
        raise refuse(
            "order/count",
            f"you can move 1 to {most} armies from {the_map.name_of(origin)}, not {count}",
        )
    if count > room(state, target):
        raise refuse(
            "order/army-limit",
            f"{the_map.name_of(target)} takes at most {room(state, target)} more armies",
        )
    state.phase = Phase.FORTIFY
    state.armies[origin] -= count
    state.armies[target] += count
    state.moved[target] = state.moved.get(target, 0) + count
    state.free_moves += 1
    events: list[Event] = [
        {
            "type": "free-move",
            "seat": state.current,
            "origin": origin,
            "target": target,
            "count": count,
        }
    ]
    events += check_victory(state)
    if state.phase is not Phase.GAME_OVER and not state.options.supply_lines:
        events += end_turn(state)
    return events


def end_turn(state: ClassicState) -> list[Event]:
    events: list[Event] = []
    player = state.players[state.current]
    if state.conquered:
        if state.draw_pile:
            card = state.draw_pile.pop(0)
            player.cards.append(card)
            events.append({"type": "card", "seat": state.current, "card": card})
        else:
            events.append({"type": "no-card", "seat": state.current})
    events.append({"type": "end-turn", "seat": state.current})
    nxt = next_seat(state, state.current)
    assert nxt is not None
    return events + start_turn(state, nxt)


# ---------------------------------------------------------------- victory


def check_victory(state: ClassicState) -> list[Event]:
    """World conquest always wins; missions and headquarters win short games."""
    seat = state.current
    winner: int | None = state.winner
    if winner is None and not state.rivals_of(seat):
        winner = seat
    if (
        winner is None
        and state.options.objective == "missions"
        and missions.is_accomplished(state, game_map(state), seat)
    ):
        winner = seat
    if (
        winner is None
        and state.options.objective == "headquarters"
        and holds_headquarters(state, seat)
    ):
        winner = seat
    if winner is None:
        return []
    state.winner = winner
    state.phase = Phase.GAME_OVER
    state.pending = None
    return [{"type": "victory", "seat": winner, "objective": state.options.objective}]


def holds_headquarters(state: ClassicState, seat: int) -> bool:
    own = state.players[seat].headquarters
    if own is None or state.owner[own] != seat:
        return False
    enemy = [p.headquarters for s, p in enumerate(state.players) if s != seat and p.headquarters]
    needed = state.options.enemy_hqs or len(enemy)
    held = sum(1 for hq in enemy if state.owner[hq] == seat)
    return held >= needed
