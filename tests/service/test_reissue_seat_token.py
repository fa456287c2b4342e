"""`ReissueSeatToken` over a real server: the new token acts for the seat, the old one is refused at
once and after a restart, the reissue is stored with the game but is no line of its log, and every
caller but the organiser is refused."""

from __future__ import annotations

import queue
import random
import time
import uuid
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.client import Client, SeatStream, play_game
from service.config import Settings
from service.core.auth import token_hash
from service.core.store_events import SeatTokenReissued
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running, create_server
from tests.conftest import ORGANISER, requires_most_wanted, start_server
from tests.replay.trust.helpers import frontier
from tests.service.helpers import Game, create, failure, failure_of, legal, play_steps, state, submit
from tests.service.relays.helpers import Watcher


def reissue(client: Client, game_id: str, seat: int, token: str | None = ORGANISER) -> str:
    request = frontier_pb2.ReissueSeatTokenRequest(game_id=game_id, seat=seat)
    answer = client.call("ReissueSeatToken", request, token=token)
    assert answer.seat.seat == seat
    new: str = answer.seat.token
    return new


def export_lines(client: Client, game_id: str) -> list[str]:
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    return [line for line in content.splitlines() if line.strip()]


@requires_most_wanted
def test_the_new_token_plays_and_the_old_one_is_refused_even_after_a_restart(tmp_path: Path) -> None:
    server = start_server(tmp_path / "data")
    try:
        with Client(f"127.0.0.1:{server.port}") as client:
            game = create(client, "most-wanted", max_turns=40)
            play_steps(client, game, 3, random.Random(1))
            lines_before = export_lines(client, game.game_id)
            old = game.tokens[0]
            new = reissue(client, game.game_id, 0)
            assert new != old

            refused = failure(lambda: state(client, game.game_id, old))
            assert (refused.code, refused.reason) == (grpc.StatusCode.UNAUTHENTICATED, "UNKNOWN_TOKEN")
            game.tokens[0] = old
            assert failure(lambda: legal(client, game, 0)).reason == "UNKNOWN_TOKEN"
            game.tokens[0] = new
            legal(client, game, 0)  # the new token is the seat's
            assert state(client, game.game_id, new).viewer_seat == 0
            # Stored with the game, not in its log: the exported lines are the same.
            assert export_lines(client, game.game_id) == lines_before
            stored = [
                e for e in server.app.events.get(uuid.UUID(game.game_id)) if isinstance(e, SeatTokenReissued)
            ]
            assert [(e.seat, bool(e.reissued_at)) for e in stored] == [(0, True)]
            # Known as a seat token on calls about no one game (ListGames), so never counted as a guess.
            assert server.app.index.holds_seat_token(token_hash(new))
    finally:
        server.stop()

    restarted = start_server(tmp_path / "data")
    try:
        with Client(f"127.0.0.1:{restarted.port}") as client:
            assert failure(lambda: state(client, game.game_id, old)).reason == "UNKNOWN_TOKEN"
            assert play_game(client, game.game_id, {0: new, 1: game.tokens[1]}, random.Random(2)) > 0
            assert state(client, game.game_id).status == "finished"
    finally:
        restarted.stop()


