"""The map as the game's main control (issue 28), in every ruleset, on a laptop (1366x800)
and a phone (390x844): labels a readable size on the screen, the phone's opening view
framed on the player's land, drag, wheel and pinch changing the view, the smallest legal
target taken with one tap, legal targets glowing. Screenshots go to ../mapboard-shots/
(beside the worktree) and e2e/artifacts/."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from conftest import wait_ready
from playwright.sync_api import Page, expect

RULESETS = ("classic", "capital", "greatwar1907", "risk_paper_scissors")
SIZES = {"laptop": (1366, 800), "phone": (390, 844)}
SHOTS = Path(__file__).resolve().parent.parent.parent / "mapboard-shots"
NAME_PX = 10
COUNT_PX = 12

# Every visible label (not given way, inside the board) with its size on the screen:
# the rendered font size (its font-size times the scale of its screen matrix) and the
# height of its getBoundingClientRect.
LABELS_JS = """
(() => {
  const b = document.querySelector('#board').getBoundingClientRect();
  const out = [];
  for (const el of document.querySelectorAll('#board svg [data-label]')) {
    if (el.closest('.label-hidden')) continue;
    const texts = el.matches('text') ? [el] : [...el.querySelectorAll('text.count, text.ships')];
    for (const t of texts) {
      const r = t.getBoundingClientRect();
      if (r.width === 0 || r.right < b.left || r.left > b.right) continue;
      if (r.bottom < b.top || r.top > b.bottom) continue;
      const m = t.getScreenCTM();
      const font = parseFloat(t.getAttribute('font-size')) * Math.hypot(m.a, m.b);
      out.push({kind: el.matches('text') ? 'name' : 'count', tid: el.dataset.label,
                text: t.textContent, font, height: r.height});
    }
  }
  return out;
})()
"""

# The territories of the player the board frames (its data-first after the targets are
# the viewer's own: read from the owner attributes instead) and where the view is.
VIEW_JS = """
(() => {
  const svg = document.querySelector('#board svg');
  const v = window.boardView.get();
  return {frameFor: svg.dataset.frameFor, frame: svg.dataset.frame, box: v.box, u: v.u,
          fit: v.fit, full: svg.getAttribute('viewBox')};
})()
"""


# What a tap changes: the board is drawn again, or the message line says what was done.
MARK_JS = (
    "(() => { window.seenBoard = document.querySelector('#board svg');"
    " return document.querySelector('#message').textContent; })()"
)
CHANGED_JS = (
    "(before) => document.querySelector('#board svg') !== window.seenBoard"
    " || document.querySelector('#message').textContent !== before"
)


def start(page: Page, ruleset: str) -> None:
    page.get_by_test_id("opt-rules").select_option(ruleset)
    page.get_by_test_id("start").click()
    page.wait_for_function(
        "(() => { const s = document.querySelector('#board svg');"
        " return s && s.dataset.frameFor && document.querySelectorAll('#board .legal').length"
        " && window.boardView && window.boardView.get(); })()",
        timeout=90_000,
    )
    page.wait_for_timeout(400)  # the view settles (an animated follow, a flash)


def own_places(page: Page, ruleset: str) -> list[str]:
    """The viewer's territories, read from the drawing."""
    viewer = page.evaluate("document.querySelector('#board svg').dataset.frameFor")
    if ruleset == "risk_paper_scissors":
        selector = f'#board svg g.badge[data-owner="{viewer}"]'
        attr = "badge"
    else:
        selector = f'#board svg [data-territory][data-owner="{viewer}"]'
        attr = "territory"
    found: list[str] = page.evaluate(
        f"[...document.querySelectorAll('{selector}')].map(e => e.dataset.{attr})"
    )
    return found


def centres(page: Page, places: list[str]) -> dict[str, Any]:
    """Screen centre of each place's tap disc (or shape), and whether it is in the board."""
    result: dict[str, Any] = page.evaluate(
        """(places) => {
          const b = document.querySelector('#board svg').getBoundingClientRect();
          const out = {};
          for (const p of places) {
            const el = document.querySelector(`#board [data-hit="${p}"]`)
              || document.querySelector(`#board [data-territory="${p}"]`);
            if (!el) continue;
            const r = el.getBoundingClientRect();
            const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
            out[p] = {x, y, inside: x >= b.left && x <= b.right && y >= b.top && y <= b.bottom};
          }
          return out;
        }""",
        places,
    )
    return result


