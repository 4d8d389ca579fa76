"""Write the static parts of index.html that come from Python: the empty board SVG (so the
map is on screen before Pyodide has loaded), the seat rows of the new-game form and its
Rules choices (one per ruleset page of :mod:`ui.pages`), and the start-up script that
looks for their autosaves.

    python -m ui.shell.prerender [index.html]

Each part goes between ``<!-- prerender:NAME -->`` and ``<!-- /prerender:NAME -->``;
running it twice gives the same file.
"""

from __future__ import annotations

import json
import re
import sys
from html import escape
from pathlib import Path

from ui.pages import PAGES
from ui.shell.autosave import BOARD_KEY
from ui.shell.dom import save_key
from ui.shell.palette import SEAT_STYLES
from ui.shell.render import render_map
from ui.shell.tips import form_tips_script

ROOT = Path(__file__).resolve().parents[2]
# Real names, so that every log sentence reads ("Ada receives 3 armies", "Ada's hand").
DEFAULT_NAMES = ("Ada", "Boris", "Chloe", "Dmitri", "Elena", "Farid", "Greta", "Hiro")
PLAYING = 3
"""Seats (and factions) ticked by default: one human against two computers."""
DEFAULT_CONTROL = "expert"
"""A computer seat's level when the form opens: the strongest, shown to beat the level
below it (issue 31: the top level is the default opponent once it is ready)."""
CONTROLS = (
    ("human", "Human"),
    ("easy", "CPU · Easy"),
    ("standard", "CPU · Standard"),
    ("good", "CPU · Good"),
    ("expert", "CPU · Expert"),
)
"""What the form offers, weakest level first (the engine's ``baseline`` player is for
tests and tournaments, not offered to players)."""
CAPITAL_CONTROLS = CONTROLS
"""Capital Risk's faction rows: every level, Expert the default (shown to beat Good with
two, four and six factions)."""


def default_control(i: int, computer: str = DEFAULT_CONTROL) -> str:
    return "human" if i == 0 else computer


def control_options(selected: str, controls: tuple[tuple[str, str], ...] = CONTROLS) -> str:
    return "".join(
        f'<option value="{v}"{" selected" if v == selected else ""}>{label}</option>'
        for v, label in controls
    )


def board_svg() -> str:
    geometry = json.loads((ROOT / "maps" / "classic_geometry.json").read_text(encoding="utf-8"))
    return render_map(None, geometry)


def seat_rows() -> str:
    rows = []
    for i, style in enumerate(SEAT_STYLES):
        on = i < PLAYING
        name, options = DEFAULT_NAMES[i], control_options(default_control(i))
        colours = "".join(
            f'<option value="{s.color}"{" selected" if j == i else ""}>{s.name}</option>'
            for j, s in enumerate(SEAT_STYLES)
        )
        required = " checked disabled" if i < 2 else (" checked" if on else "")
        rows.append(
            f'<div class="seat-row" data-seat="{i}" style="--c:{style.color}">'
            f'<input type="checkbox" name="seat{i}-on" aria-label="Seat {i + 1} plays"'
            f' data-testid="seat{i}-on"{required}>'
            f'<input type="text" name="seat{i}-name" value="{escape(name)}" maxlength="16"'
            f' aria-label="Seat {i + 1} name" data-testid="seat{i}-name">'
            f'<select name="seat{i}-control" aria-label="Seat {i + 1} player"'
            f' data-testid="seat{i}-control">{options}</select>'
            f'<select name="seat{i}-color" aria-label="Seat {i + 1} colour"'
            f' data-testid="seat{i}-color">{colours}</select></div>'
        )
    return "\n".join(rows)


def faction_rows() -> str:
    """Capital Risk's faction rows (the same names and levels as the seats)."""
    from ui.shell.palette import FACTION_STYLES

    rows = []
    for i, style in enumerate(FACTION_STYLES):
        ticks = " checked disabled" if i < 2 else (" checked" if i < PLAYING else "")
        kinds = control_options(default_control(i), CAPITAL_CONTROLS)
        rows.append(
            f'<div class="seat-row cap-row" data-faction="{i}" style="--c:{style.color}">'
            f'<input type="checkbox" name="cf{i}-on" aria-label="Faction {i + 1} plays"'
            f' data-testid="cf{i}-on"{ticks}>'
            f'<input type="text" name="cf{i}-name" value="{DEFAULT_NAMES[i]}" maxlength="16"'
            f' aria-label="Faction {i + 1} name" data-testid="cf{i}-name">'
            f'<select name="cf{i}-kind" aria-label="Faction {i + 1} player"'
            f' data-testid="cf{i}-kind">{kinds}</select>'
            f'<input type="text" name="cf{i}-mate" maxlength="16" placeholder="2nd player"'
            f' aria-label="Faction {i + 1} second player (team)" data-testid="cf{i}-mate"></div>'
        )
    return "\n".join(rows)


