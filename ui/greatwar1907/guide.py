""" "Learn by playing" the Great War 1907: Russia's first turn on a prepared position
(at war with Germany): build in the supply network, seal the deployment phase, then an
attack at odds the page shows, sealed and resolved.  Only data: the runner is
:mod:`ui.shell.guide`; every number said is read from the engine.
"""

from __future__ import annotations

from typing import Any

from engine.ai import choose_for
from engine.core import find_ruleset
from engine.rulesets.greatwar1907.odds import attack_odds, defenders_in
from engine.rulesets.greatwar1907.orders import (
    Attack,
    Build,
    Resolve,
    SubmitAttack,
    SubmitDeployment,
)
from engine.rulesets.greatwar1907.supply import networks
from ui.shell.guide import Guide, Seen, Step, percent

YOU = 0
NATION = "russia"
BUILT = 2
POSITION = """\
ruleset greatwar1907
rng learn-greatwar-0 0
seat russia Ada human
seat germany C1 easy
seat france C2 easy
seat uk C3 easy
seat austria_hungary C4 easy
seat ottoman C5 easy
seat spain C6 easy
seat italy C7 easy
nation russia vp=5 generals=1
nation germany vp=7 generals=1
nation france vp=1
nation uk vp=3 np=1 generals=1
nation ottoman vp=8 generals=1
nation spain vp=5 generals=1
nation italy vp=5 np=1 generals=1
relation austria_hungary russia war
relation germany italy alliance
relation germany russia war
relation germany uk alliance
relation ottoman russia alliance
relation ottoman uk war
relation spain uk alliance
leader brusilov russia zag
leader falkenhayn germany nth
leader kitchener uk -
leader liman_von_sanders ottoman ath
leader montojo spain bar
leader diaz italy mar
ire uk 2
lon uk 3 fleet=4 hulls=1
bir uk 1
liv uk 1 fleet=1
yor uk 1
gla uk 1 fleet=1 hulls=1
edi uk 1 fleet=3
gib uk 2 fleet=2
mal uk 1 fleet=2
egy uk 5 fleet=1
ham germany 1 fleet=3 hulls=1
ber germany 2
dan germany 1 fleet=1
kbg germany 1
bsl germany 1
lei germany 1
ruh germany 2
mun germany 2
str germany 2
vie germany 3
pra germany 1
tri germany 2 fleet=1
lil germany 3
rei germany 3
par germany 4
stp russia 2 fleet=2
hel russia 1
rig russia 1
vil russia 2
mos russia 2
war russia 3
kiev russia 2
kha russia 1
ode russia 2 fleet=3 hulls=1
tif russia 2
kar russia 3
lem russia 3
bud russia 4
zag russia 5
mad spain 2
bar spain 3 fleet=2
val spain 1 fleet=1
svl spain 1 fleet=2
bil spain 1 fleet=1
brs spain 1 fleet=1
hav spain 2 fleet=1
bor spain 2
tou spain 2
lyo spain 3
alg spain 2
gen italy 2 fleet=1
mil italy 2
ven italy 2 fleet=1
rom italy 1
nap italy 1 fleet=2
tar italy 1 fleet=2 hulls=1
pal italy 1
sar italy 1
mar italy 4
cor italy 1
tun italy 2 fleet=1
ist ottoman 4 fleet=2 hulls=1
ths ottoman 2
tir ottoman 1
lar ottoman 1
ath ottoman 3
bur ottoman 1
smy ottoman 2 fleet=2
ank ottoman 1
kny ottoman 1
ada ottoman 1
tre ottoman 1
erz ottoman 2
dam ottoman 3
tpl ottoman 2
lis neutral 2 fleet=1
ams neutral 3 fleet=1
bru neutral 3
swi neutral 4
den neutral 1
nor neutral 1
swe neutral 2 fleet=1
bel neutral 2
cet neutral 1
bos neutral 2
sof neutral 3
buc neutral 3
lam neutral 2
mor neutral 2
nth germany=5/6
eme uk=3/2
"""


def _name(state: Any, place: str) -> str:
    return str(find_ruleset("greatwar1907").place_name(state, place))


def _computers(state: Any) -> list[Any]:
    """The computers' sealed orders, written in seat order as the page writes them."""
    rules = find_ruleset("greatwar1907")
    orders = []
    for seat in range(1, len(state.players)):
        order = choose_for(state, seat)
        state = rules.apply(state, order).state
        orders.append(order)
    return orders


def _deploy(state: Any) -> list[Any]:
    mine = SubmitDeployment(YOU, NATION, builds=(Build("war", BUILT),))
    return [*_computers(state), mine, Resolve()]


def _attack(state: Any) -> list[Any]:
    mine = SubmitAttack(YOU, NATION, attacks=(Attack("war", "kbg", None),))
    return [*_computers(state), mine, Resolve()]


def _deployed(seen: Seen) -> str:
    nets = networks(seen.before, NATION)
    allowance = sum(n.allowance for n in nets) / 4
    added = seen.after.armies["war"] - seen.before.armies["war"]
    return (
        f"Warsaw now has {seen.after.armies['war']} divisions ({added:+d} this phase, the "
        "other nations' orders resolved at the same time). Builds are paid from the "
        f"allowance of the supply network they stand in: Russia's {len(nets)} network"
        f"{'s' if len(nets) != 1 else ''} gave {allowance:g} pp this turn. From turn 2 a "
        "province cut off from the rest of your land forms a network of its own, with "
        "only its own production."
    )


def _attacked(seen: Seen) -> str:
    sent = defenders_in(seen.before, "war")
    held = defenders_in(seen.before, "kbg")
    odds = attack_odds(seen.before, "kbg", sent)
    owner = seen.after.owner_of("kbg")
    result = "Königsberg is Russian now" if owner == NATION else f"{_name(seen.after, 'kbg')} held"
    return (
        f"Your {sent} divisions attacked {_name(seen.before, 'kbg')} held by {held} as the "
        f"phase began: the attacker rolls {odds.attack_dice} dice a round and the defender "
        f"{odds.defence_dice}, which made it a {percent(odds.win)} chance. {result}; "
        "everyone's attacks were resolved together, and a new turn begins."
    )


STEPS = (
    Step(
        "Deployment: build 2 divisions in Warsaw. Type 2 in the Divisions box, tap Warsaw, "
        "then press “Seal my orders” (the page asks about the allowance left unspent: "
        "go on).",
        done=lambda before, now: now.phase is not before.phase,
        orders=_deploy,
        explain=_deployed,
        territories=("war",),
        strict=False,
        control="gw-seal",
    ),
    Step(
        "Read the report, press Next phase; then press Attack, tap Warsaw and then "
        "Königsberg (its odds are shown), and seal your orders.",
        done=lambda before, now: now.turn > before.turn,
        orders=_attack,
        explain=_attacked,
        territories=("war", "kbg"),
        strict=False,
        control="gw-seal",
    ),
)

GUIDE = Guide(
    ruleset="greatwar1907",
    title="The Great War 1907",
    position=POSITION,
    steps=STEPS,
    welcome=(
        "You play Russia, at war with Germany. Each turn has two phases, deployment and "
        "attack; every nation seals its orders in secret and they are resolved together."
    ),
    ending=(
        "That is a Great War turn: build and move in your supply network, then attack, "
        "each phase sealed. Hold the most victory points when the war ends."
    ),
)
