"""The same fault gives the same words in every ruleset (issue 30).

Issue 30: "The same faults give the same words in every ruleset: a code cut off, a code
altered or forged, a code of another game or ruleset, an old turn, a fork; each names
whose code it is when the code says so, keeps what was pasted, and says what to do
next."  Built from real codes of each ruleset (a save that follows a save, and, for the
simultaneous rulesets, a reveal of a sealed round), cut, altered, foreign, old and forked;
each is offered where a page offers it (``continue_game``; ``read_reveals``), and the
words, with the player's name put back to a mark, are the same in all four rulesets.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import pytest

from engine.errors import EngineError
from engine.fault_words import FAULTS, Fault, fault_of, title, words
from engine.keys import PlayerKey
from engine.save_chain import continue_game
from engine.savecode import decode_code, encode_code
from engine.saves import SaveRecord
from engine.sealed import read_reveals
from tests import test_code_mutations as mutations
from tests import test_sealed
from tests.greatwar1907 import test_forum as greatwar_forum
from tests.risk_paper_scissors import test_email_year as rps_email
from ui.shell import pbem

RULESETS = ("classic", "capital", "greatwar1907", "risk_paper_scissors")
TECHNICAL = re.compile(
    r"JSON|base64|deflate|decompress|envelope|payload|signature part|savecode|"
    r"canonical|\bpk\b|\[|\]|engine\.|\.py|Error -",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Game:
    """A real game of one ruleset: the save held, the next save (signed by ``seat``)."""

    ruleset: str
    held: SaveRecord
    code: str
    key: PlayerKey
    seat: int

    @property
    def signer(self) -> str:
        return str(self.held.state.players[self.seat].name)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.held.state.players]


@functools.cache
def games() -> dict[str, Game]:
    by_ruleset: dict[str, Game] = {}
    for case in mutations.cases():
        by_ruleset.setdefault(
            case.ruleset, Game(case.ruleset, case.previous, case.code, case.key, case.seat)
        )
    return by_ruleset


def refusal(held: SaveRecord, code: str) -> EngineError:
    with pytest.raises(EngineError) as info:
        continue_game(held, code)
    return info.value


def resigned(game: Game, **changes: object) -> str:
    """The next save with ``changes`` in its payload, signed again by its own signer (a
    genuine code of that player, which says whose it is)."""
    payload = dict(decode_code(game.code).payload) | changes
    return encode_code(payload, game.key, game.seat)


def altered(code: str) -> str:
    """One character of the signed part changed, as a copy or a forger would."""
    at = len(code) // 3
    return code[:at] + ("A" if code[at] != "A" else "B") + code[at + 1 :]


def forged_signature(code: str) -> str:
    body, signature = code.rsplit(".", 1)
    return f"{body}.{signature[:10]}{'A' if signature[10] != 'A' else 'B'}{signature[11:]}"


def faults_of(game: Game) -> dict[str, EngineError]:
    """Every fault of a pasted save, for one ruleset."""
    others = [g for g in games().values() if g.ruleset != game.ruleset]
    loaded = continue_game(game.held, game.code).record
    return {
        "plain text": refusal(game.held, "Hi all, my move is in: attack at dawn!"),
        "cut off": refusal(game.held, game.code[: len(game.code) // 2]),
        "cut off at the end": refusal(game.held, game.code[:-7]),
        "altered": refusal(game.held, altered(game.code)),
        "forged": refusal(game.held, forged_signature(game.code)),
        "another game": refusal(game.held, resigned(game, g="another-game")),
        "another ruleset": refusal(game.held, others[0].code),
        "old turn": refusal(loaded, game.held.code),
        "fork": refusal(loaded, resigned(game, acts=[])),
        "repeated": refusal(loaded, game.code),
    }


EXPECTED = {
    "plain text": Fault.NOT_A_CODE,
    "cut off": Fault.CUT_OFF,
    "cut off at the end": Fault.CUT_OFF,
    "altered": Fault.ALTERED,
    "forged": Fault.ALTERED,
    "another game": Fault.OTHER_GAME,
    "another ruleset": Fault.OTHER_RULESET,
    "old turn": Fault.OLD_TURN,
    "fork": Fault.FORK,
    "repeated": Fault.REPEATED,
}


def shape(error: EngineError, game: Game) -> str:
    """The words with the player's name, the ruleset titles and numbers marked out: what
    must be the same in every ruleset."""
    text = error.message
    everyone = {n for g in games().values() for n in g.names}
    for name in sorted(everyone, key=len, reverse=True):
        text = re.sub(rf"\b{re.escape(name)}\b", "<who>", text)
    text = re.sub(r"\ba [A-Z][\w ,]*? game\b", "a <rules> game", text)
    text = re.sub(r"this game is [A-Z][\w ,]*?\.", "this game is <here>.", text)
    text = re.sub(r"\(\w{1,8}\)", "(<id>)", text)
    return re.sub(r"\d+", "<n>", text)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_each_fault_of_a_pasted_save_is_classified_and_worded_for_players(ruleset: str) -> None:
    """Issue 30: "a code cut off, a code altered or forged, a code of another game or
    ruleset, an old turn, a fork" — each refused with its fault's words, in player words
    (no format names), saying that nothing changed or what to do next."""
    game = games()[ruleset]
    for name, error in faults_of(game).items():
        assert fault_of(error) is EXPECTED[name], (name, error.code, error.message)
        assert not TECHNICAL.search(error.message), (name, error.message)
        assert error.message[0].isupper() and error.message.endswith("."), error.message
        assert re.search(r"nothing changed|game is kept|paste|copy", error.message, re.I)


def test_the_same_fault_gives_the_same_words_in_every_ruleset() -> None:
    """Issue 30: "The same faults give the same words in every ruleset" — the messages of
    the four rulesets differ only in the player's name, the titles and the numbers."""
    shapes: dict[str, set[str]] = {}
    for game in games().values():
        for name, error in faults_of(game).items():
            shapes.setdefault(name, set()).add(shape(error, game))
    for name, seen in shapes.items():
        assert len(seen) == 1, (name, seen)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_fault_names_whose_code_it_is_when_the_code_says_so(ruleset: str) -> None:
    """Issue 30: "each names whose code it is when the code says so": a code that still
    reads (forged, of another game, old, forked, already loaded) names its signer; a code
    cut off, or no code, says nothing of whose it is."""
    game = games()[ruleset]
    faults = faults_of(game)
    for name in ("forged", "another game", "fork", "repeated"):
        assert game.signer in faults[name].message, (name, faults[name].message)
    held_signer = game.held.state.players[game.held.seat].name
    assert held_signer in faults["old turn"].message
    for name in ("plain text", "cut off", "cut off at the end"):
        assert not any(n in faults[name].message for n in game.names), faults[name].message


