"""Engine timing tasks shared by CPython (``bench.tasks``) and the in-page bench page.

The bench page copies this file into Pyodide's working directory as ``bench_tasks.py``
(see ``bench/page/pyscript.toml``), so it imports only the engine and the standard library,
and never the rest of the ``bench`` package.  Every function returns plain JSON-ready data;
times are milliseconds from ``time.perf_counter``.
"""

from __future__ import annotations

import hashlib
import statistics
import sys
import time
from typing import Any

TaskResult = dict[str, Any]


def _ms(seconds: float) -> float:
    return round(seconds * 1000.0, 3)


def _spread(values: list[float]) -> dict[str, float]:
    """Median, min, max (and count) of a list of milliseconds."""
    if not values:
        return {"median": float("nan"), "min": float("nan"), "max": float("nan"), "n": 0}
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return {
        "first": round(values[0], 3),
        "median": round(statistics.median(ordered), 3),
        "p90": round(p90, 3),
        "min": round(ordered[0], 3),
        "max": round(ordered[-1], 3),
        "n": len(ordered),
    }


def player_keys(count: int, salt: str = "bench") -> list[Any]:
    """Deterministic signing keys, one per seat (as tests/test_saves.py builds them)."""
    from engine.keys import PlayerKey

    return [
        PlayerKey.generate(hashlib.sha256(f"{salt}seat{i}".encode()).digest()) for i in range(count)
    ]


def classic_turn_times(
    players: int = 6,
    level: str = "baseline",
    seeds: tuple[str, ...] = ("t1",),
    max_turns: int = 40,
    options: dict[str, Any] | None = None,
) -> list[float]:
    """Milliseconds per computer turn (every order from the start of a player's turn to the
    next player's turn, choosing and applying) in Classic games where every seat is
    ``level``.  Set-up before turn 1 is not counted."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset

    ruleset = find_ruleset("classic")
    times: list[float] = []
    for seed in seeds:
        specs = [PlayerSpec(f"Computer {i + 1}", level) for i in range(players)]
        state = ruleset.new_game(specs, dict(options or {}), seed)
        current = state.turn
        started = time.perf_counter()
        while ruleset.winner(state) is None and state.turn <= max_turns:
            state = ruleset.apply(state, choose_order(state)).state
            if state.turn != current:
                now = time.perf_counter()
                if current >= 1:
                    times.append(_ms(now - started))
                current = state.turn
                started = time.perf_counter()
    return times


def capital_sealed_states(factions: int = 8, seed: str = "r1", turns: int = 10) -> list[Any]:
    """Capital Risk positions with every faction's orders sealed, ready to resolve: one per
    turn from 1 to ``turns`` (fewer if the game ends first)."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset
    from engine.rulesets.capital import Phase, Resolve

    ruleset = find_ruleset("capital")
    specs = [PlayerSpec(f"Computer {i + 1}", "baseline") for i in range(factions)]
    state = ruleset.new_game(specs, {}, seed)
    ready: list[Any] = []
    while state.phase is not Phase.GAME_OVER and len(ready) < turns:
        if state.missing():
            state = ruleset.apply(state, choose_order(state)).state
            continue
        if state.phase is Phase.ORDERS and state.turn >= 1:
            ready.append(state)
        state = ruleset.apply(state, Resolve()).state
    return ready


def capital_resolution_times(
    factions: int = 8, seeds: tuple[str, ...] = ("r1",), turns: int = 10, repeats: int = 3
) -> list[float]:
    """Milliseconds to resolve one Capital Risk turn (all orders sealed): for each sealed
    position, the median of ``repeats`` resolutions of it."""
    from engine.core import find_ruleset
    from engine.rulesets.capital import Resolve

    ruleset = find_ruleset("capital")
    times: list[float] = []
    for seed in seeds:
        for state in capital_sealed_states(factions, seed, turns):
            samples = []
            for _ in range(repeats):
                started = time.perf_counter()
                ruleset.apply(state, Resolve())
                samples.append(_ms(time.perf_counter() - started))
            times.append(statistics.median(samples))
    return times


