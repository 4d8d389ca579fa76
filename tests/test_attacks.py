"""Issue 12's attacks, each played as the attacker would, with the engine's own functions.

Each must fail with a typed error (the game untouched) wherever a code is checked: on
every page (``continue_game``, which every page runs) and in ``python -m engine inspect
BASE NEXT``.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from typing import Any

import pytest

from engine.core import find_ruleset
from engine.errors import EngineError
from engine.keys import PlayerKey
from engine.rulesets.capital import CapitalState, Resolve
from engine.save_chain import continue_game
from engine.savecode import decode_code, encode_code
from engine.saves import SaveRecord, make_save, read_save
from engine.sealed import Revealed, deadline_code, read_reveals, read_seals, seal_orders, witness
from engine.sealed_round import claimed_keys, dice_entropy, proofs_for, resolution_orders
from tests import test_saves
from tests.test_sealed import KEYS, RS, base_save, choose, save_resolution, sealed_turn
from ui.capital import export

CLASSIC = find_ruleset("classic")


def refused(previous: SaveRecord, code: str) -> str:
    """The error code every page (and the CLI) gives for ``code`` after ``previous``."""
    with pytest.raises(EngineError) as info:
        continue_game(previous, code)
    cli = subprocess.run(
        [sys.executable, "-m", "engine", "inspect", previous.code, code],
        capture_output=True,
        text=True,
        check=False,
    )
    assert cli.returncode == 2 and info.value.code in cli.stderr, cli.stderr
    return info.value.code


def resolved_save(base: SaveRecord, orders: list[Any], **evidence: Any) -> str:
    return save_resolution(base, orders, **evidence)


# ---------------------------------------------------------------- 1. commit and reveal


def test_the_resolver_cannot_change_its_orders_after_seeing_the_reveals() -> None:
    """ "The faction that resolves can change its own orders after seeing the others'
    reveals (its re-sealed reveal replaces the posted one)" -- refused: the others'
    reveals name every seal they saw."""
    base = base_save()
    seals, reveals = sealed_turn(base)
    better = dataclasses.replace(choose(base.state, 1), attacks=(), surge=None)
    new_seal, new_reveal = seal_orders(
        better, game_id="forum", turn=base.state.turn, faction=1, key=KEYS[1], salt="b2"
    )
    forged_seals = [seals[0], new_seal, seals[2]]
    from engine.sealed import bind_reveal

    forged_reveals = [reveals[0], bind_reveal(base, new_reveal, forged_seals, KEYS[1]), reveals[2]]
    opened = read_reveals(base, forged_reveals, read_seals(base, forged_seals))
    orders = resolution_orders(RS, opened, force=False, with_entropy=True)
    code = resolved_save(base, orders, proofs=proofs_for(opened), seals=forged_seals)
    assert refused(base, code) == "sealed/resealed"


def test_the_resolver_cannot_drop_a_rival_and_force_the_turn() -> None:
    """ "Drop a rival's reveal and force the turn (the rival gets default orders)" --
    without a moderator, force needs a deadline code from every faction that revealed."""
    base = base_save()
    seals, reveals = sealed_turn(base)
    kept = [reveals[0], reveals[1]]
    opened = read_reveals(base, kept, read_seals(base, seals))
    orders = resolution_orders(RS, opened, force=True, with_entropy=True)
    alone = [deadline_code(base, 1, [2], KEYS[1])]
    code = resolved_save(base, orders, proofs=kept, seals=seals, deadlines=alone)
    assert refused(base, code) == "sealed/forced"
    # With the deadline codes of both factions that revealed, the forced turn is valid.
    both = [deadline_code(base, 0, [2], KEYS[0]), deadline_code(base, 1, [2], KEYS[1])]
    honest = resolved_save(base, orders, proofs=kept, seals=seals, deadlines=both)
    assert continue_game(base, honest).verified


def test_a_withheld_reveal_is_a_strike() -> None:
    """RULINGS §2, "two strikes and you're out" -- the last faction to reveal may withhold
    its reveal; past the deadline the others force the turn (each signs a deadline code),
    the silent faction gets default orders and a strike, and a second withheld reveal in
    a row puts it out (the Standard computer takes its seat)."""
    base = base_save()
    for strikes in (1, 2):
        seals, reveals = sealed_turn(base)
        kept = reveals[:2]  # faction 3 saw both reveals and keeps its own back
        opened = read_reveals(base, kept, read_seals(base, seals))
        orders = resolution_orders(RS, opened, force=True, with_entropy=True)
        both = [deadline_code(base, f, [2], KEYS[f]) for f in (0, 1)]
        code = resolved_save(base, orders, proofs=kept, seals=seals, deadlines=both)
        base = continue_game(base, code).record
        silent = base.state.players[2]
        assert silent.strikes == strikes
        comments = " ".join(base.state.last_report["comments"])
        assert "F3 sent no orders: default orders used" in comments
    assert silent.control == "standard" and "is out" in comments


def test_the_resolver_cannot_grind_the_dice_entropy() -> None:
    """ "Grind the dice entropy (64 tries moved one faction from 30 units ...)" -- every
    page recomputes the entropy from the reveals' salts."""
    base = base_save()
    seals, reveals = sealed_turn(base)
    opened = read_reveals(base, reveals, read_seals(base, seals))
    orders = [*resolution_orders(RS, opened, force=False, with_entropy=True)[:-1]]
    orders.append(Resolve(force=False, entropy="my lucky number 17"))
    code = resolved_save(base, orders, proofs=proofs_for(opened), seals=seals)
    assert refused(base, code) == "sealed/unsigned"


