"""Full games over real gRPC into a real SQLite file: durability, idempotency, races."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.client import Client, play_bot_game
from tests.conftest import ORGANISER, available_games, start_server
from tests.service.helpers import create, failure, legal, state, submit

GAMES = available_games()


@pytest.mark.parametrize("game", GAMES)
def test_bot_games_finish_and_survive_a_restart(tmp_path: Path, game: str) -> None:
    data = tmp_path / "data"
    running = start_server(data)
    played: dict[str, Any] = {}
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            for players, seed in ((2, 1), (3, 2)):
                game_id, commands = play_bot_game(client, game, players, chooser=random.Random(seed))
                assert commands > 0
                played[game_id] = state(client, game_id, ORGANISER)
    finally:
        running.stop()
    assert (data / "frontier.sqlite").stat().st_size > 0
    restarted = start_server(data)
    try:
        with Client(f"127.0.0.1:{restarted.port}") as client:
            for game_id, before in played.items():
                after = state(client, game_id, ORGANISER)
                assert after.status == "finished"
                assert (after.version, after.state_hash, after.view_json) == (
                    before.version,
                    before.state_hash,
                    before.view_json,
                )
    finally:
        restarted.stop()


@pytest.mark.parametrize("game", GAMES)
def test_a_retried_command_id_returns_the_first_result_and_appends_nothing(client: Client, game: str) -> None:
    g = create(client, game)
    seat = state(client, g.game_id, g.tokens[0]).seats_to_act[0]
    command = legal(client, g, seat).commands[0]
    first = submit(client, g, seat, command, command_id="retry-me")
    again = submit(client, g, seat, command, command_id="retry-me")
    assert (again.version, again.duplicate, first.duplicate) == (first.version, True, False)
    assert [e.json for e in again.events] == [e.json for e in first.events]
    assert state(client, g.game_id, ORGANISER).version == first.version


@pytest.mark.parametrize("game", GAMES)
def test_racing_commands_on_one_version_exactly_one_wins(client: Client, game: str) -> None:
    g = create(client, game)
    current = state(client, g.game_id, g.tokens[0])
    seat = current.seats_to_act[0]
    command = legal(client, g, seat).commands[0]
    results: list[Any] = []

    def send(i: int) -> None:
        try:
            results.append(
                submit(client, g, seat, command, command_id=f"race-{i}", expected_version=current.version)
            )
        except grpc.RpcError as error:
            results.append(error.code())

    threads = [threading.Thread(target=send, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    winners = [r for r in results if not isinstance(r, grpc.StatusCode)]
    assert len(winners) == 1
    assert [r for r in results if isinstance(r, grpc.StatusCode)] == [grpc.StatusCode.ABORTED] * 5
    assert state(client, g.game_id, ORGANISER).version == current.version + 1


@pytest.mark.parametrize("game", GAMES)
def test_a_stale_expected_version_is_aborted_and_appends_nothing(client: Client, game: str) -> None:
    g = create(client, game)
    seat = state(client, g.game_id, g.tokens[0]).seats_to_act[0]
    command = legal(client, g, seat).commands[0]
    error = failure(lambda: submit(client, g, seat, command, expected_version=7))
    assert error.code == grpc.StatusCode.ABORTED
    assert error.reason == "STALE_VERSION"
    assert error.metadata["current_version"] == "1"
    assert state(client, g.game_id, ORGANISER).version == 1
