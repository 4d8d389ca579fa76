"""Tips on everything (issue 29): "Every card, order, unit type, option of the new-game
form and column of every table has a short explanation where it is shown".  Each test
renders what a player sees and checks every element of a kind that needs a tip carries a
non-empty one, written for players (no file paths, module names, option keys, rule ids)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from engine.core import PlayerSpec
from engine.history import LeagueRow
from engine.rulesets.risk_paper_scissors import Side
from engine.rulesets.risk_paper_scissors.cards import CARDS, Timing
from engine.rulesets.risk_paper_scissors.orders import Phase as RpsPhase
from tests.risk_paper_scissors.helpers import RED, position
from tests.rulebook_scan import findings
from ui.capital import tips as capital_tips
from ui.capital.panels import status_html as capital_status
from ui.capital.session import ORDER_MODES, SETUP_MODES, CapitalSession
from ui.classic import panels as classic_panels
from ui.classic import tips as classic_tips
from ui.classic.controller import DICE_MODES
from ui.classic.controller import Session as ClassicSession
from ui.greatwar1907 import drafts
from ui.greatwar1907 import panels as gw_panels
from ui.greatwar1907 import tips as gw_tips
from ui.greatwar1907.session import GreatWarSession
from ui.risk_paper_scissors import tips as rps_tips
from ui.risk_paper_scissors.battle_view import battle_html
from ui.risk_paper_scissors.before_moves import purchase_html
from ui.risk_paper_scissors.panels import hand_html
from ui.risk_paper_scissors.scoring_view import scoring_html
from ui.risk_paper_scissors.session import Session as RpsSession
from ui.shell import tips
from ui.shell.charts import league_html

INDEX = Path(__file__).resolve().parent.parent / "index.html"


class Walk(HTMLParser):
    """The elements of an HTML piece that need a tip (:data:`ui.shell.tips.NEEDS_TIP`, as
    far as a parser can tell them: column heads, cards, order and unit buttons), each
    as (kind, its tip or None, its start tag).  A column head is a ``th`` of a table's
    head, or with ``scope="col"``, or in the first row of a table without a head."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str | None, str]] = []
        self.head: tuple[str | None, str] | None = None
        self.head_text = ""
        self.in_thead = False
        self.row = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        tag_text = self.get_starttag_text() or tag
        if tag == "table":
            self.row = 0
        elif tag == "thead":
            self.in_thead = True
        elif tag == "tr":
            self.row += 1
        if tag == "th":
            scope = a.get("scope")
            if self.in_thead or scope == "col" or (self.row == 1 and scope != "row"):
                self.head, self.head_text = (a.get("data-tip"), tag_text), ""
            return
        kind = None
        if "data-card" in a or "card" in (a.get("class") or "").split():
            kind = "card"
        elif "data-mode" in a:
            kind = "order"
        elif "data-leader" in a or "data-unit" in a or "data-commander" in a:
            kind = "unit"
        if kind is not None:
            self.found.append((kind, a.get("data-tip"), tag_text))

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self.in_thead = False
        elif tag == "th" and self.head is not None:
            if self.head_text.strip():  # an empty head (a column of marks) needs none
                self.found.append(("column", self.head[0], self.head[1]))
            self.head = None

    def handle_data(self, data: str) -> None:
        if self.head is not None:
            self.head_text += data


def needing(html: str) -> list[tuple[str, str | None, str]]:
    walk = Walk()
    walk.feed(html)
    return walk.found


def assert_all_tipped(html: str, *kinds: str) -> None:
    """Every element of ``kinds`` in ``html`` has a tip written for players, and there is
    at least one of each kind (a walk that finds nothing proves nothing)."""
    found = needing(html)
    for kind in kinds:
        assert any(k == kind for k, _, _ in found), f"no {kind} in the piece"
    bare = [tag for _, text, tag in found if not (text or "").strip()]
    assert not bare, f"without a tip: {bare}"
    for _, text, _ in found:
        assert not findings(text or ""), (text, findings(text or ""))


def test_the_walk_catches_an_element_without_a_tip() -> None:
    """The check can fail: a column head, a card and an order button with no tip are
    each found."""
    html = (
        "<table><thead><tr><th>Armies</th><th></th></tr></thead></table>"
        '<button class="card infantry">x</button><button data-mode="attack">Attack</button>'
    )
    bare = [k for k, text, _ in needing(html) if not text]
    assert bare == ["column", "card", "order"]
    with pytest.raises(AssertionError):
        assert_all_tipped(html, "column")


def test_a_tip_is_two_attributes_and_a_column_head_can_be_reached_with_tab() -> None:
    attrs = tips.tip("card", 'Say "hello" <now>')
    assert attrs == (' data-tip-kind="card" data-tip="Say &quot;hello&quot; &lt;now&gt;"')
    head = tips.column_head("VP", "Victory points.")
    assert head == ('<th data-tip-kind="column" data-tip="Victory points." tabindex="0">VP</th>')


