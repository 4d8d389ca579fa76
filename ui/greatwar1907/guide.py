""" "Learn by playing" the Great War 1907: Russia's first two turns from the 1907 start,
at war with Germany.  Turn 1: build in the supply network and seal the deployment phase,
then an attack at odds the page shows, sealed and resolved.  Turn 2: a peace offer to
Germany (answered when the phase resolves) with a free move, then an attack phase sealed
with nothing and its report read.  Only data: the runner is :mod:`ui.shell.guide`; every
number said is read from the engine.
"""

from __future__ import annotations

from typing import Any

from engine.ai import choose_for
from engine.core import PlayerSpec, find_ruleset
from engine.position import over, written_lines
from engine.rulesets.greatwar1907.mapdata import scenario
from engine.rulesets.greatwar1907.odds import attack_odds, defenders_in
from engine.rulesets.greatwar1907.orders import (
    Attack,
    Build,
    Diplomacy,
    Move,
    Resolve,
    SubmitAttack,
    SubmitDeployment,
)
from engine.rulesets.greatwar1907.summary import happened
from engine.rulesets.greatwar1907.supply import networks
from engine.rulesets.greatwar1907.wording import divisions
from ui.shell.guide import Guide, Seen, Step, percent, seat_rows

YOU = 0
NATION = "russia"
BUILT = 2
ORDER_WRITING = ("gw-mode-*", "gw-overlay-*", "gw-remove*", "gw-clear", "gw-leader-*")
"""The buttons that write orders or change the map's view: every step lets them through."""
REPORT_READING = ("gw-next-phase", "gw-replay-*", "gw-past-report-*")
"""The buttons that read the last phase and go on to the next."""
CHANGES = """\
rng learn-greatwar-0 0
seat russia Ada human
seat germany C1 easy
seat france C2 easy
seat uk C3 easy
seat austria_hungary C4 easy
seat ottoman C5 easy
seat spain C6 easy
seat italy C7 easy
relation germany russia war
"""
"""The guide's position: the 1907 start with these lines written over it (its seed,
who plays each nation, and Germany at war with Russia)."""


def _start_text() -> str:
    """The 1907 start as a position text (every nation human: the lines above say who
    plays)."""
    rules = find_ruleset("greatwar1907")
    seats = [PlayerSpec(nation, "human") for nation in scenario().nation_ids]
    return rules.position_text(rules.new_game(seats, {}, "1907"))


POSITION = over(_start_text(), written_lines(CHANGES))


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
        f"Warsaw now has {divisions(seen.after.armies['war'])} ({added:+d} this phase, the "
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
        f"Your {divisions(sent)} attacked {_name(seen.before, 'kbg')} held by {held} as the "
        f"phase began: the attacker rolls {odds.attack_dice} dice a round and the defender "
        f"{odds.defence_dice}, which made it a {percent(odds.win)} chance. {result}; "
        "everyone's attacks were resolved together, and a new turn begins."
    )


def _peace(state: Any) -> list[Any]:
    mine = SubmitDeployment(
        YOU,
        NATION,
        diplomacy=(Diplomacy("germany", "peace"),),
        moves=(Move("vil", ("war",), None),),
    )
    return [*_computers(state), mine, Resolve()]


def _for_you(seen: Seen) -> str:
    """The phase's summary for Russia, as the page shows it above the report."""
    told = happened(seen.after, seen.before, seen.events)
    lines = [told.headline(YOU), *told.to_you(YOU)]
    return " ".join(line for line in lines if line)


def _made_peace(seen: Seen) -> str:
    after = seen.after
    relation = after.relation(NATION, "germany")
    diplomacy = [str(line) for line in (after.last_report or {}).get("diplomacy", ())]
    german = next((line for line in diplomacy if _name(after, "germany") in line), "")
    answer = (
        f"Germany ordered peace too, so the war is over (the report: {german})."
        if relation == "peace"
        else f"Germany did not order peace: you are still at {relation}."
    )
    moved = after.armies["war"] - seen.before.armies["war"]
    summary = _for_you(seen)
    return (
        f"{answer} Peace takes both nations ordering it in the same phase; a declaration "
        f"of war takes only one. Warsaw has {divisions(after.armies['war'])} again "
        f"({moved:+d}): a free move is one step into a friendly province."
        + (f" For you: {summary}" if summary else "")
        + " Allowance not spent by the end of a deployment phase is lost."
    )


def _phase_report(seen: Seen) -> str:
    after = seen.after
    told = happened(after, seen.before, seen.events)
    yours = " ".join(told.to_you(YOU)) or "nothing changed for you."
    elsewhere = " ".join(told.elsewhere(YOU)[:3])
    options = after.options
    return (
        f"The attack phase's report, for you: {yours}"
        + (f" Elsewhere: {elsewhere}" if elsewhere else "")
        + f" Russia has {after.nations[NATION].vp} victory points; a nation gains one each "
        f"time it captures a defended province. Turn {after.turn} begins: deployment "
        f"again. The first nation to {options.victory_vp} victory points at the end of a "
        f"turn wins, or the one with the most after turn {options.turn_limit}."
    )


def _form() -> dict[str, str]:
    """The new-game form filled in for "Play a real game": who plays each nation, and
    the options the form has."""
    state = find_ruleset("greatwar1907").from_position_text(POSITION)
    options = state.options
    rows = len(state.nation_ids)
    return {
        "gw-where": "local",
        "gw-victory": str(options.victory_vp),
        "gw-turns": str(options.turn_limit),
        "gw-neutral-vp": "on" if options.neutral_garrison_vp else "off",
        "gw-bank": "on" if options.bank_unspent else "off",
        **seat_rows(state.players, "gw", "kind", rows, switch=False),
    }


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
        controls=ORDER_WRITING,
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
        controls=(*ORDER_WRITING, *REPORT_READING),
    ),
    Step(
        "Turn 2, deployment. Press Next phase. Offer Germany peace: press Diplomacy, then "
        "Peace beside the German Empire. Then bring Vilna's divisions back to Warsaw: "
        "press Free move, tap Vilna, then Warsaw. Seal your orders.",
        done=lambda before, now: now.phase is not before.phase,
        orders=_peace,
        explain=_made_peace,
        territories=("vil", "war"),
        strict=False,
        control="gw-seal",
        controls=(*ORDER_WRITING, *REPORT_READING, "gw-dip-*"),
    ),
    Step(
        "The attack phase: at peace with Germany, hold your lines. Press Next phase, then "
        "seal your orders with no attack written.",
        done=lambda before, now: now.turn > before.turn,
        orders=lambda state: [*_computers(state), SubmitAttack(YOU, NATION), Resolve()],
        explain=_phase_report,
        control="gw-seal",
        controls=(*ORDER_WRITING, *REPORT_READING),
    ),
)

GUIDE = Guide(
    ruleset="greatwar1907",
    title="The Great War 1907",
    position=POSITION,
    steps=STEPS,
    form=_form(),
    welcome=(
        "You play Russia, at war with Germany. Each turn has two phases, deployment and "
        "attack; every nation seals its orders in secret and they are resolved together."
    ),
    ending=(
        "That is the Great War: build and move in your supply network, make war and "
        "peace, then attack, each phase sealed. Hold the most victory points when the "
        "war ends."
    ),
)