def test_nobody_can_tick_i_am_the_moderator() -> None:
    """ "Any player may tick 'I am the moderator'" -- a game has a moderator only if its
    first save names one; a save cannot add one later; a resolution without seals in a
    game without a moderator is refused."""
    base = base_save()
    _, reveals = sealed_turn(base)
    opened = read_reveals(base, reveals[:2], seals=None)
    orders = resolution_orders(RS, opened, force=True, with_entropy=False)
    assert refused(base, resolved_save(base, orders, proofs=reveals[:2])) == "sealed/no-commitment"
    self_made = make_save(
        RS,
        base.state,
        game_id="forum",
        keys=list(base.keys),
        signer=KEYS[1],
        seat=1,
        previous=dataclasses.replace(base, moderator=KEYS[1].public_key_text),
    )
    assert refused(base, self_made) == "save/keys-changed"
    moderated = base_save(moderator=KEYS[0])
    _, reveals = sealed_turn(moderated)
    opened = read_reveals(moderated, reveals[:2], seals=None)
    orders = resolution_orders(RS, opened, force=True, with_entropy=False)
    assert refused(moderated, resolved_save(moderated, orders, proofs=reveals[:2])) == (
        "sealed/not-moderator"
    )


# ---------------------------------------------------------------- 3. forks


def test_a_fork_onto_no_held_code_is_never_verified() -> None:
    """ "A seated player can sign {seq: prev+1, prev: '0'*32, st: <any position>}" -- it
    is shown as an unverified fork, never as the next verified save."""
    saves = test_saves.chain(1)
    code, record = saves[-1]
    seat = record.state.current
    state = record.state.clone()
    for territory in state.owner:
        state.owner[territory] = seat
    payload = dict(decode_code(code).payload)
    payload |= {"seq": record.seq + 1, "prev": "0" * 32, "st": CLASSIC.to_compact(state)}
    payload |= {"acts": [], "rolls": [state.rng.counter, state.rng.counter]}
    forged = encode_code(payload, test_saves.KEYS[seat], seat)
    continuation = continue_game(record, forged)
    assert not continuation.verified
    assert "fork" in continuation.warnings[0]
    cli = subprocess.run(
        [sys.executable, "-m", "engine", "inspect", code, forged],
        capture_output=True,
        text=True,
        check=False,
    )
    assert cli.returncode == 1 and cli.stderr.startswith("not verified")


