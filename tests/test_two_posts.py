"""Email and forum in two posts a phase (issue 30): each player posts their sealed orders,
pastes the page, posts their reveal, pastes the page again, and every page resolves the
phase itself, reaching the same position with the same checks as a resolver's save."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

import pytest

from engine.core import PlayerSpec
from engine.keys import PlayerKey
from engine.save_chain import continue_game
from engine.savecode import canonical_json, decode_code, encode_code
from ui.capital.session import CapitalSession
from ui.greatwar1907.session import GreatWarSession
from ui.shell import forum

KEYS = [PlayerKey.generate(hashlib.sha256(f"two-posts-{i}".encode()).digest()) for i in range(3)]
NAMES = ["Ann", "Bob", "Cy"]


def forum_page(posts: Sequence[tuple[str, str]], width: int = 70) -> str:
    """A forum thread as a player copies it: each post quoting the one before it (with
    ``>`` prefixes and BBCode), every code wrapped at ``width`` columns."""
    lines = ["[b]Game thread[/b] — page 1 of 1", "Posted by the host: welcome!", ""]
    previous = ""
    for who, code in posts:
        wrapped = "\n".join(code[i : i + width] for i in range(0, len(code), width))
        lines.append(f"{who} wrote (Fri 23:1{len(lines) % 10}):")
        if previous:
            lines.append("[quote]")
            lines += ["> " + line for line in previous.splitlines()]
            lines.append("[/quote]")
        lines += ["Here are my orders.", f"[code]{wrapped}[/code]", "Good luck, all.", ""]
        previous = wrapped
    return "\n".join(lines)


def state_json(session: Any) -> bytes:
    return canonical_json(session.state.to_json())


def three_capital() -> list[CapitalSession]:
    """Ann hosts a three-faction Capital Risk forum game; Bob and Cy join by their
    invitation links and claim (setup, before any phase: each claim is pasted)."""
    specs = [PlayerSpec(n, "human") for n in NAMES]
    a = CapitalSession.new_forum(specs, {}, "two-posts", KEYS[0], 0)
    return join_others(a, CapitalSession)


def join_others(a: Any, kind: Any) -> list[Any]:
    pages = [a]
    for seat in (1, 2):
        link = forum.invitation_link("https://host/", a.code, seat, a.invites[seat])
        page = kind.join(link, KEYS[seat])
        for earlier in pages[1:]:  # the claims made before, pasted as one page
            page.paste_page(forum_page([(NAMES[earlier.seat], earlier.code)]), KEYS[seat])
        page.claim(seat, KEYS[seat])
        pages.append(page)
    claims = forum_page([(NAMES[p.seat], p.code) for p in pages[1:]])
    for page in pages[:2]:
        page.paste_page(claims, KEYS[page.seat])
    assert len({p.record().hash for p in pages}) == 1
    return pages


def write_orders(pages: Sequence[Any]) -> None:
    for page in pages:
        if isinstance(page, CapitalSession) and page.setup:
            page.click(page.highlight()[0])
        page.seal(KEYS[page.seat])
        assert page.stage == "sealed" and page.confirmed == page.moderated


def two_posts(pages: Sequence[Any]) -> list[str]:
    """One phase: post 1 (sealed codes), paste 1, post 2 (reveals), paste 2; the
    messages of paste 2."""
    write_orders(pages)
    seals = forum_page([(NAMES[p.seat], p.sealed) for p in pages])
    for page in pages:
        page.paste_page(seals, KEYS[page.seat])
        assert page.confirmed, page.page_note
    thread = [(NAMES[p.seat], p.sealed) for p in pages]
    thread += [(NAMES[p.seat], p.reveal) for p in reversed(pages)]
    full = forum_page(thread)
    return [page.paste_page(full, KEYS[page.seat]) for page in pages]


def test_three_capital_pages_resolve_the_phase_alike_in_two_posts_and_two_pastes() -> None:
    """Issue 30: "per player and phase, at most two posts (the sealed orders, then the
    reveal) and at most two pastes ... every page reaches the same position and shows
    the same report"."""
    pages = three_capital()
    before = pages[0].record().hash
    messages = two_posts(pages)
    assert all("resolved here" in m for m in messages), messages
    assert len({state_json(p) for p in pages}) == 1
    assert len({json.dumps(p.state.last_report, sort_keys=True) for p in pages}) == 1
    assert all(p.stage in ("replay", "report") for p in pages)
    # Each page signed its own save, but the saves are one save: the same payload, so
    # the same hash continues the same chain.
    assert len({p.code for p in pages}) == 3
    assert len({p.record().hash for p in pages}) == 1
    assert all(p.record().prev == before for p in pages)
    # The next phase goes the same way from every page's own save.
    for page in pages:
        page.skip_replay()
        page.next_phase()
    two_posts(pages)
    assert len({state_json(p) for p in pages}) == 1 and pages[0].state.turn == 2