def rules_options() -> str:
    """The new-game form's Rules choices, one per ruleset page of the registry."""
    return "\n".join(
        f'<option value="{entry.ruleset}"{" selected" if i == 0 else ""}>'
        f"{escape(entry.choice)}</option>"
        for i, entry in enumerate(PAGES)
    )


def resume_script() -> str:
    """The inline script that, before Python loads, marks the page as resuming when any
    ruleset has an autosaved game (the keys of :func:`ui.shell.dom.save_key`)."""
    keys = ", ".join(json.dumps(save_key(entry.ruleset)) for entry in PAGES)
    return (
        "<script>\n"
        "// Before Python loads: if a game was autosaved, say it will be resumed"
        " (no game logic here).\n"
        f"try {{ if ([{keys}].some((key) => localStorage.getItem(key)))"
        ' document.documentElement.classList.add("resuming"); } catch (e) {}\n'
        "</script>"
    )


_SNAPSHOT_JS = """
// Before Python loads (issue 28: first paint): the game the page will resume shows its
// board as it was last drawn, marked as not yet playable, if and only if that board was
// drawn from this very autosave (its length and hash match). No game logic here.
(() => {
  const mark = (text) => {
    // cyrb53: a 53-bit hash of the save's text (ui/board.js marks the board with it)
    let h1 = 0xdeadbeef ^ text.length, h2 = 0x41c6ce57 ^ text.length;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return `${text.length}:${4294967296 * (2097151 & h2) + (h1 >>> 0)}`;
  };
  window.riskSaveMark = mark;
  try {
    const store = window.localStorage;
    // The game Python resumes first: the last one shown, else the first autosaved.
    const keys = KEYS;
    const last = `risk-family.${store.getItem("risk-family.last")}.v1`;
    const key = [...keys.filter((k) => k === last), ...keys.filter((k) => k !== last)]
      .find((k) => store.getItem(k));
    const shot = key && JSON.parse(store.getItem("BOARD_KEY") || "null");
    if (!shot || shot.key !== key || typeof shot.svg !== "string" ||
        !shot.svg.startsWith("<svg") || shot.mark !== mark(store.getItem(key))) return;
    const board = document.getElementById("board");
    const empty = board.querySelector(":scope > svg");
    const keep = document.createElement("template");
    keep.id = "board-empty"; // the empty map, put back if the game is not resumed
    if (empty) keep.content.appendChild(empty);
    board.after(keep);
    board.innerHTML = shot.svg;
    board.querySelectorAll("script, foreignObject").forEach((node) => node.remove());
    board.dataset.kept = "";
    board.inert = true;
    board.setAttribute("aria-busy", "true");
    // the title bar names the game shown (as Python will), not the form's first rules
    const sub = document.querySelector(".title .sub");
    if (sub && typeof shot.title === "string" && shot.title && shot.title.length <= 60) {
      sub.textContent = shot.title;
      document.title = `Risk-family · ${shot.title}`;
    }
  } catch (e) {}
})();
"""


def kept_board_script() -> str:
    """The inline script, right after the board, that shows the resumed game's board as
    it was last drawn before Python loads (the keys of :func:`ui.shell.dom.save_key`,
    in the page registry's order, as :meth:`ui.shell.page.Shell.boot` resumes them)."""
    keys = "[" + ", ".join(json.dumps(save_key(entry.ruleset)) for entry in PAGES) + "]"
    js = _SNAPSHOT_JS.replace("KEYS", keys).replace("BOARD_KEY", BOARD_KEY)
    return f"<script>{js}</script>"


def fill(html: str, name: str, content: str) -> str:
    pattern = re.compile(
        rf"(<!-- prerender:{name} -->)(.*?)(<!-- /prerender:{name} -->)", re.DOTALL
    )
    if not pattern.search(html):
        raise ValueError(f"index.html has no prerender:{name} markers")
    return pattern.sub(lambda m: f"{m.group(1)}\n{content}\n{m.group(3)}", html, count=1)


def main(argv: list[str]) -> int:
    target = Path(argv[0]) if argv else ROOT / "index.html"
    html = target.read_text(encoding="utf-8")
    html = fill(html, "board", board_svg())
    html = fill(html, "seats", seat_rows())
    html = fill(html, "rules", rules_options())
    html = fill(html, "resume", resume_script())
    html = fill(html, "factions", faction_rows())
    html = fill(html, "kept-board", kept_board_script())
    html = fill(html, "tips", form_tips_script())
    target.write_text(html, encoding="utf-8")
    print(
        "prerender: wrote board, seats, factions, rules, the form's tips and the resume "
        f"check into {target}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
