""" "Learn by playing" Risk, Paper, Scissors: one turn on a prepared position (buy a
unit with energy, buy a command card, attack with Wolves, Elementals and Jaguars), the
battle explained round by round, then the other players' turns.  Only data: the runner
is :mod:`ui.shell.guide`; every number said is read from the engine.
"""

from __future__ import annotations

from engine.core import find_ruleset
from engine.rulesets.risk_paper_scissors.battle import Kills, Side, battle, parse_side
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.orders import (
    Attack,
    BuyCard,
    BuyUnits,
    EndPurchase,
    EndTurn,
)
from ui.shell.guide import Guide, Seen, Step

YOU = 0
CARD = "land.assemble"
POSITION = """\
ruleset risk_paper_scissors
rng learn-rps 41
seat 0 Ada human Red energy=15
seat 1 Bea standard Blue energy=3
seat 2 Cy standard Green hand=land.colony_influence,diplomat.colony_influence
phase purchase
year 1
order 2 0 1
slot 1
last_slots 2 3 1
devastated brazil siberia eastern_us venezuela
bid 0 0 slots=1
bid 1 0 slots=1
bid 2 0 slots=1
alaska 2 1E
northwest_territory 0 1E
greenland 0 1E
alberta 0 1E
ontario 0 1E
quebec 1 1E
western_us 0 2E1W+land,diplomat station
central_america 0 1E
peru 1 2E1W+land,diplomat station
argentina 1 1E
iceland 2 1E
scandinavia 1 2E1W
great_britain 2 1E
northern_europe 2 1W
western_europe 2 1W
southern_europe 2 2E1J1W
ukraine 0 2E1W
north_africa 2 1E
egypt 2 +land,diplomat station
east_africa 2 1E
congo 2 1E
south_africa 2 1W
madagascar 1 1E
ural 1 1E1W
yakutsk 1 1E
kamchatka 2 1W
irkutsk 1 1E
mongolia 0 1E
japan 1 1E
afghanistan 2 1E1W
china 0 1E1W
middle_east 2 1E
india 1 1E1W
siam 2 1W
indonesia 2 1E
new_guinea 2 1E
western_australia 0 1E
eastern_australia 0 1E
"""


def _name(territory: str) -> str:
    state = GUIDE.start()
    return str(find_ruleset(GUIDE.ruleset).place_name(state, territory))


def _energy(seen: Seen) -> int:
    return int(seen.before.players[YOU].energy - seen.after.players[YOU].energy)


def _bought_unit(seen: Seen) -> str:
    return (
        f"That Jaguar cost {_energy(seen)} energy (every unit costs the same); you have "
        f"{seen.after.players[YOU].energy} left. Energy pays for everything: units, cards, "
        "and each step your units take. Ukraine now holds "
        f"{seen.after.side_at('ukraine')}: Elementals, Jaguars, Wolves."
    )


def _bought_card(seen: Seen) -> str:
    card = CARDS[CARD]
    return (
        f"Land Assemble cost {card.cost} energy and is in your hand: you may play it in "
        "your action phase for up to 3 points of new units (3 Elementals, or 1 Jaguar) "
        "on a land territory of yours. At most two cards a turn."
    )


def _killed(kills: Kills) -> str:
    parts = [
        f"{n} {kind}"
        for n, kind in zip(
            (kills.e, kills.jaguar_types, kills.w), ("Elemental", "Jaguar", "Wolf"), strict=True
        )
        if n
    ]
    return " and ".join(parts) if parts else "nothing"


def _attacked(seen: Seen) -> str:
    attack = next(
        (e for e in reversed(seen.after.log) if e.get("type") == "attack" and e["seat"] == YOU),
        None,
    )
    if attack is None:
        return "Your attack was made."
    target = attack["target"]
    force = parse_side(attack["force"])
    defender: Side = seen.before.side_at(target)
    result = battle(force, defender, seen.before.options.commander_loss_order)
    rounds = [
        f"round {n}: yours killed {_killed(r.attacker_kills)}, theirs killed "
        f"{_killed(r.defender_kills)}"
        for n, r in enumerate(result.rounds, 1)
    ]
    ending = {
        "capture": f"nobody of theirs is left, so {_name(target)} is yours",
        "hold": f"they hold {_name(target)}",
        "empty": "both sides were wiped out and the territory is empty",
        "stalemate": "nobody can kill anybody: your survivors go home",
    }[result.outcome.value]
    return (
        f"No dice: Wolves kill Elementals, Elementals kill Jaguars, Jaguars kill Wolves, "
        f"one kill per unit each round. You sent {force} against {defender}: "
        f"{'; '.join(rounds)}. Then {ending}. The {force.units} units' steps cost "
        f"{_energy(seen)} energy."
    )


def _others(seen: Seen) -> str:
    return (
        f"Your turn is over and the others play theirs. You end it with "
        f"{seen.after.players[YOU].energy} energy: next year each player bids energy for "
        "the order of play."
    )


STEPS = (
    Step(
        "Buy a Jaguar: tap Ukraine, press + beside J once, then press Buy units.",
        done=lambda before, now: now.side_at("ukraine").j > before.side_at("ukraine").j,
        orders=lambda _s: [BuyUnits("ukraine", j=1)],
        explain=_bought_unit,
        territories=("ukraine",),
        control="buy-units",
    ),
    Step(
        "Buy a command card: press Land Assemble in the card market.",
        done=lambda before, now: CARD in now.players[YOU].hand,
        orders=lambda _s: [BuyCard(CARD)],
        explain=_bought_card,
        control=f"buy-card-{CARD}",
    ),
    Step(
        "That is enough shopping: press End purchase.",
        done=lambda before, now: now.phase.value != "purchase",
        orders=lambda _s: [EndPurchase()],
        explain=lambda _seen: "Now the action phase: moves and attacks, paid in steps.",
        control="end-purchase",
    ),
    Step(
        "Attack Northern Europe (one Wolf): tap Ukraine, then Northern Europe. The page "
        "shows the battle's result before you commit: press Attack.",
        done=lambda before, now: now.owner.get("northern_europe") == YOU,
        orders=lambda _s: [Attack("ukraine", "northern_europe", 1, 1, 1)],
        explain=_attacked,
        territories=("ukraine", "northern_europe"),
        control="commit",
    ),
    Step(
        "Press End turn.",
        done=lambda before, now: now.current != YOU or now.phase.value != "action",
        orders=lambda _s: [EndTurn()],
        explain=_others,
        control="end-turn",
    ),
)

GUIDE = Guide(
    ruleset="risk_paper_scissors",
    title="Risk, Paper, Scissors",
    position=POSITION,
    steps=STEPS,
    welcome=(
        "You play Ada, red, with 15 energy; it is your turn to buy. Three kinds of unit "
        "beat each other like rock, paper and scissors: there are no dice."
    ),
    ending=(
        "That is a turn of Risk, Paper, Scissors: buy with energy, then move and attack "
        "where your units beat theirs. Five years, and the most points win."
    ),
)
