"""HTML of the play-by-email dialogs and panels (pure; no browser imports).

Every control carries ``data-action`` (the page dispatches clicks on it) and a
``data-testid`` for the browser tests. The dialogs go into the ``#pbem`` overlay.
"""

from __future__ import annotations

from html import escape

from ui.shell.pbem import LoadResult, SendBundle, Session, seat_label, waiting_for
from ui.shell.share import invitation_html, share_html


def _button(label: str, action: str, testid: str, cls: str = "", **data: object) -> str:
    extra = "".join(f' data-{k.replace("_", "-")}="{escape(str(v))}"' for k, v in data.items())
    return (
        f'<button type="button" class="btn {cls}" data-action="{action}" '
        f'data-testid="{testid}"{extra}>{escape(label)}</button>'
    )


def _dialog(testid: str, title: str, body: str) -> str:
    return (
        f'<div class="pbem-card" role="dialog" aria-modal="true" aria-labelledby="pbem-title" '
        f'data-testid="{testid}"><h2 id="pbem-title">{escape(title)}</h2>{body}</div>'
    )


def send_html(bundle: SendBundle) -> str:
    """The send-turn dialog: the code, Copy, an email with it, a link that opens it."""
    body = (
        f"<p>Send this code to <b>{escape(bundle.to_name)}</b> (and the other players) by "
        "email, a forum post or a chat message. They open the link, or paste the code "
        "with <i>Load a code</i>.</p>"
        f'<textarea id="pbem-code" class="code" readonly rows="6" spellcheck="false" '
        f'aria-label="Save code" data-testid="send-code">{escape(bundle.code)}</textarea>'
        f'<p class="muted small" data-testid="send-size">{len(bundle.code):,} characters · '
        "signed by this browser's key · anyone can read it (signed, not secret)</p>"
        '<div class="row">'
        + share_html("pbem-code", "send", bundle.subject, copy_label="Copy code")
        + f'<a class="btn" href="{escape(bundle.mailto)}" data-testid="send-mailto">'
        "✉ Send by email</a>"
        f'<a class="btn" href="{escape(bundle.link)}" target="_blank" rel="noopener" '
        f'data-testid="send-link">Link that opens the game ↗</a>'
        "</div>"
        + _invitations_html(bundle)
        + '<div class="row end">'
        + _button("Done", "pbem-close", "pbem-close")
        + "</div>"
    )
    return _dialog("send-dialog", "Send your turn", body)


def _invitations_html(bundle: SendBundle) -> str:
    """The invitation link of each seat not claimed yet: whoever opens a link can take
    that seat, so each goes to its own player only."""
    if not bundle.invitations:
        return ""
    items = "".join(
        f"<li>{invitation_html(who.split(' (seat', 1)[0], link, bundle.game, f'invite-{index}')} "
        f'<a href="{escape(link)}" target="_blank" rel="noopener" class="small" '
        f'data-testid="invite-link-{index}">the link ↗</a></li>'
        for index, (who, link) in enumerate(bundle.invitations)
    )
    return (
        '<div class="pbem-invites" data-testid="send-invitations"><p><b>Invitations.</b> '
        "These seats are kept for their players: send each player <i>only their own</i> "
        "invitation (privately: the button copies a message ready to send); the code "
        "alone lets others watch, not take a seat.</p>"
        f"<ul>{items}</ul></div>"
    )


def _result_html(result: LoadResult, replaces: bool) -> str:
    title = f"<b>{escape(result.title)}</b>"
    if result.kind == "refused":
        said = "nothing changed" in result.message.lower()  # the fault's own words say it
        return (
            f'<div class="pbem-error" role="alert" data-testid="load-error">{title}: '
            f"{escape(result.message)}"
            + (
                ""
                if said
                else '<br><span class="small">Nothing was changed: your game is as it was.</span>'
            )
            + "</div>"
        )
    if result.kind == "warning":
        items = "".join(f"<li>{escape(w)}</li>" for w in result.warnings)
        changes = "".join(f"<li>{escape(d)}</li>" for d in result.differences)
        differs = (
            "<p><b>What it changes</b> against your verified game:</p>"
            f'<ul data-testid="load-differences">{changes}</ul>'
            if changes
            else "<p>Its position is the same as your verified game's.</p>"
        )
        return (
            f'<div class="pbem-warn" role="alert" data-testid="load-warning">{title}: '
            f"{escape(result.message)}<ul>{items}</ul>{differs}"
            '<div class="row">'
            + _button("Keep my verified game", "pbem-reject", "load-reject", "primary")
            + _button("Load the unverified position", "pbem-accept", "load-accept")
            + "</div>"
            '<p class="muted small">Load it only if every player agrees that this is the '
            "game to continue.</p></div>"
        )
    record = result.record
    if record is None:
        return ""
    parts = [f'<div class="pbem-join" data-testid="load-join">{title}: {escape(result.message)}']
    if result.kind == "other-game" or replaces:
        parts.append(
            '<p class="warn-text">Joining replaces the game on this device '
            "(keep its code if you want to come back to it).</p>"
        )
    if result.seats:
        parts.append(
            "<p>Choose your seat (you claim it once; this browser then signs its turns):</p>"
        )
        parts.append('<div class="row">')
        for seat in result.seats:
            parts.append(
                _button(
                    f"I am {seat_label(record.state, seat)}",
                    "pbem-claim",
                    f"claim-seat-{seat}",
                    "primary",
                    seat=seat,
                )
            )
        parts.append("</div>")
    else:
        parts.append("<p>No seat is free for this browser's key: you can only watch.</p>")
    parts.append(
        '<div class="row">' + _button("Just watch", "pbem-claim", "claim-watch", seat="") + "</div>"
    )
    parts.append("</div>")
    return "".join(parts)


