"""HTML of the forum card every sealed-orders ruleset page shows (pure): the save code,
the sealed and reveal codes, invitations, claiming, deadlines and resolving.  ``p`` is
the page's prefix of actions and test ids (``cap``, ``gw``), ``side`` what its players
play ("faction", "nation").
"""

from __future__ import annotations

from html import escape
from typing import Any

from ui.shell import forum, share


def button(action: str, label: str, test: str, extra: str = "", cls: str = "btn") -> str:
    return (
        f'<button type="button" class="{cls}" data-action="{action}" data-testid="{test}"'
        f"{extra}>{label}</button>"
    )


def page_note_html(session: Any, p: str) -> str:
    """What the last pasted page held ("Found 3 sealed orders, 2 reveals; Bob's reveal
    missing"), "" before any."""
    note = getattr(session, "page_note", "")
    if not note:
        return ""
    return f'<p class="small" data-testid="{p}-page-note" role="status">{escape(note)}.</p>'


def sealed_html(session: Any, p: str, side: str = "faction") -> str:
    """By forum, after sealing: two posts and two pastes.  Post 1 is the sealed code;
    paste 1 the forum page (or email thread) once every sealed code is posted, which
    makes the reveal code; post 2 is the reveal; paste 2 the page once every reveal is
    posted, which resolves the turn on this page, as on every other."""
    if session.stage != "sealed":
        return ""
    name = escape(session.state.players[session.seat or 0].name)
    if session.moderated:
        return (
            f"<h3>{name}: orders sealed</h3>"
            "<p>Send this <b>orders code</b> to the moderator privately:</p>"
            f'<textarea readonly rows="4" class="code" data-testid="{p}-reveal-code">'
            f"{escape(session.reveal)}</textarea>"
            + share.code_row(session.reveal, f"{p}-reveal", f"My orders, turn {session.state.turn}")
            + '<p class="small">Then paste the moderator\'s post (the whole page is fine) into '
            "the box of the forum card.</p>"
        )
    if session.confirmed:
        step = (
            "<p><b>Post 2.</b> Post your <b>reveal code</b>:</p>"
            f'<textarea readonly rows="4" class="code" data-testid="{p}-reveal-code">'
            f"{escape(session.reveal)}</textarea>"
            + share.code_row(session.reveal, f"{p}-reveal", f"My reveal, turn {session.state.turn}")
            + f"<p><b>Paste 2.</b> When every {side} has posted its reveal, copy the whole "
            "forum page (or email thread) and paste it here: this page resolves the turn "
            "itself, as every player's page does.</p>"
            f'<label class="label" for="{p}-reveals-page">The page with every reveal</label>'
            f'<textarea id="{p}-reveals-page" rows="3" class="code" '
            f'data-testid="{p}-reveals-page"></textarea>'
            + button(
                f"{p}-read-reveals",
                "Read the page and resolve",
                f"{p}-read-reveals",
                "",
                "btn primary",
            )
        )
    else:
        step = (
            f"<p><b>Paste 1.</b> When every {side} has posted its sealed code, copy the "
            "whole forum page (or email thread: quotes, other posts and all) and paste it "
            "here. Your reveal code will name every seal, so that nobody can seal again "
            "once you have revealed.</p>"
            f'<label class="label" for="{p}-seen-seals">The page with every sealed code</label>'
            f'<textarea id="{p}-seen-seals" rows="3" class="code" data-testid="{p}-seen-seals">'
            "</textarea>"
            + button(
                f"{p}-confirm-sealed",
                "Read the page — show my reveal code",
                f"{p}-confirm-sealed",
                "",
                "btn primary",
            )
        )
    return (
        f"<h3>{name}: orders sealed for turn {session.state.turn}</h3>"
        "<p><b>Post 1.</b> Post this <b>sealed code</b> (it commits you to your orders "
        "without showing them):</p>"
        f'<textarea readonly rows="4" class="code" data-testid="{p}-sealed-code">'
        f"{escape(session.sealed)}</textarea>"
        + share.code_row(
            session.sealed, f"{p}-sealed", f"My sealed orders, turn {session.state.turn}"
        )
        + f"{step}{page_note_html(session, p)}"
        '<div class="row end">'
        + button(f"{p}-unseal", "Change my orders (new seal)", f"{p}-unseal")
        + "</div>"
    )


