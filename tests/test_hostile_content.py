"""Signed content that a seated player wrote on purpose (issue 25, section 2): every
field of a save is checked for its type and range, in every ruleset, and refused with a
typed error naming it; nothing crashes the engine, ``inspect`` or a page.

A seated player can sign anything with its own key, so each case below takes a genuine
save, changes one field of it and signs it again with the seat's key: only the checks of
the payload stand between that code and the game.
"""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from engine.cli import main
from engine.core import PlayerSpec, find_ruleset
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.maps import load_map
from engine.save_chain import continue_game, differences
from engine.savecode import decode_code, encode_code
from engine.saves import SaveRecord, read_save
from engine.statecheck import MAX_ARMIES, MAX_NAME
from tests import test_saves, test_sealed
from tests.greatwar1907 import test_forum as greatwar_forum
from tests.risk_paper_scissors import test_email_year as rps_email
from ui.greatwar1907.page import GreatWarPage
from ui.greatwar1907.session import GreatWarSession
from ui.pages import PAGES
from ui.shell import forum, pbem

HUGE = 10**100
NAME_900_KB = "x" * 900_000


def resigned(record: SaveRecord, key: PlayerKey, change: Callable[[dict[str, Any]], Any]) -> str:
    """``record``'s code with its state changed by ``change`` and signed again by the
    same seat (as a seated player can)."""
    payload = copy.deepcopy(decode_code(record.code).payload)
    change(payload["st"])
    return encode_code(payload, key, record.seat)


def refused(code: str, expected: str) -> str:
    """The code is refused with ``expected`` on its own (``read_save``, as ``inspect``
    reads it); the message, for the checks below."""
    with pytest.raises(EngineError) as info:
        read_save(code)
    assert info.value.code == expected, info.value.message
    assert len(info.value.message) < 400  # names the field, does not echo a huge value
    return info.value.message


# ------------------------------------------------------------------ the saves of each game
def classic() -> tuple[SaveRecord, PlayerKey]:
    _, record = test_saves.chain(0)[0]
    return record, test_saves.KEYS[record.seat]


def capital() -> tuple[SaveRecord, PlayerKey]:
    return test_sealed.base_save(), test_sealed.KEYS[0]


def great_war() -> tuple[SaveRecord, PlayerKey]:
    return greatwar_forum._base(seats=3), greatwar_forum.KEYS[0]


def rps_after_bids() -> tuple[SaveRecord, SaveRecord, PlayerKey]:
    """Year 1 after the bids (the log holds the bids and the first turn), and the save
    before it."""
    base = rps_email.first_bid_round()
    seals, reveals = rps_email.seal_bids(base)
    record = continue_game(base, rps_email.resolution(base, seals, reveals)).record
    return base, record, rps_email.KEYS[record.seat]


def first(table: dict[str, Any]) -> str:
    return next(iter(table))


# ------------------------------------------------------------------ tracebacks, now typed
def test_great_war_owner_as_a_list_is_refused_typed() -> None:
    """Issue 25: "the Great War's read_save with owner ... as a list (TypeError)": a
    province's owner must be a nation (or Neutral)."""
    record, key = great_war()

    def change(st: dict[str, Any]) -> None:
        st["owner"][first(st["owner"])] = ["russia"]

    code = resigned(record, key, change)
    assert "owner" in refused(code, "state/bad-field")
    assert main(["inspect", code]) == 2  # a typed refusal, not a traceback


def test_great_war_general_pile_of_lists_is_refused_typed() -> None:
    """Issue 25: "general_pile as a list (TypeError)": the pile holds leader ids."""
    record, key = great_war()
    code = resigned(record, key, lambda st: st.__setitem__("general_pile", [["brusilov"]]))
    assert "general_pile" in refused(code, "state/bad-field")


def test_great_war_credits_of_one_and_a_half_are_refused_typed() -> None:
    """Issue 25: "credits 1.5 (TypeError)": credits are a list of [quarters, province]."""
    record, key = great_war()

    def change(st: dict[str, Any]) -> None:
        st["nations"][first(st["nations"])]["credits"] = 1.5

    assert "credits" in refused(resigned(record, key, change), "state/bad-field")


