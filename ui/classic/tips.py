"""Classic's tips (issue 29): the new-game form's options, the attack controls, the cards
and the columns of its tables, in a player's words (drawn from the players' rulebook).
Shown by :mod:`ui.shell.tips`."""

from __future__ import annotations

FORM_TIPS: dict[str, str] = {
    "game_type": "Which Classic game: the US games claim territories in turn and sets rise "
    "in value; the UK games deal territories at random and sets have fixed values. The "
    "short games end sooner: US short on headquarters, UK short on secret missions.",
    "where": "On this device: everyone plays here, passing it round (the computers play "
    "here too). By email or forum: each move is sent as a code the next player pastes in.",
    "selection": "How the territories are shared out at the start: dealt at random, or "
    "claimed one at a time in turn. “By game type” follows the game type chosen above.",
    "card_sets": "What a set of three cards is worth: rising (4, 6, 8, 10, 12, 15, then 5 "
    "more each time, counting everyone's trades) or fixed (three artillery 4, three "
    "infantry 6, three cavalry 8, one of each 10).",
    "objective": "How to win: world conquest (knock everyone out), secret missions (each "
    "player is dealt a hidden goal) or headquarters (hold your own headquarters and the "
    "enemy ones).",
    "enemy_hqs": "With headquarters: how many enemy headquarters you must hold, besides "
    "your own, to win. 0 means all of them.",
    "neutral": "With two players, a grey neutral army can join to make the game fairer. "
    "Auto follows the game type; the US and UK games add it in different ways; none "
    "plays without it.",
    "army_limit_on": "Tick to cap the armies any one territory may hold. Armies that fit "
    "nowhere are lost.",
    "army_limit": "The most armies one territory may hold when the army limit is ticked "
    "(5 to 750; left empty it is 12, the board game's limit).",
    "special_setup": "The computer places everyone's starting armies at random, so the game "
    "begins at once. Needs territories dealt at random.",
    "low_exchange": "Rising sets grow slowly: each set is worth just one army more than "
    "the last (4, 5, 6, 7 …).",
    "supply_lines": "At the end of your turn you may make several free moves instead of "
    "one; each army still moves only once.",
    "attack_advantage": "After a roll you lose something in, human players see the dice "
    "and may roll their lowest die again, once.",
    "computer_advantage": "The computer players get the same re-roll of their lowest die "
    "after a roll they lose something in.",
    "seed": "Leave empty for a new game each time. The same word or number deals the same "
    "territories and rolls the same dice again, to replay a game.",
}
"""The tips of Classic's fields of the new-game form, by field name."""

ORDER_TIPS: dict[str, str] = {
    "once": "Roll once: your dice are thrown one time against the defender's, then you choose "
    "again. Safest when you only want to wear the defender down.",
    "continuous": "Continuous: keeps rolling until you lose a roll (lose more armies than "
    "the defender in it) or take the territory.",
    "do-or-die": "Do or die: keeps rolling until the territory falls or you have one army "
    "left. Use it only when you must take the territory.",
    "blitz": "Blitz: rolls one roll at a time until the territory falls, your chance of "
    "taking it drops below your warning level, or you are down to the armies you chose "
    "to keep.",
    "dice": "How many dice you attack with: 1 to 3, never more than the armies in your "
    "territory minus one. Three dice give the best chance; the defender rolls 2 if it "
    "has 2 or more armies there, else 1.",
}
"""The attack controls: each way of rolling, by the button's mode, and the dice count."""

CARD_TIPS: dict[str, str] = {
    "infantry": "Infantry card. Three of the same picture, one of each, or any two with a "
    "wild card make a set; trade a set when you collect armies to get more. If you hold "
    "the territory shown, 2 extra armies go onto it.",
    "cavalry": "Cavalry card. Three of the same picture, one of each, or any two with a "
    "wild card make a set; trade a set when you collect armies to get more. If you hold "
    "the territory shown, 2 extra armies go onto it.",
    "artillery": "Artillery card. Three of the same picture, one of each, or any two with "
    "a wild card make a set; trade a set when you collect armies to get more. If you "
    "hold the territory shown, 2 extra armies go onto it.",
    "wild": "Wild card: counts as whichever picture makes your set worth most. Any two "
    "cards and a wild make a set.",
}
"""A card of the hand, by its picture (tap three to pick a set, then Trade set)."""
CARD_WHEN = " You trade at the start of your turn, before placing; with 5 or more cards you must."

COLUMN_TIPS: dict[str, str] = {
    "Player": "The player, in their colour and pattern; the one whose turn it is is marked.",
    "Terr.": "Territories the player holds. Every 3 territories give one army a turn (at "
    "least 3 armies).",
    "Armies": "All the player's armies on the map.",
    "Cards": "How many cards the player holds. Five or more must be traded next turn.",
    "Continents": "Continents the player holds whole; each gives its bonus every turn "
    "(North America 5, South America 2, Europe 5, Africa 3, Asia 7, Australia 2).",
    "Won": "Rolls in which the player lost fewer armies than the other side.",
    "Lost": "Rolls in which the player lost more armies than the other side.",
    "Killed": "Enemy armies the player's dice have destroyed.",
    "Lost armies": "The player's own armies lost in battle.",
    "Conquests": "Territories the player has taken from others.",
}
"""The columns of Classic's status tables (the players' table and the battles' table)."""


def card_tip(card_type: str) -> str:
    """The tip of a card of ``card_type`` ("infantry", "cavalry", "artillery", "wild")."""
    return CARD_TIPS[card_type] + CARD_WHEN