def invitations_html(session: Any, page_url: str, p: str, side: str = "faction") -> str:
    """The host's private invitation link of each faction not claimed yet: whoever opens
    a link can take that faction, so each goes to its own player only."""
    pending = session.pending_invitations()
    if not pending:
        return ""
    items = "".join(
        f"<li>{_invitation(session, page_url, p, seat, secret)}</li>" for seat, secret in pending
    )
    return (
        f'<div class="pbem-invites" data-testid="{p}-invitations"><p><b>Invitations.</b> '
        f"These {side}s are kept for their players: send each player <i>only their own</i> "
        "link (privately, not in the forum thread); the save code alone lets others watch, "
        f"not take a {side}.</p>"
        f"<ul>{items}</ul></div>"
    )


def _invitation(session: Any, page_url: str, p: str, seat: int, secret: str) -> str:
    """One invitation: a button that copies a ready-to-send message, and the link."""
    link = forum.invitation_link(page_url, session.code, seat, secret)
    name = session.state.players[seat].name
    return (
        share.invitation_html(name, link, session.TITLE, f"{p}-invite-{seat}")
        + f' <a href="{escape(link)}" target="_blank" rel="noopener" class="small" '
        f'data-testid="{p}-invite-link-{seat}">the link ↗</a>'
    )


def forum_html(session: Any, p: str, page_url: str = "index.html", side: str = "faction") -> str:
    """The forum card: the save code, pasting codes, claiming, resolving."""
    if session.where != "forum":
        return ""
    state = session.state
    claim = ""
    if session.stage == "claim":
        free = session.claimable()
        claim = (
            f"<p>Which {side} do you play? Claiming signs the game with this browser's key.</p>"
            + '<div class="row">'
            + "".join(
                button(
                    f"{p}-claim",
                    f"Claim {escape(state.players[i].name)}",
                    f"{p}-claim-{i}",
                    f' data-seat="{i}"',
                    "btn primary",
                )
                for i in free
            )
            + "</div>"
        )
        if not free:
            claim = (
                f'<p class="error" data-testid="{p}-no-seat">No {side} is free for this '
                "browser: each is claimed or kept for an invited player (open your own "
                "invitation link to claim yours). You can watch.</p>"
            )
    unclaimed = [state.players[i].name for i in session.unclaimed_seats()]
    waiting = (
        f'<p class="muted small">Not yet claimed: {escape(", ".join(unclaimed))} — they open '
        "their invitation link (or paste it into Join a forum game) and claim their "
        f"{side}; then paste their new code here.</p>"
        if unclaimed
        else ""
    )
    mine = escape(state.players[session.seat].name) if session.seat is not None else "—"
    ended = session.ended_text()
    if ended:
        return (
            f'<h3>By forum · game <code data-testid="{p}-game-id">{escape(session.game_id)}'
            f"</code></h3><p>You play <b>{mine}</b>.</p>"
            f'<p class="warn-text" data-testid="{p}-forfeit-over"><b>{escape(ended)}.</b></p>'
            f'<label class="label" for="{p}-save-code">Latest save code (post it)</label>'
            f'<textarea id="{p}-save-code" readonly rows="3" class="code" '
            f'data-testid="{p}-save-code">{escape(session.code)}</textarea>'
            + share.code_row(session.code, f"{p}-save", f"Game {session.game_id}: save code")
        )
    return (
        f'<h3>By forum · game <code data-testid="{p}-game-id">{escape(session.game_id)}</code>'
        f"</h3><p>You play <b>{mine}</b>"
        f"{' · moderated' if session.moderated else ''}.</p>"
        f"{dispute_html(session, p)}{appointments_html(session, p)}{claim}"
        f"{save_code_html(session, p, side)}{waiting}"
        f"{invitations_html(session, page_url, p, side)}"
        f'<label class="label" for="{p}-paste">Paste the forum page, thread or code</label>'
        f'<textarea id="{p}-paste" rows="2" class="code" data-testid="{p}-paste"></textarea>'
        '<div class="row end">'
        + button(f"{p}-load", "Read the page", f"{p}-load")
        + "</div>"
        + (page_note_html(session, p) if session.stage != "sealed" else "")
        + f'<details class="resolve" data-testid="{p}-resolve-box">'
        "<summary>Resolve by hand (past the deadline; the moderator)</summary>"
        f'<label class="label" for="{p}-resolve-sealed">All sealed codes</label>'
        f'<textarea id="{p}-resolve-sealed" rows="3" class="code" '
        f'data-testid="{p}-resolve-sealed"></textarea>'
        f'<label class="label" for="{p}-resolve-reveals">All reveal (orders) codes</label>'
        f'<textarea id="{p}-resolve-reveals" rows="3" class="code" '
        f'data-testid="{p}-resolve-reveals"></textarea>'
        + (
            f'<p class="muted small" data-testid="{p}-moderated">A moderated game: only the '
            f"moderator named when the game was created resolves, from the {side}s' orders "
            f"codes (no sealed codes; silent {side}s get default orders).</p>"
            if session.moderated
            else _deadline_html(session, p, side)
        )
        + '<div class="row end">'
        + button(f"{p}-resolve", "Check the codes and resolve", f"{p}-resolve", "", "btn primary")
        + "</div></details>"
    )