def test_capital_colour_entry_true_is_refused_typed() -> None:
    """Issue 25: "Capital with options.colours[i] = true (TypeError)": a colour entry is
    [min_units, name, bonus]."""
    record, key = capital()

    def change(st: dict[str, Any]) -> None:
        st["options"]["colours"][1] = True

    assert "colours[1]" in refused(resigned(record, key, change), "savecode/state")


@pytest.mark.parametrize("seat", [99, HUGE, "x", -1, None])
def test_rps_log_entry_naming_no_seat_is_refused_before_the_report(seat: Any) -> None:
    """Issue 25: "Risk, Paper, Scissors' report on a log entry naming seat 99, 10**100 or
    "x" (IndexError, ValueError)": the log is read like every other field, so the report
    (``python -m engine report``, the page's report panel) only ever gets seats."""
    _, record, key = rps_after_bids()
    turn = next(i for i, e in enumerate(record.state.log) if e["type"] == "turn")

    def change(st: dict[str, Any]) -> None:
        st["log"][turn]["seat"] = seat

    code = resigned(record, key, change)
    assert f"log[{turn}].seat" in refused(code, "rps/bad-state")
    assert main(["report", code]) == 2


def test_rps_log_entries_of_the_rules_still_read_and_report() -> None:
    """The test can fail: the log the rules write passes the checks and is reported."""
    _, record, _ = rps_after_bids()
    again = read_save(record.code)
    assert again.state.log == record.state.log
    report = find_ruleset("risk_paper_scissors").turn_report(again.state, "text")
    assert report is not None and "Bids paid" in report


def test_rps_log_entry_of_an_unknown_kind_or_shape_is_refused() -> None:
    """A log entry is one the rules write: a known kind with its own fields."""
    _, record, key = rps_after_bids()
    for entry in ({"type": "turn"}, {"type": "party", "seat": 0}, {"type": "year", "year": "x"}):
        code = resigned(record, key, lambda st, e=entry: st["log"].append(e))
        refused(code, "rps/bad-state")


# ------------------------------------------------------------------ out of range
def test_classic_armies_of_ten_to_the_hundred_are_refused() -> None:
    """Issue 25: "10**100 armies ... in every ruleset": Classic has no army cap, so a
    territory holds at most the engine's generous one (MAX_ARMIES, 1,000,000)."""
    record, key = classic()

    def change(st: dict[str, Any]) -> None:
        st["a"][0] = HUGE

    assert "armies" in refused(resigned(record, key, change), "savecode/state")
    ok = resigned(record, key, lambda st: st["a"].__setitem__(0, MAX_ARMIES))
    first_territory = load_map(record.state.map_id).territory_ids[0]
    assert read_save(ok).state.armies[first_territory] == MAX_ARMIES


def test_capital_armies_of_ten_to_the_hundred_are_refused() -> None:
    """Issue 25: Capital armies of 10**100."""
    record, key = capital()

    def change(st: dict[str, Any]) -> None:
        st["armies"][first(st["armies"])] = HUGE

    assert "armies" in refused(resigned(record, key, change), "savecode/state")


@pytest.mark.parametrize("field", ["units", "docked", "at_sea", "np", "vp"])
def test_great_war_units_and_points_of_ten_to_the_hundred_are_refused(field: str) -> None:
    """Issue 25: "Great War divisions, ships and np" of 10**100. R26 sets no stacking
    limit: a nation holds at most MAX_ARMIES divisions or ships in one place, and at most
    as many VP or NP."""
    record, key = great_war()

    def change(st: dict[str, Any]) -> None:
        if field in ("np", "vp"):
            st["nations"][first(st["nations"])][field] = HUGE
            return
        place = first(st[field])
        nation = first(st[field][place])
        if field == "units":
            st[field][place][nation] = HUGE
        else:
            st[field][place][nation] = [HUGE, 0]

    assert field in refused(resigned(record, key, change), "state/bad-field")