def keys_of(ruleset: str) -> list[PlayerKey]:
    if ruleset == "capital":
        return test_sealed.KEYS
    return greatwar_forum.KEYS if ruleset == "greatwar1907" else rps_email.KEYS


def reveals_of(ruleset: str) -> tuple[SaveRecord, list[str], SaveRecord]:
    """(the round's save, its reveal codes, the save after the round) of a simultaneous
    ruleset's real sealed round."""
    if ruleset == "capital":
        base = test_sealed.base_save()
        seals, reveals = test_sealed.sealed_turn(base)
        after = test_sealed.resolve(base, seals, reveals, signer=1)
    elif ruleset == "greatwar1907":
        base = greatwar_forum._base(seats=3)
        seals, reveals = greatwar_forum._round(base, [0, 1, 2])
        after = greatwar_forum._resolve(base, seals, reveals, signer=1)
    else:
        base = rps_email.first_bid_round()
        seals, reveals = rps_email.seal_bids(base)
        after = rps_email.resolution(base, seals, reveals)
    return base, reveals, continue_game(base, after).record


@pytest.mark.parametrize("ruleset", ["capital", "greatwar1907", "risk_paper_scissors"])
def test_a_damaged_reveal_gets_the_words_of_a_damaged_save(ruleset: str) -> None:
    """Issue 30: '"non-canonical base64" for a damaged reveal in Risk, Paper, Scissors' —
    a reveal cut off or altered is refused with the words of any code cut off or
    altered, naming the player when the code says so; an old round's reveal is an old
    turn."""
    base, reveals, after = reveals_of(ruleset)
    reveal = reveals[1]
    seat = decode_code(reveal).seat
    name = base.state.players[seat].name

    def refused(held: SaveRecord, code: str) -> EngineError:
        with pytest.raises(EngineError) as info:
            read_reveals(held, [code], None)
        return info.value

    cut = refused(base, reveal[:-9])
    assert fault_of(cut) is Fault.CUT_OFF
    assert cut.message == words(Fault.CUT_OFF, what="reveal code")
    forged = refused(base, forged_signature(reveal))
    assert forged.message == words(Fault.ALTERED, whose=name, what="reveal code")
    damaged = refused(base, reveal[:-1] + ("A" if reveal[-1] != "A" else "B"))
    assert fault_of(damaged) is Fault.ALTERED and "base64" not in damaged.message
    payload = decode_code(reveal).payload
    last_turn = encode_code(payload | {"t": payload["t"] - 1}, keys_of(ruleset)[seat], seat)
    old = refused(base, last_turn)  # the same player's genuine reveal of the turn before
    assert fault_of(old) is Fault.OLD_TURN and old.code == "sealed/wrong-turn"
    assert "old turn" in old.message and name in old.message
    assert not TECHNICAL.search(old.message)
    if ruleset == "greatwar1907":  # the turn's first round's reveal, in its second round
        second = refused(after, reveal)
        assert fault_of(second) is Fault.OLD_TURN and second.code == "sealed/wrong-round"
        assert name in second.message


