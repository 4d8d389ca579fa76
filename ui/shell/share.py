"""Copy and Share beside every code and invitation, in every ruleset (issue 30).

:func:`share_html` gives the two buttons for a code box: **Copy** puts the box's text on
the clipboard and says "Copied" beside the buttons (where the browser refuses, it
selects the text for Ctrl+C); **Share** hands the text to the device's share sheet (the
Web Share API) where the browser has one, and is otherwise a ``mailto:`` link with the
text as the mail's body.  :func:`invitation_html` makes an invitation a button that
copies a short, ready-to-send message with the link.

The HTML is pure (no browser imports); :func:`on_click`, wired once by the shell on the
document, is the only browser part: every button here carries ``data-share``, whichever
page drew it, so no page has to route these clicks.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from html import escape
from typing import Any
from urllib.parse import quote

COPIED = "Copied."
SELECTED = "Selected: press Ctrl+C (or ⌘C) to copy."
_TASKS: set[asyncio.Future[None]] = set()  # copies under way (kept from the collector)


def mailto(subject: str, body: str) -> str:
    """A ``mailto:`` URL without a recipient (RFC 6068): the player picks who gets it."""
    crlf = body.replace("\r\n", "\n").replace("\n", "\r\n")
    return f"mailto:?subject={quote(subject, safe='')}&body={quote(crlf, safe='')}"


def share_html(
    target: str,
    testid: str,
    subject: str,
    *,
    text: str = "",
    copy_label: str = "Copy",
    share_label: str = "Share",
) -> str:
    """Copy and Share buttons for the code box whose id is ``target`` (its text is read at
    the click, so a box filled later is shared as it is then), or for ``text`` itself.

    :param testid: the start of the buttons' ``data-testid`` (``-copy``, ``-share``,
        ``-note``).
    :param subject: the mail's subject (and the share sheet's title).
    """
    body = text or ""
    data = f' data-target="{escape(target)}"' if target else ""
    if text:
        data += f' data-text="{escape(text)}"'
    return (
        f'<span class="share-row" data-testid="{testid}-share-row">'
        f'<button type="button" class="btn share-copy" data-share="copy"{data} '
        f'data-testid="{testid}-copy">{escape(copy_label)}</button>'
        f'<a class="btn share-send" role="button" data-share="share"{data} '
        f'data-subject="{escape(subject)}" href="{escape(mailto(subject, body))}" '
        f'data-testid="{testid}-share">{escape(share_label)} ↗</a>'
        f'<span class="share-note small" role="status" aria-live="polite" '
        f'data-testid="{testid}-note"></span></span>'
    )


def code_row(text: str, testid: str, subject: str) -> str:
    """Copy and Share for a code drawn with the page (its text known now), in a row of
    its own under the code's box; nothing while there is no code."""
    if not text:
        return ""
    return f'<div class="row share">{share_html("", testid, subject, text=text)}</div>'


def invitation_message(player: str, link: str, game: str) -> str:
    """The ready-to-send message of an invitation: short, friendly, the link on its own
    line, and why it goes to that player only."""
    return (
        f"Hi {player}! You are invited to a game of {game}: your seat is {player}.\n"
        f"Open this link to take it:\n{link}\n"
        "The link is yours alone (whoever opens it first takes the seat): please don't "
        "post it in the thread."
    )


def invitation_html(player: str, link: str, game: str, testid: str) -> str:
    """An invitation as a button that copies its ready-to-send message (and Share)."""
    message = invitation_message(player, link, game)
    return share_html(
        "",
        testid,
        f"Your invitation to a game of {game}",
        text=message,
        copy_label=f"Copy invitation for {player}",
        share_label="Share",
    )


# ---------------------------------------------------------------- in the browser


def on_click(event: Any) -> None:
    """A click anywhere: a Copy or Share button of this module answers it."""
    from ui.shell.dom import found

    button = event.target.closest("[data-share]")
    if not found(button):
        return
    text, box = _text_of(button)
    if str(button.dataset.share) == "copy":
        event.preventDefault()
        future = asyncio.ensure_future(_copy(button, text, box))
        _TASKS.add(future)
        future.add_done_callback(_TASKS.discard)
        return
    _share(event, button, text)


def _text_of(button: Any) -> tuple[str, Any]:
    """(the text to copy or share, the box it is in or None)."""
    from pyscript import document

    from ui.shell.dom import found

    if button.hasAttribute("data-text"):
        return str(button.dataset.text), None
    box = document.getElementById(str(button.dataset.target or ""))
    if not found(box):
        return "", None
    value = getattr(box, "value", None)
    return str(value if value is not None else box.textContent), box


async def _copy(button: Any, text: str, box: Any) -> None:
    from pyscript import document, window

    try:
        await window.navigator.clipboard.writeText(text)
        note = COPIED
    except Exception:  # no clipboard permission (an old browser, a plain http page)
        note = _copy_by_selection(document, text, box)
    _note(button, note)


def _copy_by_selection(document: Any, text: str, box: Any) -> str:
    """Select the text (in its box, or in a box made for the moment) and try the older
    copy command; the note to show."""
    scratch = box is None or not hasattr(box, "select")
    if scratch:
        box = document.createElement("textarea")
        box.value = text
        box.className = "share-scratch"
        document.body.appendChild(box)
    box.focus()
    box.select()
    try:
        copied = bool(document.execCommand("copy"))
    except Exception:
        copied = False
    if scratch:
        box.remove()
    if copied:
        return COPIED
    return "Select the text and copy it." if scratch else SELECTED


def _share(event: Any, button: Any, text: str) -> None:
    """The share sheet where the browser has one; otherwise the link goes on to its
    ``mailto:`` with the text as it is now."""
    from pyodide.ffi import to_js
    from pyscript import window

    subject = str(button.dataset.subject or "")
    navigator = window.navigator
    if hasattr(navigator, "share") and callable(getattr(navigator, "share", None)):
        event.preventDefault()
        data = to_js({"title": subject, "text": text}, dict_converter=window.Object.fromEntries)
        try:
            navigator.share(data)  # the player may still cancel the sheet: nothing to say
        except Exception:
            window.location.href = mailto(subject, text)
        return
    button.href = mailto(subject, text)  # the click goes on to the mail program


def _note(button: Any, text: str) -> None:
    from ui.shell.dom import found

    row = button.closest(".share-row")
    if found(row):
        note = row.querySelector(".share-note")
        if found(note):
            note.textContent = text


def put_back(element: Callable[[str], Any], kept: dict[str, str]) -> None:
    """Put the text a refused action read (``kept``, by box id) back in its boxes, which
    the page has just drawn again: a failed paste keeps what was pasted."""
    from ui.shell.dom import found

    for box_id, value in kept.items():
        box = element(box_id)
        if found(box) and not str(box.value):
            box.value = value
