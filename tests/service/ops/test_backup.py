"""`frontier backup` of a running server's SQLite store and `frontier restore` into a fresh data
folder: a server started on the restored folder audits every game as passed."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from service.cli.main import main
from service.client import Client, play_bot_game
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, start_server

GAMES = ("most-wanted", "deadwood-1876", "western-legends")


def stored_games(client: Client) -> dict[str, str]:
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest(page_size=1000))
    return {game.game_id: game.status for game in listed.games}


def test_a_backup_taken_while_games_are_played_restores_to_a_server_that_audits_every_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data, backup, restored = tmp_path / "data", tmp_path / "backup", tmp_path / "restored"
    running = start_server(data)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            finished = {
                play_bot_game(client, game, 2, chooser=random.Random(i))[0] for i, game in enumerate(GAMES)
            }
            playing, stop = threading.Event(), threading.Event()

            def keep_playing() -> None:  # the server writes all through the backup
                with Client(f"127.0.0.1:{running.port}") as writer:
                    while not stop.is_set():
                        playing.set()
                        play_bot_game(writer, "most-wanted", 3, chooser=random.Random(9))

            writer = threading.Thread(target=keep_playing)
            writer.start()
            try:
                assert playing.wait(30)
                assert main(["backup", "--data", str(data), str(backup)]) == 0
            finally:
                stop.set()
                writer.join(120)
    finally:
        running.stop()
    assert "backed up" in capsys.readouterr().out
    assert main(["restore", str(backup), "--data", str(restored)]) == 0
    again = start_server(restored)
    try:
        with Client(f"127.0.0.1:{again.port}", token=ORGANISER) as client:
            games = stored_games(client)
            assert finished <= set(games)
            for game_id, status in games.items():
                report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id))
                assert report.ok, (game_id, report.problems)
                assert report.verdict == ("passed" if status == "finished" else "incomplete"), game_id
            assert sum(status == "finished" for status in games.values()) >= len(finished)
    finally:
        again.stop()


def test_backup_and_restore_refuse_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = tmp_path / "data"
    start_server(data).stop()
    (tmp_path / "taken").mkdir()
    assert main(["backup", "--data", str(data), str(tmp_path / "taken")]) == 2
    assert "exists" in capsys.readouterr().err
    assert main(["backup", "--data", str(data), str(tmp_path / "backup")]) == 0
    assert main(["restore", str(tmp_path / "backup"), "--data", str(data)]) == 2
    assert "already holds a store" in capsys.readouterr().err
    assert main(["backup", "--data", str(tmp_path / "nothing"), str(tmp_path / "other")]) == 2
    assert "no SQLite store" in capsys.readouterr().err