@requires_most_wanted
def test_only_the_organiser_reissues_a_taken_seat_of_a_game_in_progress(
    server: Running, client: Client
) -> None:
    game = create(client, "most-wanted", max_turns=40)

    def refused(game_id: str, seat: int, token: str | None) -> tuple[grpc.StatusCode, str]:
        found = failure(lambda: reissue(client, game_id, seat, token))
        return found.code, found.reason

    denied = grpc.StatusCode.PERMISSION_DENIED
    assert refused(game.game_id, 0, game.tokens[0]) == (denied, "ORGANISER_REQUIRED")  # a seat, even its own
    assert refused(game.game_id, 1, None) == (denied, "ORGANISER_REQUIRED")  # a spectator
    assert refused(game.game_id, 0, "not-a-token-of-anyone") == (
        grpc.StatusCode.UNAUTHENTICATED,
        "UNKNOWN_TOKEN",
    )
    assert refused(str(uuid.uuid4()), 0, ORGANISER) == (grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND")
    assert refused(game.game_id, 2, ORGANISER) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_SEAT")
    assert refused(game.game_id, -1, ORGANISER) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_SEAT")
    assert refused("not-an-id", 0, ORGANISER) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_GAME_ID")

    open_seat = client.call(
        "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["Ann", ""])
    )
    precondition = grpc.StatusCode.FAILED_PRECONDITION
    assert refused(open_seat.game_id, 1, ORGANISER) == (precondition, "SEAT_OPEN")

    play_game(client, game.game_id, game.tokens, random.Random(3))
    assert refused(game.game_id, 0, ORGANISER) == (precondition, "GAME_OVER")
    # Nothing refused was stored, and the seats' tokens still work (here: to read the finished game).
    assert state(client, game.game_id, game.tokens[0]).status == "finished"


@requires_most_wanted
def test_a_server_without_an_organiser_token_reissues_for_no_one(tmp_path: Path) -> None:
    server = create_server(Settings(data=tmp_path / "data", port=0))
    try:
        with Client(f"127.0.0.1:{server.port}") as client:
            game: Game = create(client, "most-wanted")
            for token, expected in (
                (None, (grpc.StatusCode.PERMISSION_DENIED, "ORGANISER_REQUIRED")),
                (game.tokens[0], (grpc.StatusCode.PERMISSION_DENIED, "ORGANISER_REQUIRED")),
                (ORGANISER, (grpc.StatusCode.UNAUTHENTICATED, "UNKNOWN_TOKEN")),  # no one's here
            ):
                found = failure(lambda token=token: reissue(client, game.game_id, 0, token))  # type: ignore[misc]
                assert (found.code, found.reason) == expected
    finally:
        server.stop()


@requires_most_wanted
def test_frontier_reissue_prints_the_new_token_for_the_organiser_only(
    server: Running, client: Client, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = create(client, "most-wanted")
    address = f"127.0.0.1:{server.port}"
    monkeypatch.setenv("FRONTIER_TOKEN", game.tokens[1])
    status, _, err = frontier(capsys, "reissue", "--server", address, game.game_id, "--seat", "2")
    assert status == 1 and "PERMISSION_DENIED" in err
    monkeypatch.setenv("FRONTIER_TOKEN", ORGANISER)
    status, out, _ = frontier(capsys, "reissue", "--server", address, game.game_id, "--seat", "2")
    assert status == 0 and out.startswith("seat 2 (p1): token ")  # people count seats from 1
    new = out.strip().removeprefix("seat 2 (p1): token ")
    assert state(client, game.game_id, new).viewer_seat == 1
    assert failure(lambda: state(client, game.game_id, game.tokens[1])).reason == "UNKNOWN_TOKEN"


@requires_most_wanted
def test_a_play_stream_opened_with_the_old_token_is_ended_and_never_shown_the_seat_s_commands(
    server: Running, client: Client
) -> None:
    game = create(client, "most-wanted", max_turns=40)
    inbox: queue.Queue[tuple[int, Any]] = queue.Queue()
    to_act = state(client, game.game_id, game.tokens[0]).seats_to_act[0]
    waiting = 1 - to_act  # the seat that acts next, after the other's move
    old = SeatStream(client, game.game_id, waiting, game.tokens[waiting], inbox)
    try:
        assert inbox.get(timeout=10)[1].version == 1  # the stream is open
        new = reissue(client, game.game_id, waiting)
        current = state(client, game.game_id, new)
        chooser = random.Random(4)
        while waiting not in current.seats_to_act:  # play the other seat until it is the old stream's turn
            seat = current.seats_to_act[0]
            current = submit(client, game, seat, chooser.choice(list(legal(client, game, seat).commands)))
            current = state(client, game.game_id, new)
        ended = None
        while ended is None:
            _, message = inbox.get(timeout=10)
            if isinstance(message, grpc.RpcError):
                ended = failure_of(message)
            else:
                assert message is not None, "the stream ended without saying why"
                assert not message.legal_commands, "the old token was shown the seat's legal commands"
        assert (ended.code, ended.reason) == (grpc.StatusCode.UNAUTHENTICATED, "UNKNOWN_TOKEN")
    finally:
        old.close()


@requires_most_wanted
def test_a_watch_opened_with_the_old_token_sees_what_a_spectator_sees_from_the_reissue_on(
    server: Running, client: Client
) -> None:
    game = create(client, "most-wanted", max_turns=40)
    play_steps(client, game, 2, random.Random(5))
    version = state(client, game.game_id).version
    streams = {
        who: Watcher(client, game.game_id, token, until=version + 2)
        for who, token in (("old", game.tokens[0]), ("spectator", None), ("seat", game.tokens[0]))
    }
    streams["old"].start()
    streams["spectator"].start()
    deadline = time.monotonic() + 10
    while version not in streams["old"].versions() or version not in streams["spectator"].versions():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    game.tokens[0] = reissue(client, game.game_id, 0)
    # At once: the watchers' shared read from before the reissue does not refuse the new token.
    streams["seat"].token = game.tokens[0]
    streams["seat"].start()
    play_steps(client, game, 2, random.Random(6))
    for who, stream in streams.items():
        stream.join(20)
        assert stream.error is None and stream.versions()[-1] >= version + 2, (who, stream.error)

    def after_reissue(who: str) -> list[Any]:
        return [list(u.events) for _, u in streams[who].updates if u.version > version]

    assert after_reissue("old") == after_reissue("spectator")
    # The new token is the seat's: it sees the seat's hand, which no spectator does. (Two random
    # steps may hide nothing from anyone, so the streams' events cannot show it every time.)
    as_seat, as_spectator = state(client, game.game_id, game.tokens[0]), state(client, game.game_id)
    assert as_seat.viewer_seat == 0 and as_seat.view_json != as_spectator.view_json
