"""Games that end other than by their rules: a seat resigns, or the organiser ends the game.

Every game, over a real server: a resigned seat is out and ranked last while the server plays its
turns by the autopilot choice, and the others play on to the end; the last seat in wins at once;
the organiser adjudicates or abandons; the audit re-makes every ruling and autopilot move, and the
exported log imports on another server. Bad requests get the documented statuses and store nothing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import grpc
import pytest

from engines.registry import get_engine
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games, start_server
from tests.service.helpers import Game, create, failure, legal, state, submit

GAMES = available_games()


def resign(client: Client, game: Game, seat: int) -> Any:
    return client.call("Resign", frontier_pb2.ResignRequest(game_id=game.game_id), token=game.tokens[seat])


def end_game(
    client: Client, game_id: str, *, abandon: bool = False, result: Any = (), reason: str = ""
) -> Any:
    request = frontier_pb2.EndGameRequest(
        game_id=game_id,
        abandon=abandon,
        result=[frontier_pb2.SeatGroup(seats=list(tier)) for tier in result],
        reason=reason,
    )
    return client.call("EndGame", request, token=ORGANISER)


def play_to_the_end(client: Client, game: Game, chooser: random.Random, limit: int = 5000) -> Any:
    """Play the seats still in by a leaning random bot until the game is over; the final state."""
    for _ in range(limit):
        now = state(client, game.game_id, ORGANISER)
        if now.status == "finished":
            return now
        assert now.seats_to_act, "an unfinished game waits for somebody"
        seat = chooser.choice(list(now.seats_to_act))
        assert seat not in now.out_seats, "the server plays a seat that is out; it never waits for one"
        commands = list(legal(client, game, seat).commands)
        command = commands[0] if chooser.random() < 0.7 else chooser.choice(commands)
        submit(client, game, seat, command)
    raise AssertionError("the game did not end")


def exported(client: Client, game_id: str) -> list[dict[str, Any]]:
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    return [json.loads(line) for line in content.splitlines() if line.strip()]


def audit(client: Client, game_id: str) -> Any:
    return client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id), token=ORGANISER)


def seats_for(game: str) -> int:
    engine = get_engine(game)
    return min(max(3, engine.min_seats), engine.max_seats)


@pytest.mark.parametrize("game", GAMES)
def test_table_leave_1_a_resigned_seat_is_out_ranked_last_and_played_by_autopilot(
    client: Client, game: str, tmp_path: Path
) -> None:
    """TABLE-LEAVE-1, and each game's own statement of it: MW-LEAVE-1, DW-LEAVE-1, WL-LEAVE-1."""
    g = create(client, game, seats_for(game))
    chooser = random.Random(7)
    for _ in range(3):  # a few moves first, so the resignation lands mid-game
        seat = state(client, g.game_id, ORGANISER).seats_to_act[0]
        submit(client, g, seat, legal(client, g, seat).commands[0])
    answer = resign(client, g, 1)
    assert answer.status == "in_progress"
    assert list(state(client, g.game_id).out_seats) == [1]
    final = play_to_the_end(client, g, chooser)
    ranking = [list(tier.seats) for tier in final.outcome.ranking]
    assert ranking[-1] == [1], "the seat that resigned ranks last"
    assert "resigned" in final.outcome.reason
    lines = exported(client, g.game_id)
    rulings = [line for line in lines if line["type"] == "ruling"]
    assert [(r["ruling"], r["seat"], r["by"]) for r in rulings] == [("resign", 1, "seat")]
    autopilot = [line for line in lines if line.get("by") == "autopilot"]
    assert autopilot and {line["seat"] for line in autopilot} == {1}
    moves_by_seat_1 = [line for line in lines if line["type"] == "entry" and line["seat"] == 1]
    after_resigning = [line for line in moves_by_seat_1 if line["version"] > rulings[0]["version"]]
    assert after_resigning == autopilot, "after resigning, every move of the seat is the server's"
    report = audit(client, g.game_id)
    assert report.ok and report.verdict == "passed", report.problems
    assert any(check.startswith("rulings: 1 ruling") for check in report.checks)
    other = start_server(tmp_path / "other")
    try:
        with Client(f"127.0.0.1:{other.port}", token=ORGANISER) as elsewhere:
            content = "\n".join(json.dumps(line) for line in lines) + "\n"
            imported = elsewhere.call("ImportLog", frontier_pb2.ImportLogRequest(content=content))
            assert imported.version == final.version
    finally:
        other.stop()


@pytest.mark.parametrize("game", GAMES)
def test_table_leave_2_the_last_seat_in_wins_at_once_when_the_other_resigns(
    client: Client, game: str
) -> None:
    g = create(client, game, 2)
    mover = state(client, g.game_id, ORGANISER).seats_to_act[0]
    command = legal(client, g, mover).commands[0]
    answer = resign(client, g, 1 - mover)
    assert answer.status == "finished"
    assert [list(t.seats) for t in answer.outcome.ranking] == [[mover], [1 - mover]]
    assert answer.outcome.ended == "resigned"
    trailer = exported(client, g.game_id)[-2]  # the checkpoint closes the export
    assert trailer["type"] == "trailer" and trailer["outcome"]["ended"] == "resigned"
    assert audit(client, g.game_id).verdict == "passed"
    refused = failure(lambda: submit(client, g, mover, command))
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "GAME_OVER"


