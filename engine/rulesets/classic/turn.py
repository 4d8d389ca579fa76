"""A Classic turn: reinforce (and trade cards), attack, move in, free moves, end
(manual pp.6-13 and 30-35; RULINGS §1)."""

from __future__ import annotations

from engine.core import Event
from engine.rulesets.classic import missions
from engine.rulesets.classic.cards import set_value
from engine.rulesets.classic.common import (
    cap_pool,
    check_owned,
    check_territory,
    game_map,
    next_seat,
    refuse,
    room,
    total_room,
)
from engine.rulesets.classic.options import (
    ELIMINATION_TRADE_AT,
    ELIMINATION_TRADE_DOWN_TO,
    MANDATORY_TRADE_AT,
    MIN_REINFORCEMENT,
    TERRITORIES_PER_ARMY,
    TERRITORY_BONUS,
    TERRITORY_BONUS_PER_TURN,
)
from engine.rulesets.classic.orders import ATTACK_MODES
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


# ---------------------------------------------------------------- attacks


def check_attack(state: ClassicState, origin: str, target: str, dice: int, mode: str) -> None:
    check_owned(state, origin, "attack")
    check_territory(state, target)
    the_map = game_map(state)
    if state.owner[target] == state.current:
        raise refuse("order/own-target", f"you cannot attack your own {the_map.name_of(target)}")
    if not the_map.are_adjacent(origin, target):
        raise refuse(
            "order/not-adjacent",
            f"{the_map.name_of(origin)} is not adjacent to {the_map.name_of(target)}",
        )
    armies = state.armies[origin]
    if armies < 2:
        raise refuse(
            "order/too-few-armies",
            f"attacking needs at least two armies in {the_map.name_of(origin)}",
        )
    if not 1 <= dice <= min(3, armies - 1):
        raise refuse(
            "order/dice",
            f"with {armies} armies in {the_map.name_of(origin)} you may roll 1 to "
            f"{min(3, armies - 1)} dice, not {dice}",
        )
    if mode not in ATTACK_MODES:
        raise refuse("order/mode", f"attack mode must be one of {', '.join(ATTACK_MODES)}")


def attack(state: ClassicState, origin: str, target: str, dice: int, mode: str) -> list[Event]:
    check_attack(state, origin, target, dice, mode)
    battle = state.battle
    if battle is None or battle["origin"] != origin or battle["target"] != target:
        state.battle = {"origin": origin, "target": target}
    return _fight(state, dice, mode)


def _advantage_allowed(state: ClassicState) -> bool:
    player = state.players[state.current]
    options = state.options
    entitled = options.attack_advantage if player.is_human else options.computer_advantage
    return entitled and state.battle is not None


def _fight(state: ClassicState, dice: int, mode: str) -> list[Event]:
    """Roll, and keep rolling as the attack mode says."""
    assert state.battle is not None
    origin, target = state.battle["origin"], state.battle["target"]
    events: list[Event] = []
    while True:
        rolled = min(dice, state.armies[origin] - 1)
        attack_dice = state.rng.dice(rolled)
        defend_dice = state.rng.dice(min(2, state.armies[target]))
        # RULINGS §1: offered after every roll; a roll the attacker loses nothing in
        # cannot be improved by re-rolling, so it is not offered.
        if _advantage_allowed(state) and _losses(attack_dice, defend_dice)[0] > 0:
            state.pending = {
                "attack": attack_dice,
                "defend": defend_dice,
                "dice": dice,
                "mode": mode,
            }
            state.phase = Phase.ADVANTAGE
            events.append(
                {
                    "type": "advantage-offered",
                    "seat": state.current,
                    "attack": attack_dice,
                    "defend": defend_dice,
                }
            )
            return events
        lost_roll, finished = _resolve_roll(state, attack_dice, defend_dice, events, rerolled=False)
        if finished or not _keep_rolling(state, mode, lost_roll):
            return events


def reroll(state: ClassicState, accept: bool) -> list[Event]:
    """Attack advantage: re-roll the single lowest attacking die of the roll just shown."""
    pending = state.pending
    assert pending is not None and state.battle is not None
    attack_dice = list(pending["attack"])
    events: list[Event] = []
    if accept:
        lowest = attack_dice.index(min(attack_dice))
        old = attack_dice[lowest]
        attack_dice[lowest] = state.rng.die()
        events.append(
            {
                "type": "advantage-used",
                "seat": state.current,
                "old": old,
                "new": attack_dice[lowest],
            }
        )
    else:
        events.append({"type": "advantage-declined", "seat": state.current})
    state.pending = None
    state.phase = Phase.ATTACK
    lost_roll, finished = _resolve_roll(
        state, attack_dice, pending["defend"], events, rerolled=accept
    )
    if not finished and _keep_rolling(state, pending["mode"], lost_roll):
        events += _fight(state, pending["dice"], pending["mode"])
    return events


