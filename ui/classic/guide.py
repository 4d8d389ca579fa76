""" "Learn by playing" Classic: two turns of yours on a prepared position, the first
followed by the computer's reply.  Turn 1: trade a set of cards, place, attack with one roll, move
in, fortify.  Turn 2: the new turn's armies (territories / 3 plus continents), a blitz
("attack until") on Venezuela, the last of South America, which completes the continent,
and how the game is won.  Only data: the runner is :mod:`ui.shell.guide`.  The position's
seed makes the first attack a win on its first roll and the blitz take Venezuela
(tests/test_guide_scripts.py checks it); every number said is read from the engine.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core import find_ruleset
from engine.maps import load_map
from engine.odds import conquest_chance
from engine.odds.attack import classic_attack_odds
from engine.rulesets.classic.orders import (
    Attack,
    EndAttack,
    EndTurn,
    FreeMove,
    MoveIn,
    Place,
    TradeCards,
)
from engine.rulesets.classic.state import Phase
from engine.rulesets.classic.turn import base_reinforcements
from ui.classic.attack import AttackSettings, blitz_step, percent, start_blitz
from ui.classic.controller import Session
from ui.classic.form import CHECK_FIELDS, OPTION_FIELDS, SEATS
from ui.shell.guide import Guide, Seen, Step, dice_text, seat_rows

YOU = 0
COMPUTER = 1
FRONT = "central_america"
"""Turn 2's attacker: it faces the last territory of South America you do not hold."""
TARGET = "venezuela"
POSITION = """\
ruleset classic
rng learn-classic-3 0
seat 0 Ada human cards=0,1,2
seat 1 Computer easy
phase reinforce
turn 1
reinforcements 9
alaska 0 4
northwest_territory 0 2
greenland 0 5
alberta 0 2
ontario 0 1
quebec 0 3
western_us 0 1
eastern_us 0 2
central_america 0 8
venezuela 1 5
peru 0 5
brazil 0 5
argentina 0 2
iceland 1 2
scandinavia 1 2
great_britain 1 1
northern_europe 1 3
western_europe 1 1
southern_europe 1 2
ukraine 1 2
north_africa 1 1
egypt 1 3
east_africa 1 1
congo 1 2
south_africa 1 2
madagascar 1 1
ural 1 3
siberia 1 1
yakutsk 1 2
kamchatka 1 1
irkutsk 1 2
mongolia 1 1
japan 1 3
afghanistan 1 1
china 1 2
middle_east 1 2
india 1 1
siam 1 3
indonesia 1 1
new_guinea 1 2
western_australia 1 2
eastern_australia 1 1
"""


def _name(territory: str) -> str:
    return load_map("classic").name_of(territory)


def _traded(seen: Seen) -> str:
    trade = next((e for e in seen.events if e["type"] == "trade"), None)
    if trade is None:
        return "You traded a set."
    deck = load_map("classic").deck
    kinds = ", ".join(deck[card].type.value for card in trade["cards"])
    line = (
        f"Your set ({kinds}: one of each kind) gave you {trade['armies']} armies. "
        "The next set anyone trades is worth more."
    )
    for bonus in (e for e in seen.events if e["type"] == "card-bonus"):
        line += (
            f" One card showed {_name(bonus['territory'])}, which you hold: "
            f"{bonus['count']} extra armies went straight onto it."
        )
    return line


def _breakdown(state: Any) -> str:
    """A turn's armies as the engine counts them: territories / 3 (at least 3) plus the
    bonus of each continent held whole."""
    owned = len(state.territories_of(YOU))
    line = f"{max(3, owned // 3)} for your {owned} territories (one for every three, at least 3)"
    held = _continents_held(state)
    if held:
        line += " plus " + " and ".join(f"{c.bonus} for all of {c.name}" for c in held)
    return line


def _placed(seen: Seen) -> str:
    state = seen.before
    placed = seen.after.armies["alaska"] - state.armies["alaska"]
    return (
        f"You placed {placed} armies. Each turn brings {_breakdown(state)}; a traded set "
        "adds its armies. Alaska now faces Kamchatka."
    )