def save_code_html(session: Any, p: str, side: str) -> str:
    """The save this page holds.  After a turn every page resolved itself (no
    moderator), nobody posts it: it is the code for a player who missed posts (this
    page's last saves, so a player a round or two behind catches up in one paste).
    Otherwise (a claim, a moderator's resolution, a forfeit) it is the code to post."""
    resolved_here = (
        not session.moderated and bool(session.code) and "proof" in session.record().payload
    )
    if resolved_here:
        return (
            f'<label class="label" for="{p}-save-code">Code for a player who missed posts'
            "</label>"
            f'<p class="muted small">Every {side} that pasted the reveals resolved this turn on '
            "its own page: post this only for a player who missed posts (or a new watcher)."
            "</p>"
            f'<textarea id="{p}-save-code" readonly rows="3" class="code" '
            f'data-testid="{p}-save-code">{escape(session.catch_up_code())}</textarea>'
            + share.code_row(
                session.catch_up_code(), f"{p}-save", f"Game {session.game_id}: catch-up code"
            )
        )
    return (
        f'<label class="label" for="{p}-save-code">Latest save code (post it)</label>'
        f'<textarea id="{p}-save-code" readonly rows="3" class="code" data-testid="{p}-save-code">'
        f"{escape(session.code)}</textarea>"
        + share.code_row(session.code, f"{p}-save", f"Game {session.game_id}: save code")
    )


def dispute_html(session: Any, p: str) -> str:
    """A forfeit claim this page holds: the game is disputed until the claimed faction
    concedes (its page offers to)."""
    text = session.dispute()
    if not text:
        return ""
    concede = (
        '<p class="small">If you agree, concede: the game ends and the other side wins. '
        "Otherwise post your reveal or your deadline code.</p>"
        + button(f"{p}-concede", "Agree: I concede the game", f"{p}-concede")
        if session.may_concede()
        else ""
    )
    return (
        f'<div class="pbem-dispute" data-testid="{p}-disputed"><p class="warn-text"><b>'
        f"{escape(text)}.</b></p>"
        f'<label class="label" for="{p}-forfeit-code">Forfeit claim (post it)</label>'
        f'<textarea id="{p}-forfeit-code" readonly rows="2" class="code" '
        f'data-testid="{p}-forfeit-code">{escape(session.forfeit)}</textarea>'
        + share.code_row(session.forfeit, f"{p}-forfeit", f"Game {session.game_id}: forfeit claim")
        + f"{concede}</div>"
    )