def capital_order_times(
    factions: int = 6, seeds: tuple[str, ...] = ("o1",), turns: int = 10, level: str = "baseline"
) -> list[float]:
    """Milliseconds for one computer faction to choose its Capital Risk orders (one
    faction's "computer turn"; resolution not included), turns 1 to ``turns``."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset
    from engine.rulesets.capital import Phase, Resolve

    ruleset = find_ruleset("capital")
    times: list[float] = []
    for seed in seeds:
        specs = [PlayerSpec(f"Computer {i + 1}", level) for i in range(factions)]
        state = ruleset.new_game(specs, {}, seed)
        while state.phase is not Phase.GAME_OVER and state.turn <= turns:
            if not state.missing():
                state = ruleset.apply(state, Resolve()).state
                continue
            started = time.perf_counter()
            order = choose_order(state)
            elapsed = time.perf_counter() - started
            if state.phase is Phase.ORDERS:
                times.append(_ms(elapsed))
            state = ruleset.apply(state, order).state
    return times


def greatwar_sealed_states(seed: str = "w1", turns: int = 10) -> list[Any]:
    """Great War 1907 positions with all 8 computer nations' orders sealed, ready to
    resolve: one per phase of turns 1 to ``turns``."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset
    from engine.rulesets.greatwar1907 import Phase

    ruleset = find_ruleset("greatwar1907")
    specs = [PlayerSpec(f"Computer {i + 1}", "standard") for i in range(8)]
    state = ruleset.new_game(specs, {}, seed)
    ready: list[Any] = []
    while state.phase is not Phase.GAME_OVER and state.turn <= turns:
        if any(slot is None for slot in state.orders):
            state = ruleset.apply(state, choose_order(state)).state
            continue
        ready.append(state)
        state = ruleset.apply(state, choose_order(state)).state
    return ready


def greatwar_resolution_times(
    seeds: tuple[str, ...] = ("w1",), turns: int = 10, repeats: int = 3
) -> list[float]:
    """Milliseconds to resolve one 8-nation Great War 1907 phase (orders sealed): for
    each sealed position, the median of ``repeats`` resolutions of it."""
    from engine.core import find_ruleset
    from engine.rulesets.greatwar1907 import Resolve

    ruleset = find_ruleset("greatwar1907")
    times: list[float] = []
    for seed in seeds:
        for state in greatwar_sealed_states(seed, turns):
            samples = []
            for _ in range(repeats):
                started = time.perf_counter()
                ruleset.apply(state, Resolve(force=True))
                samples.append(_ms(time.perf_counter() - started))
            times.append(statistics.median(samples))
    return times