def _attacked(seen: Seen) -> str:
    """The roll, and its odds as the page's list of targets shows them (``percent``)."""
    roll = next((e for e in seen.events if e["type"] == "roll"), None)
    if roll is None:
        return "You took Kamchatka."
    attackers = seen.before.armies["alaska"] - 1
    defenders = seen.before.armies["kamchatka"]
    odds = classic_attack_odds(attackers, defenders, len(roll["attack"]), "once")
    return (
        f"You rolled {dice_text(roll['attack'])}; the Computer rolled "
        f"{dice_text(roll['defend'])}. Highest die meets highest die and a tie goes to the "
        f"defender: {max(roll['attack'])} beats {max(roll['defend'])}, so Kamchatka lost its "
        f"last army and is yours. With 3 dice against 1 a single roll wins "
        f"{percent(odds.win_probability)} of the time; the more dice, the better your odds."
    )


def _moved_in(seen: Seen) -> str:
    moved = seen.after.armies["kamchatka"]
    return (
        f"{moved} armies marched into Kamchatka. At least as many as the dice you rolled "
        "must go in, and one always stays behind. You took a territory this turn, so you "
        "will draw a card when it ends."
    )


def _fortified(seen: Seen) -> str:
    cards = seen.after.players[YOU].cards
    drawn = next((e for e in seen.events if e["type"] == "card"), None)
    card = ""
    if drawn is not None:
        shown = load_map("classic").deck[drawn["card"]].territory
        card = f" You drew the card of {_name(shown)}." if shown else " You drew a wild card."
    return (
        "One free move a turn, between two of your territories that touch, ends your turn."
        f"{card} You hold {len(cards)} card{'s' if len(cards) != 1 else ''}: three of a "
        "kind, or one of each, make a set to trade."
    )


def _computer(seen: Seen) -> str:
    before, after = seen.before, seen.after
    lost = [t for t, owner in before.owner.items() if owner == YOU and after.owner[t] != YOU]
    if lost:
        names = ", ".join(_name(t) for t in lost)
        return f"The Computer played its turn and took {names} from you."
    return "The Computer played its turn and took nothing from you."


def _continents_held(state: Any) -> list[Any]:
    """The continents ``YOU`` hold whole in ``state`` (the map's order)."""
    return [
        continent
        for continent in load_map("classic").continents.values()
        if all(state.owner[t] == YOU for t in continent.territories)
    ]


def _continent_of(territory: str) -> Any:
    return next(c for c in load_map("classic").continents.values() if territory in c.territories)


def _reinforced(seen: Seen) -> str:
    """Turn 2's armies, counted as the engine counts them (base_reinforcements)."""
    state = seen.before
    placed = seen.after.armies[FRONT] - state.armies[FRONT]
    line = (
        f"A new turn, new armies: {_breakdown(state)}, {base_reinforcements(state, YOU)} in "
        f"all. You placed {placed} on {_name(FRONT)}."
    )
    continent = _continent_of(TARGET)
    missing = [t for t in continent.territories if state.owner[t] != YOU]
    if missing == [TARGET]:
        line += (
            f" {_name(TARGET)} is the last of {continent.name} you do not hold: take it and "
            f"{continent.name} adds {continent.bonus} armies to every turn of yours."
        )
    return line


def _blitz_orders(state: Any) -> list[Any]:
    """The one-roll attacks the page's blitz ("Attack until") plays from ``state``, with
    the page's own stop rule and the default settings (no odds stop, fight down to 1)."""
    session = Session(state)
    session.mode, session.dice = "blitz", 3
    blitz = start_blitz(session, FRONT, TARGET, AttackSettings())
    orders: list[Any] = []
    while not isinstance(step := blitz_step(session, blitz), str):
        session.play(step, more_rolls=True)
        orders.append(step)
        blitz = replace(blitz, rolls=blitz.rolls + 1)
    return orders