def test_a_page_resolved_itself_with_the_checks_of_a_received_save() -> None:
    """docs/play-by-email.md: a page's own resolution is the save every other page
    would check; another page's save of the same resolution is the same save (already
    loaded), and a page that held the previous save accepts it by replay."""
    pages = three_capital()
    held = pages[0].record()
    two_posts(pages)
    for page in pages:
        assert continue_game(held, page.code).verified
    note = pages[0].paste_page(forum_page([("Bob", pages[1].code)]), KEYS[0])
    assert "older save" in note or "already" in note


def test_a_player_who_missed_posts_catches_up_with_one_code() -> None:
    """ "A new save code is needed only to bring in a player who missed posts": the code
    for a player who missed posts, pasted as part of a page, brings a page two phases
    behind to the same position."""
    pages = three_capital()
    behind = CapitalSession.from_json(json.loads(json.dumps(pages[2].to_json())))
    two_posts(pages)
    for page in pages:
        page.skip_replay()
        page.next_phase()
    two_posts(pages)
    catch_up = pages[1].catch_up_code()
    assert len(forum.split_codes(catch_up)) >= 2
    behind.paste_page("Cy, you missed two turns:\n" + forum_page([("Bob", catch_up)]), KEYS[2])
    assert state_json(behind) == state_json(pages[0])


def tampered(code: str) -> str:
    """The code with one character of its data changed (its signature no longer holds)."""
    at = len(code) // 2
    return code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1 :]


def test_an_altered_reveal_in_the_page_is_refused_naming_its_seat() -> None:
    """docs/play-by-email.md: "an altered or forged code is refused"; the page names
    whose reveal it was, does not resolve, and resolves once the real one is pasted."""
    pages = three_capital()
    write_orders(pages)
    seals = forum_page([(NAMES[p.seat], p.sealed) for p in pages])
    for page in pages:
        page.paste_page(seals, KEYS[page.seat])
    bad = tampered(pages[1].reveal)
    page = forum_page([("Ann", pages[0].reveal), ("Bob", bad), ("Cy", pages[2].reveal)])
    note = pages[0].paste_page(page, KEYS[0])
    assert "Bob's reveal was changed after it was signed: altered, forged" in note
    assert "Bob's reveal missing" in note
    assert pages[0].stage == "sealed"
    note = pages[0].paste_page(forum_page([("Bob", pages[1].reveal)]), KEYS[0])
    assert "resolved here" in note


def test_a_reveal_that_does_not_open_its_seal_is_refused_naming_its_seat() -> None:
    """docs/play-by-email.md: "each reveal must open its faction's sealed code": a reveal
    signed by Bob's key for other orders than he sealed is refused, naming Bob."""
    pages = three_capital()
    write_orders(pages)
    seals = forum_page([(NAMES[p.seat], p.sealed) for p in pages])
    for page in pages:
        page.paste_page(seals, KEYS[page.seat])
    payload = dict(decode_code(pages[1].reveal).payload)
    payload["s"] = "another-salt-than-the-sealed-one"
    resigned = encode_code(payload, KEYS[1], 1)
    page = forum_page([("Ann", pages[0].reveal), ("Bob", resigned), ("Cy", pages[2].reveal)])
    note = pages[2].paste_page(page, KEYS[2])
    assert "Bob's reveal refused" in note and "does not match its sealed code" in note
    assert pages[2].stage == "sealed"


def test_a_reveal_made_before_every_seal_was_in_is_refused() -> None:
    """docs/play-by-email.md: "each reveal must ... name all the seals in the save": a
    reveal that names no seals (made before the page had them all) is not used."""
    pages = three_capital()
    write_orders(pages)
    unbound = pages[1].reveal
    seals = forum_page([(NAMES[p.seat], p.sealed) for p in pages])
    for page in pages:
        page.paste_page(seals, KEYS[page.seat])
    page = forum_page([("Ann", pages[0].reveal), ("Bob", unbound), ("Cy", pages[2].reveal)])
    note = pages[0].paste_page(page, KEYS[0])
    assert "Bob's reveal refused" in note and pages[0].stage == "sealed"


