"""Read-only views of a session for the page's panels (pure; no browser imports):
the prompt of the moment, attack odds, the player table, the battles league, hands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.rulesets.classic.orders import Attack
from engine.rulesets.classic.state import Phase
from ui.classic.controller import Session
from ui.shell.board import Callout, OrderArrow
from ui.shell.render import continent_names


@dataclass(frozen=True)
class Target:
    territory: str
    name: str
    owner: str
    defenders: int
    odds: float
    """The chance that the attack a click makes now takes the territory."""
    detail: str
    """What the number means for the mode (one roll: each outcome's chance)."""


@dataclass(frozen=True)
class CardView:
    index: int
    type: str
    territory: str | None
    name: str


def prompt(session: Session) -> str:
    """One sentence: who acts and what they should do now."""
    state = session.state
    if session.over:
        winner = state.winner
        return f"{state.players[winner].name} wins!" if winner is not None else "Game over."
    player = state.players[state.current]
    if not session.is_human(state.current):
        return f"{player.name} (computer) is playing…"
    phase = state.phase
    if phase is Phase.CLAIM:
        return f"{player.name}: claim an unoccupied territory."
    if phase is Phase.SETUP:
        legal = session.legal()
        if legal and all(o.KIND == "place-neutral" for o in legal):
            return f"{player.name}: place one army on a neutral territory."
        return (
            f"{player.name}: place an army on one of your territories ({player.setup_armies} left)."
        )
    if phase is Phase.HEADQUARTERS:
        return f"{player.name}: secretly choose one of your territories as headquarters."
    if phase is Phase.REINFORCE:
        if not any(o.KIND == "place" for o in session.legal()):
            return f"{player.name}: you hold {len(player.cards)} cards — trade a set first."
        return f"{player.name}: place {state.reinforcements} armies — click your territories."
    if phase is Phase.ATTACK:
        if session.selected:
            return f"{player.name}: attack from {session.name(session.selected)} — click a target."
        return f"{player.name}: attack — click one of your territories, or end attacks."
    if phase is Phase.ADVANTAGE:
        offered = offered_roll(session)
        if offered is None:
            return f"{player.name}: re-roll your lowest die?"
        attack, defend = offered
        shown = " ".join(map(str, attack)) + " against " + " ".join(map(str, defend))
        return f"{player.name}: you rolled {shown} — re-roll your lowest die ({min(attack)})?"
    if phase is Phase.MOVE_IN:
        bounds = session.move_in_bounds()
        lo, hi = bounds if bounds else (0, 0)
        return f"{player.name}: move {lo}–{hi} armies into the conquered territory."
    if phase is Phase.FORTIFY:
        if session.selected:
            return f"{player.name}: move from {session.name(session.selected)} — click a target."
        return f"{player.name}: free move — click a territory to move from, or end the turn."
    return ""


def attack_targets(session: Session, origin: str) -> list[Target]:
    """Enemy neighbours of ``origin`` with the odds of the attack a click on each makes
    now: the dice and mode chosen, the attack advantage counted (ui.classic.attack)."""
    from ui.classic import attack

    state = session.state
    found = sorted(
        {o.target for o in session.legal() if isinstance(o, Attack) and o.origin == origin}
    )
    settings = session.attack_settings
    targets = []
    for t in found:
        odds = attack.attack_odds(session, origin, t, settings)
        owner = state.players[state.owner[t]].name
        below = bool(settings.warn_below) and (
            attack.fought_to_the_end(session, origin, t) < settings.warn_below / 100
        )
        detail = attack.odds_detail(odds, session.mode, settings, below)
        targets.append(
            Target(t, session.name(t), owner, state.armies[t], odds.win_probability, detail)
        )
    return targets


def player_rows(session: Session) -> list[dict[str, Any]]:
    """Territories, armies, continents and card counts of every seat (public info)."""
    from engine.maps import load_map

    state = session.state
    the_map = load_map(state.map_id)
    names = continent_names(state.map_id)
    rows = []
    for seat, player in enumerate(state.players):
        owned = state.territories_of(seat)
        held = [
            names.get(cid, cid)
            for cid, c in the_map.continents.items()
            if all(state.owner[t] == seat for t in c.territories)
        ]
        rows.append(
            {
                "seat": seat,
                "name": player.name,
                "control": player.control,
                "color": player.color,
                "alive": player.alive,
                "territories": len(owned),
                "armies": sum(state.armies[t] for t in owned),
                "continents": held,
                "cards": len(player.cards),
                "current": seat == state.current and not session.over,
            }
        )
    return rows


def battle_rows(session: Session) -> list[dict[str, Any]]:
    """The battles league table: sorted by battles won, then armies killed."""
    rows: list[dict[str, Any]] = [
        {"seat": s, "name": p.name, "color": p.color, **p.stats}
        for s, p in enumerate(session.state.players)
    ]
    rows.sort(key=lambda r: (-r["battles_won"], -r["armies_killed"], r["seat"]))
    return rows


def hand(session: Session, seat: int) -> list[CardView]:
    from engine.maps import load_map

    the_map = load_map(session.state.map_id)
    cards = []
    for index in session.state.players[seat].cards:
        card = the_map.deck[index]
        name = session.name(card.territory) if card.territory else "Wild"
        cards.append(CardView(index, card.type.value, card.territory, name))
    return cards


def mission(session: Session, seat: int) -> str | None:
    from engine.rulesets.classic.missions import mission_text

    index = session.state.players[seat].mission
    return None if index is None else mission_text(session.state, index)


def next_set_value(session: Session) -> str:
    """What the next card set is worth (rising) or the fixed table."""
    from engine.rulesets.classic.cards import rising_value
    from engine.rulesets.classic.options import FIXED_SET_VALUES

    options = session.state.options
    if options.card_sets == "fixed":
        return ", ".join(f"{k} {v}" for k, v in FIXED_SET_VALUES.items())
    return str(rising_value(session.state.sets_traded, options.low_exchange))


def reinforcement_breakdown(session: Session) -> str:
    """Where the armies to place come from (docs/rules-classic.md, A turn, 1):
    territories ÷ 3 (at least 3), each continent held whole, and cards traded."""
    from engine.maps import load_map

    state = session.state
    seat = state.current
    held = state.territories_of(seat)
    base = max(3, len(held) // 3)
    continents = [
        f"{c.name} {c.bonus}"
        for c in load_map(state.map_id).continents.values()
        if all(state.owner[t] == seat for t in c.territories)
    ]
    parts = [f"{len(held)} territories ÷ 3 = {base}" + (" (at least 3)" if base == 3 else "")]
    parts.append("continents: " + (", ".join(continents) if continents else "none"))
    return " + ".join(parts) + "; traded cards add their value."


def offered_roll(session: Session) -> tuple[list[int], list[int]] | None:
    """The roll an attack advantage offer is about (attack dice, defence dice), if any."""
    state = session.state
    pending = getattr(state, "pending", None)
    if getattr(state, "phase", None) is not Phase.ADVANTAGE or not pending:
        return None
    return list(pending["attack"]), list(pending["defend"])


def board_orders(session: Session, asking: Any, choice: Any) -> list[OrderArrow]:
    """Classic's current attack on the map (issue 28): the attack asked about (a tap on
    its arrow is "Cancel"), the free move being counted (a tap cancels it), or the battle
    under way (its rolls go on: not removable)."""
    name = session.name
    if asking is not None and asking.order is not None:
        origin, target = str(asking.order.origin), str(asking.order.target)
        label = f"Attack {name(target)} from {name(origin)}"
        dice = str(getattr(asking.order, "dice", "") or "")
        return [OrderArrow(origin, target, dice, label, "odds-cancel", kind="attack")]
    if choice is not None:
        label = f"Move from {name(choice.origin)} to {name(choice.target)}"
        return [OrderArrow(choice.origin, choice.target, "", label, "cancel", kind="move")]
    state = session.state
    battle = state.battle or state.pending
    fighting = str(getattr(state.phase, "value", state.phase)) in ("attack", "move-in")
    if battle and fighting and "origin" in battle and "target" in battle:
        origin, target = str(battle["origin"]), str(battle["target"])
        label = f"Attack on {name(target)} from {name(origin)}"
        return [OrderArrow(origin, target, "", label, kind="attack")]
    return []


def board_callouts(session: Session) -> list[Callout]:
    """The last roll in a callout at the attacked territory: the dice, then the losses
    of this attack's rolls; "taken" when it fell."""

    rolls = session.last_rolls
    if not rolls or "target" not in rolls[-1]:
        return []
    last = rolls[-1]
    target = str(last["target"])
    same = [r for r in rolls if r.get("target") == target and r.get("origin") == last.get("origin")]
    lost_a = sum(int(r.get("attacker_losses", 0)) for r in same)
    lost_d = sum(int(r.get("defender_losses", 0)) for r in same)
    dice = (
        " ".join(map(str, last.get("attack", [])))
        + " vs "
        + " ".join(map(str, last.get("defend", [])))
    )
    taken = session.state.owner.get(target) == last.get("seat")
    lines = (f"⚔ {dice}", f"−{lost_a} / −{lost_d}" + (" · taken" if taken else ""))
    viewer = session.viewer
    tone = ""
    if viewer is not None and viewer == last.get("seat"):
        tone = "won" if taken or lost_d > lost_a else "lost"
    elif viewer is not None and viewer == last.get("defender"):
        tone = "lost" if taken or lost_d > lost_a else "won"
    return [Callout(target, lines, tone, taken)]