def _blitzed(seen: Seen) -> str:
    """What the blitz did, roll by roll, from the engine's events."""
    before = seen.before
    rolls = [e for e in seen.events if e["type"] == "roll"]
    if not rolls:
        return f"You attacked {_name(TARGET)}."
    attackers, defenders = before.armies[FRONT] - 1, before.armies[TARGET]
    chance = conquest_chance(attackers, defenders, 3, bool(before.options.attack_advantage))
    lost = sum(e["attacker_losses"] for e in rolls)
    killed = sum(e["defender_losses"] for e in rolls)
    first = rolls[0]
    line = (
        f"The blitz rolled {len(rolls)} time{'s' if len(rolls) != 1 else ''} for you, each "
        f"an ordinary roll of the dice; the first was {dice_text(first['attack'])} against "
        f"{dice_text(first['defend'])} and {_first_roll(first)}. In all you lost {lost} "
        f"and the Computer {killed}. "
    )
    if any(e["type"] == "conquest" and e["territory"] == TARGET for e in seen.events):
        line += (
            f"{_name(TARGET)} fell, so the blitz stopped there. With {attackers} armies to "
            f"attack with (one always stays in {_name(FRONT)}) against {defenders}, it had a "
            f"{percent(chance)} chance of taking it, fought to the end. "
        )
    else:
        armies = seen.after.armies[FRONT]
        line += (
            f"{_name(TARGET)} held: the blitz stopped with {armies} "
            f"arm{'y' if armies == 1 else 'ies'} left in {_name(FRONT)}. "
        )
    return line + (
        "A blitz also stops by itself if the odds fall below the level you choose in “Warn "
        "me of attacks”, or when your territory is down to the number in “Blitz stops "
        "when down to”; and “Stop” ends it at once."
    )


def _first_roll(roll: Any) -> str:
    lost, killed = roll["attacker_losses"], roll["defender_losses"]
    if lost and killed:
        if lost == killed:
            return f"cost each side {lost}"
        return f"cost you {lost} and the Computer {killed}"
    if killed:
        return f"cost the Computer {killed}"
    return f"cost you {lost}"


def _moved_in_again(seen: Seen) -> str:
    moved = seen.after.armies[TARGET]
    continent = _continent_of(TARGET)
    held = continent in _continents_held(seen.after)
    line = f"{moved} armies marched into {_name(TARGET)}."
    if held:
        line += (
            f" All of {continent.name} is yours now: from your next turn it adds "
            f"{continent.bonus} armies, as long as you hold every territory in it."
        )
    return line


def _turn_ended(seen: Seen) -> str:
    """The end of turn 2, and how the game is won, counted from the board."""
    after = seen.after
    cards = len(after.players[YOU].cards)
    drawn = any(e["type"] == "card" for e in seen.events)
    yours, total = len(after.territories_of(YOU)), len(after.owner)
    line = (
        "A free move is not required: your turn is over. "
        + ("You took a territory, so you drew a card" if drawn else "You drew no card")
        + f": {cards} card{'s' if cards != 1 else ''} in hand. You hold {yours} of the "
        f"{total} territories and the Computer {len(after.territories_of(COMPUTER))}; "
        f"held at your next turn, they bring {base_reinforcements(after, YOU)} armies: "
        f"{_breakdown(after)}."
    )
    if after.options.objective == "missions":
        return line + " You win by completing your secret mission, or by taking every territory."
    return line + (
        f" You win by taking every territory: the other {total - yours} are still to "
        "conquer, and a player who loses their last one is out of the game."
    )


def _free_move(state: Any) -> list[Any]:
    """The page's offer as it stands: all but the one army that must stay (the story's
    turn 2 holds for any number, tests/test_guide_scripts.py)."""
    return [FreeMove("kamchatka", "alaska", state.armies["kamchatka"] - 1)]


def _form() -> dict[str, str]:
    """The new-game form filled in for "Play a real game": the guide's players, its
    computer's level and its options."""
    state = find_ruleset("classic").from_position_text(POSITION)
    options = state.options
    values = {"where": "local", **seat_rows(state.players, "seat", "control", SEATS)}
    for name in ("game_type", *OPTION_FIELDS):
        values[name] = str(getattr(options, name))
    for name in CHECK_FIELDS:
        values[name] = "on" if getattr(options, name) else "off"
    return values


