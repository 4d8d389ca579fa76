"""Game start: factions, random deal, and the sealed setup (initial placement without
the placement limit, plus the secret capital), resolved for all factions at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import statecheck
from engine.core import PlayerSpec
from engine.errors import IllegalOrderError, OptionError
from engine.maps import load_map
from engine.rng import Rng
from engine.rulesets.capital.legal import Offense, spread
from engine.rulesets.capital.options import (
    FACTION_COLOURS,
    MAX_FACTIONS,
    MIN_FACTIONS,
    STARTING_ARMIES,
    CapitalOptions,
)
from engine.rulesets.capital.orders import SubmitSetup
from engine.rulesets.capital.reinforce import game_map, reinforcements
from engine.rulesets.capital.state import CapitalState, Faction, Phase


def new_game(specs: Sequence[PlayerSpec], raw: Mapping[str, Any], seed: str) -> CapitalState:
    """A new game: territories dealt at random, one unit on each, waiting for setups."""
    if not MIN_FACTIONS <= len(specs) <= MAX_FACTIONS:
        raise OptionError(
            "game/players",
            f"Capital Risk needs {MIN_FACTIONS} to {MAX_FACTIONS} factions, got {len(specs)}",
        )
    statecheck.new_names(s.name for s in specs)
    options = CapitalOptions.from_mapping(raw, len(specs))
    the_map = load_map("classic")
    rng = Rng(seed)
    factions = []
    for i, spec in enumerate(specs):
        army, hex_colour = FACTION_COLOURS[i]
        team = options.teams[i] if i < len(options.teams) and options.teams[i] else ()
        factions.append(
            Faction(
                spec.name, spec.control, spec.color or hex_colour, army, list(team or [spec.name])
            )
        )
    territories = list(the_map.territory_ids)
    rng.shuffle(territories)
    owner = {t: i % len(specs) for i, t in enumerate(territories)}
    pile = [card.index for card in the_map.deck]
    rng.shuffle(pile)
    return CapitalState(
        options=options,
        map_id=the_map.id,
        players=factions,
        owner={t: owner[t] for t in the_map.territory_ids},
        armies=dict.fromkeys(the_map.territory_ids, 1),
        rng=rng,
        draw_pile=pile,
        setup=[None] * len(specs),
        orders=[None] * len(specs),
        start_factions=len(specs),
    )


def check_sender(state: CapitalState, faction: int, player: str) -> None:
    """A submission must name a living faction and, if a player is named, a member of it.

    :raises IllegalOrderError: naming the faction or player.
    """
    if not 0 <= faction < len(state.players):
        raise IllegalOrderError("order/no-faction", f"there is no faction {faction}")
    record = state.players[faction]
    if not record.alive:
        raise IllegalOrderError("order/faction-out", f"{record.name} is out of the game")
    if player and player not in record.members:
        raise IllegalOrderError(
            "order/not-member", f"{player!r} does not play for {record.name} ({record.members})"
        )


def submit_setup(state: CapitalState, order: SubmitSetup) -> None:
    check_sender(state, order.faction, order.player)
    if order.capital not in state.owner:
        raise IllegalOrderError("order/unknown-territory", f"no territory {order.capital!r}")
    state.setup[order.faction] = order.to_json()


def setup_pool(state: CapitalState, faction: int) -> int:
    """Units a faction places at setup: its starting armies less the dealt ones."""
    return max(0, STARTING_ARMIES[state.start_factions] - len(state.territories_of(faction)))


def default_setup(state: CapitalState, faction: int) -> SubmitSetup:
    """The capital on the own territory with the most own neighbours; units spread evenly."""
    the_map = game_map(state)
    own = state.territories_of(faction)
    capital = max(
        own, key=lambda t: sum(1 for n in the_map.neighbours(t) if state.owner[n] == faction)
    )
    return SubmitSetup(faction, capital)


def normalise_setup(
    state: CapitalState, faction: int, order: SubmitSetup
) -> tuple[str, dict[str, int], list[Offense]]:
    """The capital and placements of a setup, cut to the rules, and the cuts."""
    the_map = game_map(state)
    own = [t for t in the_map.territory_ids if state.owner[t] == faction]
    offenses = []
    capital = order.capital
    if capital not in own:
        capital = default_setup(state, faction).capital
        offenses.append(
            Offense(faction, "setup/capital-not-owned", f"capital {order.capital} not yours")
        )
    left = setup_pool(state, faction)
    placed: dict[str, int] = {}
    for territory, count in order.placements:
        if territory not in own:
            offenses.append(Offense(faction, "place/not-owned", f"{territory} is not yours"))
            continue
        if count is not None and count < 0:
            offenses.append(
                Offense(
                    faction,
                    "place/negative",
                    f"placement of {count} on {the_map.name_of(territory)} dropped: "
                    "a negative number is impossible",
                )
            )
            continue
        n = left if count is None else count
        if n > left:
            offenses.append(
                Offense(faction, "place/over-pool", f"{n} on {territory} cut to {left}")
            )
            n = left
        placed[territory] = placed.get(territory, 0) + n
        left -= n
    if left:
        # No limit at setup: the rest goes round the territories, the capital first.
        room = dict.fromkeys(own, left)
        spread(left, [capital] + [t for t in own if t != capital], room, placed)
    return capital, placed, offenses


def resolve_setup(state: CapitalState) -> dict[str, Any]:
    """Place every faction's initial units and reveal the capitals; returns report parts."""
    comments: list[str] = []
    offenses: list[Offense] = []
    for faction, record in enumerate(state.players):
        raw = state.setup[faction]
        if raw is None:
            order = default_setup(state, faction)
            comments.append(f"{record.name} sent no setup: default setup used")
        else:
            order = SubmitSetup.from_json(raw)
        capital, placed, cuts = normalise_setup(state, faction, order)
        offenses += cuts
        record.capital = capital
        for territory, n in placed.items():
            state.armies[territory] += n
    the_map = game_map(state)
    state.capitals_revealed = True
    comments.append(
        "Capitals revealed: "
        + ", ".join(f"{p.name} {the_map.name_of(p.capital)}" for p in state.players if p.capital)
    )
    state.setup = [None] * len(state.players)
    state.phase = Phase.ORDERS
    state.turn = 1
    return {
        "offenses": [o.to_json() for o in offenses],
        "comments": comments,
        "reinforcements": [
            {"faction": i, "units": reinforcements(state, i)} for i in range(len(state.players))
        ],
    }