def load_html(text: str, result: LoadResult | None, replaces: bool) -> str:
    """The Load-a-code dialog, with what the last check found."""
    body = (
        "<p>Paste the save code (or the link) another player sent you.</p>"
        f'<textarea id="pbem-input" class="code" rows="5" spellcheck="false" '
        f'aria-label="Save code to load" data-testid="load-input">{escape(text)}</textarea>'
        '<div class="row">'
        + _button("Load", "pbem-check", "load-submit", "primary")
        + _button("Cancel", "pbem-close", "pbem-close", "ghost")
        + "</div>"
        + ("" if result is None else _result_html(result, replaces))
    )
    return _dialog("load-dialog", "Load a code", body)


def key_html(public_key: str, backup: str | None, note: str, error: str, typed: str = "") -> str:
    """Settings → Key: this browser's key, its backup code, importing one (``typed``: the
    text pasted for import, kept when it was refused)."""
    shown = (
        f'<textarea id="pbem-key-backup" class="code" readonly rows="2" spellcheck="false" '
        f'aria-label="Key backup" data-testid="key-backup">{escape(backup)}</textarea>'
        '<div class="row">'
        + share_html("pbem-key-backup", "key-backup", "My Risk key backup (private)")
        + "</div>"
        '<p class="warn-text small">Anyone with this backup code can sign turns as you: '
        "keep it private (share it only with yourself, to play from another device).</p>"
        if backup
        else _button("Show backup code", "pbem-key-show", "key-show")
    )
    body = (
        "<p>This browser signs your turns in games by email with its own key. Public key: "
        f'<code data-testid="key-public">{escape(public_key[:12])}…</code></p>'
        f"<h3>Back it up</h3>{shown}"
        '<h3>Import a backup</h3><p class="small muted">Replaces this browser\'s key (to play '
        "your seats from another device).</p>"
        '<textarea id="pbem-key-input" class="code" rows="2" spellcheck="false" '
        'aria-label="Key backup code to import" data-testid="key-import-input">'
        f"{escape(typed)}</textarea>"
        '<div class="row">'
        + _button("Import key", "pbem-key-import", "key-import")
        + "</div>"
        + (
            f'<p class="pbem-ok" role="status" data-testid="key-note">{escape(note)}</p>'
            if note
            else ""
        )
        + (
            f'<p class="error" role="alert" data-testid="key-error">{escape(error)}</p>'
            if error
            else ""
        )
        + '<div class="row end">'
        + _button("Close", "pbem-close", "pbem-close")
        + "</div>"
    )
    return _dialog("key-dialog", "Settings · your key", body)


def waiting_html(session: Session) -> str:
    """The controls while another player has the turn."""
    game = session.pbem
    send = (
        _button("Send turn again", "pbem-send", "waiting-send")
        if game is not None and game.outbox
        else ""
    )
    return (
        f'<div class="waiting" data-testid="waiting"><p>{escape(waiting_for(session))}</p>'
        '<div class="row">'
        + _button("Load a code", "pbem-load", "waiting-load", "primary")
        + send
        + "</div></div>"
    )


def status_html(session: Session) -> str:
    """One line under the turn banner: a game by email, who this browser plays."""
    game = session.pbem
    if game is None:
        return ""
    who = (
        f"you play {escape(seat_label(session.state, game.seat))}"
        if game.seat is not None
        else "you are watching"
    )
    pending = f" · {len(game.actions)} orders since" if game.actions else ""
    return (
        f'<p class="pbem-status small muted" data-testid="pbem-status">✉ Game by email '
        f"{escape(game.game_id[:8])} · {who} · save {game.record.seq}{pending}</p>"
    )


def waiting_prompt(session: Session) -> str:
    """The turn banner's sentence while another browser has the turn."""
    actor = session.actor
    if actor is None:
        return ""
    return f"{session.state.players[actor].name} plays in their own browser and sends a code."