STEPS = (
    Step(
        "You hold three cards: one infantry, one cavalry, one artillery. Tap each card "
        "under your hand, then press “Trade set”.",
        done=lambda before, now: not now.players[YOU].cards,
        orders=lambda _s: [TradeCards((0, 1, 2))],
        explain=_traded,
        control="trade",
        controls=("card-*",),
    ),
    Step(
        "Place your armies: press “All” under “Armies per click”, then tap Alaska "
        "(glowing on the map).",
        done=lambda before, now: now.phase is not Phase.REINFORCE,
        orders=lambda s: [Place("alaska", s.reinforcements)],
        explain=_placed,
        territories=("alaska",),
        controls=("count-*",),
    ),
    Step(
        "Attack: tap Alaska, then tap Kamchatka (or its line in the list of targets) to "
        "roll 3 dice against its 1.",
        done=lambda before, now: now.owner["kamchatka"] == YOU,
        orders=lambda _s: [Attack("alaska", "kamchatka", 3, "once")],
        explain=_attacked,
        territories=("alaska", "kamchatka"),
        controls=("target-*",),
    ),
    Step(
        "Move in: choose how many armies follow into Kamchatka (the page offers them all), "
        "then press “Move in”.",
        done=lambda before, now: now.phase is not Phase.MOVE_IN,
        orders=lambda s: [MoveIn(s.pending["max"])],
        explain=_moved_in,
        control="move-in-confirm",
        controls=("move-in-*",),
    ),
    Step(
        "That is enough fighting for one turn: press “End attacks”.",
        done=lambda before, now: now.phase is not Phase.ATTACK,
        orders=lambda _s: [EndAttack()],
        explain=lambda _seen: "Now comes the free move, to bring armies up to the front.",
        control="end-attack",
    ),
    Step(
        "Fortify: tap Kamchatka, then Alaska, choose how many armies go back to guard "
        "Alaska and press “Move armies”.",
        done=lambda before, now: now.current != YOU,
        orders=_free_move,
        explain=_fortified,
        territories=("kamchatka", "alaska"),
        control="free-move-confirm",
        controls=("free-move-*",),
    ),
    Step(
        "The Computer plays its turn now: watch the map.",
        done=lambda before, now: now.current == YOU and now.turn > before.turn,
        explain=_computer,
        computers=True,
    ),
    Step(
        "Your second turn brings new armies: press “All” under “Armies per click”, then "
        "tap Central America (glowing on the map).",
        done=lambda before, now: now.phase is not Phase.REINFORCE,
        orders=lambda s: [Place(FRONT, s.reinforcements)],
        explain=_reinforced,
        territories=(FRONT,),
        controls=("count-*",),
    ),
    Step(
        "Attack until it falls: under “Mode” press “Blitz”, then tap Central America and "
        "Venezuela. The game rolls again and again for you until Venezuela falls or a "
        "stop you set is reached.",
        done=lambda before, now: now.owner[TARGET] == YOU,
        orders=_blitz_orders,
        explain=_blitzed,
        territories=(FRONT, TARGET),
        control="mode-blitz",
        controls=("target-*", "blitz-stop"),
    ),
    Step(
        "Move in: choose how many armies follow into Venezuela, then press “Move in”.",
        done=lambda before, now: now.phase is not Phase.MOVE_IN,
        orders=lambda s: [MoveIn(s.pending["max"])],
        explain=_moved_in_again,
        control="move-in-confirm",
        controls=("move-in-*",),
    ),
    Step(
        "A free move is not required: press “End turn” to hand over to the Computer.",
        done=lambda before, now: now.current != YOU,
        orders=lambda _s: [EndTurn()],
        explain=_turn_ended,
        control="end-turn",
    ),
)

GUIDE = Guide(
    ruleset="classic",
    title="Classic",
    position=POSITION,
    steps=STEPS,
    form=_form(),
    welcome=(
        "You play Ada, red, and hold all of North America and three of South America's four "
        "territories; the Computer holds the rest of the world. Conquer territories, hold "
        "whole continents for more armies, and take the world to win."
    ),
    ending=(
        "That was two Classic turns: trade, place, attack one roll at a time or with a "
        "blitz, move in, fortify. The Computer plays on if you stay; a real game is the "
        "same, with more players and the whole world to take."
    ),
)