def test_rps_garrison_above_the_unit_cap_is_refused() -> None:
    """Issue 25: Risk, Paper, Scissors garrisons of 10**100. Spec 3.2: "A player may have
    at most caps pieces of each type on the board: 7 W, 12 J, 25 E": a garrison holds at
    most as many."""
    _, record, key = rps_after_bids()
    territory = first(record.state.owner)

    def huge(st: dict[str, Any]) -> None:
        st["garrisons"][territory][1] = HUGE

    assert "garrisons" in refused(resigned(record, key, huge), "rps/bad-state")

    def one_over(st: dict[str, Any]) -> None:
        st["garrisons"][territory][1] = 26

    assert "0 to 25, got 26" in refused(resigned(record, key, one_over), "rps/bad-state")


NAME_PLACES: dict[str, tuple[str | int, ...]] = {
    "classic": ("p", 0, 0),
    "capital": ("players", 0, "name"),
    "greatwar1907": ("players", 0, 0),
    "risk_paper_scissors": ("players", 0, "name"),
}
STATE_ERRORS = {
    "classic": "savecode/state",
    "capital": "savecode/state",
    "greatwar1907": "state/bad-field",
    "risk_paper_scissors": "rps/bad-state",
}


@pytest.mark.parametrize("ruleset", ["classic", "capital", "greatwar1907", "risk_paper_scissors"])
def test_a_signed_player_name_of_900_kb_is_refused_in_every_ruleset(ruleset: str) -> None:
    """Issue 25: "a signed player name of 900 KB": a name has at most MAX_NAME (64)
    characters in every ruleset."""
    if ruleset == "risk_paper_scissors":
        _, record, key = rps_after_bids()
    else:
        record, key = {"classic": classic, "capital": capital, "greatwar1907": great_war}[ruleset]()
    *path, last = NAME_PLACES[ruleset]

    def change(st: dict[str, Any]) -> None:
        here: Any = st
        for step in path:
            here = here[step]
        here[last] = NAME_900_KB

    expected = STATE_ERRORS[ruleset]
    refused(resigned(record, key, change), expected)
    assert MAX_NAME == 64


@pytest.mark.parametrize("ruleset", ["classic", "capital", "greatwar1907", "risk_paper_scissors"])
def test_new_game_names_obey_the_same_cap(ruleset: str) -> None:
    """Names typed at new_game are held to MAX_NAME too (``game/name``), and a name of
    exactly MAX_NAME characters is taken."""
    rs = find_ruleset(ruleset)
    count = 3
    long_name = "n" * (MAX_NAME + 1)
    with pytest.raises(EngineError) as info:
        rs.new_game([PlayerSpec("Ada"), PlayerSpec(long_name), PlayerSpec("Cy")][:count], {}, "s")
    assert info.value.code == "game/name" and "player 2" in info.value.message
    state = rs.new_game([PlayerSpec("Ada"), PlayerSpec("n" * MAX_NAME), PlayerSpec("Cy")], {}, "s")
    assert state.players[1].name == "n" * MAX_NAME


# ------------------------------------------------------------------ forged forks
def forged_fork(record: SaveRecord, next_code: str, key: PlayerKey) -> str:
    """The genuine next save, claimed to continue another save (its ``prev`` changed)
    and signed again: a fork whose orders cannot be checked here."""
    payload = copy.deepcopy(decode_code(next_code).payload)
    payload["prev"] = "0" * 32
    return encode_code(payload, key, decode_code(next_code).seat)


