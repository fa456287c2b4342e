"""Only the organiser imports (unless the server says open-import), and imported
games are marked as such everywhere a reader could mistake them for games played here."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from service.client import Client
from service.config import Settings
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, start_server
from tests.replay.trust.helpers import finished_export, parsed
from tests.service.helpers import create, failure
from tests.service.stored_games import EXPECTED, FOLDER


@pytest.fixture
def second(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "second")
    yield running
    running.stop()


def _import(address: str, content: str, token: str | None) -> frontier_pb2.ImportLogResponse:
    with Client(address, token=token) as c:
        reply: frontier_pb2.ImportLogResponse = c.call(
            "ImportLog", frontier_pb2.ImportLogRequest(content=content)
        )
    return reply


def test_with_an_organiser_token_only_the_organiser_imports(client: Client, second: Running) -> None:
    game_id, content = finished_export(client, "most-wanted", 2)
    address = f"127.0.0.1:{second.port}"
    with Client(address) as player_client:
        seat = create(player_client, "most-wanted", 2).tokens[0]

    anonymous = failure(lambda: _import(address, content, None))
    assert anonymous.code == grpc.StatusCode.UNAUTHENTICATED and anonymous.reason == "ORGANISER_REQUIRED"
    player = failure(lambda: _import(address, content, seat))
    assert player.code == grpc.StatusCode.PERMISSION_DENIED and player.reason == "ORGANISER_REQUIRED"
    with Client(address) as spectator:
        listed = spectator.call("ListGames", frontier_pb2.ListGamesRequest())
    assert game_id not in {g.game_id for g in listed.games}  # a refused import stores nothing

    assert _import(address, content, ORGANISER).game_id == game_id


def test_open_import_lets_anyone_import(client: Client, tmp_path: Path) -> None:
    _game_id, content = finished_export(client, "most-wanted", 2)
    running = start_server(tmp_path / "open", open_import=True)
    try:
        assert _import(f"127.0.0.1:{running.port}", content, None).version > 1
    finally:
        running.stop()


def test_imported_games_are_marked_everywhere(client: Client, second: Running) -> None:
    game_id, content = finished_export(client, "deadwood-1876", 2)
    address = f"127.0.0.1:{second.port}"
    _import(address, content, ORGANISER)
    with Client(address) as other:
        state = other.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id))
        summary = other.call("ListGames", frontier_pb2.ListGamesRequest()).games[0]
        report = other.call("Audit", frontier_pb2.AuditRequest(game_id=game_id))
        exported = parsed(other.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id)).content)
    assert state.imported and summary.imported and report.imported
    assert "| Played | imported: " in report.markdown and report.ok
    assert exported[-1]["type"] == "checkpoint" and exported[-1]["imported"] is True

    # The server it was played on says the opposite.
    assert not client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id)).imported
    assert not client.call("ListGames", frontier_pb2.ListGamesRequest()).games[0].imported
    assert not client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id)).imported
    assert json.loads(content.splitlines()[-1])["imported"] is False


def test_games_stored_before_the_flag_existed_load_as_not_imported(tmp_path: Path) -> None:
    data = tmp_path / "store-v1"
    data.mkdir()
    shutil.copy(FOLDER / "frontier.sqlite", data / "frontier.sqlite")
    running = start_server(data)
    try:
        with Client(f"127.0.0.1:{running.port}", token=ORGANISER) as old:
            for game_id in json.loads(EXPECTED.read_text(encoding="utf-8")):
                assert not old.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id)).imported
            assert not any(g.imported for g in old.call("ListGames", frontier_pb2.ListGamesRequest()).games)
    finally:
        running.stop()


def test_open_import_and_the_signing_key_come_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not Settings.from_env().open_import
    monkeypatch.setenv("FRONTIER_OPEN_IMPORT", "1")
    monkeypatch.setenv("FRONTIER_SIGNING_KEY", str(tmp_path / "k.pem"))
    settings = Settings.from_env()
    assert settings.open_import and settings.signing_key == tmp_path / "k.pem"


def test_a_malformed_checkpoint_line_is_invalid_argument_and_stores_nothing(
    client: Client, second: Running
) -> None:
    _game_id, content = finished_export(client, "most-wanted", 2)
    *lines, last = content.splitlines()
    broken = "\n".join([*lines, last.replace('"imported":false', '"imported":"no"')]) + "\n"
    address = f"127.0.0.1:{second.port}"
    error = failure(lambda: _import(address, broken, ORGANISER))
    assert error.code == grpc.StatusCode.INVALID_ARGUMENT and "checkpoint field imported" in error.message
    with Client(address) as c:
        assert not c.call("ListGames", frontier_pb2.ListGamesRequest()).games
