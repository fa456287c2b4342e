"""Takebacks over a real server (docs/games-that-end.md, "Takebacks"): TABLE-TAKEBACK-1 to -6.

A seat asks to take back its last command; the other seats still in consent (or the organiser
grants), and the game stands where it stood before, with the undone entries still in the record
and one takeback ruling line after them. Never past a die roll, a shuffle, a reveal or a ruling.
Every game is played on to its end and audited; the export imports on a fresh server.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import grpc
import pytest

from engines.registry import get_engine
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games, start_server
from tests.service.helpers import Game, RpcFailure, failure, failure_of, legal, state, submit
from tests.service.test_games_that_end import audit, exported, play_to_the_end, resign

GAMES = available_games()
# Commands that draw nothing and show nobody anything hidden, so a bot looking for a takeback
# the table allows plays them when it may (any other command may be one too).
PLAIN = {"stay_put", "decline_assist", "move", "end_actions", "take_income", "choose_gear"}
# Four seats: Deadwood 1876 asks for assistance often enough to decline it early.
SEATS = {"most-wanted": 3, "deadwood-1876": 4, "western-legends": 3}


def create(client: Client, game: str, policy: str, seats: int | None = None) -> Game:
    count = seats or SEATS[game]
    request = frontier_pb2.CreateGameRequest(
        game=game, seats=count, players=[f"p{i}" for i in range(count)], takeback_policy=policy
    )
    reply = client.call("CreateGame", request)
    return Game(reply.game_id, game, {s.seat: s.token for s in reply.seats})


def ask(client: Client, game: Game, seat: int, to_version: int = 0) -> Any:
    request = frontier_pb2.RequestTakebackRequest(game_id=game.game_id, to_version=to_version)
    return client.call("RequestTakeback", request, token=game.tokens[seat])


def answer(client: Client, game: Game, token: str, accept: bool = True) -> Any:
    request = frontier_pb2.AnswerTakebackRequest(game_id=game.game_id, accept=accept)
    return client.call("AnswerTakeback", request, token=token)


def kind(command: frontier_pb2.Command) -> str:
    typed = getattr(command, command.WhichOneof("game"))
    name: str = typed.WhichOneof("command")
    return name


def play_until(
    client: Client, game: Game, chooser: random.Random, found: Callable[[int], Any], prefer: set[str]
) -> tuple[int, Any]:
    """Play (preferring `prefer` commands) until `found(seat)` after a seat's move answers something."""
    found_now = playing_until(client, game, chooser, found, prefer)
    assert found_now is not None, "the game ended before the takeback was found"
    return found_now


def in_some_game(
    client: Client,
    game: str,
    policy: str,
    look: Callable[[Client, Game], Callable[[int], Any]],
    prefer: set[str],
    chooser: random.Random,
    seats: int | None = None,
) -> tuple[Game, int, Any]:
    """A new game played until `look(client, game)` answers after a move; another if a game ends first
    (the server's seed is random: a game may hold no draw, or no plain move, before its end)."""
    for _ in range(6):
        g = create(client, game, policy, seats)
        found = playing_until(client, g, chooser, look(client, g), prefer)
        if found is not None:
            return g, *found
    raise AssertionError("six games ended without the move looked for")


def playing_until(
    client: Client, game: Game, chooser: random.Random, found: Callable[[int], Any], prefer: set[str]
) -> tuple[int, Any] | None:
    for _ in range(5000):
        now = state(client, game.game_id, ORGANISER)
        if now.status == "finished":
            return None
        seat = chooser.choice(list(now.seats_to_act))
        commands = list(legal(client, game, seat).commands)
        preferred = [c for c in commands if kind(c) in prefer]
        submit(client, game, seat, chooser.choice(preferred or commands))
        result = found(seat)
        if result is not None:
            return seat, result
    raise AssertionError("no such move in 5000 steps")