def test_rps_forged_fork_lists_what_it_changes() -> None:
    """Issue 25: "Risk, Paper, Scissors refuses a forged fork with the wrong reason
    (map/format ...) where the docs promise the warning that lists what changes"."""
    _, base, _ = rps_after_bids()
    mover = base.state.current
    turn = rps_email.save_of(base, rps_email.play_turn(base.state), mover)
    fork = forged_fork(base, turn, rps_email.KEYS[mover])
    continuation = continue_game(base, fork)
    assert not continuation.verified and "fork" in continuation.warnings[0]
    lines = differences(base, continuation.record)
    assert any("→" in line for line in lines)
    with pytest.raises(EngineError) as info:
        forum.accept(base, [fork])
    assert info.value.code == "save/unverified" and "It would change:" in info.value.message
    # The page (ui/shell/pbem.py, as the Risk, Paper, Scissors page reads a pasted code):
    # the warning with the list, and "Keep my verified game".
    game = pbem.PbemGame(base.game_id, base, seat=0)
    key_text = rps_email.KEYS[0].public_key_text
    result = pbem.interpret(game, fork, key_text, "risk_paper_scissors")
    assert result.kind == "warning", result.message
    assert result.differences == tuple(differences(base, continuation.record))


def test_great_war_forged_fork_lists_what_it_changes() -> None:
    """Issue 25: "a forged fork on the Great War page ('GreatWarState' object has no
    attribute 'map_id' in saves.differences)": the differences are read through the
    ruleset's board summary, provinces by their names."""
    base = greatwar_forum._base(seats=3)
    seals, reveals = greatwar_forum._round(base, [0, 1, 2])
    resolved = greatwar_forum._resolve(base, seals, reveals, signer=1)
    fork = forged_fork(base, resolved, greatwar_forum.KEYS[1])
    continuation = continue_game(base, fork)
    assert not continuation.verified
    lines = differences(base, continuation.record)
    assert lines and all(isinstance(line, str) for line in lines)
    with pytest.raises(EngineError) as info:
        forum.accept(base, [fork])
    assert info.value.code == "save/unverified"


def great_war_forum_pages() -> tuple[GreatWarSession, GreatWarSession, PlayerKey, PlayerKey]:
    """Two Great War pages in one forum game (Ada hosts, Bo joins by invitation)."""
    a_key, b_key = greatwar_forum.KEYS[0], greatwar_forum.KEYS[1]
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Bo", "human")]
    specs += [PlayerSpec(f"X{i}", "idle") for i in range(6)]
    a = GreatWarSession.new_forum(specs, {}, "forum", a_key, 0)
    b = GreatWarSession.join(forum.invitation_link("https://host/", a.code, 1, a.invites[1]), b_key)
    b.claim(1, b_key)
    a.paste_save(b.code)
    return a, b, a_key, b_key


def test_great_war_page_refuses_a_forged_fork_listing_its_changes() -> None:
    """Issue 25, through the Great War page's own path (``paste_save``): a forged fork is
    refused as unverified, naming what it would change; the page's game is untouched."""
    a, b, a_key, b_key = great_war_forum_pages()
    a.click("mos")
    a.seal(a_key)
    b.seal(b_key)
    seals = a.sealed + "\n" + b.sealed
    a.confirm_sealed(seals, a_key)
    b.confirm_sealed(seals, b_key)
    held = b.record()
    a.resolve_codes(seals, a.reveal + "\n" + b.reveal, a_key)
    fork = forged_fork(held, a.code, a_key)
    before = b.state.to_json()
    with pytest.raises(EngineError) as info:
        b.paste_save(fork)
    assert info.value.code == "save/unverified" and "It would change:" in info.value.message
    assert b.state.to_json() == before


class QuietShell:
    """The shell a page talks to, keeping its messages (no browser)."""

    def __init__(self) -> None:
        self.messages: list[tuple[str, bool]] = []

    def message(self, text: str, warn: bool) -> None:
        self.messages.append((text, warn))


class PageWithoutBrowser(GreatWarPage):
    """The Great War page's pure-Python path: its buttons, without a DOM to draw."""

    def __init__(self, session: GreatWarSession, pasted: str) -> None:
        super().__init__(QuietShell(), next(e for e in PAGES if e.ruleset == "greatwar1907"))
        self.session = session
        self.pasted = pasted

    def value_of(self, element_id: str) -> str:
        return self.pasted

    def save(self) -> None:
        pass

    def refresh(self) -> None:
        pass

    def maybe_autoplay(self) -> None:
        pass

    def win(self) -> Any:
        return SimpleNamespace(console=SimpleNamespace(info=lambda *_: None))


