""" "Learn by playing" Risk, Paper, Scissors: two turns on a prepared position.  The
first: buy a unit with energy, buy a command card, attack with Wolves, Elementals and
Jaguars (the battle explained round by round).  Then the other players' turns, the next
year's bid for the order of play, and a second turn that reaches the Moon: hire a Space
Commander and land from your space station on a landing site.  Only data: the runner is
:mod:`ui.shell.guide`; every number said is read from the engine.
"""

from __future__ import annotations

from typing import Any

from engine.ai import choose_for
from engine.core import find_ruleset
from engine.rulesets.risk_paper_scissors.battle import Kills, Side, battle, parse_side
from engine.rulesets.risk_paper_scissors.cards import CARDS
from engine.rulesets.risk_paper_scissors.orders import (
    Attack,
    Bid,
    BuyCard,
    BuyUnits,
    EndPurchase,
    EndTurn,
    HireCommander,
    Phase,
    ResolveBids,
)
from engine.rulesets.risk_paper_scissors.state import RpsState
from ui.risk_paper_scissors.entry import default_force
from ui.risk_paper_scissors.form import SEATS
from ui.shell.guide import Guide, Seen, Step, seat_rows

YOU = 0
CARD = "land.assemble"
STATION = "western_us"
"""Your territory with a space station: the Earth end of the link to the Moon."""
LANDING = "copernicus"
"""The landing site the second turn lands on."""
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


def _computers_played(seen: Seen) -> str:
    before, after = seen.before, seen.after
    lost = [t for t, owner in before.owner.items() if owner == YOU and after.owner.get(t) != YOU]
    took = f"took {', '.join(_name(t) for t in lost)} from you" if lost else "took nothing of yours"
    return (
        f"Bea and Cy played their turns and {took}. Year {before.turn} is over: "
        "the next begins with a bid for the order of play."
    )


def _bids(state: RpsState) -> list[Any]:
    """Your bid, then the computers' (the page seals theirs), then the bids opened."""
    orders: list[Any] = [Bid(YOU, 0, (1,))]
    rules = find_ruleset(GUIDE.ruleset)
    state = rules.apply(state, orders[0]).state
    for seat in state.living():
        if state.bids[seat] is None:
            order = choose_for(state, seat)
            state = rules.apply(state, order).state
            orders.append(order)
    return [*orders, ResolveBids()]


def _bid_result(seen: Seen) -> str:
    after = seen.after
    players = after.players
    bids = ", ".join(
        f"{players[seat].name} {bid['amount'] if bid else 0}" for seat, bid in enumerate(after.bids)
    )
    order = ", then ".join(players[seat].name for seat in after.order)
    place = after.order.index(YOU) + 1 if YOU in after.order else 0
    paid = after.bids[YOU]["amount"] if after.bids[YOU] else 0
    income = players[YOU].energy - seen.before.players[YOU].energy + paid
    return (
        f"The bids, opened together: {bids}. The highest bid chooses its slot first; "
        "a tie goes to the player with fewer points, then to the later slot last year. "
        f"This year's order: {order}, so you play {_ordinal(place)}. Your turn began with "
        f"your income: {income} energy (your territories' and groups' energy, times four), "
        f"so you have {players[YOU].energy}."
    )


def _ordinal(place: int) -> str:
    return {1: "first", 2: "second", 3: "third"}.get(place, f"number {place}")


def _hired(seen: Seen) -> str:
    cost = _energy(seen)
    return (
        f"The Space Commander cost {cost} energy; you have "
        f"{seen.after.players[YOU].energy} left. It fights as a Jaguar, and while it is "
        "anywhere on the board you may attack onto and on the Moon (a Naval Commander "
        "does the same for the water territories)."
    )