def shoot(page: Page, name: str, artifacts: Path) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    shutil.copy(path, artifacts / f"map-{name}.png")


def pointer(page: Page, kind: str, pid: int, x: float, y: float) -> None:
    page.evaluate(
        """([kind, pid, x, y]) => {
          const target = document.elementFromPoint(x, y) || document.querySelector('#board svg');
          target.dispatchEvent(new PointerEvent(kind, {pointerId: pid, pointerType: 'touch',
            clientX: x, clientY: y, bubbles: true, cancelable: true, isPrimary: pid === 1}));
        }""",
        [kind, pid, x, y],
    )


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_map_is_readable_zoomable_and_tappable(
    page: Page, server_url: str, artifacts: Path, ruleset: str, size: str
) -> None:
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(server_url)
    wait_ready(page)
    start(page, ruleset)
    shoot(page, f"{ruleset}-{width}", artifacts)

    # Every label shown is readable: names >= 10 CSS px, counts >= 12 px.
    labels = page.evaluate(LABELS_JS)
    assert labels, "no label is shown"
    small = [
        lb
        for lb in labels
        if lb["font"] < (NAME_PX if lb["kind"] == "name" else COUNT_PX) - 0.05
        or lb["height"] < (NAME_PX if lb["kind"] == "name" else COUNT_PX)
    ]
    assert not small, f"labels too small: {small[:5]}"
    assert any(lb["kind"] == "count" for lb in labels)
    assert any(lb["kind"] == "name" for lb in labels)

    # The opening view: the whole board on a laptop; on a phone, framed on the player's
    # territories, each of those in view carrying its count.
    view = page.evaluate(VIEW_JS)
    mine = own_places(page, ruleset)
    assert mine, "the viewer owns nothing?"
    spots = centres(page, mine)
    inside = [p for p, c in spots.items() if c["inside"]]
    if size == "laptop":
        assert view["u"] == pytest.approx(view["fit"], rel=0.02), (
            "a laptop opens on the whole board"
        )
        assert len(inside) == len(spots)
    else:
        assert view["u"] < view["fit"] / 1.8, f"the phone opens zoomed in: {view}"
        assert len(inside) >= min(3, len(mine)), f"framed on {len(inside)} of {len(mine)}: {view}"
        counted = {lb["tid"] for lb in labels if lb["kind"] == "count"}
        assert len(set(inside) & counted) >= 0.75 * len(inside), (
            f"own places labelled: {sorted(set(inside) & counted)} of {sorted(inside)}"
        )

    # Legal targets glow (a bright line on a dark casing, not a faint dash).
    glow = page.evaluate(
        "(() => { const o = document.querySelector('#board .legal-outline');"
        " if (!o) return null; const s = getComputedStyle(o);"
        " return {stroke: s.stroke, width: parseFloat(s.strokeWidth),"
        " dash: s.strokeDasharray}; })()"
    )
    if glow is not None:  # a lone legal target that is also selected has no outline
        assert glow["stroke"] == "rgb(255, 224, 51)" and glow["width"] >= 3
        assert glow["dash"] == "none"

    # The smallest legal target in view: a tap target >= 24 px, chosen with one tap.
    target = page.evaluate(
        """(() => {
          const b = document.querySelector('#board svg').getBoundingClientRect();
          let best = null;
          for (const p of document.querySelectorAll('#board svg [data-territory].legal')) {
            const tid = p.dataset.territory;
            const hit = document.querySelector(`#board [data-hit="${tid}"]`);
            const shape = p.getBoundingClientRect();
            const disc = hit ? hit.getBoundingClientRect() : shape;
            const x = (disc.left + disc.right) / 2, y = (disc.top + disc.bottom) / 2;
            if (x < b.left + 5 || x > b.right - 5 || y < b.top + 5 || y > b.bottom - 5) continue;
            const area = shape.width * shape.height;
            const tap = Math.min(Math.max(shape.width, disc.width),
                                 Math.max(shape.height, disc.height));
            if (!best || area < best.area) best = {tid, area, tap, x, y};
          }
          return best;
        })()"""
    )
    assert target is not None, "no legal target in view"
    assert target["tap"] >= 24, f"smallest legal target {target}"
    before = page.evaluate(MARK_JS)
    hit_at = page.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y);"
        " const t = e && e.closest('[data-territory], [data-hit]');"
        " return t ? (t.dataset.territory || t.dataset.hit) : null; }",
        [target["x"], target["y"]],
    )
    assert hit_at == target["tid"], f"a tap at {target} reaches {hit_at}"
    page.mouse.click(target["x"], target["y"])
    # chosen: the board changes (a selection, an army placed) or the order is written
    page.wait_for_function(CHANGED_JS, arg=before, timeout=15_000, polling=100)

    # A wheel (laptop) or a pinch (phone) zooms; a drag pans; "Whole board" fits.
    box = page.locator("#board svg").bounding_box()
    assert box is not None
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    u0 = page.evaluate("window.boardView.get().u")
    if size == "laptop":
        page.mouse.move(cx, cy)
        page.mouse.wheel(0, -400)
        page.wait_for_timeout(100)
    else:
        pointer(page, "pointerdown", 1, cx - 30, cy)
        pointer(page, "pointerdown", 2, cx + 30, cy)
        for step in range(1, 6):
            pointer(page, "pointermove", 1, cx - 30 - 12 * step, cy)
            pointer(page, "pointermove", 2, cx + 30 + 12 * step, cy)
        pointer(page, "pointerup", 1, cx - 90, cy)
        pointer(page, "pointerup", 2, cx + 90, cy)
        page.wait_for_timeout(100)
    u1 = page.evaluate("window.boardView.get().u")
    assert u1 < u0 * 0.8, f"zoom did not change the view: {u0} -> {u1}"
    expect(page.get_by_test_id("zoom")).to_have_attribute("aria-pressed", "true")
    c0 = page.evaluate("window.boardView.get()")
    page.mouse.move(cx, cy)
    page.mouse.down()
    page.mouse.move(cx + 40, cy + 25, steps=5)
    page.mouse.up()
    page.wait_for_timeout(100)
    c1 = page.evaluate("window.boardView.get()")
    assert (c1["cx"], c1["cy"]) != (c0["cx"], c0["cy"]), "a drag did not pan the map"
    labels = page.evaluate(LABELS_JS)
    assert all(
        lb["font"] >= (NAME_PX if lb["kind"] == "name" else COUNT_PX) - 0.05 for lb in labels
    )
    page.get_by_test_id("zoom-fit").click()
    page.wait_for_timeout(450)
    expect(page.get_by_test_id("zoom-fit")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("window.boardView.get().u") == pytest.approx(
        page.evaluate("window.boardView.get().fit"), rel=0.02
    )
    shoot(page, f"{ruleset}-{width}-whole", artifacts)


def test_arrow_keys_walk_between_neighbouring_territories(page: Page, server_url: str) -> None:
    """Arrow keys move the focus to the nearest territory that way; Enter chooses."""
    page.set_viewport_size({"width": 1366, "height": 800})
    page.goto(server_url)
    wait_ready(page)
    start(page, "classic")
    page.locator('#board [data-territory="brazil"]').focus()
    for key, expected in (
        ("ArrowUp", "venezuela"),
        ("ArrowDown", "peru"),
        ("ArrowRight", "brazil"),
    ):
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.dataset.territory") == expected, key
    legal = page.evaluate("document.querySelector('#board path.legal').dataset.territory")
    page.locator(f'#board [data-territory="{legal}"]').focus()
    before = page.evaluate(MARK_JS)
    page.keyboard.press("Enter")
    page.wait_for_function(CHANGED_JS, arg=before, polling=100)


def test_the_home_boards_names_stay_readable_when_the_rules_change(
    page: Page, server_url: str
) -> None:
    """On a phone the home page's board is measured again when another ruleset is chosen
    in the form: every name stays its readable size on the screen (before, the zoom's
    scale was read back as part of a label's own transform and applied twice, so the
    names came out about twenty times too big)."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(server_url)
    wait_ready(page)
    before = [label["font"] for label in page.evaluate(LABELS_JS) if label["kind"] == "name"]
    assert before
    page.get_by_test_id("opt-rules").select_option("capital")
    page.wait_for_timeout(500)
    page.get_by_test_id("opt-rules").select_option("classic")
    page.wait_for_timeout(500)
    after = [label["font"] for label in page.evaluate(LABELS_JS) if label["kind"] == "name"]
    assert after and max(after) <= 2 * NAME_PX, max(after)
    assert max(after) <= max(before) * 1.05
