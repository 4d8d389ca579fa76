"""Classic game start: seats, deck, missions, territory selection, initial placement
and headquarters (manual pp.5, 17-20, 26-29; RULINGS §1)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import statecheck
from engine.core import Event, PlayerSpec
from engine.errors import OptionError
from engine.maps import load_map
from engine.rng import Rng
from engine.rulesets.classic import missions
from engine.rulesets.classic.common import (
    check_owned,
    check_territory,
    game_map,
    next_seat,
    refuse,
    room,
)
from engine.rulesets.classic.options import (
    NEUTRAL_SHARE,
    NEUTRAL_START_ARMIES,
    STARTING_ARMIES,
    US_NEUTRAL_SETUP,
    ClassicOptions,
)
from engine.rulesets.classic.state import NEUTRAL_CONTROL, UNOWNED, ClassicState, Phase, Player

CONTROLS = ("human", "baseline", "easy", "standard", "good", "expert")
DEFAULT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e8c21a", "#9467bd", "#333333")
NEUTRAL_COLOUR = "#9a9a9a"


def new_game(
    specs: Sequence[PlayerSpec], raw_options: Mapping[str, Any], seed: str
) -> tuple[ClassicState, list[Event]]:
    """A new Classic game, set up as far as the first decision a player must make."""
    if not 2 <= len(specs) <= 6:
        raise OptionError("game/players", f"Classic needs 2 to 6 players, got {len(specs)}")
    for spec in specs:
        if spec.control not in CONTROLS:
            raise OptionError(
                "game/control",
                f"player {spec.name!r}: control must be one of {', '.join(CONTROLS)}",
            )
    statecheck.new_names(s.name for s in specs)
    options = ClassicOptions.from_mapping(raw_options, len(specs))
    the_map = load_map("classic")
    rng = Rng(seed)
    players = [
        Player(
            s.name,
            s.control,
            s.color or DEFAULT_COLOURS[i],
            setup_armies=STARTING_ARMIES[len(specs)],
        )
        for i, s in enumerate(specs)
    ]
    if options.neutral != "none":
        players.append(Player("Neutral", NEUTRAL_CONTROL, NEUTRAL_COLOUR))
    pile = [card.index for card in the_map.deck]
    rng.shuffle(pile)
    state = ClassicState(
        options=options,
        map_id=the_map.id,
        players=players,
        owner=dict.fromkeys(the_map.territory_ids, UNOWNED),
        armies=dict.fromkeys(the_map.territory_ids, 0),
        rng=rng,
        draw_pile=pile,
    )
    events: list[Event] = [{"type": "game-start", "players": [p.name for p in players]}]
    if options.objective == "missions":
        _deal_missions(state, len(specs))
    state.first_player = rng.below(len(specs))
    state.current = state.first_player
    events.append({"type": "first-player", "seat": state.first_player})
    if options.selection == "random":
        _deal_territories(state)
        events.append({"type": "territories-dealt"})
        state.phase = Phase.SETUP
        if options.special_setup:
            events.append({"type": "armies-placed-randomly"})
            events += _place_all_randomly(state)
    else:
        state.phase = Phase.CLAIM
    return state, events


def _deal_missions(state: ClassicState, seats: int) -> None:
    deck = missions.deck_for(seats)
    state.rng.shuffle(deck)
    for seat in range(seats):
        index = deck[seat]
        if missions.MISSIONS[index].kind == "destroy" and missions.MISSIONS[index].seat == seat:
            index = missions.FALLBACK_MISSION
        state.players[seat].mission = index


def _deal_territories(state: ClassicState) -> None:
    """Random selection: territories dealt round the table, a third to Neutral if any."""
    territories = list(state.owner)
    state.rng.shuffle(territories)
    neutral = state.neutral
    if neutral is not None:
        share = len(territories) // NEUTRAL_SHARE
        start = NEUTRAL_START_ARMIES[state.options.neutral]
        for territory in territories[:share]:
            state.owner[territory] = neutral
            state.armies[territory] = start
        territories = territories[share:]
    seats = [s for s, p in enumerate(state.players) if not p.is_neutral]
    order = seats[state.first_player :] + seats[: state.first_player]
    for i, territory in enumerate(territories):
        seat = order[i % len(order)]
        state.owner[territory] = seat
        state.armies[territory] = 1
        state.players[seat].setup_armies -= 1


def _place_all_randomly(state: ClassicState) -> list[Event]:
    """Special Setup: the computer plays every setup round at random, exactly as the
    manual's rounds go (with US neutral, 2 on one's own territories and 1 on a neutral
    one per round; armies that fit nowhere under the army limit are lost and logged)."""
    events: list[Event] = []
    while state.phase is Phase.SETUP:
        own_left, neutral_left = setup_needs(state)
        if own_left:
            owned = [t for t in state.territories_of(state.current) if room(state, t) > 0]
            events += place_setup(state, state.rng.choice(owned), 1)
        elif neutral_left:
            assert state.neutral is not None
            events += place_neutral(state, state.rng.choice(state.territories_of(state.neutral)))
        else:
            events += _maybe_end_setup_round(state)
    return [e for e in events if e["type"] not in ("place", "place-neutral")]


def claim(state: ClassicState, territory: str) -> list[Event]:
    """Manual selection (manual p.5): one army onto any unoccupied territory."""
    check_territory(state, territory)
    if state.owner[territory] != UNOWNED:
        raise refuse("order/claimed", f"{game_map(state).name_of(territory)} is already claimed")
    state.owner[territory] = state.current
    state.armies[territory] = 1
    state.players[state.current].setup_armies -= 1
    events: list[Event] = [{"type": "claim", "seat": state.current, "territory": territory}]
    if all(o != UNOWNED for o in state.owner.values()):
        state.phase = Phase.SETUP
        nxt = next_seat(state, state.current, needs_setup=True)
        if nxt is None:
            return events + _finish_setup(state)
        state.current = nxt
    else:
        state.current = next_seat(state, state.current) or 0
    return events


def _round_quota(state: ClassicState) -> tuple[int, int]:
    """(own armies, neutral armies) a seat places per setup round."""
    if state.options.neutral == "us" and state.neutral is not None:
        return US_NEUTRAL_SETUP
    return 1, 0


def place_setup(state: ClassicState, territory: str, count: int) -> list[Event]:
    """Initial placement: one army at a time onto one's own territory, in turn."""
    check_owned(state, territory, "place")
    own_quota, _ = _round_quota(state)
    if count != 1:
        raise refuse("order/count", "during setup armies are placed one at a time")
    if state.setup_round[0] >= own_quota:
        raise refuse("order/setup-neutral", "place your army on a neutral territory now")
    if room(state, territory) < 1:
        raise refuse(
            "order/army-limit",
            f"{game_map(state).name_of(territory)} is at the army limit",
        )
    player = state.players[state.current]
    state.armies[territory] += 1
    player.setup_armies -= 1
    state.setup_round[0] += 1
    events: list[Event] = [
        {"type": "place", "seat": state.current, "territory": territory, "count": 1}
    ]
    return events + _maybe_end_setup_round(state)