def _landed(seen: Seen) -> str:
    attack = next(
        (e for e in reversed(seen.after.log) if e.get("type") == "attack" and e["seat"] == YOU),
        None,
    )
    if attack is None:
        return f"You landed on {_name(LANDING)}."
    board = seen.after.board
    target = attack["target"]
    force = parse_side(attack["force"])
    group = board.groups_by_id[board.group_of[target]]
    held = sum(1 for t in group.territories if seen.after.owner.get(t) == YOU)
    return (
        f"{_name(attack['origin'])} has your space station: it links to both landing "
        f"sites, {_name(board.landing_sites[0])} and {_name(board.landing_sites[1])}, one "
        f"step per unit. {_name(target)} was empty, so your {force.units} units took it "
        f"without a fight, for {_energy(seen)} energy. It belongs to {group.name}: hold all "
        f"{len(group.territories)} of its territories (you hold {held}) for its bonus of "
        f"{group.bonus} energy a turn. From the Moon only other lunar territories can be "
        "attacked, unless a card opens the way back to Earth."
    )


def _moon_force(state: RpsState) -> list[Any]:
    """The force the page offers: every unit but one, commanders staying home."""
    force = default_force(state.side_at(STATION), state.options.commander_loss_order)
    return [
        Attack(
            STATION,
            LANDING,
            int(str(force["e"])),
            int(str(force["j"])),
            int(str(force["w"])),
        )
    ]


def _form() -> dict[str, str]:
    """The new-game form filled in for "Play a real game": the guide's players, the
    computers' levels and the options the form has."""
    state = find_ruleset("risk_paper_scissors").from_position_text(POSITION)
    options = state.options
    return {
        "rps-where": "local",
        "rps-years": str(options.years),
        "rps-commander_for_moves": "on" if options.commander_for_moves else "off",
        **seat_rows(state.players, "rps", "control", SEATS),
    }


STEPS = (
    Step(
        "Buy a Jaguar: tap Ukraine, press + beside J once, then press Buy units.",
        done=lambda before, now: now.side_at("ukraine").j > before.side_at("ukraine").j,
        orders=lambda _s: [BuyUnits("ukraine", j=1)],
        explain=_bought_unit,
        territories=("ukraine",),
        control="buy-units",
        controls=("buy-?-plus", "buy-?-minus"),
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
        controls=("force-*",),
    ),
    Step(
        "Press End turn.",
        done=lambda before, now: now.current != YOU or now.phase.value != "action",
        orders=lambda _s: [EndTurn()],
        explain=_others,
        control="end-turn",
    ),
    Step(
        "Bea and Cy play their turns now: watch the map.",
        done=lambda before, now: now.phase is Phase.BID,
        explain=_computers_played,
        computers=True,
    ),
    Step(
        "A new year begins with a bid for the order of play, in secret. Keep your bid at "
        "0, choose slot 1 as your first choice and press Seal my bid.",
        done=lambda before, now: now.phase is not Phase.BID,
        orders=_bids,
        explain=_bid_result,
        control="bid-submit",
    ),
    Step(
        "To the Moon. Attacks onto the Moon need a Space Commander: tap Western United "
        "States, where your space station stands, then press Hire Space.",
        done=lambda before, now: now.has_commander(YOU, "space"),
        orders=lambda _s: [HireCommander("space", STATION)],
        explain=_hired,
        territories=(STATION,),
        control="hire-space",
    ),
    Step(
        "Press End purchase.",
        done=lambda before, now: now.phase is not Phase.PURCHASE,
        orders=lambda _s: [EndPurchase()],
        explain=lambda _seen: "The action phase: now the space link can be used.",
        control="end-purchase",
    ),
    Step(
        "Land on the Moon: tap Western United States, then Copernicus, a landing site on "
        "the Moon drawn beside the map. Keep the force the page offers and press Attack.",
        done=lambda before, now: now.owner.get(LANDING) == YOU,
        orders=_moon_force,
        explain=_landed,
        territories=(STATION, LANDING),
        control="commit",
        controls=("force-*",),
    ),
)

GUIDE = Guide(
    ruleset="risk_paper_scissors",
    title="Risk, Paper, Scissors",
    position=POSITION,
    steps=STEPS,
    form=_form(),
    welcome=(
        "You play Ada, red, with 15 energy; it is your turn to buy. Three kinds of unit "
        "beat each other like rock, paper and scissors: there are no dice."
    ),
    ending=(
        "That is Risk, Paper, Scissors: bid for the order of play, buy with energy, then "
        "move and attack where your units beat theirs, on Earth, at sea and on the Moon. "
        "Five years, and the most points win."
    ),
)