def press_load(page: PageWithoutBrowser) -> None:
    """The Load button pressed; the page reads the paste in slices (a task), to its end."""

    async def press() -> None:
        page.action("gw-load", None)
        await asyncio.gather(*page.tasks)

    asyncio.run(press())


def test_great_war_page_shows_a_pasted_fork_as_a_refusal_listing_changes() -> None:
    """Issue 25: "30 of 10,000 Great War page mutants (AttributeError)", all forks that
    reached ``saves.differences``: the page's Load button now shows the engine's
    refusal, with what the fork would change; the page lives on, its game untouched."""
    a_key, b_key = greatwar_forum.KEYS[0], greatwar_forum.KEYS[1]
    specs = [PlayerSpec("Ada", "human"), PlayerSpec("Bo", "human")]
    specs += [PlayerSpec(f"X{i}", "idle") for i in range(6)]
    a = GreatWarSession.new_forum(specs, {}, "forum", a_key, 0)
    b = GreatWarSession.join(forum.invitation_link("https://host/", a.code, 1, a.invites[1]), b_key)
    b.claim(1, b_key)
    held, before = a.record(), a.state.to_json()
    page = PageWithoutBrowser(a, forged_fork(held, b.code, b_key))
    press_load(page)
    shell = page.shell
    assert isinstance(shell, QuietShell)
    text, warn = shell.messages[-1]
    assert warn and "not verified" in text and "It would change:" in text
    assert a.state.to_json() == before and a.record() == held


def test_a_fault_of_the_page_itself_is_named_and_the_page_lives_on() -> None:
    """The last resort (ui/shell/sealed_page.py): an exception that is not a refusal of
    the rules is a fault of the page; it is shown in plain words, the game kept."""
    a, _, _, _ = great_war_forum_pages()

    class Broken(GreatWarSession):
        def paste_save(self, text: str) -> str:
            raise AttributeError("'GreatWarState' object has no attribute 'map_id'")

    broken = Broken.__new__(Broken)
    broken.__dict__.update(a.__dict__)
    page = PageWithoutBrowser(broken, "RK1.x.y")
    press_load(page)
    shell = page.shell
    assert isinstance(shell, QuietShell)
    text, warn = shell.messages[-1]
    assert warn and "error of its own (AttributeError)" in text and "kept" in text
    assert "map_id" not in text and "GreatWarState" not in text


def test_the_differences_name_places_holders_and_counts() -> None:
    """A fork's differences: each changed place by name, its holder and units before and
    after (a Classic game, where the map file names the territories)."""
    saves = test_saves.chain(2)
    held, later = saves[0][1], saves[2][1]
    lines = differences(held, later)
    changed = [t for t in held.state.owner if held.state.armies[t] != later.state.armies[t]]
    assert changed
    name = load_map(held.state.map_id).name_of(changed[0])
    assert any(line.startswith(f"{name}: ") for line in lines)


