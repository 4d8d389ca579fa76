""" "Learn by playing" Capital Risk: three turns of sealed orders on a prepared position.
Turn 1: reinforce your capital, attack from it, seal; the simultaneous resolution with its
coloured dice explained.  Turn 2: the report read as a player (what happened to you),
then a card trade sealed with the orders.  Turn 3: your own orders, and how the game is
won from where you stand.  Only data: the runner is :mod:`ui.shell.guide`; every number
said is read from the engine's report.
"""

from __future__ import annotations

from typing import Any

from engine.ai import choose_for
from engine.core import find_ruleset
from engine.maps import load_map
from engine.odds import ColourD12, win_probability
from engine.rulesets.capital.orders import Attack, Resolve, SubmitOrders
from engine.rulesets.capital.plain import battle_sentence
from engine.rulesets.capital.reinforce import placement_limit, reinforcements, set_value
from engine.rulesets.capital.summary import happened
from engine.rulesets.capital.turn import capitals_needed
from ui.capital.form import CAPITAL_FACTIONS
from ui.shell.guide import Guide, Seen, Step, percent, seat_rows

YOU = 0
COMPUTER = 1
SENT = 7
"""Units the guide's attack sends out of the capital (4 stay to guard it)."""
ORDER_WRITING = ("cap-mode-*", "cap-remove*", "cap-clear", "cap-surge-max")
"""The buttons that write orders (the mode, removing a line): every step that writes
orders lets them through."""
SET = (1, 2, 3)
"""Ada's cards from the start, one of each kind: the set turn 2 trades."""
POSITION = """\
ruleset capital
rng learn-capital-1 0
seat 0 Ada human capital=alaska cards=1,2,3
seat 1 Computer standard capital=great_britain
phase orders
turn 1
capitals_revealed true
alaska 0 8
northwest_territory 0 2
greenland 0 1
alberta 0 2
ontario 0 2
quebec 0 1
western_us 0 2
eastern_us 0 1
central_america 0 1
venezuela 1 2
peru 1 1
brazil 1 3
argentina 1 1
iceland 1 2
scandinavia 1 2
great_britain 1 9
northern_europe 1 1
western_europe 1 3
southern_europe 1 1
ukraine 1 2
north_africa 1 2
egypt 1 1
east_africa 1 3
congo 1 1
south_africa 1 2
madagascar 1 2
ural 1 1
siberia 1 3
yakutsk 1 1
kamchatka 1 2
irkutsk 1 2
mongolia 1 2
japan 1 1
afghanistan 1 3
china 1 1
middle_east 1 2
india 1 2
siam 1 1
indonesia 1 3
new_guinea 1 1
western_australia 1 2
eastern_australia 1 2
"""


def _your_orders(state: Any) -> list[Any]:
    left = reinforcements(state, YOU)
    placements: list[tuple[str, int]] = []
    for territory in ["alaska", *sorted(state.territories_of(YOU))]:
        if left and all(t != territory for t, _ in placements):
            count = min(left, placement_limit(state, YOU, territory))
            placements.append((territory, count))
            left -= count
    mine = SubmitOrders(
        YOU,
        placements=tuple(placements),
        attacks=(Attack("alaska", "kamchatka", SENT),),
    )
    # the page: the computer writes its orders first, then yours are sealed and resolved
    return [choose_for(state, COMPUTER), mine, Resolve()]


def _resolved(seen: Seen) -> str:
    report = seen.after.last_report or {}
    names = list(report.get("factions", ()))
    place = load_map(report.get("map", "classic")).name_of
    battles = list(report.get("attacks", ()))
    yours = next((b for b in battles if b["sides"][-1]["faction"] == YOU), None)
    if yours is None or not names:
        return "Both sides' orders were carried out at once."
    model = ColourD12(colours=seen.after.options.colours)
    sent, held = yours["sides"][1]["units"], yours["sides"][0]["units"]
    chance = win_probability(sent, held, model)
    others = len(battles) - 1
    added = held - seen.before.armies["kamchatka"]
    also = (
        f": the Computer had also sent {added} more units to Kamchatka, unseen."
        if added > 0
        else "."
    )
    return (
        f"Both sides' orders were carried out at the same moment{also} "
        f"{battle_sentence(yours, names, place)} Each round both "
        f"sides roll one twelve-sided die, coloured by how many units they still have "
        f"({model.colour(sent).name.lower()} +{model.colour(sent).bonus} for {sent} units, "
        "white for 5 or fewer); the lower total loses a unit, and a tie goes to the "
        f"attacker. {sent} against {held} wins {percent(chance)} of the time."
        + (
            f" The Computer attacked too: the report lists {others} more "
            f"battle{'s' if others != 1 else ''}."
            if others > 0
            else ""
        )
    )


