""" "Learn by playing" Classic: one turn of yours on a prepared position (trade a set of
cards, place, attack, move in, fortify), then the computer's reply.  Only data: the
runner is :mod:`ui.shell.guide`.  The position's seed makes the attack a win on its first
roll (tests/test_guide_scripts.py checks it); every number said is read from the engine.
"""

from __future__ import annotations

from typing import Any

from engine.core import find_ruleset
from engine.maps import load_map
from engine.odds.attack import classic_attack_odds
from engine.rulesets.classic.orders import (
    Attack,
    EndAttack,
    FreeMove,
    MoveIn,
    Place,
    TradeCards,
)
from engine.rulesets.classic.state import Phase
from engine.rulesets.classic.turn import base_reinforcements
from ui.classic.form import CHECK_FIELDS, OPTION_FIELDS, SEATS
from ui.shell.guide import Guide, Seen, Step, dice_text, percent, seat_rows

YOU = 0
COMPUTER = 1
POSITION = """\
ruleset classic
rng learn-classic-0 0
seat 0 Ada human cards=0,1,2
seat 1 Computer easy
phase reinforce
turn 1
reinforcements 8
alaska 0 4
northwest_territory 0 2
greenland 0 1
alberta 0 2
ontario 0 1
quebec 0 1
western_us 0 1
eastern_us 0 2
central_america 0 1
venezuela 1 2
peru 1 1
brazil 1 3
argentina 1 1
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


def _placed(seen: Seen) -> str:
    state = seen.before
    owned = len(state.territories_of(YOU))
    base = base_reinforcements(state, YOU)
    plain = max(3, owned // 3)
    placed = seen.after.armies["alaska"] - state.armies["alaska"]
    return (
        f"You placed {placed} armies. Each turn brings {plain} for your {owned} territories "
        f"(one for every three, at least 3) plus {base - plain} because you hold all of "
        "North America; a traded set adds its armies. Alaska now faces Kamchatka."
    )


def _attacked(seen: Seen) -> str:
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


def _free_move(state: Any) -> list[Any]:
    return [FreeMove("kamchatka", "alaska", state.armies["kamchatka"] // 2)]


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
        "Place your armies: choose the largest number under “Place”, then tap Alaska "
        "(glowing on the map) until none are left.",
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
        "then press Move.",
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
        "Alaska and press Move.",
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
)

GUIDE = Guide(
    ruleset="classic",
    title="Classic",
    position=POSITION,
    steps=STEPS,
    form=_form(),
    welcome=(
        "You play Ada, red, and hold all of North America; the Computer holds the rest of the "
        "world. Conquer territories, hold whole continents for more armies, and take "
        "the world to win."
    ),
    ending=(
        "That was a whole Classic turn: trade, place, attack, move in, fortify. "
        "A real game is the same, with more players and the whole world to take."
    ),
)