# ------------------------------------------------------------------ NaN and Infinity
@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf"), 1e308])
def test_great_war_pp_of_nan_or_infinity_is_a_bad_field(bad: float) -> None:
    """Issue 25: "parse_order raises a bare ValueError/OverflowError for "pp": NaN or
    Infinity in the Great War (valid to Python's JSON reader): order/bad-field"."""
    order = {
        "kind": "submit-deployment",
        "faction": 0,
        "nation": "russia",
        "trades": [{"with": "france", "give": {"provinces": [], "pp": bad}}],
    }
    with pytest.raises(EngineError) as info:
        find_ruleset("greatwar1907").parse_order(order)
    assert info.value.code == "order/bad-field"


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf")])
@pytest.mark.parametrize(
    ("ruleset", "order"),
    [
        ("classic", {"kind": "place", "territory": "alaska", "count": None}),
        ("capital", {"kind": "submit-orders", "faction": 0, "trades": [[1, 2, None]]}),
        ("capital", {"kind": "submit-orders", "faction": 0, "attacks": [["a", "b", None]]}),
        ("capital", {"kind": "submit-orders", "faction": 0, "placements": [["alaska", None]]}),
        ("greatwar1907", {"kind": "submit-attack", "faction": 0, "nation": "russia",
                          "attacks": [{"from": "mos", "target": "war", "divisions": None}]}),
        ("risk_paper_scissors", {"kind": "Bid", "faction": 0, "amount": None, "slots": [1]}),
        ("risk_paper_scissors", {"kind": "BuyUnits", "territory": "alaska", "e": None,
                                 "j": 0, "w": 0}),
    ],
)  # fmt: skip
def test_nan_or_infinity_in_any_order_is_a_bad_field(
    ruleset: str, order: dict[str, Any], bad: float
) -> None:
    """Issue 25: "order/bad-field, in every ruleset": a count of NaN or Infinity."""
    filled = copy.deepcopy(order)
    for value in filled.values():
        for part in value if isinstance(value, list) else [value]:
            if isinstance(part, list):
                part[part.index(None)] = bad
            elif isinstance(part, dict):
                part["divisions"] = bad
    for name, value in filled.items():
        if value is None:
            filled[name] = bad
    with pytest.raises(EngineError) as info:
        find_ruleset(ruleset).parse_order(filled)
    assert info.value.code == "order/bad-field", info.value.message


@pytest.mark.parametrize("ruleset", ["capital", "greatwar1907"])
@pytest.mark.parametrize("report", [{"zz": [1]}, {"production": "x"}])
def test_a_signed_last_report_the_writer_cannot_read_is_refused(
    ruleset: str, report: dict[str, Any]
) -> None:
    """The saved turn report is a field like any other: a code whose report the report
    writer cannot read (``python -m engine report``, the page's report panel) is refused
    when it is read, naming the field, instead of failing in the report."""
    record, key = capital() if ruleset == "capital" else great_war()
    code = resigned(record, key, lambda st: st.__setitem__("last_report", report))
    assert "last_report" in refused(code, "savecode/state")
    assert main(["report", code]) == 2


@pytest.mark.parametrize(
    "slot",
    [
        {"kind": "submit-attack", "faction": 0, "nation": "russia"},
        {"kind": "submit-deployment", "faction": 1, "nation": "russia"},
        {"kind": "submit-deployment", "faction": 0, "nation": "russia", "builds": 3},
    ],
)
def test_great_war_sealed_slot_must_hold_its_nations_orders_for_the_phase(
    slot: dict[str, Any],
) -> None:
    """A Great War state's order slots (R3) hold each nation's own submission for the
    phase, in the form the orders are read: anything else is refused when read."""
    record, key = great_war()
    code = resigned(record, key, lambda st: st["orders"].__setitem__(0, slot))
    with pytest.raises(EngineError) as info:
        read_save(code)
    assert info.value.code in ("savecode/state", "order/bad-field")


def test_a_900_kb_text_in_a_signed_report_is_refused_before_it_is_read() -> None:
    """A report's texts are at most MAX_REPORT_TEXT (10,000) characters: a 900 KB one
    where the report writer reads a list would make every page that reads it slow."""
    record, key = great_war()
    code = resigned(
        record, key, lambda st: st.__setitem__("last_report", {"production": NAME_900_KB})
    )
    assert "more than 10000 characters" in refused(code, "savecode/state")


def test_a_flag_written_true_instead_of_1_is_another_code_and_refused() -> None:
    """Found by the slow tier: Python holds 1 == True and 0 == 0.0, so a replayed position
    compared as Python values let a re-signed save with ``true`` for a saved 1 verify.
    One game has one save code: the position is compared as JSON text."""
    saves = test_saves.chain(1)
    held, (code, record) = saves[0][1], saves[1]
    key = test_saves.KEYS[record.seat]
    alive = resigned(record, key, lambda st: st["p"][0].__setitem__(6, True))
    with pytest.raises(EngineError) as info:
        continue_game(held, alive)
    assert info.value.code == "save/replay"
    assert continue_game(held, code).verified