def test_a_second_continuation_of_the_same_save_is_a_fork_not_an_old_turn() -> None:
    """ "A second continuation of the same save is reported as a fork, not as 'Old
    turn'"."""
    saves = test_saves.chain(2)
    (_, first), (second_code, second) = saves[0], saves[1]
    other = make_save(
        CLASSIC,
        first.state,
        game_id="g",
        keys=list(first.keys),
        signer=test_saves.KEYS[first.state.current],
        seat=first.state.current,
        previous=first,
    )
    assert other != second_code
    assert refused(second, other) == "save/fork"


# ---------------------------------------------------------------- 4. signed content


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", [{"name": 1}]),
        ("owner", {"alaska": "x"}),
        ("armies", []),
        ("rng", 5),
        ("phase", ["orders"]),
        ("winner", 99),
        ("draw_pile", [1, 2, "three"]),
    ],
)
def test_capital_state_fields_are_checked_with_a_typed_error(field: str, value: Any) -> None:
    """ "Codes that any seated player can sign reach CapitalState.from_json (TypeError,
    KeyError)" -- every field of a decoded state is validated, the error names it."""
    data = base_save().state.to_json()
    data[field] = value
    with pytest.raises(EngineError) as info:
        CapitalState.from_json(data)
    assert info.value.code == "savecode/state" and field in info.value.message


def test_capital_colour_that_is_not_a_colour_is_refused() -> None:
    """ "A colour of 'not-a-colour' makes render_map raise on every refresh" -- refused
    when the state is read."""
    data = base_save().state.to_json()
    data["players"][0]["color"] = "not-a-colour"
    with pytest.raises(EngineError) as info:
        RS.state_from_json(data)
    assert "color" in info.value.message


def test_classic_compact_state_fields_are_checked() -> None:
    """Classic ``from_compact`` (AttributeError before): a moved table that is a list, a
    headquarters index out of range, a colour that is not one."""
    _, record = test_saves.chain(0)[0]
    for part, change in (
        ("v", []),
        ("p", lambda p: [[*p[0][:5], -3, *p[0][6:]], *p[1:]]),
        ("p", lambda p: [[p[0][0], p[0][1], "not-a-colour", *p[0][3:]], *p[1:]]),
        ("s", lambda s: s[:-1]),
    ):
        data = dict(record.payload["st"])
        data[part] = change(data[part]) if callable(change) else change
        with pytest.raises(EngineError) as info:
            CLASSIC.from_compact(data)
        assert info.value.code == "savecode/state"


def test_an_order_kind_that_is_not_text_is_refused() -> None:
    """``parse_order`` with a non-string kind (TypeError before)."""
    for ruleset in (CLASSIC, RS):
        with pytest.raises(EngineError) as info:
            ruleset.parse_order({"kind": ["attack"]})
        assert info.value.code == "order/unknown-kind"


def test_a_classic_save_chained_onto_a_capital_game_is_another_game() -> None:
    """A Classic save chained onto a Capital game (AttributeError in continue_game)."""
    base = base_save()
    _, classic = test_saves.chain(0)[0]
    payload = dict(classic.payload) | {"g": base.game_id, "seq": 1, "prev": base.hash}
    payload["keys"] = list(base.keys)
    code = encode_code(payload, KEYS[1], 1)
    assert refused(base, code) == "save/other-game"


# ---------------------------------------------------------------- 5. unchecked fields


@pytest.mark.parametrize("field", ["turn", "rolls", "rv", "proof"])
def test_signed_fields_are_checked_against_the_replayed_position(field: str) -> None:
    """ "turn, rolls[0], rv (any older version) and a junk proof in Classic are accepted
    as verified" -- each is checked, or refused."""
    saves = test_saves.chain(2)
    (_, before), (code, record) = saves[1], saves[2]
    payload = dict(decode_code(code).payload)
    payload[field] = {
        "turn": record.turn + 1,
        "rolls": [record.rolls[0] + 1, record.rolls[1]],
        "rv": 0,
        "proof": ["RK1.junk"],
    }[field]
    forged = encode_code(payload, test_saves.KEYS[record.seat], record.seat)
    assert refused(before, forged) in {"save/payload", "save/old-version"}


# ---------------------------------------------------------------- 6. seat sniping