def asked(client: Client, game: Game) -> Callable[[int], Any]:
    """After a seat's move: its takeback request if the table allows it, else None (nothing stored)."""

    def attempt(seat: int) -> Any:
        try:
            return ask(client, game, seat)
        except grpc.RpcError as error:
            refusal = failure_of(error)
            assert refusal.reason in {"TAKEBACK_PAST_CHANCE", "TAKEBACK_PAST_REVEAL", "GAME_OVER"}, refusal
            return None

    return attempt


def refused_with(client: Client, game: Game, reason: str) -> Callable[[int], RpcFailure | None]:
    def attempt(seat: int) -> RpcFailure | None:
        try:
            request = ask(client, game, seat)
        except grpc.RpcError as error:
            refusal = failure_of(error)
            return refusal if refusal.reason == reason else None
        answer(client, game, game.tokens[request.pending.awaiting[0]], accept=False)  # play on
        return None

    return attempt


def views(client: Client, game: Game) -> dict[int | None, str]:
    """Every seat's view and the spectator's, now."""
    shown: dict[int | None, str] = {
        seat: state(client, game.game_id, token).view_json for seat, token in game.tokens.items()
    }
    shown[None] = state(client, game.game_id).view_json
    return shown


@pytest.mark.parametrize("game", GAMES)
def test_table_takeback_5_a_takeback_with_consent_in_each_game_then_played_to_the_end(
    client: Client, game: str, tmp_path: Path
) -> None:
    """TABLE-TAKEBACK-1 (consent) and -5: the state returns, the record keeps the undone entries."""
    chooser = random.Random(11)
    g, seat, request = in_some_game(client, game, "consent", asked, PLAIN, chooser)
    to_version = request.pending.to_version
    before = {
        viewer: state(client, g.game_id, token, version=to_version).view_json
        for viewer, token in [*g.tokens.items(), (None, None)]
    }
    undone_version = state(client, g.game_id, ORGANISER).version
    assert request.pending.seat == seat and to_version == undone_version - 1
    assert sorted(request.pending.awaiting) == sorted(s for s in g.tokens if s != seat)
    shown = state(client, g.game_id, ORGANISER)
    assert shown.takeback_policy == "consent" and shown.pending_takeback.seat == seat
    others = list(request.pending.awaiting)
    for other in others[:-1]:
        consented = answer(client, g, g.tokens[other])
        assert not consented.taken_back and other not in consented.pending.awaiting
    granted = answer(client, g, g.tokens[others[-1]])
    assert granted.taken_back and granted.version == undone_version + 1
    assert views(client, g) == before, "every viewer sees the game as it stood at to_version"
    assert not state(client, g.game_id, ORGANISER).HasField("pending_takeback")
    lines = exported(client, g.game_id)
    takeback = next(line for line in lines if line["type"] == "ruling")
    assert (takeback["ruling"], takeback["seat"], takeback["by"]) == ("takeback", seat, "seat")
    assert takeback["to_version"] == to_version and takeback["granted_by"] == sorted(others)
    assert any(line.get("version") == undone_version and line["type"] == "entry" for line in lines)
    final = play_to_the_end(client, g, chooser)
    report = audit(client, g.game_id)
    assert report.verdict == "passed", report.problems
    assert any(check.startswith("takebacks: 1 takeback") for check in report.checks)
    steps = list(client.call("Replay", frontier_pb2.ReplayRequest(game_id=g.game_id), token=ORGANISER))
    told = next(step for step in steps if step.ruling.ruling == "takeback")
    to = "the setup" if to_version == 1 else f"step {to_version - 1}"  # as people number steps
    assert f"takes back to {to}" in told.narrative and "consent" in told.narrative
    assert told.ruling.to_version == to_version and list(told.ruling.granted_by_seats) == sorted(others)
    fork = frontier_pb2.ForkGameRequest(game_id=g.game_id, version=granted.version)
    forked = client.call("ForkGame", fork, token=ORGANISER)
    at_takeback = state(client, g.game_id, ORGANISER, version=granted.version)
    assert forked.forked_from.state_hash == at_takeback.state_hash, "a fork starts where the takeback left"
    assert audit(client, forked.game_id).ok
    other = start_server(tmp_path / "other")
    try:
        with Client(f"127.0.0.1:{other.port}", token=ORGANISER) as elsewhere:
            content = "\n".join(json.dumps(line) for line in exported(client, g.game_id)) + "\n"
            imported = elsewhere.call("ImportLog", frontier_pb2.ImportLogRequest(content=content))
            assert imported.version == final.version
            again = elsewhere.call("Audit", frontier_pb2.AuditRequest(game_id=imported.game_id))
            assert again.verdict == "passed", again.problems
    finally:
        other.stop()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    ("reason", "says"),
    [
        ("TAKEBACK_PAST_CHANCE", "must not re-roll a die or reshuffle"),  # TABLE-TAKEBACK-2
        ("TAKEBACK_PAST_REVEAL", "must not make anyone un-see a card"),  # TABLE-TAKEBACK-3
    ],
)
def test_table_takeback_2_and_3_refused_after_a_die_roll_a_shuffle_or_a_reveal(
    client: Client, game: str, reason: str, says: str
) -> None:
    look = partial(refused_with, reason=reason)
    g, _, refusal = in_some_game(client, game, "consent", look, set(), random.Random(5))
    assert refusal.code == grpc.StatusCode.FAILED_PRECONDITION
    assert says in refusal.message
    assert not state(client, g.game_id, ORGANISER).HasField("pending_takeback"), "a refusal stores nothing"