# ---------------------------------------------------------------- the new-game form


def form_fields() -> list[str]:
    html = INDEX.read_text(encoding="utf-8")
    form = html[html.index('<form id="new-game-form"') : html.index("</form>")]
    return re.findall(r'\bname="([^"]+)"', form)


def test_every_option_of_the_new_game_form_has_a_tip() -> None:
    """Every field of the form, in every ruleset's part of it, has a tip."""
    texts = tips.all_form_tips()
    fields = form_fields()
    assert {"rules", "game_type", "cap-where", "gw-victory", "rps-years"} <= set(fields)
    assert not tips.missing(texts, [tips.field_key(f) for f in fields])
    for text in texts.values():
        assert not findings(text), (text, findings(text))


def test_the_form_tips_travel_in_index_html_for_the_script() -> None:
    """ui/tips.js reads the form's tips from index.html (so they work before Python
    has loaded); the block there is the prerendered one."""
    html = INDEX.read_text(encoding="utf-8")
    assert tips.form_tips_script() in html
    assert '<script src="./ui/tips.js" defer></script>' in html


# ---------------------------------------------------------------- Classic


def test_classic_tables_attack_controls_and_cards_have_tips() -> None:
    """The players' and battles' tables, every way of rolling and every card of the
    hand."""
    session = ClassicSession.new(
        [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "easy")], {"game_type": "uk_full"}, "tips"
    )
    assert_all_tipped(classic_panels.players_html(session), "column")
    assert_all_tipped(classic_panels.battles_html(session), "column")
    assert not tips.missing(classic_tips.ORDER_TIPS, [*DICE_MODES, "dice"])
    session.state.players[0].cards = [0, 1, 42]  # two territory cards and a wild one
    assert_all_tipped(classic_panels.private_html(session, set()), "card")
    attack_html = classic_panels._attack_controls(session)
    assert attack_html.count('data-tip-kind="order"') == len(DICE_MODES) + 3


# ---------------------------------------------------------------- Capital Risk


def test_capital_orders_surges_colours_and_columns_have_tips() -> None:
    """Every order kind (the surge among them), the dice colours and the factions
    table."""
    assert not tips.missing(capital_tips.ORDER_TIPS, [*SETUP_MODES, *ORDER_MODES])
    assert "surge" in ORDER_MODES and "after every other battle" in capital_tips.ORDER_TIPS["surge"]
    for colour in ("White", "Yellow", "Orange", "Red", "Black"):
        assert colour in capital_tips.DICE_TIP
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Boris", "human")]
    session = CapitalSession.new(specs, {}, "tips")
    assert_all_tipped(capital_status(session), "column")
    assert "twelve-sided" in capital_tips.COLUMN_TIPS["Units"]
    for kind in ("infantry", "cavalry", "artillery", "wild"):
        assert capital_tips.card_tip(kind)


# ---------------------------------------------------------------- The Great War


def _gw_writing() -> GreatWarSession:
    specs = [PlayerSpec("Ada", "human")] + [PlayerSpec(f"C{i}", "easy") for i in range(7)]
    session = GreatWarSession.new(specs, {}, "tips")
    session.acknowledge_handover()
    return session


def test_every_great_war_order_kind_has_a_tip() -> None:
    modes = {*drafts.DEPLOYMENT_MODES, *drafts.ATTACK_MODES, "diplomacy"}
    assert not tips.missing(gw_tips.ORDER_TIPS, sorted(modes))
    assert set(gw_panels.MODE_LABELS) <= set(gw_tips.ORDER_TIPS)


def test_the_great_war_entry_shows_each_order_and_leader_with_its_tip() -> None:
    """The order buttons of the Deployment phase, and Russia's general Brusilov beside
    the orders of his province, each with a tip; the leader's tip says his trait."""
    session = _gw_writing()
    assert_all_tipped(gw_panels.entry_html(session), "order")
    assert_all_tipped(gw_panels.status_html(session), "column")
    session.set_mode("move")
    session.click("zag")  # Brusilov's province
    html = gw_panels.entry_html(session)
    assert_all_tipped(html, "order", "unit")
    assert "Fast Moving" in html


def test_every_leader_of_the_map_has_a_tip() -> None:
    session = _gw_writing()
    leaders = session.state.map.leaders
    assert leaders
    for card in leaders:
        text = gw_tips.leader_tip(card.kind, card.name, card.trait, card.text)
        assert card.name in text and gw_tips.UNIT_TIPS[card.kind] in text
        assert not findings(text)


