"""Capital Risk's tips (issue 29): the new-game form's options, the order kinds (the
surge among them), the dice colours, the cards and the factions table's columns, in a
player's words (drawn from the players' rulebook).  Shown by :mod:`ui.shell.tips`."""

from __future__ import annotations

FORM_TIPS: dict[str, str] = {
    "cf#-on": "Tick to bring this faction into the game. Two factions always play; up to "
    "eight may.",
    "cf#-name": "The faction's player, as the map, the tables and the reports name it.",
    "cf#-kind": "Human: a person writes this faction's orders. CPU: the computer does, "
    "from Easy (makes mistakes) to Expert (plays its best).",
    "cf#-mate": "Optional: a second player for this faction, making it a team of two. "
    "Either may send the orders; the later ones count.",
    "cap-where": "On this device: every faction writes its orders here in turn, hidden from "
    "the others. By forum: each faction seals its orders as a code and posts it; with a "
    "moderator, the host collects the orders and posts each turn's report.",
    "cap-seat": "In a forum game: the faction you play on this device.",
    "cap-struck-out": "What happens to a faction that sends no orders two turns in a row: "
    "the computer takes it over, or its land turns neutral (it keeps its units but never "
    "acts).",
    "cap-deadline": "In a forum game: when the next orders are due, printed in each "
    "turn's update for everyone to see.",
    "cap-seed": "Leave empty for a new game each time. The same word or number deals the "
    "same territories and rolls the same dice again.",
}
"""The tips of Capital Risk's fields of the new-game form ("#": the faction's number)."""

DICE_TIP = (
    "Each army rolls one twelve-sided die a round; its colour comes from how many units "
    "it has at that moment: 1–5 White (+0), 6–10 Yellow (+1), 11–18 Orange (+2), 19–29 "
    "Red (+3), 30 or more Black (+4). The lower total loses one unit; a tie goes to the "
    "attacker, except in border clashes and spoils of war."
)
"""What the dice colours mean (the Units column and the attack order say it)."""

ORDER_TIPS: dict[str, str] = {
    "capital": "Choose your capital: one of your territories, in secret. All capitals are "
    "shown together once everyone has chosen. Hold yours and take others' to win.",
    "place": "Place your reinforcements on your territories. A territory may take at most "
    "1 + the number of neighbouring territories you held at the start of the turn.",
    "attack": "Attack a neighbouring territory with some units; an empty count sends "
    "everything but one unit, even from your capital. Everyone's battles are fought "
    "together after all orders are in. Bigger armies roll better dice: "
    "1–5 units White, 6–10 Yellow, 11–18 Orange, 19–29 Red, 30 or more Black.",
    "surge": "Surge (one a turn): “if this territory falls to me, attack on from it into "
    "that one with this many units”. It runs after every other battle, and only if the "
    "first territory did fall to you; you may add “only if the target holds at most so "
    "many units”.",
    "move": "Tactical move (one a turn): from one of your territories into neighbouring "
    "territories of yours, after all battles. It is cut down if the battles made part of "
    "it impossible.",
}
"""The order kinds of the order entry, by mode."""

CARD_TIPS: dict[str, str] = {
    "infantry": "Infantry card: three infantry make a set worth 4 units.",
    "cavalry": "Cavalry card: three cavalry make a set worth 6 units.",
    "artillery": "Artillery card: three artillery make a set worth 8 units.",
    "wild": "Wild card: counts as any picture.",
}
CARD_ALL = (
    " One of each picture is worth 10. Trade a set with your orders; a card showing a "
    "territory you hold puts 2 more units there. With 5 or more cards you must trade."
)
"""A card of the hand, by its picture; then what every card shares."""

COLUMN_TIPS: dict[str, str] = {
    "Faction": "The faction, its colour and who plays it (a team shows both players).",
    "Terr.": "Territories the faction holds.",
    "Units": "All the faction's units on the map. " + DICE_TIP,
    "Reinf.": "Units the faction receives next turn: (territories + its largest group of "
    "connected territories) ÷ 3, at least 3, plus the bonus of each continent held whole.",
    "Capital": "The faction's capital, once everyone has chosen (a star on the map). "
    "Losing it does not knock a faction out, but it cannot win until it takes it back.",
}
"""The columns of the factions table (its last, untitled column is the sealed mark)."""


def card_tip(card_type: str) -> str:
    return CARD_TIPS[card_type] + CARD_ALL
