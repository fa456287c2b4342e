"""Attack: one anonymous client holds every watch slot, and every seat is locked out of Play.

`--max-watchers` used to count WatchGame and Play streams together, server-wide, with no limit per
client or per game, and WatchGame needs no token: a spectator holding the cap made every seat's
Play fail with TOO_MANY_WATCHERS (and `frontier bots` exit). Now spectators have a pool of their
own, capped per client address and per game as well as in all; a seat's streams are never refused
because of spectators, and are capped per seat token instead.
"""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.client import Client, SeatStream, play_game
from service.core.client_address import client_address
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, start_server
from tests.service.helpers import create, failure
from tests.service.relays.test_spectator_delay import delayed_game

WAIT = 20.0


def hold_spectators(client: Client, game_id: str, count: int, token: str | None = None) -> list[Any]:
    """`count` open WatchGame streams, each past its first update (so each holds its place)."""
    request = frontier_pb2.WatchGameRequest(game_id=game_id)
    streams = []
    for _ in range(count):
        stream = client.stub.WatchGame(request, timeout=120, metadata=client.metadata(token))
        assert next(stream).version == 1
        streams.append(stream)
    return streams


def refusal(client: Client, game_id: str, token: str | None = None) -> tuple[grpc.StatusCode, str, str]:
    request = frontier_pb2.WatchGameRequest(game_id=game_id)
    refused = failure(
        lambda: next(client.stub.WatchGame(request, timeout=10, metadata=client.metadata(token)))
    )
    return refused.code, refused.reason, refused.message


@pytest.fixture
def capped(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "data", max_watchers=20)
    yield running
    running.stop()


def test_a_spectator_holding_every_watch_slot_does_not_lock_a_seat_out_of_play(capped: Running) -> None:
    with Client(f"127.0.0.1:{capped.port}") as attacker, Client(f"127.0.0.1:{capped.port}") as players:
        watched, game = create(attacker, "most-wanted", 3), create(players, "most-wanted", 3)
        held = hold_spectators(attacker, watched.game_id, 20)
        # Every seat still plays the whole game over Play, and watches with its token.
        seat_watch = hold_spectators(players, game.game_id, 1, token=game.tokens[0])
        assert play_game(players, game.game_id, game.tokens, random.Random(3)) > 0
        organiser_watch = hold_spectators(players, game.game_id, 1, token=ORGANISER)
        # Spectators alone are refused, and told how to get in as a seat.
        for refused_game in (watched, game):
            code, reason, message = refusal(attacker, refused_game.game_id)
            assert (code, reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_WATCHERS")
            assert "--max-watchers" in message and "seat token" in message
        for stream in [*held, *seat_watch, *organiser_watch]:
            stream.cancel()


def test_one_address_cannot_take_the_whole_spectator_pool(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data", max_spectators_per_address=5)
    try:
        with Client(f"127.0.0.1:{running.port}") as attacker:
            game = create(attacker, "most-wanted", 3)
            held = hold_spectators(attacker, game.game_id, 5)
            code, reason, message = refusal(attacker, game.game_id)
            assert (code, reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_SPECTATORS_FROM_ADDRESS")
            assert "--max-spectators-per-address" in message
            # A new connection is the same client: the cap is per address, not per connection.
            with Client(f"127.0.0.1:{running.port}") as again:
                assert refusal(again, game.game_id)[1] == "TOO_MANY_SPECTATORS_FROM_ADDRESS"
            # A delayed game's spectators (served apart from the live ones) count too.
            delayed = delayed_game(attacker, 60)
            assert refusal(attacker, delayed.game_id)[1] == "TOO_MANY_SPECTATORS_FROM_ADDRESS"
            held.pop().cancel()
            assert wait_for(lambda: running.servicer.watching.slots.spectators == 4)
            held += hold_spectators(attacker, delayed.game_id, 1)
            assert refusal(attacker, delayed.game_id)[1] == "TOO_MANY_SPECTATORS_FROM_ADDRESS"
            for stream in held:
                stream.cancel()
    finally:
        running.stop()


def test_the_spectators_of_one_game_cannot_take_every_other_games_place(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data", max_spectators_per_game=3)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            crowded, other = create(client, "most-wanted", 3), create(client, "most-wanted", 3)
            held = hold_spectators(client, crowded.game_id, 3)
            code, reason, message = refusal(client, crowded.game_id)
            assert (code, reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_SPECTATORS_OF_GAME")
            assert "--max-spectators-per-game" in message
            held += hold_spectators(client, other.game_id, 1)
            held += hold_spectators(
                client, crowded.game_id, 1, token=crowded.tokens[1]
            )  # a seat: its own pool
            for stream in held:
                stream.cancel()
    finally:
        running.stop()


def test_a_seat_token_is_not_an_unbounded_way_in(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data", max_streams_per_seat=2)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            game = create(client, "most-wanted", 3)
            held = hold_spectators(client, game.game_id, 2, token=game.tokens[0])
            code, reason, message = refusal(client, game.game_id, token=game.tokens[0])
            assert (code, reason) == (grpc.StatusCode.RESOURCE_EXHAUSTED, "TOO_MANY_SEAT_STREAMS")
            assert "--max-streams-per-seat" in message
            # Play counts with the token's other streams; another seat's token is not held back.
            inbox: queue.Queue[tuple[int, Any]] = queue.Queue()
            refused_play = SeatStream(client, game.game_id, 0, game.tokens[0], inbox)
            other = SeatStream(client, game.game_id, 1, game.tokens[1], inbox)
            failed = None
            while failed is None:
                seat, update = inbox.get(timeout=WAIT)
                assert not (seat == 1 and isinstance(update, grpc.RpcError)), update
                if isinstance(update, grpc.RpcError):
                    failed = update
            assert failed.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            assert "--max-streams-per-seat" in (failed.details() or "")
            assert wait_for(
                lambda: running.servicer.watching.slots.seat_streams == 3
            )  # seat 1's Play is open
            refused_play.close()
            other.close()
            for stream in held:
                stream.cancel()
    finally:
        running.stop()


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.mark.parametrize(
    ("peer", "client"),
    [
        ("ipv4:203.0.113.7:50512", "203.0.113.7"),
        ("ipv6:[2001:db8:1:2:3:4:5:6]:443", "2001:db8:1:2::/64"),
        ("ipv6:[::1]:61000", "::/64"),
        ("unix:/tmp/frontier.sock", "unix"),
    ],
)
def test_a_client_is_its_address_without_the_port(peer: str, client: str) -> None:
    assert client_address(peer) == client