def test_the_relations_table_columns_have_tips() -> None:
    session = _gw_writing()
    session.set_mode("diplomacy")
    assert_all_tipped(gw_panels.entry_html(session), "column", "order")


# ---------------------------------------------------------------- Risk, Paper, Scissors


@pytest.mark.parametrize("where", ["market", "hand", "armed"])
def test_every_rps_card_says_what_it_does_when_and_what_it_costs(where: str) -> None:
    """Spec 13.3's cards, in the market, the hand and when laid face down."""
    for card_id, card in CARDS.items():
        text = rps_tips.card_tip_of(card_id, where)
        assert text.startswith(card.name), text
        if card.timing is not Timing.SCORE:
            cost = f"Costs {card.cost} energy" if card.cost else "Costs nothing"
            assert cost in text, text
        assert rps_tips.TIMING_WHEN[card.timing.value] in text
        assert (rps_tips.MARKET in text) == (where == "market")
        assert ("face down here" in text) == (where == "armed")
        assert not findings(text), findings(text)


def test_rps_market_hand_armed_units_and_tables_show_their_tips() -> None:
    """The purchase (units, commanders, the card market), the hand, the armed cards, the
    battle preview's rounds and the scores, each with its tips."""
    state = position(
        {"siam": "Red 4E/1W+nuclear,space,naval", "indonesia": "Green 2E"},
        phase=RpsPhase.PURCHASE,
        hands={RED: ["land.death_trap", "nuclear.rocket_strike", "space.colony_influence"]},
    )
    state.armed["siam"] = "land.death_trap"
    for player in state.players[1:]:
        player.control = "standard"  # one human: the panels show Red's secrets
    session = RpsSession(state)
    assert_all_tipped(purchase_html(session), "unit", "card")
    hand = hand_html(session)
    assert_all_tipped(hand, "card")
    assert "face down here" in hand  # the armed card's own tip
    battle = position({"siam": "Red 4E/1W", "indonesia": "Green 2E"})
    assert_all_tipped(battle_html(battle, "siam", "indonesia", Side(3, 0, 1)), "column")
    assert_all_tipped(scoring_html(state, RED), "column")
    assert not tips.missing(rps_tips.UNIT_TIPS, ["e", "j", "w", "station"])


# ---------------------------------------------------------------- every ruleset


def test_the_league_columns_have_tips() -> None:
    rows = [
        LeagueRow(0, "Ada", "#D55E00", 10, 4, 1, 30, None, {"battles_won": 3}, vp=5),
        LeagueRow(1, "Boris", "#0072B2", 0, 1, 4, 20, 7, {"battles_won": 1}, vp=1),
    ]
    assert_all_tipped(league_html(rows), "column")


def test_every_tip_text_is_written_for_players() -> None:
    """No file path, module name, option key or rule id in any tip."""
    texts = [
        *tips.all_form_tips().values(),
        *classic_tips.ORDER_TIPS.values(),
        *classic_tips.COLUMN_TIPS.values(),
        *(classic_tips.card_tip(k) for k in classic_tips.CARD_TIPS),
        *capital_tips.ORDER_TIPS.values(),
        *capital_tips.COLUMN_TIPS.values(),
        *(capital_tips.card_tip(k) for k in capital_tips.CARD_TIPS),
        *gw_tips.ORDER_TIPS.values(),
        *gw_tips.UNIT_TIPS.values(),
        *gw_tips.COLUMN_TIPS.values(),
        *rps_tips.UNIT_TIPS.values(),
        *rps_tips.COLUMN_TIPS.values(),
    ]
    for text in texts:
        assert text.strip() and len(text) < 420, text
        assert not findings(text), (text, findings(text))


# ---------------------------------------------------------------- the shell's buttons


def test_learn_by_playing_and_the_guides_buttons_have_tips() -> None:
    """Issue 29: "Learn by playing" (the new-game form) and the guide's own buttons (leave
    it; a real game at its end) each have a tip, written for players; the tips travel in
    index.html (ui/tips.js puts them on the buttons whenever they are drawn)."""
    import importlib

    from ui.shell.guide import panel_html

    guide = importlib.import_module("ui.classic.guide").GUIDE
    drawn = "".join(panel_html(guide, i, "", "") for i in (0, len(guide.steps)))
    drawn += INDEX.read_text(encoding="utf-8")
    actions = set(re.findall(r'data-action="(guide-[a-z-]+)"', drawn))
    assert actions == {"guide-open", "guide-leave", "guide-real"}
    assert not tips.missing(tips.ACTION_TIPS, sorted(actions))
    for text in tips.ACTION_TIPS.values():
        assert not findings(text), (text, findings(text))
    script = INDEX.read_text(encoding="utf-8")
    assert f'<script type="application/json" id="{tips.ACTION_TIP_SCRIPT_ID}">' in script