def test_a_seat_kept_for_an_invited_player_cannot_be_sniped() -> None:
    """ "Anyone who sees a code can claim a free seat" -- the host keeps a seat for an
    invited player (the digest of a one-time secret sent only to them, in the first
    save); a save that claims it without the secret is refused, the invitee's is not."""
    from engine.saves import invitation_digest

    state = test_saves.new_state(2)
    host, guest = state.current, 1 - state.current
    keys: list[str | None] = [None, None]
    keys[host] = test_saves.KEYS[host].public_key_text
    invitations: list[str | None] = [None, None]
    invitations[guest] = invitation_digest("secret-for-the-guest-only")

    def save(at: Any, signer: PlayerKey, seat: int, claim: list[str | None], **more: Any) -> str:
        return make_save(CLASSIC, at, game_id="g", keys=claim, signer=signer, seat=seat, **more)

    host_key = test_saves.KEYS[host]
    first = read_save(save(state, host_key, host, keys, invitations=invitations))
    after, orders = test_saves.play_turn(state)
    second = read_save(save(after, host_key, host, keys, previous=first, actions=orders))
    later, guest_orders = test_saves.play_turn(after)
    sniper = PlayerKey.generate(b"\x05" * 32)
    for key, invite, expected in (
        (sniper, "", "save/invited"),
        (sniper, "a-guess-at-the-secret-0000", "save/invited"),
        (test_saves.KEYS[guest], "secret-for-the-guest-only", None),
    ):
        claim = list(keys)
        claim[guest] = key.public_key_text
        code = save(later, key, guest, claim, previous=second, actions=guest_orders, invite=invite)
        if expected is None:
            assert continue_game(second, code).verified
        else:
            assert refused(second, code) == expected


SNIPER = PlayerKey.generate(b"\x06" * 32)
INVITES = {1: "invitation-to-faction-2-only", 2: "invitation-to-faction-3-only"}


def invited_base() -> SaveRecord:
    """A 3-faction Capital forum game whose host (faction 1) keeps factions 2 and 3 for
    their invitees, as the host's page makes it."""
    from engine.invitations import invitation_digest

    keys: list[str | None] = [KEYS[0].public_key_text, None, None]
    digests = [None, *(invitation_digest(INVITES[f]) for f in (1, 2))]
    code = make_save(
        RS, base_save().state, game_id="forum", keys=keys, signer=KEYS[0], seat=0,
        invitations=digests,
    )  # fmt: skip
    return read_save(code)


def first_orders(
    base: SaveRecord, keys: dict[int, PlayerKey], invites: dict[int, str]
) -> tuple[list[str], list[str]]:
    """Every faction's sealed and (bound) reveal codes for the turn, signed with ``keys``
    (the host's own by default), each showing its entry in ``invites``."""
    signers = {0: KEYS[0], 1: KEYS[1], 2: KEYS[2]} | keys
    pairs = [
        seal_orders(
            choose(base.state, f),
            game_id="forum",
            turn=base.state.turn,
            faction=f,
            key=signers[f],
            salt=f"salt{f}",
            invite=invites.get(f, ""),
        )
        for f in range(3)
    ]
    seals = [sealed for sealed, _ in pairs]
    # Each reveal names every seal, bound by hand (the page's bind_reveal checks first).
    pinned = witness(read_seals(base, seals))
    return seals, [
        encode_code(decode_code(r).payload | {"w": pinned}, signers[f], f)
        for f, (_, r) in enumerate(pairs)
    ]


def resolution_claiming(
    base: SaveRecord, seals: list[str], reveals: list[str], keys: list[str | None], **sign: Any
) -> str:
    """The resolution save of these codes, read as the sniper would write it: the codes
    are trusted as they are (no page checks them first) and the seats take ``keys``."""
    revealed = {}
    for code in reveals:
        payload = decode_code(code).payload
        faction = int(payload["f"])
        order = RS.parse_order(payload["o"])
        revealed[faction] = Revealed(faction, order, str(payload["s"]), code, "")
    orders: list[Any] = [revealed[f].order for f in sorted(revealed)]
    orders.append(Resolve(force=False, entropy=dice_entropy(revealed)))
    state = base.state
    for order in orders:
        state = RS.apply(state, order).state
    signer, seat = sign.get("signer", KEYS[0]), sign.get("seat", 0)
    return make_save(
        RS, state, game_id="forum", keys=keys, signer=signer, seat=seat, previous=base,
        actions=orders, proofs=reveals, seals=seals,
    )  # fmt: skip