def test_the_page_reports_what_it_found_and_waits_for_the_rest() -> None:
    """Issue 30: the paste box "reports what it found ("3 sealed orders, 2 reveals, Bob's
    reveal missing")"; codes of another game are counted, never fatal."""
    pages = three_capital()
    other = CapitalSession.new_forum(
        [PlayerSpec(n, "human") for n in NAMES], {}, "other", KEYS[0], 0
    )
    write_orders(pages)
    partial = forum_page([("Ann", pages[0].sealed), ("Zed", other.code)])
    note = pages[1].paste_page(partial, KEYS[1])
    assert "sealed orders missing from Cy" in note and "another game" in note
    assert not pages[1].confirmed
    seals = forum_page([(NAMES[p.seat], p.sealed) for p in pages[::2]])
    note = pages[1].paste_page(seals, KEYS[1])
    assert pages[1].confirmed and "post your reveal" in note
    for page in (pages[0], pages[2]):
        page.paste_page(seals + "\n" + forum_page([("Bob", pages[1].sealed)]), KEYS[page.seat])
    reveals = forum_page([("Ann", pages[0].reveal)])
    note = pages[1].paste_page(reveals, KEYS[1])
    assert "3 sealed orders, 2 reveals" in note and "Cy's reveal missing" in note


def test_the_moderated_game_still_resolves_at_the_moderator_only() -> None:
    """docs/play-by-email.md: "In a moderated game only the moderator named in the first
    save resolves": the orders codes pasted as a page resolve at the moderator's page,
    and the players load its save from a page."""
    specs = [PlayerSpec(n, "human") for n in NAMES]
    a = CapitalSession.new_forum(specs, {}, "two-posts-mod", KEYS[0], 0, moderated=True)
    pages = join_others(a, CapitalSession)
    write_orders(pages)
    orders = forum_page([(NAMES[p.seat], p.reveal) for p in pages])
    note = pages[1].paste_page(orders, KEYS[1])
    assert pages[1].stage == "sealed" and "3 orders codes" in note
    pages[0].paste_page(orders, KEYS[0])
    assert pages[0].stage in ("replay", "report")
    for page in pages[1:]:
        page.paste_page(forum_page([("Ann (moderator)", pages[0].code)]), KEYS[page.seat])
        assert state_json(page) == state_json(pages[0])


def test_three_great_war_pages_resolve_a_phase_alike() -> None:
    """Issue 30 for the Great War: each sealed round (a phase) in two posts and two
    pastes; the three pages reach the same position."""
    specs = [PlayerSpec(n, "human") for n in NAMES]
    specs += [PlayerSpec(f"X{i}", "idle") for i in range(5)]
    a = GreatWarSession.new_forum(specs, {}, "two-posts-gw", KEYS[0], 0)
    pages = join_others(a, GreatWarSession)
    before = pages[0].state.phase
    messages = two_posts(pages)
    assert all("resolved here" in m for m in messages), messages
    assert len({state_json(p) for p in pages}) == 1
    assert pages[0].state.phase != before or pages[0].state.turn > 1


@pytest.mark.parametrize("width", [40, 64, 77])
def test_codes_wrapped_at_any_width_are_found(width: int) -> None:
    pages = three_capital()
    write_orders(pages)
    page = forum_page([(NAMES[p.seat], p.sealed) for p in pages], width)
    note = pages[0].paste_page(page, KEYS[0])
    assert "3 sealed orders" in note and pages[0].confirmed


def test_a_late_page_shows_its_reveal_before_it_resolves() -> None:
    """A player who pastes the page only once the others have revealed first gets their
    reveal to post (the other pages need it); their next paste resolves the turn."""
    pages = three_capital()
    write_orders(pages)
    seals = forum_page([(NAMES[p.seat], p.sealed) for p in pages])
    for page in (pages[0], pages[2]):
        page.paste_page(seals, KEYS[page.seat])
    thread = seals + "\n" + forum_page([("Ann", pages[0].reveal), ("Cy", pages[2].reveal)])
    note = pages[1].paste_page(thread, KEYS[1])
    assert pages[1].stage == "sealed" and "post your reveal code" in note
    bob_reveal = pages[1].reveal
    note = pages[1].paste_page(thread, KEYS[1])
    assert "resolved here" in note
    for page in (pages[0], pages[2]):
        page.paste_page(thread + "\n" + forum_page([("Bob", bob_reveal)]), KEYS[page.seat])
    assert len({state_json(p) for p in pages}) == 1