def test_table_takeback_1_refused_under_policy_off(client: Client) -> None:
    game = GAMES[0]
    g = create(client, game, "")
    assert state(client, g.game_id).takeback_policy == "off"
    seat = state(client, g.game_id, ORGANISER).seats_to_act[0]
    submit(client, g, seat, legal(client, g, seat).commands[0])
    refusal = failure(lambda: ask(client, g, seat))
    assert (refusal.code, refusal.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TAKEBACK_OFF")
    header = exported(client, g.game_id)[0]
    assert "takeback_policy" not in header, "a game without takebacks keeps the header it always had"


def test_table_takeback_1_the_organiser_grants_under_policy_organiser(client: Client) -> None:
    game = "western-legends" if "western-legends" in GAMES else GAMES[0]
    g = create(client, game, "organiser")
    seat, request = play_until(client, g, random.Random(3), asked(client, g), PLAIN)
    assert not request.pending.awaiting
    other = next(s for s in g.tokens if s != seat)
    refusal = failure(lambda: answer(client, g, g.tokens[other]))
    assert (refusal.code, refusal.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_YOURS_TO_ANSWER")
    refused = answer(client, g, ORGANISER, accept=False)
    assert not refused.taken_back and not refused.HasField("pending")
    again = ask(client, g, seat)
    granted = answer(client, g, ORGANISER)
    assert granted.taken_back and granted.version == again.version + 1
    takeback = next(line for line in exported(client, g.game_id) if line["type"] == "ruling")
    assert takeback["granted_by"] == "organiser"
    steps = list(client.call("Replay", frontier_pb2.ReplayRequest(game_id=g.game_id), token=ORGANISER))
    assert any("granted by the organiser" in step.narrative for step in steps)
    assert audit(client, g.game_id).ok


def test_table_takeback_6_a_refusal_or_a_move_clears_the_request(client: Client) -> None:
    game = "western-legends" if "western-legends" in GAMES else GAMES[0]
    g = create(client, game, "consent")
    chooser = random.Random(4)
    seat, request = play_until(client, g, chooser, asked(client, g), PLAIN)
    version = state(client, g.game_id, ORGANISER).version
    refuser = request.pending.awaiting[0]
    refused = answer(client, g, g.tokens[refuser], accept=False)
    assert not refused.taken_back and not refused.HasField("pending") and refused.version == version
    gone = failure(lambda: answer(client, g, g.tokens[refuser]))
    assert (gone.code, gone.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NO_TAKEBACK_PENDING")
    again = ask(client, g, seat)  # asked again, then a move by anyone clears it
    assert again.HasField("pending")
    mover = state(client, g.game_id, ORGANISER).seats_to_act[0]
    submit(client, g, mover, legal(client, g, mover).commands[0])
    assert not state(client, g.game_id, ORGANISER).HasField("pending_takeback")
    cleared = failure(lambda: answer(client, g, g.tokens[refuser]))
    assert cleared.reason == "NO_TAKEBACK_PENDING"


def test_takeback_bad_input_gets_the_documented_statuses(client: Client) -> None:
    game = "western-legends" if "western-legends" in GAMES else GAMES[0]
    bad = frontier_pb2.CreateGameRequest(game=game, seats=3, takeback_policy="sometimes")
    refusal = failure(lambda: client.call("CreateGame", bad))
    assert (refusal.code, refusal.reason, refusal.metadata["field"]) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_TAKEBACK_POLICY",
        "takeback_policy",
    )
    g = create(client, game, "consent")
    nothing = failure(lambda: ask(client, g, 0))
    assert (nothing.code, nothing.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOTHING_TO_TAKE_BACK")
    far = failure(lambda: ask(client, g, 0, to_version=99))
    assert (far.code, far.reason, far.metadata["field"]) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_TO_VERSION",
        "to_version",
    )
    spectator = failure(
        lambda: client.call("RequestTakeback", frontier_pb2.RequestTakebackRequest(game_id=g.game_id))
    )
    assert spectator.code == grpc.StatusCode.UNAUTHENTICATED
    organiser = failure(
        lambda: client.call(
            "RequestTakeback", frontier_pb2.RequestTakebackRequest(game_id=g.game_id), token=ORGANISER
        )
    )
    assert (organiser.code, organiser.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_A_SEAT")
    stranger = failure(lambda: answer(client, g, "not-a-token-of-this-game"))
    assert stranger.code == grpc.StatusCode.UNAUTHENTICATED
    seat, request = play_until(client, g, random.Random(8), asked(client, g), PLAIN)
    own = failure(lambda: answer(client, g, g.tokens[seat]))
    assert (own.code, own.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_YOURS_TO_ANSWER")
    by_organiser = failure(lambda: answer(client, g, ORGANISER))
    assert by_organiser.reason == "NOT_YOURS_TO_ANSWER"
    twice = failure(lambda: ask(client, g, request.pending.awaiting[0]))
    assert twice.reason == "TAKEBACK_PENDING"
    answer(client, g, g.tokens[request.pending.awaiting[0]], accept=False)
    resign(client, g, 2 if seat != 2 else 1)
    ruled = failure(lambda: ask(client, g, seat))  # the last line undone would be the resignation
    assert (ruled.code, ruled.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TAKEBACK_PAST_RULING")
    end = frontier_pb2.EndGameRequest(game_id=g.game_id, abandon=True, reason="the hall closed")
    client.call("EndGame", end, token=ORGANISER)
    over = failure(lambda: ask(client, g, seat))
    assert (over.code, over.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "GAME_OVER")


def test_a_seat_that_is_out_answers_no_takeback(client: Client) -> None:
    game = "western-legends" if "western-legends" in GAMES else GAMES[0]
    g = create(client, game, "consent", seats=get_engine(game).max_seats)
    resign(client, g, 0)
    seat, request = play_until(client, g, random.Random(2), asked(client, g), PLAIN)
    assert 0 not in request.pending.awaiting and seat != 0
    out = failure(lambda: answer(client, g, g.tokens[0]))
    assert (out.code, out.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_YOURS_TO_ANSWER")
    for other in request.pending.awaiting:
        last = answer(client, g, g.tokens[other])
    assert last.taken_back
    assert next(line for line in exported(client, g.game_id) if line.get("ruling") == "takeback")[
        "granted_by"
    ] == sorted(request.pending.awaiting)