def greatwar_order_times(
    seeds: tuple[str, ...] = ("w1",), turns: int = 10, level: str = "standard"
) -> list[float]:
    """Milliseconds for one computer nation to choose its orders for a phase (the
    resolution not included), turns 1 to ``turns``."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset
    from engine.rulesets.greatwar1907 import Phase

    ruleset = find_ruleset("greatwar1907")
    times: list[float] = []
    for seed in seeds:
        specs = [PlayerSpec(f"Computer {i + 1}", level) for i in range(8)]
        state = ruleset.new_game(specs, {}, seed)
        while state.phase is not Phase.GAME_OVER and state.turn <= turns:
            missing = any(slot is None for slot in state.orders)
            started = time.perf_counter()
            order = choose_order(state)
            if missing:
                times.append(_ms(time.perf_counter() - started))
            state = ruleset.apply(state, order).state
    return times


def classic_game_at_turn(
    players: int, turn: int, seed: str = "s1", control: str = "baseline"
) -> tuple[Any, Any, list[Any]]:
    """A Classic game between human seats (each move chosen by the ``control`` computer
    player, as tests/test_saves.py does) played to the start of ``turn``.

    Returns (the position at the start of turn ``turn - 1``, the position at the start of
    ``turn``, the orders between them).  If the game ends first, the last position.
    """
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset

    ruleset = find_ruleset("classic")
    specs = [PlayerSpec(f"P{i + 1}", "human") for i in range(players)]
    state = ruleset.new_game(specs, {}, seed)
    before: Any = None
    orders: list[Any] = []
    while state.turn < turn and ruleset.winner(state) is None:
        if before is None and state.turn >= turn - 1:
            before = state
        probe = state.clone()
        seat = ruleset.actor(probe)
        probe.players[seat].control = control
        order = choose_order(probe)
        if before is not None:
            orders.append(order)
        state = ruleset.apply(state, order).state
    return (state if before is None else before), state, orders


def save_code_times(players: int = 6, turn: int = 20, repeats: int = 5) -> TaskResult:
    """Encode (sign) a 6-player Classic save code, decode and verify its signature, and
    verify it as the next save of a chain by replaying its orders; milliseconds each."""
    from engine.core import find_ruleset
    from engine.save_chain import continue_game
    from engine.saves import make_save, read_save

    ruleset = find_ruleset("classic")
    keys = player_keys(players)
    key_texts = [k.public_key_text for k in keys]
    before, state, orders = classic_game_at_turn(players, turn)
    first_seat = ruleset.actor(before) or 0
    first = make_save(
        ruleset, before, game_id="bench", keys=key_texts, signer=keys[first_seat], seat=first_seat
    )
    first_record = read_save(first)
    encode: list[float] = []
    decode: list[float] = []
    replay: list[float] = []
    code = ""
    for _ in range(repeats):
        started = time.perf_counter()
        code = make_save(
            ruleset,
            state,
            game_id="bench",
            keys=key_texts,
            signer=keys[first_seat],
            seat=first_seat,
            previous=first_record,
            actions=orders,
        )
        encode.append(_ms(time.perf_counter() - started))
        started = time.perf_counter()
        read_save(code)
        decode.append(_ms(time.perf_counter() - started))
        started = time.perf_counter()
        continuation = continue_game(first_record, code)
        replay.append(_ms(time.perf_counter() - started))
        if not continuation.verified:
            raise RuntimeError("bench save chain did not verify")
    return {
        "players": players,
        "turn": turn,
        "orders": len(orders),
        "code_chars": len(code),
        "encode_ms": _spread(encode),
        "decode_verify_ms": _spread(decode),
        "chain_verify_ms": _spread(replay),
    }


def hostile_codes(size: int = 1_000_000) -> dict[str, str]:
    """Codes of up to ``size`` characters built to be slow to refuse: each stresses a check
    that runs before (or, for the last, at) the signature (issue 12: "a code of up to 1 MB
    is refused or accepted within 1 s in the page")."""
    import base64
    import random
    import zlib

    from engine.savecode import canonical_json

    key = player_keys(1, "hostile")[0]
    rng = random.Random(12)

    def code_of(raw: bytes) -> str:
        packer = zlib.compressobj(9, zlib.DEFLATED, -15)
        body = base64.urlsafe_b64encode(packer.compress(raw) + packer.flush()).rstrip(b"=")
        signed = "RK1." + body.decode("ascii")
        signature = base64.urlsafe_b64encode(key.sign(signed.encode())).rstrip(b"=")
        return f"{signed}.{signature.decode()}"

    limit = 999_000
    noise = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(size))
    signed_big = canonical_json(
        {"p": {"junk": noise[: limit - 200]}, "pk": key.public_key_text, "seat": 0, "v": 1}
    )
    return {
        "escaped_quotes": code_of(b"[" * 70 + b'"' + b'\\"' * (limit // 2 - 40)),
        "deep_brackets": code_of(b"[" * limit),
        "bracket_strings": code_of(b"[" * 70 + b'"[\\"",' * (limit // 6 - 20)),
        "random_body": "RK1."
        + base64.urlsafe_b64encode(rng.randbytes(size * 3 // 4 - 100)).rstrip(b"=").decode()
        + "."
        + "A" * 86,
        "whitespace": "RK1." + " \n" * (size // 2 - 10) + "A.B",
        "signed_1mb_json": code_of(signed_big),
    }


def hostile_code_times(size: int = 1_000_000, repeats: int = 3) -> TaskResult:
    """Milliseconds to refuse (or read) each code of :func:`hostile_codes` with
    ``engine.saves.read_save``; ``slowest_ms`` is the worst median."""
    from engine.errors import EngineError
    from engine.saves import read_save

    out: dict[str, Any] = {}
    for name, code in hostile_codes(size).items():
        samples = []
        refusal = "accepted"
        for _ in range(repeats):
            started = time.perf_counter()
            try:
                read_save(code)
            except EngineError as exc:
                refusal = exc.code
            samples.append(_ms(time.perf_counter() - started))
        out[name] = {"chars": len(code), "refusal": refusal, "ms": _spread(samples)}
    out["slowest_ms"] = max(entry["ms"]["median"] for entry in out.values())
    return out


def rps_turn_times(
    players: int = 4, level: str = "standard", seeds: tuple[str, ...] = ("s1",)
) -> tuple[list[float], list[float]]:
    """Risk, Paper, Scissors: milliseconds per computer turn (every order from a turn's
    start to the next turn or the next year's bid, choosing and applying) and per whole
    game (creation to final scoring), every seat ``level``."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset

    ruleset = find_ruleset("risk_paper_scissors")
    turns: list[float] = []
    games: list[float] = []
    for seed in seeds:
        game_started = time.perf_counter()
        specs = [PlayerSpec(f"Computer {i + 1}", level) for i in range(players)]
        state = ruleset.new_game(specs, {}, seed)
        turn_phases = ("purchase", "action", "losses")
        started: float | None = None
        on_turn: tuple[int, int] | None = None
        while ruleset.actor(state) is not None:
            if state.phase.value in turn_phases and started is None:
                started, on_turn = time.perf_counter(), (state.turn, state.slot)
            state = ruleset.apply(state, choose_order(state)).state
            still = state.phase.value in turn_phases and (state.turn, state.slot) == on_turn
            if started is not None and not still:
                turns.append(_ms(time.perf_counter() - started))
                started = None
        games.append(_ms(time.perf_counter() - game_started))
    return turns, games


def rps_legal_orders_state(phase: str) -> Any:
    """A Risk, Paper, Scissors position at its worst for ``legal_orders`` (issue 25 §3),
    as an edited code can set it: in the ``bid`` phase the bidder has 10**6 energy; in
    the ``purchase`` and ``action`` phases the player on turn owns all 42 land
    territories (3E/1J/1W each, every commander), holds one of every card and can pay
    for every move."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset
    from engine.rulesets.risk_paper_scissors.battle import Side
    from engine.rulesets.risk_paper_scissors.cards import CARDS
    from engine.rulesets.risk_paper_scissors.options import COMMANDER_TYPES

    ruleset = find_ruleset("risk_paper_scissors")
    specs = [PlayerSpec(f"Computer {i + 1}", "standard") for i in range(4)]
    state = ruleset.new_game(specs, {}, "worst")
    while state.phase.value != phase:
        state = ruleset.apply(state, choose_order(state)).state
    seat = state.current
    state.players[seat].energy = 10**6
    if phase in ("purchase", "action"):
        for territory in state.board.land:
            state.set_side(territory, seat, Side(3, 1, 1))
        state.set_side(state.board.land[0], seat, Side(3, 1, 1, frozenset(COMMANDER_TYPES)))
        state.players[seat].hand = sorted(CARDS)
    return state


def rps_legal_orders_times(repeats: int = 3) -> TaskResult:
    """Milliseconds for ``legal_orders`` in the worst positions of
    :func:`rps_legal_orders_state` (before issue 25: 7.3 s listing 1,000,002 bids; 1.9 s
    for 42 territories in CPython), and how many orders it lists."""
    from engine.core import find_ruleset

    ruleset = find_ruleset("risk_paper_scissors")
    out: dict[str, Any] = {}
    for phase in ("bid", "purchase", "action"):
        state = rps_legal_orders_state(phase)
        samples = []
        listed = 0
        for _ in range(repeats):
            started = time.perf_counter()
            listed = len(ruleset.legal_orders(state))
            samples.append(_ms(time.perf_counter() - started))
        out[phase] = {"orders": listed, "ms": _spread(samples)}
    out["slowest_ms"] = max(entry["ms"]["median"] for entry in out.values())
    return out


def forum_thread(posts: list[tuple[str, str]], width: int = 70) -> str:
    """A forum thread as a player copies it (issue 30): each post quoting the one before
    it (``>`` prefixes inside BBCode ``[quote]``), its own code in ``[code]`` wrapped at
    ``width`` columns, with the forum's prose around."""
    lines = ["[b]Game thread[/b] - page 1 of 1", "Posted by the host: welcome!", ""]
    previous = ""
    for n, (who, code) in enumerate(posts):
        wrapped = "\n".join(code[i : i + width] for i in range(0, len(code), width))
        lines.append(f"{who} wrote (Fri 23:{n % 60:02d}):")
        if previous:
            lines += ["[quote]", *("> " + line for line in previous.splitlines()), "[/quote]"]
        lines += ["Here are my orders.", f"[code]{wrapped}[/code]", "Good luck, all.", ""]
        previous = wrapped
    return "\n".join(lines)


def forum_round(factions: int = 8) -> tuple[Any, str, Any, str]:
    """A Capital Risk forum game of ``factions`` players (all joined and claimed), each
    with its setup sealed and the sealed codes pasted: (the last player's page as JSON,
    the whole thread of the phase as that player copies it (every sealed code, then
    every reveal), that player's key, the session type)."""
    from engine.core import PlayerSpec
    from ui.capital.session import CapitalSession
    from ui.shell import forum

    keys = player_keys(factions, "forum")
    names = [f"Player{i + 1}" for i in range(factions)]
    host = CapitalSession.new_forum(
        [PlayerSpec(n, "human") for n in names], {}, "bench-forum", keys[0], 0
    )
    pages = [host]
    for seat in range(1, factions):
        link = forum.invitation_link("https://host/", host.code, seat, host.invites[seat])
        page = CapitalSession.join(link, keys[seat])
        if len(pages) > 1:  # the claims made before, pasted as one page
            page.paste_page(forum_thread([(names[p.seat], p.code) for p in pages[1:]]), keys[seat])
        page.claim(seat, keys[seat])
        pages.append(page)
    claims = forum_thread([(names[p.seat], p.code) for p in pages[1:]])
    for page in pages[:-1]:
        page.paste_page(claims, keys[page.seat])
    for page in pages:
        page.click(page.highlight()[0])  # a capital chosen: the setup's orders
        page.seal(keys[page.seat])
    seals = forum_thread([(names[p.seat], p.sealed) for p in pages])
    for page in pages:
        page.paste_page(seals, keys[page.seat])
    thread = [(names[p.seat], p.sealed) for p in pages]
    thread += [(names[p.seat], p.reveal) for p in reversed(pages)]
    last = pages[-1]
    return last.to_json(), forum_thread(thread), keys[last.seat], CapitalSession


def forum_screen(page: Any) -> float:
    """Milliseconds to do what the game page does with a Capital Risk forum game before
    its player can paste: draw its screen (the status with the faction table, the
    stage's panel, the forum card, the log, the board)."""
    from maps import read_map_file
    from ui.capital import panels
    from ui.shell.render import render_map

    started = time.perf_counter()
    stage = panels.sealed_html(page) if page.stage == "sealed" else ""
    html = panels.status_html(page) + stage + panels.forum_html(page, "https://host/")
    html += panels.log_html(page) + render_map(page.state, read_map_file("classic_geometry.json"))
    if not html:
        raise RuntimeError("the bench's forum screen drew nothing")
    return _ms(time.perf_counter() - started)


def run_now(coroutine: Any) -> Any:
    """Run a coroutine that never waits (its pauses return at once) to its end, without
    an event loop (the bench page's suite runs inside one)."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError("the coroutine waited on something")


async def _no_pause() -> None:
    return None


def sliced_paste(page: Any, thread: str, key: Any, pause: Any = _no_pause) -> tuple[str, Any]:
    """The page's paste in slices (``ui.shell.slices.paste_page_in_slices``), timed slice
    by slice: (what the page says, the :class:`~ui.shell.slices.SliceClock`); run as
    a coroutine by the caller."""
    from ui.shell.slices import SliceClock, paste_page_in_slices

    clock = SliceClock(pause)

    async def read() -> str:
        clock.start()
        try:
            return await paste_page_in_slices(page, thread, key, clock.pause)
        finally:
            clock.stop()

    return read(), clock


def forum_paste_times(factions: int = 8, repeats: int = 3) -> TaskResult:
    """Milliseconds for a page to read a whole pasted forum thread (issue 30): the phase's
    thread of ``factions`` Capital Risk players (:func:`forum_round`: every sealed code
    and every reveal, quoted and wrapped), each read on a fresh copy of the page with no
    signature remembered.

    * ``scan_ms``: finding every code in it (``engine.forumtext.scan``);
    * ``paste_ms``: the whole paste as one call (``ForumSeat.paste_page``: the codes
      found, each checked against its seal and signature, the phase resolved on the
      page); ``cold_paste_ms`` the first of them, the first paste of the process when
      nothing before it has pasted or drawn (the page suite's tasks before it have);
    * ``slice_ms``: the page's way, in slices (``ui.shell.slices``): the longest slice
      of each paste (the longest main-thread task the paste makes, without the
      browser's own), and ``sliced_ms`` their sum;
    * ``screen_ms``: what the game page does first, before a player can paste
      (:func:`forum_screen`: the screen drawn);
    * ``graph_library_loaded``: whether networkx was imported after all this (a Capital
      Risk paste never needs it: reinforcements count connected groups without it).
    """
    from engine import forumtext
    from engine.keys import forget_verified

    held, thread, key, session_type = forum_round(factions)
    scans: list[float] = []
    pastes: list[float] = []
    longest: list[float] = []
    busy: list[float] = []
    outcome = sliced_outcome = ""
    screen = 0.0
    for _ in range(repeats):
        forget_verified()  # a first read: no signature of the thread checked before
        started = time.perf_counter()
        found = forumtext.scan(thread)
        scans.append(_ms(time.perf_counter() - started))
        page = session_type.from_json(held)
        forget_verified()
        started = time.perf_counter()
        outcome = page.paste_page(thread, key)
        pastes.append(_ms(time.perf_counter() - started))
        page = session_type.from_json(held)
        screen = screen or forum_screen(page)
        forget_verified()
        reading, clock = sliced_paste(page, thread, key)
        sliced_outcome = run_now(reading)
        longest.append(round(clock.longest_ms, 3))
        busy.append(round(clock.busy_ms, 3))
    return {
        "factions": factions,
        "chars": len(thread),
        "codes": len(found.codes),
        "resolved": "resolved here" in outcome,
        "same_outcome": sliced_outcome == outcome,
        "graph_library_loaded": "networkx" in sys.modules,
        "scan_ms": _spread(scans),
        "paste_ms": _spread(pastes),
        "cold_paste_ms": pastes[0],
        "screen_ms": screen,
        "slice_ms": _spread(longest),
        "sliced_ms": _spread(busy),
    }


async def forum_page_times(
    pause: Any,
    longest_task: Any,
    *,
    screen_first: bool = True,
    sliced: bool = True,
    factions: int = 8,
    repeats: int = 2,
    now: Any = None,
) -> TaskResult:
    """The forum thread's paste in the bench page, the browser answering between slices
    (``pause``: ``ui.shell.slices.yield_to_browser`` in the page), for the longest
    main-thread task of each paste (``await longest_task(started_ms, ended_ms)``, times
    of ``now()``, the page's ``performance.now``: its PerformanceObserver ``longtask``
    entries in that window, 0 for none over 50 ms) as well as its time to its end.

    * ``first``: the page's first paste, the one that first runs the resolution's code:
      as a player meets it (``screen_first``: the game's screen drawn before, as the game
      page does, :func:`forum_screen`) or cold (nothing drawn before); the page's way in
      slices, or the old way in one call (``sliced=False``);
    * ``again``: ``repeats`` more pastes on fresh copies of the page, each after the
      screen is drawn, in slices; ``one_shot_ms``: the same in one call, for comparison.
    """
    from engine.keys import forget_verified

    held, thread, key, session_type = forum_round(factions)
    clock_ms = now or (lambda: time.perf_counter() * 1000.0)
    slices: list[float] = []

    async def measured(page: Any, in_slices: bool) -> tuple[float, float, float, str]:
        """(from paste to end, longest task, longest slice, what the page says)."""
        forget_verified()
        await pause()  # the paste's click is a task of its own
        started, window = time.perf_counter(), clock_ms()
        if in_slices:
            reading, clock = sliced_paste(page, thread, key, pause)
            said = await reading
            slice_ms = clock.longest_ms
            slices[:] = [round(ms, 1) for ms in clock.slices]
        else:
            said = page.paste_page(thread, key)
            slice_ms = _ms(time.perf_counter() - started)
            slices[:] = [round(slice_ms, 1)]
        total = _ms(time.perf_counter() - started)
        task = await longest_task(window, clock_ms())
        return total, round(task, 1), round(slice_ms, 3), said

    page = session_type.from_json(held)
    screen = forum_screen(page) if screen_first else None
    total, task, slice_ms, said = await measured(page, sliced)
    first = {
        "screen_first": screen_first,
        "path": "sliced" if sliced else "one call",
        "screen_ms": screen,
        "total_ms": total,
        "longest_task_ms": task,
        "longest_slice_ms": slice_ms,
        "slices_ms": list(slices),
    }
    again: dict[str, list[float]] = {"total_ms": [], "longest_task_ms": [], "slice_ms": []}
    one_shot: list[float] = []
    same = True
    for _ in range(repeats):
        page = session_type.from_json(held)
        forum_screen(page)
        total, task, slice_ms, said_again = await measured(page, True)
        same = same and said_again == said
        for name, value in zip(again, (total, task, slice_ms), strict=True):
            again[name].append(value)
        page = session_type.from_json(held)
        forum_screen(page)
        one_shot.append((await measured(page, False))[0])
    return {
        "factions": factions,
        "chars": len(thread),
        "resolved": "resolved here" in said,
        "same_outcome": same,
        "graph_library_loaded": "networkx" in sys.modules,
        "first": first,
        "again": {
            **{name: _spread(values) for name, values in again.items()},
            "one_shot_ms": _spread(one_shot),
        },
    }


def timed_imports() -> float:
    """Milliseconds to import the engine modules a game needs (first import only)."""
    started = time.perf_counter()
    import engine.ai
    import engine.saves
    from engine.core import find_ruleset

    engine.ai.levels("classic")
    find_ruleset("classic")
    engine.saves.__name__  # noqa: B018  (keep the import used)
    return _ms(time.perf_counter() - started)


# Issue 31: every level of every ruleset at its largest table; a whole computer turn
# at most 1 s in the page, one decision (one main-thread task) at most 300 ms.
COMPUTER_TABLES = {"classic": 6, "capital": 6, "greatwar1907": 8, "risk_paper_scissors": 5}
COMPUTER_DUELS = (("classic", 2, "expert"), ("capital", 2, "expert"))
"""The levels that look further in a two-player game (Capital Risk Expert also plays its
set-up through the first turn there), timed at that table too."""
COMPUTER_TURN_LIMIT_MS = 1000.0
COMPUTER_DECISION_LIMIT_MS = 300.0


def _is_decision(ruleset: str, state: Any) -> bool:
    """A computer choosing its orders (not the call for a simultaneous resolution)."""
    if ruleset == "capital":
        return bool(state.missing())
    if ruleset == "greatwar1907":
        return any(slot is None for slot in state.orders)
    return True


def computer_turn_times(
    ruleset_name: str, level: str, players: int, seed: str, max_turns: int
) -> tuple[list[float], list[float]]:
    """(milliseconds per whole computer turn, per decision) in a game where every seat
    is ``level``, up to ``max_turns`` of the ruleset's turns.  A decision is one
    ``choose_order`` call (in the page, one main-thread task); a whole turn is a seat's
    run of decisions until another seat acts or the turn changes (in a simultaneous
    game, a seat's orders for a phase), from turn 1 (the set-up's choices are counted
    as decisions only); applying the orders is not counted."""
    from engine.ai import choose_order
    from engine.core import PlayerSpec, find_ruleset

    ruleset = find_ruleset(ruleset_name)
    specs = [PlayerSpec(f"Computer {i + 1}", level) for i in range(players)]
    state = ruleset.new_game(specs, {}, seed)
    turns: list[float] = []
    decisions: list[float] = []
    run_key: tuple[int, int] | None = None
    run_ms = 0.0
    while (
        ruleset.winner(state) is None
        and ruleset.actor(state) is not None
        and state.turn <= max_turns
    ):
        seat = ruleset.actor(state)
        deciding = _is_decision(ruleset_name, state)
        started = time.perf_counter()
        order = choose_order(state)
        spent = _ms(time.perf_counter() - started)
        key = (seat, state.turn)
        if run_key is not None and (key != run_key or not deciding):
            turns.append(round(run_ms, 3))
            run_key, run_ms = None, 0.0
        if deciding:
            decisions.append(spent)
            if state.turn >= 1:  # the set-up's claims are single decisions, not turns
                run_key = key
                run_ms += spent
            if run_key is not None and ruleset_name in ("capital", "greatwar1907"):
                turns.append(spent)  # a seat's orders for a phase: one decision
                run_key, run_ms = None, 0.0
        state = ruleset.apply(state, order).state
    if run_key is not None:
        turns.append(round(run_ms, 3))
    return turns, decisions


def _computer_table(ruleset: str, level: str, players: int, max_turns: int) -> dict[str, Any]:
    """One level's whole turns and decisions at one table size (seed ``ct1``)."""
    turn_ms, decision_ms = computer_turn_times(ruleset, level, players, "ct1", max_turns)
    return {
        "players": players,
        "turns": max_turns,
        "turn_ms": _spread(turn_ms),
        "decision_ms": _spread(decision_ms),
    }


def computer_turns(
    quick: bool = False, levels_of: dict[str, list[str]] | None = None
) -> TaskResult:
    """Every level of every ruleset at its largest table (:data:`COMPUTER_TABLES`), every
    seat that level, from the start, and the top levels of :data:`COMPUTER_DUELS` at two
    seats too: whole turns and single decisions, milliseconds (spread: median, p90,
    max).  The top levels play fewer turns (they think longest)."""
    from engine.ai import levels

    out: dict[str, Any] = {}
    for ruleset, players in COMPUTER_TABLES.items():
        out[ruleset] = {}
        for level in (levels_of or {}).get(ruleset, levels(ruleset)):
            thinks_long = level == "expert"
            if ruleset == "classic":
                max_turns = (12 if thinks_long else 60) // (3 if quick else 1)
            elif ruleset == "risk_paper_scissors":
                max_turns = 2 if quick or thinks_long else 5
            else:
                max_turns = 3 if quick else (6 if thinks_long else 12)
            out[ruleset][level] = _computer_table(ruleset, level, players, max_turns)
    for ruleset, players, level in COMPUTER_DUELS:
        if level not in (levels_of or {}).get(ruleset, levels(ruleset)):
            continue
        table = _computer_table(ruleset, level, players, 3 if quick else 6)
        out[ruleset][f"{level} at {players}"] = table
    return {"tables": out}


def page_suite(quick: bool = False) -> TaskResult:
    """Everything the bench page measures inside Pyodide (also runnable in CPython)."""
    from engine.ai import levels

    import_ms = timed_imports()
    turns = 12 if quick else 40
    classic: dict[str, Any] = {}
    # The top levels think for hundreds of milliseconds a turn: bench.computer_page
    # times every level, over fewer turns.
    for level in (lv for lv in levels("classic") if lv != "expert"):
        seeds = ("p1",) if quick or level != "baseline" else ("p1", "p2")
        classic[level] = _spread(classic_turn_times(6, level, seeds, turns))
    resolution = _spread(
        capital_resolution_times(8, ("r1",), 4 if quick else 10, 1 if quick else 3)
    )
    saves = save_code_times(6, 8 if quick else 20, 2 if quick else 5)
    hostile = hostile_code_times(100_000 if quick else 1_000_000, 1 if quick else 3)
    rps_legal = rps_legal_orders_times(1 if quick else 3)
    rps_turns: dict[str, Any] = {}
    rps_games: dict[str, Any] = {}
    for level in (lv for lv in levels("risk_paper_scissors") if lv != "expert"):
        seeds = ("p1",) if quick else ("p1", "p2", "p3")
        turn_ms, game_ms = rps_turn_times(4, level, seeds)
        rps_turns[level] = _spread(turn_ms)
        rps_games[level] = _spread(game_ms)
    gw_turns = 3 if quick else 10
    greatwar_resolution = _spread(greatwar_resolution_times(("w1",), gw_turns, 1 if quick else 3))
    greatwar_orders = _spread(greatwar_order_times(("w1",), gw_turns))
    forum_paste = forum_paste_times(4 if quick else 8, 1 if quick else 3)
    return {
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "import_ms": import_ms,
        "classic_turn_ms": classic,
        "capital_resolution_ms": resolution,
        "greatwar_resolution_ms": greatwar_resolution,
        "greatwar_orders_ms": greatwar_orders,
        "save_code": saves,
        "hostile_codes": hostile,
        "rps_turn_ms": rps_turns,
        "rps_game_ms": rps_games,
        "rps_legal_orders": rps_legal,
        "forum_paste": forum_paste,
    }
