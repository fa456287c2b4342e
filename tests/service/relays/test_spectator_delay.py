"""The spectator delay: seats and the organiser see each step at once, spectators only after the delay."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from typing import Any

import grpc

from engines.registry import get_engine
from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from service.web.server import start_http
from tests.conftest import ORGANISER
from tests.service.helpers import Game, failure, legal, state, submit
from tests.service.relays.helpers import Watcher, recording_lines, send, start


def delayed_game(client: Client, delay: int, game: str = "most-wanted") -> Game:
    seats = get_engine(game).min_seats
    request = frontier_pb2.CreateGameRequest(
        game=game, seats=seats, players=[f"p{i}" for i in range(seats)], spectator_delay_seconds=delay
    )
    reply = client.call("CreateGame", request)
    return Game(reply.game_id, game, {s.seat: s.token for s in reply.seats})


def one_step(client: Client, game: Game) -> tuple[float, Any]:
    """Send the first legal command of the seat to act; the monotonic time just before sending it."""
    current = state(client, game.game_id, game.tokens[0])
    seat = current.seats_to_act[0]
    sent_at = time.monotonic()
    return sent_at, submit(client, game, seat, legal(client, game, seat).commands[0])


def test_a_delayed_spectator_sees_each_step_no_sooner_than_the_delay(client: Client) -> None:
    delay = 2
    game = delayed_game(client, delay)
    spectator = Watcher(client, game.game_id, until=3)
    seat = Watcher(client, game.game_id, token=game.tokens[0], until=3)
    spectator.start()
    seat.start()
    time.sleep(0.3)
    first_sent, first = one_step(client, game)
    second_sent, second = one_step(client, game)
    assert (first.version, second.version) == (2, 3)
    # At once for the seat and the organiser; the old version for a spectator.
    assert state(client, game.game_id, game.tokens[1]).version == 3
    assert state(client, game.game_id, ORGANISER).version == 3
    assert state(client, game.game_id).version == 1
    assert state(client, game.game_id).spectator_delay_seconds == delay
    seat.join(30)
    spectator.join(30)
    assert seat.versions() == spectator.versions() == [1, 2, 3]
    arrivals = dict((u.version, at) for at, u in spectator.updates)
    seat_arrivals = dict((u.version, at) for at, u in seat.updates)
    assert arrivals[2] - first_sent >= delay and arrivals[3] - second_sent >= delay
    assert seat_arrivals[2] - first_sent < delay  # the seat did not wait
    assert state(client, game.game_id).version == 3  # public now


def test_every_public_channel_holds_back_a_delayed_game(client: Client) -> None:
    """Attack: a game is played to its end inside the delay; each public channel is asked for it."""
    game = delayed_game(client, 600)
    play_game(client, game.game_id, game.tokens, random.Random(11))
    over = state(client, game.game_id, ORGANISER)
    assert over.status == "finished" and over.version > 2
    # GetState: the setup, in progress, no state hash; a later version is "out of range".
    public = state(client, game.game_id)
    assert (public.version, public.status, public.state_hash) == (1, "in_progress", "")
    hidden = failure(lambda: state(client, game.game_id, version=over.version))
    beyond = failure(lambda: state(client, game.game_id, version=over.version + 1))
    assert hidden.code == grpc.StatusCode.INVALID_ARGUMENT and hidden.reason == "VERSION_OUT_OF_RANGE"
    assert hidden.message.replace(str(over.version), "N") == beyond.message.replace(
        str(over.version + 1), "N"
    )
    # WatchGame: the setup only (it waits for the rest).
    watcher = Watcher(client, game.game_id)
    watcher.start()
    watcher.join(2.5)
    assert watcher.versions() == [1]
    # Replay, ExportLog, ListGames, Audit, ProveInclusion.
    replay = list(client.stub.Replay(frontier_pb2.ReplayRequest(game_id=game.game_id), timeout=30))
    assert [s.version for s in replay] == [1]
    log = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game.game_id)).content
    lines = [json.loads(line) for line in log.splitlines()]
    assert [line.get("version") for line in lines if line.get("type") == "entry"] == []
    assert all(line.get("status") != "finished" for line in lines)
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest()).games
    assert [(g.version, g.status) for g in listed] == [(1, "in_progress")]
    assert client.call("ListGames", frontier_pb2.ListGamesRequest(status="finished")).games == []
    running = client.call("ListGames", frontier_pb2.ListGamesRequest(status="in_progress")).games
    assert [g.game_id for g in running] == [game.game_id]  # still listed as in progress, as it was
    audit = failure(lambda: client.call("Audit", frontier_pb2.AuditRequest(game_id=game.game_id)))
    assert audit.reason == "AUDIT_NOT_ALLOWED"
    proof = failure(
        lambda: client.call(
            "ProveInclusion", frontier_pb2.ProveInclusionRequest(game_id=game.game_id, version=2)
        )
    )
    assert proof.code == grpc.StatusCode.INVALID_ARGUMENT
    # The organiser and the seats are not held back.
    organiser_list = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER).games
    assert organiser_list[0].version == over.version and organiser_list[0].status == "finished"
    assert state(client, game.game_id, game.tokens[1]).version == over.version


def test_the_web_viewer_holds_back_a_delayed_game(client: Client, server: Running) -> None:
    game = delayed_game(client, 600)
    one_step(client, game)
    assert state(client, game.game_id, ORGANISER).version == 2
    http = start_http(server.ledger, ORGANISER, "127.0.0.1", 0)
    try:
        url = f"http://127.0.0.1:{http.port}/api/games/{game.game_id}/steps?after=0"
        with urllib.request.urlopen(url, timeout=10) as page:
            assert [s["version"] for s in json.loads(page.read())["steps"]] == [1]
        request = urllib.request.Request(url, headers={"authorization": f"Bearer {ORGANISER}"})
        with urllib.request.urlopen(request, timeout=10) as page:
            assert [s["version"] for s in json.loads(page.read())["steps"]] == [1, 2]
        play_game(client, game.game_id, game.tokens, random.Random(12))
        with urllib.request.urlopen(f"http://127.0.0.1:{http.port}/?status=finished", timeout=10) as page:
            assert game.game_id not in page.read().decode()
        with urllib.request.urlopen(f"http://127.0.0.1:{http.port}/?status=in_progress", timeout=10) as page:
            assert game.game_id in page.read().decode()
    finally:
        http.stop()


def test_a_relay_with_a_delay_holds_back_its_lines(client: Client, organiser: Client) -> None:
    header, lines = recording_lines()
    relay = start(organiser, header, delay=600)
    for number, line in enumerate(lines[:3], start=1):
        send(client, relay.game_id, line, number, relay.relay_token)
    assert state(client, relay.game_id, ORGANISER).version == 4
    assert state(client, relay.game_id).version == 1


def test_a_negative_or_huge_delay_is_refused(client: Client) -> None:
    for delay in (-1, 10**7):
        found = failure(lambda delay=delay: delayed_game(client, delay))  # type: ignore[misc]
        assert (found.code, found.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_DELAY")


def test_a_delayed_spectator_sees_a_resignation_and_the_servers_moves_only_after_the_delay(
    client: Client,
) -> None:
    """A ruling is a step like any other: held back as long, and shown with its ruling."""
    delay = 2
    seats = 3
    request = frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=seats, players=["a", "b", "c"], spectator_delay_seconds=delay
    )
    reply = client.call("CreateGame", request)
    game = Game(reply.game_id, "most-wanted", {s.seat: s.token for s in reply.seats})
    one_step(client, game)
    resigned = client.call("Resign", frontier_pb2.ResignRequest(game_id=game.game_id), token=game.tokens[2])
    assert state(client, game.game_id).version == 1, "the spectator is still at the setup"
    assert list(state(client, game.game_id).out_seats) == [], "nor does it learn of the resignation yet"
    spectator = Watcher(client, game.game_id, until=resigned.version)
    spectator.start()
    spectator.join(30)
    rulings = [u for _, u in spectator.updates if u.HasField("ruling")]
    assert [u.ruling.ruling for u in rulings] == ["resign"]
    assert state(client, game.game_id).version == resigned.version
    assert list(state(client, game.game_id).out_seats) == [2]


def test_a_delayed_spectator_sees_the_clocks_of_its_own_version_not_the_latest(client: Client) -> None:
    """The latest clocks would tell a delayed spectator that a seat has moved, and when."""
    request = frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=2, players=["a", "b"], spectator_delay_seconds=30, time_control="10m+5s"
    )
    reply = client.call("CreateGame", request)
    game = Game(reply.game_id, "most-wanted", {s.seat: s.token for s in reply.seats})
    before = state(client, game.game_id).clocks
    time.sleep(0.2)
    one_step(client, game)
    assert state(client, game.game_id, ORGANISER).clocks != before
    assert state(client, game.game_id).clocks == before
