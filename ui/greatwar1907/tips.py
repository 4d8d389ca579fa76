"""The Great War's tips (issue 29): the new-game form's options, every kind of order, the
units and leaders, and the columns of its tables, in a player's words (drawn from the
players' rulebook).  Shown by :mod:`ui.shell.tips`."""

from __future__ import annotations

FORM_TIPS: dict[str, str] = {
    "gw#-name": "The name of the player of this nation, as the reports print it.",
    "gw#-kind": "Human: a person writes this nation's orders. CPU: the computer does, at "
    "Easy (forgiving), Standard or Expert (the strongest: it goes to war on weak "
    "neighbours). Idle: nobody plays it; it never gives an order but still defends.",
    "gw-where": "On this device: every nation writes its orders here in turn, hidden from "
    "the others. By forum: each nation seals its orders as a code and posts it; with a "
    "moderator, the host collects the orders and posts each report.",
    "gw-seat": "In a forum game: the nation you play on this device.",
    "gw-victory": "The victory points that win at the end of a turn (30 when left empty). "
    "Points come from capturing provinces that had defenders.",
    "gw-turns": "How many years the war lasts (20 when left empty, to 1926); then the "
    "nation with most victory points wins.",
    "gw-neutral-vp": "Capturing a defended Neutral province gives 1 victory point, like "
    "any other defended province. Untick to give no points for Neutral land.",
    "gw-bank": "Production points you do not spend are kept for next turn instead of being lost.",
    "gw-deadline": "In a forum game: when the next orders are due, printed in each report.",
    "gw-seed": "Leave empty for a new game each time. The same word or number rolls the "
    "same dice again, to replay a game.",
}
"""The tips of the Great War's fields of the new-game form ("#": the nation's number)."""

ORDER_TIPS: dict[str, str] = {
    "build": "Build divisions: 1 production point (pp) each, in a province you own, paid "
    "from the supply network it belongs to. New divisions may move or embark this phase.",
    "ships": "Build ships: 1 pp each, in a province of yours with a port. A new ship is a "
    "hull until next year's Deployment: it cannot move, fight or carry, and is lost if "
    "the province changes hands.",
    "move": "Free move: divisions and leaders step into a neighbouring friendly province "
    "(yours or an ally's). A division moves once a phase; a general with an extra step "
    "takes the divisions with him further.",
    "embark": "Embark: divisions in a port go aboard your ships there, 2 to a ship. "
    "Embarking is the division's move for the phase.",
    "sail": "Ships: one sailing step, out of port, from sea to sea or into a friendly port, "
    "with as many of the divisions aboard as you say. Fleets of nations at war fight "
    "where they meet at sea.",
    "disembark": "Disembark: divisions aboard land in a friendly port, after every ship "
    "has moved. Divisions that embarked this phase cannot also land.",
    "place": "Place leader: put a waiting general in a province you own, or an admiral in "
    "a port of yours or with one of your fleets at sea.",
    "trade": "Trade: provinces and pp with another nation. It happens only if that nation "
    "orders exactly the mirror trade in the same phase. Computer nations never trade.",
    "attack": "Attack: divisions march from your province into a neighbouring province of "
    "a nation you are at war with, or a Neutral one. Each round you roll 2 dice and the "
    "defender 3, plus generals' dice; each pair of dice kills one division.",
    "strike": "Amphibious strike: divisions aboard your ships at sea land on a hostile "
    "province whose port opens on that sea. It is called off if enemy ships are still "
    "there after the fleet battles.",
    "diplomacy": "Diplomacy: make alliances, peace or war, and grant passage. Alliance and "
    "making peace need both nations; breaking an alliance costs 3 pp, declaring war 3 pp "
    "(6 pp from an alliance).",
}
"""Every kind of order, by the mode of its button."""

UNIT_TIPS: dict[str, str] = {
    "division": "Division: fights on land, 1 pp to build. Any number may stand in one place.",
    "ship": "Ship: sails, carries 2 divisions and fights at sea, 1 pp to build.",
    "general": "General: adds dice to the land battles of the divisions he is with, and "
    "may have a trait such as an extra step or raising a free division. He dies with his "
    "force unless his trait lets him survive; alone he does not defend.",
    "admiral": "Admiral: adds dice to the fleet battles of the ships he is with, and may "
    "have a trait such as an extra sea move. He dies with his fleet unless his trait lets "
    "him survive.",
}
"""The units and the two kinds of leader."""

COLUMN_TIPS: dict[str, str] = {
    "#": "The nation's place, ranked by victory points.",
    "Nation": "The nation and its colour on the map.",
    "Player": "Who plays the nation: a person, a computer level, or idle.",
    "VP": "Victory points: 1 for each province captured that had defenders. Never lost; "
    "30 at the end of a turn wins.",
    "pp": "Production points this turn: what the nation's provinces produce, spent on "
    "divisions, ships and diplomacy in the networks that can reach them.",
    "Orders": "Whether the nation has sealed its orders for this phase.",
}
"""The columns of the standings table."""


def relation_column_tip(nation_name: str) -> str:
    """The tip of a column of the relations table: that nation's relation with each
    nation of the rows."""
    return (
        f"{nation_name}: this column shows how each nation of the rows stands with "
        f"{nation_name} — A alliance, P peace, W war."
    )


def leader_tip(kind: str, name: str, trait: str, text: str) -> str:
    """A leader's tip: what he is, his trait in his own card's words, then what every
    leader of his kind does."""
    own = f"{name} — {trait}: {text.strip()}" if trait else name
    if own and own[-1] not in ".!?":
        own += "."
    return f"{own} {UNIT_TIPS.get(kind, '')}".strip()