@pytest.mark.parametrize("game", GAMES)
def test_table_end_1_the_organiser_adjudicates_a_game_with_a_result_and_a_reason(
    client: Client, game: str
) -> None:
    g = create(client, game, 2)
    seat = state(client, g.game_id, ORGANISER).seats_to_act[0]
    submit(client, g, seat, legal(client, g, seat).commands[0])
    answer = end_game(client, g.game_id, result=[[1], [0]], reason="the hall closed at midnight")
    assert answer.status == "finished"
    assert answer.outcome.ended == "adjudicated"
    assert [list(t.seats) for t in answer.outcome.ranking] == [[1], [0]]
    assert answer.outcome.reason == "adjudicated: the hall closed at midnight"
    shown = state(client, g.game_id)
    assert shown.status == "finished" and not shown.seats_to_act
    report = audit(client, g.game_id)
    assert report.verdict == "passed", report.problems
    assert "adjudicated: the hall closed at midnight" in report.markdown
    steps = list(client.call("Replay", frontier_pb2.ReplayRequest(game_id=g.game_id)))
    assert steps[-1].ruling.ruling == "adjudicate" and "adjudicates" in steps[-1].narrative


@pytest.mark.parametrize("game", GAMES)
def test_table_end_2_the_organiser_abandons_a_game_and_no_command_is_taken_after(
    client: Client, game: str
) -> None:
    g = create(client, game, 2)
    mover = state(client, g.game_id, ORGANISER).seats_to_act[0]
    command = legal(client, g, mover).commands[0]
    answer = end_game(client, g.game_id, abandon=True, reason="both players left")
    assert answer.status == "finished"
    assert answer.outcome.ended == "abandoned" and not answer.outcome.ranking
    refused = failure(lambda: submit(client, g, mover, command))
    assert refused.reason == "GAME_OVER"
    again = failure(lambda: end_game(client, g.game_id, abandon=True, reason="twice"))
    assert again.code == grpc.StatusCode.FAILED_PRECONDITION and again.reason == "GAME_OVER"
    assert audit(client, g.game_id).verdict == "passed"


def test_a_waiting_player_entropy_game_can_be_abandoned_but_not_adjudicated(client: Client) -> None:
    game = GAMES[0]
    request = frontier_pb2.CreateGameRequest(game=game, seats=2, players=["Ann"], player_entropy=True)
    created = client.call("CreateGame", request)
    refused = failure(lambda: end_game(client, created.game_id, result=[[0], [1]], reason="no show"))
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "NOT_DEALT"
    answer = end_game(client, created.game_id, abandon=True, reason="seat 2 never came")
    assert answer.status == "finished" and answer.outcome.ended == "abandoned"
    assert state(client, created.game_id).status == "finished"
    assert audit(client, created.game_id).verdict == "passed"


def test_bad_rulings_get_documented_statuses_and_store_nothing(client: Client) -> None:
    game = GAMES[0]
    g = create(client, game, 3)
    before = state(client, g.game_id, ORGANISER).version
    spectator = failure(lambda: client.call("Resign", frontier_pb2.ResignRequest(game_id=g.game_id)))
    assert spectator.code == grpc.StatusCode.UNAUTHENTICATED
    by_a_seat = failure(
        lambda: client.call(
            "EndGame",
            frontier_pb2.EndGameRequest(game_id=g.game_id, abandon=True, reason="x"),
            token=g.tokens[0],
        )
    )
    assert by_a_seat.code == grpc.StatusCode.PERMISSION_DENIED
    no_reason = failure(lambda: end_game(client, g.game_id, result=[[0], [1], [2]]))
    assert no_reason.code == grpc.StatusCode.INVALID_ARGUMENT and no_reason.reason == "REASON_REQUIRED"
    assert no_reason.metadata.get("field") == "reason"
    for result in ([[0], [1]], [[0, 1], [1, 2]], [[0], [], [1, 2]], [[0], [1], [7]]):
        bad = failure(lambda result=result: end_game(client, g.game_id, result=result, reason="r"))
        assert bad.code == grpc.StatusCode.INVALID_ARGUMENT and bad.reason == "BAD_RESULT", result
    with_result = failure(
        lambda: end_game(client, g.game_id, abandon=True, result=[[0], [1], [2]], reason="r")
    )
    assert with_result.reason == "RESULT_NOT_ALLOWED"
    unknown = failure(
        lambda: end_game(client, "00000000-0000-0000-0000-000000000000", abandon=True, reason="r")
    )
    assert unknown.code == grpc.StatusCode.NOT_FOUND
    assert state(client, g.game_id, ORGANISER).version == before, "a refused ruling stores nothing"
    resign(client, g, 2)
    twice = failure(lambda: resign(client, g, 2))
    assert twice.code == grpc.StatusCode.FAILED_PRECONDITION and twice.reason == "ALREADY_OUT"
    mover = state(client, g.game_id, ORGANISER).seats_to_act[0]
    out_seat_moves = failure(lambda: submit(client, g, 2, legal(client, g, mover).commands[0]))
    assert out_seat_moves.code == grpc.StatusCode.FAILED_PRECONDITION and out_seat_moves.reason == "SEAT_OUT"


def test_watchers_see_a_ruling_as_a_step(client: Client) -> None:
    g = create(client, GAMES[0], 2)
    end_game(client, g.game_id, result=[[0], [1]], reason="adjudicated on time")
    updates = list(client.call("WatchGame", frontier_pb2.WatchGameRequest(game_id=g.game_id, from_version=1)))
    assert [u.ruling.ruling for u in updates if u.version] == ["adjudicate"]
    assert updates[-1].status == "finished"