def appointments_html(session: Any, p: str) -> str:
    """Appointment codes of a moderator held here: to post, and once every faction has
    signed, the save that names the moderator."""
    text = session.appointment_text() if not session.moderated else ""
    if not text:
        return ""
    make = (
        button(f"{p}-appoint-save", "Make the save that names the moderator", f"{p}-appoint-save")
        if session.appointment_complete()
        else ""
    )
    return (
        f'<div class="pbem-appoint" data-testid="{p}-appointments"><p><b>{escape(text)}.</b></p>'
        f'<label class="label" for="{p}-appoint-codes">Appointment codes (post yours)</label>'
        f'<textarea id="{p}-appoint-codes" readonly rows="2" class="code" '
        f'data-testid="{p}-appoint-codes">{escape(session.appointments)}</textarea>'
        + share.code_row(
            session.appointments, f"{p}-appoint", f"Game {session.game_id}: appointment"
        )
        + f"{make}</div>"
    )


def remedies_html(session: Any, p: str, side: str) -> str:
    """Where a round cannot be forced (a game of two, one silent; or too few consenting):
    why, and what can be done."""
    two = session.two_factions()
    if not (two or session.stuck):
        return ""
    why = (
        # the list below says what can be done: the reason alone here
        f'<p class="error" data-testid="{p}-stuck">'
        f"{escape(session.stuck.split(' What can be done')[0])}</p>"
        if session.stuck
        else f'<p class="small" data-testid="{p}-two">In a game of two, nobody resolves a '
        f"turn alone: if the other {side} stays silent, the turn cannot be forced.</p>"
    )
    forfeit = (
        f"<li>Claim a forfeit: the game shows as disputed until the other {side} agrees; "
        "its concession ends the game with you the winner. "
        + button(f"{p}-claim-forfeit", "Claim a forfeit", f"{p}-claim-forfeit")
        + "</li>"
        if two and session.seat is not None and not session.forfeit
        else ""
    )
    seated = [i for i, k in enumerate(session.code_keys()) if k is not None]
    appoint = (
        (
            f"<li>Name a moderator: every {side} signs an appointment of the same seated "
            "player, who from then on resolves every turn and forces it past the deadline. "
            + "".join(
                button(
                    f"{p}-appoint",
                    f"Name {escape(session.state.players[i].name)}",
                    f"{p}-appoint-{i}",
                    f' data-seat="{i}"',
                )
                for i in seated
            )
            + "</li>"
        )
        if session.seat is not None
        else ""
    )
    return (
        f'<div class="pbem-remedies" data-testid="{p}-remedies">{why}'
        '<p class="small"><b>What can be done:</b></p><ul class="small">'
        f"<li>Ask the silent {side} to post its reveal, or its deadline code (a silent {side} "
        "that signs consents to default orders).</li>"
        f"{forfeit}{appoint}"
        "<li>Abandon the game: agree in the thread, then start a "
        + button("show-setup", "New game", f"{p}-abandon")
        + " (this browser keeps one game of each rule set: the new one replaces this one).</li>"
        "</ul></div>"
    )


def _deadline_html(session: Any, p: str, side: str) -> str:
    """Without a moderator: past the deadline, every faction that revealed signs that the
    others are silent; with all those codes the turn resolves with default orders for
    the silent ones."""
    signed = (
        f'<label class="label" for="{p}-deadline-code">Your deadline code (post it)</label>'
        f'<textarea id="{p}-deadline-code" readonly rows="2" class="code" '
        f'data-testid="{p}-deadline-code">{escape(session.deadline)}</textarea>'
        + share.code_row(session.deadline, f"{p}-deadline", f"Game {session.game_id}: deadline")
        if session.deadline
        else ""
    )
    return (
        f'<p class="muted small">Past the deadline with a {side} silent: each {side} that '
        "revealed signs a deadline code (from the reveals above); paste them all to give "
        f"the silent ones default orders. Nobody forces a turn alone: more than half of the "
        f"{side}s must consent (reveal and sign, or sign).</p>"
        + remedies_html(session, p, side)
        + ""
        f'<label class="label" for="{p}-resolve-deadlines">Deadline codes</label>'
        f'<textarea id="{p}-resolve-deadlines" rows="2" class="code" '
        f'data-testid="{p}-resolve-deadlines"></textarea>'
        + signed
        + '<div class="row">'
        + button(f"{p}-sign-deadline", "Sign: the deadline has passed", f"{p}-sign-deadline")
        + "</div>"
    )