def test_a_key_backup_cut_or_altered_gets_the_same_words() -> None:
    """A key backup pasted cut off or altered reads as any code cut off or altered; a game
    code pasted where the key goes says which box it belongs in."""
    backup = PlayerKey.generate(bytes(32)).export_backup()
    game = games()["classic"]
    cases = {
        backup[:-3]: Fault.CUT_OFF,
        backup[:20]: Fault.CUT_OFF,
        altered(backup): Fault.ALTERED,
        "my key is in the other email": Fault.NOT_A_CODE,
        game.code: Fault.WRONG_KIND,
    }
    for text, fault in cases.items():
        with pytest.raises(EngineError) as info:
            PlayerKey.from_backup(text)
        assert fault_of(info.value) is fault, (text, info.value.code)
        assert not TECHNICAL.search(info.value.message), info.value.message
    with pytest.raises(EngineError) as info:
        PlayerKey.from_backup(backup[:-3])
    assert info.value.message == words(Fault.CUT_OFF, what="key backup code")


def test_a_reveal_pasted_for_a_save_says_which_kind_it_is() -> None:
    """A sealed-round code pasted where a save code goes is named for what it is."""
    base, reveals, _ = reveals_of("capital")
    error = refusal(base, reveals[0])
    assert "reveal code" in error.message and "a save code" in error.message


@pytest.mark.parametrize("ruleset", ["classic", "risk_paper_scissors"])
def test_the_email_dialog_titles_each_fault_as_the_words_do(ruleset: str) -> None:
    """The "Load a code" dialog of the email rulesets heads each refusal with its fault's
    title and shows the same words."""
    game = games()[ruleset]
    loaded = continue_game(game.held, game.code).record
    email = pbem.PbemGame(game_id=loaded.game_id, record=loaded, seat=game.seat)
    for text, fault in (
        (game.code[:-7], Fault.CUT_OFF),
        (forged_signature(game.code), Fault.ALTERED),
        (game.held.code, Fault.OLD_TURN),
        ("no code here", Fault.NOT_A_CODE),
    ):
        result = pbem.interpret(email, text, game.key.public_key_text, ruleset)
        assert result.kind == "refused"
        assert fault_of(result.error) is fault, (text, result)
        assert result.title == title(result.error)


def test_every_fault_has_a_title_and_every_mapped_code_a_fault() -> None:
    """One classification: each typed code maps to one fault, each fault has a title and
    words of its own."""
    assert set(FAULTS.values()) == set(Fault)
    texts = {words(fault) for fault in Fault}
    assert len(texts) == len(Fault)
    assert title("rule/not-a-fault", "Refused") == "Refused"


def test_joining_a_forum_game_with_another_rulesets_code_uses_the_shared_words() -> None:
    """Issue 30: "a code of another game or ruleset" gives the same words in every
    ruleset: joining a Capital Risk or Great War forum game with a Classic save code says
    it is from a Classic game, as the Load a code dialog does, and joins nothing."""
    from ui.capital.session import CapitalSession
    from ui.greatwar1907.session import GreatWarSession

    classic = games()["classic"]
    for session in (CapitalSession, GreatWarSession):
        with pytest.raises(EngineError) as info:
            session.join(classic.code, classic.key)
        assert info.value.code == "save/other-ruleset"
        assert fault_of(info.value) is Fault.OTHER_RULESET
        assert info.value.message == words(
            Fault.OTHER_RULESET, what="save code", ruleset="Classic", here=session.TITLE
        )
