"""The table rules of takebacks in the pure floor (replay/takebacks.py): TABLE-TAKEBACK-1 to -5.

What a takeback may undo is decided from each engine's own visibility, for every seat and the
spectator: a plain move with nothing hidden can be taken back in every game; a card played from
a hand, a peek or a draw cannot. Random games with random takebacks audit `passed`, and any edit
of a takeback line fails the audit.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines.codec import Codec, encode
from engines.registry import get_engine
from engines.simulate import playout
from replay.forgeries import reseal
from replay.record import Entry, Header, RulingLine
from replay.table import RulingRefused, Table
from replay.takebacks import GRANTED_BY_ORGANISER, check_grant, check_no_chance, check_undo, hidden, policy_of
from replay.trust import checkpoint, keys
from replay.trust.signed_log import line_hashes
from replay.verify import verify
from tests.conftest import available_games
from tests.replay.takeback_games import played

GAMES = available_games()
SEATS = {"most-wanted": 3, "deadwood-1876": 4, "western-legends": 3}
# Per game: commands that move nothing hidden (one at least is taken back), and commands that
# play a card from a hand, peek at one or draw one (none is ever taken back).
PLAIN = {
    "most-wanted": {"StayPut"},
    "deadwood-1876": {"DeclineAssist"},
    "western-legends": {"Move", "EndActions"},
}
SHOWING = {
    "most-wanted": {"LockCards", "WithdrawFromRobbery"},
    "deadwood-1876": {"ChallengeDuel", "Defend", "PeekSafes", "DiscardCard", "RideHorse"},
    "western-legends": {"DiscardCard", "ChooseFightCard", "CommitFightCard"},
}


def refusal(game: str, seats: int, before: Any, step: Any) -> str | None:
    """Why a takeback of `step` from `before` is refused, or None when it may be taken back."""
    engine = get_engine(game)
    entry = Entry(step.version, step.seat, {}, tuple(step.draws), tuple(encode(e) for e in step.events), "")
    try:
        check_undo(engine, seats, before, [entry], Codec(engine.events).decode)
    except RulingRefused as refused:
        return refused.code
    return None


@pytest.mark.parametrize("game", GAMES)
def test_table_takeback_3_a_plain_move_is_taken_back_and_a_card_shown_is_not(game: str) -> None:
    """TABLE-TAKEBACK-2 and -3 in every game: draws and reveals refused, plain moves allowed."""
    seats = SEATS[game]
    allowed, refused = 0, 0
    for bot_seed in range(3):
        before = None
        for step in playout(
            get_engine(game), seats, seed=bytes([bot_seed]) * 32, lean=0.5, bot_seed=bot_seed
        ):
            if before is not None:
                why = refusal(game, seats, before, step)
                name = type(step.command).__name__
                if step.draws:
                    assert why == "TAKEBACK_PAST_CHANCE", name
                elif name in SHOWING[game]:
                    assert why == "TAKEBACK_PAST_REVEAL", name
                    refused += 1
                elif name in PLAIN[game] and why is None:
                    allowed += 1
            before = step.state
    assert allowed and refused, (allowed, refused)


def test_hidden_names_what_a_view_withholds_and_nothing_else() -> None:
    whole = {"board": [1, 2], "hands": [["a", "b"], ["c"]], "deck": ["x", "y"]}
    seen = {"board": [1, 2], "hands": [["a", "b"], None], "deck_size": 2}
    assert hidden(whole, seen) == [
        (("deck",), ["x", "y"], None),
        (("deck",), True, False),
        (("deck_size",), None, 2),
        (("deck_size",), False, True),
        (("hands", 1), ["c"], None),
    ]
    moved = {**whole, "board": [2, 1]}
    assert hidden(moved, {**seen, "board": [2, 1]}) == hidden(whole, seen), "a public change hides nothing"


def test_table_takeback_1_the_policies_and_their_grants() -> None:
    assert policy_of("") == policy_of(None) == "off"
    with pytest.raises(RulingRefused) as bad:
        policy_of("sometimes")
    assert bad.value.code == "BAD_TAKEBACK_POLICY"
    out = Table(out=(2,))
    check_grant("consent", 4, out, 0, (1, 3))  # seat 3 is out: it is not asked
    for policy, granted, code in [
        ("off", (1, 3), "TAKEBACK_OFF"),
        ("consent", (1,), "TAKEBACK_NOT_GRANTED"),
        ("consent", GRANTED_BY_ORGANISER, "TAKEBACK_NOT_GRANTED"),
        ("organiser", (1, 3), "TAKEBACK_NOT_GRANTED"),
    ]:
        with pytest.raises(RulingRefused) as refused:
            check_grant(policy, 4, out, 0, granted)
        assert refused.value.code == code


def test_a_header_without_takebacks_hashes_as_before() -> None:
    (header, _, _), _ = played(GAMES[0], 2, bot_seed=0, chance=0.0, policy="consent", max_steps=1)
    assert header.body()["takeback_policy"] == "consent"
    off = replace(header, takeback_policy=None)
    assert "takeback_policy" not in off.body()


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(GAMES),
    st.integers(0, 10_000),
    st.sampled_from([0.2, 0.5]),
    st.sampled_from(["consent", "organiser"]),
)
def test_table_takeback_5_random_games_with_random_takebacks_audit_passed(
    game: str, bot_seed: int, chance: float, policy: str
) -> None:
    record, _ = played(game, SEATS[game], bot_seed=bot_seed, chance=chance, policy=policy)
    result = verify(*record)
    assert result.verdict == "passed", result.problem


EDITS = {
    "to_version down": lambda line: replace(line, to_version=line.to_version - 1),
    "to_version up": lambda line: replace(line, to_version=line.to_version + 1),
    "a consent dropped": lambda line: replace(line, granted_by=line.granted_by[1:]),
    "granted by the organiser": lambda line: replace(line, granted_by=GRANTED_BY_ORGANISER),
    "another seat asking": lambda line: replace(line, seat=(line.seat + 1) % 3),
    "by the organiser": lambda line: replace(line, by="organiser"),
    "with a reason": lambda line: replace(line, reason="misclick"),
}
# Another version to return to may be an equally lawful takeback (two plain moves undone, not
# one): the rules cannot tell, so the server's signed checkpoint does.
RULES_MAY_NOT_SEE = {"to_version down", "to_version up"}
KEY = keys.generate()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAMES), st.integers(0, 10_000), st.sampled_from(sorted(EDITS)), st.booleans())
def test_any_edit_of_a_takeback_line_fails_the_audit(
    game: str, bot_seed: int, edit: str, resealed: bool
) -> None:
    (header, lines, trailer), taken = played(game, 3, bot_seed=bot_seed, chance=0.5)
    if not taken:
        return
    signed = checkpoint.sign(KEY, header.game_id, line_hashes(header, lines), imported=False, trailer=trailer)
    index = max(i for i, line in enumerate(lines) if isinstance(line, RulingLine))
    edited = list(lines)
    edited[index] = EDITS[edit](lines[index])
    forged: tuple[Header, Any, Any] = (
        reseal(header, edited, trailer) if resealed else (header, edited, trailer)
    )
    result = verify(*forged)
    if not resealed:
        assert result.problem is not None and result.problem.code == "BROKEN_CHAIN"
    elif edit not in RULES_MAY_NOT_SEE:
        assert not result.ok, f"{edit} passed the rules"
    elif result.ok:
        with pytest.raises(checkpoint.CheckpointError):
            checkpoint.check(
                signed, header.game_id, line_hashes(forged[0], forged[1]), KEY.public, trailer=forged[2]
            )


@pytest.mark.parametrize("game", GAMES)
def test_the_random_games_take_moves_back(game: str) -> None:
    """The games above are not vacuous: takebacks happen in them, and the audit re-makes each."""
    record, taken = played(game, SEATS[game], bot_seed=1, chance=0.5)
    assert taken >= 1
    result = verify(*record)
    assert result.verdict == "passed", result.problem
    assert any(check.startswith(f"takebacks: {taken} takeback") for check in result.checks)


def test_table_takeback_4_never_past_a_ruling() -> None:
    resigned = RulingLine(5, "resign", 1, "seat", "", None, "")
    move = Entry(6, 0, {}, (), (), "")
    with pytest.raises(RulingRefused) as refused:
        check_no_chance([resigned, move])
    assert refused.value.code == "TAKEBACK_PAST_RULING"
