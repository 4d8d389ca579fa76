"""HTML of the screens every ruleset page shows the same way (pure; no browser imports)."""

from __future__ import annotations

from html import escape

from ui.shell.render import swatch


def handover_card(
    *,
    seat: int,
    color: str,
    name: str,
    body: str,
    action: str,
    button_testid: str,
    button_text: str,
    card_testid: str = "",
) -> str:
    """The hand-over screen of pass-and-play: "Pass the device to NAME", what stays
    hidden (``body``, HTML), and the button the right player presses ("I am NAME — ...")."""
    name = escape(name)
    testid = f' data-testid="{card_testid}"' if card_testid else ""
    return (
        f'<div class="handover-card"{testid}><div class="big">'
        f"{swatch(seat, color, False, 48)}</div>"
        f"<h2>Pass the device to {name}</h2>{body}"
        f'<button type="button" class="btn primary big" data-action="{action}" '
        f'data-testid="{button_testid}" autofocus>I am {name} — {button_text}</button></div>'
    )