def _losses(attack_dice: list[int], defend_dice: list[int]) -> tuple[int, int]:
    """(attacker losses, defender losses): highest against highest; ties to the defender."""
    attacker = defender = 0
    for a, d in zip(
        sorted(attack_dice, reverse=True), sorted(defend_dice, reverse=True), strict=False
    ):
        if a > d:
            defender += 1
        else:
            attacker += 1
    return attacker, defender


def _keep_rolling(state: ClassicState, mode: str, lost_roll: bool) -> bool:
    if state.phase is not Phase.ATTACK or state.battle is None:
        return False
    if state.armies[state.battle["origin"]] < 2:
        return False
    if mode == "continuous":
        return not lost_roll
    return mode == "do-or-die"


def _resolve_roll(
    state: ClassicState,
    attack_dice: list[int],
    defend_dice: list[int],
    events: list[Event],
    rerolled: bool,
) -> tuple[bool, bool]:
    """Apply one roll; returns (the attacker lost the roll, the battle is over)."""
    assert state.battle is not None
    origin, target = state.battle["origin"], state.battle["target"]
    seat, defender = state.current, state.owner[target]
    attacker_losses, defender_losses = _losses(attack_dice, defend_dice)
    state.armies[origin] -= attacker_losses
    state.armies[target] -= defender_losses
    me, them = state.players[seat].stats, state.players[defender].stats
    me["armies_lost"] += attacker_losses
    me["armies_killed"] += defender_losses
    them["armies_lost"] += defender_losses
    them["armies_killed"] += attacker_losses
    lost_roll = attacker_losses > defender_losses
    if lost_roll:
        me["battles_lost"] += 1
        them["battles_won"] += 1
    elif defender_losses > attacker_losses:
        me["battles_won"] += 1
        them["battles_lost"] += 1
    events.append(
        {
            "type": "roll",
            "seat": seat,
            "defender": defender,
            "origin": origin,
            "target": target,
            "attack": attack_dice,
            "defend": defend_dice,
            "attacker_losses": attacker_losses,
            "defender_losses": defender_losses,
            "rerolled": rerolled,
        }
    )
    if state.armies[target] == 0:
        events += _conquer(state, origin, target, defender, len(attack_dice))
        return lost_roll, True
    return lost_roll, False


def _conquer(
    state: ClassicState, origin: str, target: str, loser: int, dice_rolled: int
) -> list[Event]:
    seat = state.current
    state.owner[target] = seat
    state.conquered = True
    state.battle = None
    state.players[seat].stats["conquests"] += 1
    state.players[loser].stats["losses"] += 1
    events: list[Event] = [{"type": "conquest", "seat": seat, "loser": loser, "territory": target}]
    if not state.territories_of(loser):
        events += _eliminate(state, loser)
    most = min(state.armies[origin] - 1, room(state, target))
    least = min(dice_rolled, most)
    state.pending = {"origin": origin, "target": target, "min": least, "max": most}
    state.phase = Phase.MOVE_IN
    won = check_victory(state)
    if won:
        # The game is over, but no territory may stand empty: the least force moves in.
        state.armies[origin] -= least
        state.armies[target] += least
        return events + won
    if least == most:
        events += move_in(state, least)
    return events


def _eliminate(state: ClassicState, loser: int) -> list[Event]:
    """The eliminator takes the loser's cards; destroy missions on the loser resolve."""
    seat = state.current
    victim = state.players[loser]
    victim.alive = False
    taken = list(victim.cards)
    state.players[seat].cards += taken
    victim.cards = []
    events: list[Event] = [
        {"type": "eliminated", "seat": loser, "by": seat, "cards_taken": len(taken)}
    ]
    for other, player in enumerate(state.players):
        mission = None if player.mission is None else missions.MISSIONS[player.mission]
        if mission is not None and mission.kind == "destroy" and mission.seat == loser:
            if other == seat:
                state.winner = seat
            else:
                player.mission = missions.FALLBACK_MISSION
                events.append({"type": "mission-changed", "seat": other})
    if len(state.players[seat].cards) >= ELIMINATION_TRADE_AT:
        state.return_to_attack = True
    return events


def move_in(state: ClassicState, count: int) -> list[Event]:
    pending = state.pending
    assert pending is not None
    if not pending["min"] <= count <= pending["max"]:
        raise refuse(
            "order/move-in",
            f"move in {pending['min']} to {pending['max']} armies, not {count}",
        )
    state.armies[pending["origin"]] -= count
    state.armies[pending["target"]] += count
    state.pending = None
    events: list[Event] = [
        {
            "type": "move-in",
            "seat": state.current,
            "origin": pending["origin"],
            "target": pending["target"],
            "count": count,
        }
    ]
    if state.phase is Phase.GAME_OVER:
        return events
    if state.return_to_attack:
        state.phase = Phase.REINFORCE
        state.reinforcements = 0
        events.append({"type": "must-trade", "seat": state.current})
    else:
        state.phase = Phase.ATTACK
    return events


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
    if winner is None:
        rivals = [
            s for s, p in enumerate(state.players) if p.alive and not p.is_neutral and s != seat
        ]
        if not rivals:
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
