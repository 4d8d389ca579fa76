"""A Classic battle: an attack rolled in the chosen mode, the attack advantage's
re-roll (RULINGS §1), conquest, elimination and moving in (manual pp.9-12)."""

from __future__ import annotations

from engine.core import Event
from engine.rulesets.classic import missions
from engine.rulesets.classic.common import check_owned, check_territory, game_map, refuse, room
from engine.rulesets.classic.options import ELIMINATION_TRADE_AT
from engine.rulesets.classic.orders import ATTACK_MODES
from engine.rulesets.classic.state import ClassicState, Phase
from engine.rulesets.classic.turn import check_victory


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
