""" "Learn by playing" Capital Risk: one turn of sealed orders on a prepared position
(reinforce your capital, attack from it, seal), the simultaneous resolution with its
coloured dice explained, then the next turn's reinforcements.  Only data: the runner is
:mod:`ui.shell.guide`; every number said is read from the engine's report.
"""

from __future__ import annotations

from typing import Any

from engine.ai import choose_for
from engine.maps import load_map
from engine.odds import ColourD12, win_probability
from engine.rulesets.capital.orders import Attack, Resolve, SubmitOrders
from engine.rulesets.capital.plain import battle_sentence
from engine.rulesets.capital.reinforce import placement_limit, reinforcements
from ui.shell.guide import Guide, Seen, Step, percent

YOU = 0
COMPUTER = 1
SENT = 7
"""Units the guide's attack sends out of the capital (4 stay to guard it)."""
POSITION = """\
ruleset capital
rng learn-capital-0 0
seat 0 Ada human capital=alaska
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
    ),
    Step(
        "The battles are replayed on the map (Skip jumps to the report). Read what "
        "happened, then press Next turn.",
        done=lambda before, now: now.orders[COMPUTER] is not None,
        orders=lambda state: [choose_for(state, COMPUTER)],
        explain=_next_turn,
        control="cap-next-turn",
    ),
)

GUIDE = Guide(
    ruleset="capital",
    title="Capital Risk",
    position=POSITION,
    steps=STEPS,
    welcome=(
        "You play Ada, red, and hold North America with your capital in Alaska; the "
        "Computer holds the rest, with its capital in Great Britain. Everyone writes "
        "orders in secret and they all happen at once."
    ),
    ending=(
        "That is Capital Risk: secret orders, sealed, then resolved together with "
        "coloured dice. Keep your capital, take theirs."
    ),
)
