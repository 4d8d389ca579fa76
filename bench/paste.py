"""A Risk, Paper, Scissors paste of up to 1 MB in the page's pure-Python paths, in
CPython (issue 25 §3: "≤ 1 s for any code up to 1 MB"; before: 1.2–6.2 s in
``pbem.interpret``, 1.6–8.6 s in ``email_bids.resolve``).

* ``interpret_ms``: the resolved bids' save, genuine, repeated to 1 MB, pasted into the
  page of a player who holds the save before it (``ui.shell.pbem.interpret``);
* ``resolve_ms``: the resolver pasting every sealed code and every reveal code, each
  repeated to 1 MB (``ui.risk_paper_scissors.email_bids.resolve``);
* ``interpret_once_ms``, ``resolve_once_ms``: the same with each code pasted once (what
  the megabyte adds is the difference; a resolution's own cost is mostly signatures).

    python -m bench.paste [--runs N]     # only this task; prints the figures
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from typing import Any

from bench.stats import summarize

MEGABYTE = 1_000_000


def repeated(text: str, size: int = MEGABYTE) -> str:
    """``text`` (codes, one a line) repeated up to ``size`` characters."""
    return (text + "\n") * max(1, size // (len(text) + 1))


def bid_round() -> dict[str, Any]:
    """Two humans (Ada, Boris) and a computer at year 1's bid by email, both bids sealed
    and revealed: the pages, the keys, the codes and the resolution's save."""
    from engine.core import PlayerSpec
    from engine.keys import PlayerKey
    from engine.rulesets.risk_paper_scissors.orders import Bid, Phase
    from ui.risk_paper_scissors import email_bids, entry
    from ui.risk_paper_scissors.session import Session
    from ui.shell import pbem

    keys = [PlayerKey.generate(hashlib.sha256(f"paste{i}".encode()).digest()) for i in range(2)]
    specs = [PlayerSpec("Ada"), PlayerSpec("Boris"), PlayerSpec("Chloe", "standard")]
    ada = Session.new(specs, {}, "paste")
    ada.attach_pbem(pbem.create(ada.state, keys[0], "bench-paste"))
    ada.play(entry.setup_order(ada))
    assert ada.pbem is not None
    code = pbem.seal(ada.pbem, ada.state, keys[0])
    record = pbem.interpret(None, code, keys[1].public_key_text, "risk_paper_scissors").record
    assert record is not None
    boris = Session(record.state)
    boris.attach_pbem(pbem.join(record, 1, keys[1].public_key_text, ada.pbem.invites[1]))
    boris.play(entry.setup_order(boris))
    while boris.state.phase is Phase.SETUP:
        boris.play_computer()
    assert boris.pbem is not None
    code = pbem.seal(boris.pbem, boris.state, keys[1])
    result = pbem.interpret(ada.pbem, code, keys[0].public_key_text, "risk_paper_scissors")
    assert result.record is not None, result.message
    pbem.accept(ada, result.record, keys[0].public_key_text, verified=True)
    seal_a, reveal_a = email_bids.seal_bid(ada.pbem, Bid(0, 2, (1,)), keys[0])
    seal_b, reveal_b = email_bids.seal_bid(boris.pbem, Bid(1, 1, (1,)), keys[1])
    seals = f"{seal_b}\n{seal_a}"
    reveals = "\n".join(
        (
            email_bids.reveal(boris.pbem, reveal_b, seals, keys[1]),
            email_bids.reveal(ada.pbem, reveal_a, seals, keys[0]),
        )
    )
    resolution = email_bids.resolve(ada.pbem, seals, reveals, keys[0])
    return {
        "ada": ada.pbem,
        "boris": boris.pbem,
        "keys": keys,
        "seals": seals,
        "reveals": reveals,
        "resolved": resolution.code,
    }


def rps_paste_times(runs: int = 3, size: int = MEGABYTE) -> dict[str, Any]:
    """Milliseconds per paste of ``size`` characters (see the module's docstring)."""
    from ui.risk_paper_scissors import email_bids
    from ui.shell import pbem

    game = bid_round()
    pasted = repeated(game["resolved"], size)
    seals, reveals = repeated(game["seals"], size), repeated(game["reveals"], size)
    figures: dict[str, list[float]] = {
        "interpret_ms": [],
        "resolve_ms": [],
        "interpret_once_ms": [],
        "resolve_once_ms": [],
    }
    outcome = ""
    for _ in range(runs):
        for suffix, code, sealed, revealed in (
            ("", pasted, seals, reveals),
            ("_once", game["resolved"], game["seals"], game["reveals"]),
        ):
            started = time.perf_counter()
            result = pbem.interpret(
                game["boris"], code, game["keys"][1].public_key_text, "risk_paper_scissors"
            )
            figures[f"interpret{suffix}_ms"].append((time.perf_counter() - started) * 1000)
            outcome = outcome or result.kind
            started = time.perf_counter()
            email_bids.resolve(game["ada"], sealed, revealed, game["keys"][0])
            figures[f"resolve{suffix}_ms"].append((time.perf_counter() - started) * 1000)
    return {
        "chars": len(pasted),
        "interpret_outcome": outcome,
        **{key: summarize(values) for key, values in figures.items()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.paste", description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    print(json.dumps(rps_paste_times(args.runs), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