def place_neutral(state: ClassicState, territory: str) -> list[Event]:
    """Two players with neutral (US): one army onto any neutral territory each round."""
    check_territory(state, territory)
    _, neutral_quota = _round_quota(state)
    if neutral_quota == 0:
        raise refuse("order/no-neutral", "this game has no neutral setup placements")
    if state.owner[territory] != state.neutral:
        raise refuse("order/not-neutral", f"{game_map(state).name_of(territory)} is not neutral")
    if state.setup_round[1] >= neutral_quota:
        raise refuse("order/setup-own", "place your armies on your own territories now")
    state.armies[territory] += 1
    state.setup_round[1] += 1
    events: list[Event] = [{"type": "place-neutral", "seat": state.current, "territory": territory}]
    return events + _maybe_end_setup_round(state)


def setup_needs(state: ClassicState) -> tuple[int, int]:
    """(own, neutral) placements the seat on turn still owes this setup round."""
    own_quota, neutral_quota = _round_quota(state)
    player = state.players[state.current]
    own_left = min(own_quota - state.setup_round[0], player.setup_armies)
    own_left = (
        own_left if any(room(state, t) > 0 for t in state.territories_of(state.current)) else 0
    )
    neutral_left = neutral_quota - state.setup_round[1]
    if not any(o == state.neutral for o in state.owner.values()):
        neutral_left = 0
    return max(0, own_left), max(0, neutral_left)


def _maybe_end_setup_round(state: ClassicState) -> list[Event]:
    own_left, neutral_left = setup_needs(state)
    if own_left or neutral_left:
        return []
    events: list[Event] = []
    player = state.players[state.current]
    if player.setup_armies > 0 and not any(
        room(state, t) > 0 for t in state.territories_of(state.current)
    ):
        events.append(
            {
                "type": "armies-lost",
                "seat": state.current,
                "count": player.setup_armies,
                "why": "army limit",
            }
        )
        player.setup_armies = 0
    state.setup_round = [0, 0]
    nxt = next_seat(state, state.current, needs_setup=True)
    if nxt is None:
        return events + _finish_setup(state)
    state.current = nxt
    return events


def _finish_setup(state: ClassicState) -> list[Event]:
    from engine.rulesets.classic.turn import start_turn

    for player in state.players:
        player.setup_armies = 0
    state.setup_round = [0, 0]
    if state.options.objective == "headquarters":
        state.phase = Phase.HEADQUARTERS
        state.current = state.first_player
        return [{"type": "choose-headquarters"}]
    return start_turn(state, state.first_player, first=True)


def choose_headquarters(state: ClassicState, territory: str) -> list[Event]:
    """US short game (manual p.19): pick an owned territory as headquarters, in secret."""
    check_owned(state, territory, "headquarters")
    state.players[state.current].headquarters = territory
    events: list[Event] = [{"type": "hq-chosen", "seat": state.current}]
    nxt = next_seat(state, state.current)
    if nxt is not None and state.players[nxt].headquarters is None:
        state.current = nxt
        return events
    hqs = {p.headquarters for p in state.players if p.headquarters}
    the_map = load_map(state.map_id)
    state.draw_pile = [c for c in state.draw_pile if the_map.deck[c].territory not in hqs]
    events.append(
        {
            "type": "hq-revealed",
            "headquarters": {
                str(s): p.headquarters for s, p in enumerate(state.players) if p.headquarters
            },
        }
    )
    from engine.rulesets.classic.turn import start_turn

    return events + start_turn(state, state.first_player, first=True)
