"""Risk, Paper, Scissors' tips (issue 29): every command card in the market, the hand and
when laid face down (what it does, when it can be played, what it costs), the units and
commanders, the new-game form's options and the columns of its tables, in a player's
words (drawn from the players' rulebook).  Shown by :mod:`ui.shell.tips`."""

from __future__ import annotations

FORM_TIPS: dict[str, str] = {
    "rps#-on": "Tick to bring this player into the game. Three players always play; up to "
    "five may.",
    "rps#-name": "The player's name, as the map, the tables and the log show it.",
    "rps#-control": "Human: a person plays on this device. CPU: the computer plays, at "
    "Easy, Standard or Expert (the strongest).",
    "rps-where": "On this device: everyone plays here, passing it round, with hands and "
    "bids hidden. By email: sealed bids and moves travel as save codes.",
    "rps-years": "How many years the game lasts (5 when left empty); it is scored after "
    "the last one.",
    "rps-selection": "How the land is shared out at the start: dealt at random, one "
    "Elemental on each, or claimed one territory at a time in turn.",
    "rps-seed": "Leave empty for a new game each time. The same word or number deals the "
    "same land and devastates the same territories again.",
    "rps-commander_for_moves": "Moving units over water or to the Moon needs your Naval or "
    "Space Commander in play, as attacks there always do.",
}
"""The tips of the form's fields ("#": the player's number)."""

CARD_DOES: dict[str, str] = {
    "land.assemble": "Assemble (Land): put up to 3 points of new units (Elementals, or "
    "1 Jaguar) on one land territory of yours.",
    "naval.assemble": "Assemble (Naval): put up to 3 points of new units (Elementals, or "
    "1 Jaguar) on one water territory of yours.",
    "space.assemble": "Assemble (Space): put up to 3 points of new units (Elementals, or "
    "1 Jaguar) on one Moon territory of yours.",
    "land.death_trap": "Death Trap (Land): laid face down on one of your land territories. "
    "When an attack there would take or empty it, the attacker first loses half the "
    "attacking force (rounded up, their choice).",
    "diplomat.cease_fire": "Cease Fire (Diplomat): laid face down on any territory of yours. "
    "When an attack there would take or empty it, the attack is called off (its steps "
    "stay spent) and that player cannot attack you again this turn.",
    "space.invade_earth": "Invade Earth (Space): draws a random land territory you do not "
    "own; this turn you may attack it from your Moon territories.",
    "nuclear.rocket_strike": "Rocket Strike (Nuclear): destroys up to 2 units of one kind "
    "(Elementals; Jaguars and commanders; or Wolves) on an opponent's territory, never "
    "the last unit there.",
    "diplomat.energy_crisis": "Energy Crisis (Diplomat): every opponent who has energy "
    "gives you 1. Nothing comes if nobody has any.",
    "diplomat.redeployment": "Redeployment (Diplomat): one free move of units between your "
    "territories; you cannot attack again this turn.",
    "land.colony_influence": "Colony Influence (Land): kept in your hand, it scores 3 "
    "points at the end of the game if your Land Commander is alive.",
    "naval.colony_influence": "Colony Influence (Naval): kept in your hand, it scores 3 "
    "points at the end of the game if your Naval Commander is alive.",
    "space.colony_influence": "Colony Influence (Space): kept in your hand, it scores 3 "
    "points at the end of the game if your Space Commander is alive.",
    "diplomat.colony_influence": "Colony Influence (Diplomat): kept in your hand, it scores "
    "3 points at the end of the game if your Diplomat is alive.",
}
"""What each command card does."""

TIMING_WHEN: dict[str, str] = {
    "main": "Play it any time in your action phase.",
    "end": "Play it after your attacks: no attack follows it this turn.",
    "armed": "Lay it face down in your action phase; it goes off by itself, if you still "
    "have the deck's commander and the energy to pay, and comes back to your hand at your "
    "next turn if it did not.",
    "score": "Never played: keep it until the end.",
}
"""When a card of each timing can be used."""

MARKET = (
    "Buy it in your purchase for 1 energy (at most 2 cards a turn), only from a deck whose "
    "commander you have."
)
ARMED = "Laid face down here: only you see it."


def card_tip_of(card_id: str, where: str = "hand") -> str:
    """:func:`card_tip` of a card of the deck, by its id."""
    from engine.rulesets.risk_paper_scissors.cards import CARDS

    card = CARDS[card_id]
    return card_tip(card_id, card.deck, card.cost, card.timing.value, where)


def card_tip(card_id: str, deck: str, cost: int, timing: str, where: str = "hand") -> str:
    """The tip of a command card shown in the market, the hand or laid face down
    (``where``): what it does, when it can be played, what it costs."""
    price = f"Costs {cost} energy when it is used" if cost else "Costs nothing to use"
    needs = "Diplomat" if deck == "diplomat" else f"{deck.title()} Commander"
    parts = [CARD_DOES[card_id]]
    if where == "armed":
        parts.append(ARMED)
    parts.append(TIMING_WHEN[timing])
    if timing != "score":
        parts.append(f"{price}, and needs your {needs} in play.")
    if where == "market":
        parts.append(MARKET)
    return " ".join(parts)


UNIT_TIPS: dict[str, str] = {
    "e": "Elemental: 1 point, 3 energy to buy. Elementals beat Jaguars and lose to Wolves. "
    "At most 25 on the board.",
    "j": "Jaguar: 3 points, 3 energy to buy. Jaguars beat Wolves and lose to Elementals. "
    "At most 12 on the board.",
    "w": "Wolf: 5 points, 3 energy to buy. Wolves beat Elementals and lose to Jaguars. "
    "At most 7 on the board.",
    "land": "Land Commander: fights as a Jaguar; needed to buy, play and score the Land "
    "cards. One of each commander at most.",
    "naval": "Naval Commander: fights as a Jaguar; opens attacks into and out of water and "
    "is needed for the Naval cards.",
    "space": "Space Commander: fights as a Jaguar; opens attacks on the Moon and is needed "
    "for the Space cards.",
    "nuclear": "Nuclear Commander: fights as a Jaguar; needed for Rocket Strike.",
    "diplomat": "Diplomat: fights as a Jaguar; needed for the Diplomat cards.",
    "station": "Space station: links a land territory of yours to the Moon's landing sites. "
    "No effect in battle; destroyed when its territory is left empty. At most 4.",
}
"""The units, commanders and stations, by the key the purchase buttons carry."""

COLUMN_TIPS: dict[str, str] = {
    "Round": "Each round every unit kills one enemy unit of the type it beats, both sides "
    "at once; rounds go on until a round kills nothing.",
    "You": "Your attacking units at the start of the round (E Elementals, J Jaguars, W Wolves).",
    "Defender": "The defender's units at the start of the round.",
    "You kill": "The defender's units your force kills in the round.",
    "They kill": "Your units the defender kills in the round.",
    "Player": "The player, in their colour.",
    "Points": "The final score; the highest wins.",
    "Territories + groups + Colony Influence": "1 point for every territory held, plus "
    "the bonus of every group held whole, plus 3 for each Colony Influence card whose "
    "commander is alive.",
    "Ties": "The energy left and the units on the board: a tie goes to more energy, then "
    "more units; if still equal, the win is shared.",
}
"""The columns of the battle preview and the final scores ("Defender": the column named
after the defender)."""