def test_capital_seats_kept_for_invitees_take_their_first_sealed_orders() -> None:
    """Issue 12, 6: "let the host bind a seat to a player: an invitation per seat" -- in
    a Capital forum game each invitee's first sealed orders commit to its invitation and
    the reveal shows it; the resolution claims the seats with the keys that signed them,
    and the sealed codes (posted before every seal is pinned) do not show the secret."""
    base = invited_base()
    seals, reveals = first_orders(base, {}, INVITES)
    assert all(INVITES[f] not in decode_code(seals[f]).payload.values() for f in (1, 2))
    assert [decode_code(r).payload.get("i") for r in reveals] == [None, *INVITES.values()]
    revealed = read_reveals(base, reveals, read_seals(base, seals))
    code = resolution_claiming(base, seals, reveals, claimed_keys(base, revealed))
    after = continue_game(base, code).record
    assert after.keys == tuple(k.public_key_text for k in KEYS)
    assert after.invitations == base.invitations  # kept on, but every seat is claimed now


def test_capital_kept_seat_cannot_be_sniped_with_first_sealed_orders() -> None:
    """ "Capital: with its first sealed orders" anyone who sees a code could claim a free
    seat -- a sniper who saw the base code but has no invitation seals orders for
    faction 3: its reveal is refused ("kept for an invited player"), and a resolution that
    seats it anyway is refused on every page and by ``inspect``."""
    base = invited_base()
    for shown in ("", "a-guess-at-the-invitation-0000"):
        seals, reveals = first_orders(base, {2: SNIPER}, {1: INVITES[1], 2: shown})
        with pytest.raises(EngineError) as info:
            read_reveals(base, reveals, read_seals(base, seals))
        assert info.value.code == "sealed/invited" and "seat 3 is kept" in info.value.message
        keys = [KEYS[0].public_key_text, KEYS[1].public_key_text, SNIPER.public_key_text]
        assert refused(base, resolution_claiming(base, seals, reveals, keys)) == "sealed/invited"


def test_capital_invitation_proof_binds_the_key_that_sealed() -> None:
    """The invitation is the invitee's, not the resolver's: a resolver that seats itself
    in faction 2 over the invitee's own revealed orders is refused; so is a sniper's
    claim save (same position, its key in faction 3) without the invitation."""
    base = invited_base()
    seals, reveals = first_orders(base, {}, INVITES)
    keys = [KEYS[0].public_key_text, SNIPER.public_key_text, KEYS[2].public_key_text]
    code = resolution_claiming(base, seals, reveals, keys, signer=SNIPER, seat=1)
    assert refused(base, code) == "save/keys-changed"
    claim = [KEYS[0].public_key_text, None, SNIPER.public_key_text]
    sniped = make_save(
        RS, base.state, game_id="forum", keys=claim, signer=SNIPER, seat=2, previous=base
    )
    assert refused(base, sniped) == "save/invited"


# ---------------------------------------------------------------- 7. forum exports


def test_forum_exports_escape_player_names() -> None:
    """ "Names go raw into the BBCode and Markdown exports ([img]https://evil/t.png[/img]
    ends up in the post)" -- every user string is escaped for its format."""
    report = dict(base_save().state.last_report or {})
    evil = "[img]https://evil/t.png[/img] **x** <b>"
    report["factions"] = [evil, *report["factions"][1:]]
    report["deadline"] = "[url=https://evil]Friday[/url]"
    bbcode = export.bbcode(report)
    assert "[img]" not in bbcode and "[url=" not in bbcode and "evil/t.png" in bbcode
    markdown = export.markdown(report)
    assert "**x**" not in markdown and "<b>" not in markdown and "[img]" not in markdown
    html = export.report_html(report)
    assert "<b> " not in html and "&lt;b&gt;" in html and "[img]https://evil/t.png" in html
