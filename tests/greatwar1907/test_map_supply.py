"""The scenario data and encirclement (R14-R17, spec §11): the shipped map is the
spec's, passes its checker, the loader refuses faults, and the supply networks agree
with every case of ``map.json``'s ``checks`` and with the seed's three examples."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.errors import MapError
from engine.rulesets.greatwar1907.mapdata import parse_scenario, scenario
from engine.rulesets.greatwar1907.state import GreatWarState
from engine.rulesets.greatwar1907.supply import networks
from tests.greatwar1907.helpers import RULESET, position

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "maps" / "greatwar1907.json"


def test_shipped_map_passes_the_spec_checker() -> None:
    """Spec §11: "Run check_map.py beside the spec on the data you ship"."""
    checker = Path("/work/shared/specs/great-war-1907/check_map.py")
    if not checker.exists():
        pytest.skip("the spec folder is not on this machine")
    out = subprocess.run(
        [sys.executable, str(checker), str(SHIPPED)], capture_output=True, text=True, check=False
    )
    assert out.returncode == 0, out.stdout[-2000:]
    assert "OK:" in out.stdout
    assert SHIPPED.read_bytes() == (checker.parent / "map.json").read_bytes()


def _raw() -> dict[str, Any]:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (lambda d: d["provinces"][0]["borders"].append("lon"), "one-way"),
        (lambda d: d["provinces"][1].update(owner="atlantis"), "unknown owner"),
        (lambda d: d["provinces"][1].update(port="xxx"), "unknown district"),
        (lambda d: d["seas"][0]["adjacent"].append("gof"), "one-way"),
        (lambda d: d["nations"][0].update(pp=26), "pp 26"),
        (lambda d: d["leaders"]["draw_pile"][0]["effects"].update(fly=1), "unknown effect"),
        (lambda d: d["nations"][0]["wars"].append("italy"), "one-way"),
    ],
)
def test_loader_refuses_faults_naming_the_entry(change: Any, named: str) -> None:
    """Spec §11: the engine loads map.json "with its own validator that refuses the
    same faults" (typed errors naming the bad entry)."""
    data = copy.deepcopy(_raw())
    change(data)
    with pytest.raises(MapError) as err:
        parse_scenario(data)
    assert named in err.value.message


def test_map_counts() -> None:
    """Spec §1.2: 89 provinces, 19 sea districts, 62 ports, 6 ferries, 164 land borders."""
    m = scenario()
    assert (len(m.provinces), len(m.seas), len(m.ferries)) == (89, 19, 6)
    assert sum(1 for p in m.provinces if p.port) == 62
    assert sum(len(p.borders) for p in m.provinces) // 2 == 164


def _position(case: dict[str, Any], *more: str) -> GreatWarState:
    """A ``map.json`` check's position as position text over the 1907 start: its turn,
    owners, relations, grants and one-ship fleets (the start's fleets at sea gone unless
    it keeps them), and ``more`` lines."""
    lines = [f"turn {case.get('turn', 2)}"]
    fleets: dict[str, list[str]] = {}
    if not case.get("start_fleets"):
        fleets = {sea.id: [] for sea in scenario().seas}
    for nation, sea in case.get("fleets", []):
        fleets.setdefault(sea, []).append(f"{nation}=1")
    lines += [" ".join([sea, *written]) for sea, written in fleets.items()]
    lines += [f"{p} {owner}" for p, owner in case.get("owners", {}).items()]
    lines += [f"relation {a} {b} {status}" for a, b, status in case.get("relations", [])]
    lines += [f"grant {a} {b}" for a, b in case.get("grants", [])]
    return position("\n".join([*lines, *more]))


def _usable(state: GreatWarState, nation: str, province: str) -> float:
    for net in networks(state, nation):
        if province in net.provinces:
            return net.allowance / 4
    raise KeyError(province)


def _linked(state: GreatWarState, nation: str, a: str, b: str) -> bool:
    return any(a in n.provinces and b in n.provinces for n in networks(state, nation))


@pytest.mark.parametrize("case", scenario().checks, ids=lambda c: str(c["id"]))
def test_supply_agrees_with_every_map_case(case: dict[str, Any]) -> None:
    """R14: the engine's supply "must agree with check_map.py's supply_networks on every
    case in checks"."""
    state = _position(case["position"])
    for key, value in case["expect"].items():
        if key == "one_network_per_nation":
            for n in state.nation_ids:
                assert len(networks(state, n)) <= 1, n
        elif key == "usable_pp":
            for nation, p, want in value:
                assert _usable(state, nation, p) == want, (nation, p)
        elif key in ("linked", "not_linked"):
            for nation, a, b in value:
                assert _linked(state, nation, a, b) is (key == "linked"), (nation, a, b)
        elif key == "not_linked_any":
            for nation, a, others in value:
                assert not any(_linked(state, nation, a, b) for b in others)
        elif key == "linked_only_via":
            for nation, a, b, via in value:
                assert _linked(state, nation, a, b)
                cut = _position(case["position"], f"{via} neutral")
                assert not _linked(cut, nation, a, b)
        elif key == "borders_between":
            for x, y, want in value:
                got = sorted(
                    {
                        tuple(sorted((p.id, q)))
                        for p in state.map.provinces
                        for q in state.map.neighbours(p.id)
                        if {state.owner_of(p.id), state.owner_of(q)} == {x, y}
                    }
                )
                assert got == sorted(tuple(sorted(pq)) for pq in want)
        else:
            raise AssertionError(f"unknown expectation {key}")


def test_seed_example_ireland() -> None:
    """Seed / Example 1: "with an enemy fleet in the North Atlantic, Ireland (3 pp, port
    on the North Atlantic only, no ferry) is a network of its own"."""
    state = position(
        """
        turn 3
        nao ottoman=1
        """
    )
    nets = networks(state, "uk")
    assert [(n.provinces, n.allowance) for n in nets] == [
        (("lon", "bir", "liv", "yor", "gla", "edi", "gib", "mal", "egy"), 61),
        (("ire",), 12),
    ]


def test_seed_example_balkans() -> None:
    """Seed / Example 2: "with Istanbul lost and an enemy fleet in the Adriatic,
    Thessaloniki, Tirana and Larissa are a network of 2.75 pp"; the rest 9.75 with Athens."""
    state = RULESET.from_position_text(
        """
        ruleset greatwar1907
        turn 2
        relation ottoman uk war
        ist uk
        adr uk=1
        """
    )
    nets = networks(state, "ottoman")
    assert [(set(n.provinces), n.allowance / 4) for n in nets][1] == ({"ths", "tir", "lar"}, 2.75)
    assert nets[0].allowance / 4 == 9.75 and "ath" in nets[0].provinces


def test_seed_example_russian_corridor() -> None:
    """Seed / Example 2: with a UK ship in every district and Russia (at peace,
    granting passage) owning Sofia and Bucharest, "Russia borders the Ottoman Empire at
    Kars": the only link runs through Kars."""
    fleets = "\n".join(f"{sea.id} uk=1" for sea in scenario().seas)
    text = f"""ruleset greatwar1907
        turn 2
        relation ottoman uk war
        grant russia ottoman
        ist uk
        sof russia
        buc russia
        {fleets}
        """
    assert _linked(RULESET.from_position_text(text), "ottoman", "ths", "erz")
    without_kars = RULESET.from_position_text(text + "kar neutral\n")
    assert not _linked(without_kars, "ottoman", "ths", "erz")