def _next_turn(seen: Seen) -> str:
    units = reinforcements(seen.after, YOU)
    held = len(seen.after.territories_of(YOU))
    others = max(1, seen.after.start_factions // 2)
    return (
        f"A new turn: you hold {held} territories and receive {units} units to place. "
        f"You win by holding your own capital and {others} other "
        f"capital{'s' if others != 1 else ''} at the end of a turn: here the Computer's, "
        "Great Britain."
    )


def _to_you(state: Any) -> str:
    """The report's summary for you, as the page shows it above the battles."""
    told = happened(state)
    lines = [told.headline(YOU), *told.to_you(YOU)]
    return " ".join(line for line in lines if line) or "Nothing changed hands around you."


def _report_read(seen: Seen) -> str:
    """Turn 2 begins: the turn's summary for you, then the units the new turn brings."""
    return f"The report, for you: {_to_you(seen.after)} {_next_turn(seen)}"


def _guard_capital(state: Any, trades: tuple[tuple[int, int, int], ...] = ()) -> list[Any]:
    """The most Alaska may receive placed there (the set traded first, if any), the rest
    left for the page to spread over your borders; the Computer's orders were written
    when the turn began."""
    guard = (("alaska", placement_limit(state, YOU, "alaska")),)
    return [SubmitOrders(YOU, placements=guard, trades=trades), Resolve()]


def _traded(seen: Seen) -> str:
    the_map = load_map(seen.before.map_id)
    worth = set_value(the_map, SET) or 0
    shown = [
        the_map.name_of(territory)
        for card in SET
        if (territory := the_map.deck[card].territory) and seen.before.owner.get(territory) == YOU
    ]
    bonus = (
        f" Each card shows a territory; {len(shown)} of them ({', '.join(shown)}) are yours, "
        "so each of those got 2 units more."
        if shown
        else ""
    )
    return (
        f"Your set, one of each kind, was worth {worth} units on top of your "
        f"reinforcements (three infantry give 4, three cavalry 6, three artillery 8).{bonus} "
        "Units you did not place were spread over your borders. A turn in which you take "
        f"a territory earns a card, so you hold {len(seen.after.players[YOU].cards)} now. "
        f"This turn, for you: {_to_you(seen.after)}"
    )


def _how_to_win(seen: Seen) -> str:
    state = seen.after
    need = capitals_needed(state)
    names = [p.name for p in state.players]
    capitals = []
    for player in state.players:
        if player.capital is None:
            continue
        holder = state.owner[player.capital]
        who = "you" if holder == YOU else names[holder]
        capitals.append(f"{load_map(state.map_id).name_of(player.capital)} ({who})")
    if happened(state).headline(YOU):
        return _to_you(state)  # the win (or the loss) first
    return (
        f"This turn, for you: {_to_you(state)} To win you must hold your own capital and "
        f"{need} other{'s' if need != 1 else ''} at the end of a turn. The capitals now: "
        f"{', '.join(capitals)}. Keep enough units at home: a capital emptied by a big "
        "attack is easy to take."
    )


def _form() -> dict[str, str]:
    """The new-game form filled in for "Play a real game": the guide's factions and its
    computer's level, played here."""
    state = find_ruleset("capital").from_position_text(POSITION)
    return {"cap-where": "local", **seat_rows(state.players, "cf", "kind", CAPITAL_FACTIONS)}


STEPS = (
    Step(
        "Your capital is Alaska. Write your orders: press Place, type 3 in the Units box "
        "and tap Alaska (3 is the most it may receive: 1, plus 1 for each of your "
        "territories beside it), then tap your other territories until every unit is "
        "placed. Then press Attack, type 7, tap Alaska, then Kamchatka. Nothing happens "
        "until you press Seal orders.",
        done=lambda before, now: now.turn > before.turn,
        orders=_your_orders,
        explain=_resolved,
        territories=("alaska", "kamchatka"),
        strict=False,
        control="cap-seal",
        controls=ORDER_WRITING,
    ),
    Step(
        "The battles are replayed on the map (Skip jumps to the report). Read what "
        "happened, then press Next turn.",
        done=lambda before, now: now.orders[COMPUTER] is not None,
        orders=lambda state: [choose_for(state, COMPUTER)],
        explain=_report_read,
        control="cap-next-turn",
        controls=("cap-replay-*",),
    ),
    Step(
        "Turn 2. Three of your cards make a set, one of each kind: tap them under Your "
        "cards (infantry, cavalry, artillery), then press Trade set. Guard your capital: "
        "press Place, type 9 in the Units box and tap Alaska (the page cuts it to the most "
        "Alaska may receive). Leave the rest to the page and press Seal orders.",
        done=lambda before, now: now.turn > before.turn,
        orders=lambda state: _guard_capital(state, (SET,)),
        explain=_traded,
        strict=False,
        control="cap-seal",
        controls=(*ORDER_WRITING, "cap-card-*", "cap-trade"),
    ),
    Step(
        "Skip the replay if you like, read the report and press Next turn.",
        done=lambda before, now: now.orders[COMPUTER] is not None,
        orders=lambda state: [choose_for(state, COMPUTER)],
        explain=lambda seen: _next_turn(seen),
        control="cap-next-turn",
        controls=("cap-replay-*",),
    ),
    Step(
        "Turn 3 is yours: write the orders you like (the guide's choice: the most Alaska "
        "may receive placed there, no attack) and press Seal orders.",
        done=lambda before, now: now.turn > before.turn,
        orders=_guard_capital,
        explain=_how_to_win,
        strict=False,
        control="cap-seal",
        controls=("*",),
    ),
)

GUIDE = Guide(
    ruleset="capital",
    title="Capital Risk",
    position=POSITION,
    steps=STEPS,
    form=_form(),
    welcome=(
        "You play Ada, red, and hold North America with your capital in Alaska; the "
        "Computer holds the rest, with its capital in Great Britain. Everyone writes "
        "orders in secret and they all happen at once. You also hold three cards: keep "
        "them for turn 2."
    ),
    ending=(
        "That is Capital Risk: secret orders, sealed, then resolved together with "
        "coloured dice. Keep your capital, take theirs."
    ),
)
