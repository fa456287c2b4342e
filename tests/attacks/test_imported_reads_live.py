"""Attack: an importer grinds a seed offline and gets an audit report that calls the game "live".

A log's seed commitment proves nothing about when its seed was chosen: an importer plays games from
seeds of their choosing until one ends as they want, then imports it. The server signs it
`imported: true`; the file audit must say so from that verified checkpoint, never "live".
A fork's report must say that its starting position was not compared with its source.
"""

from __future__ import annotations

import itertools
import random
import uuid
from pathlib import Path

import pytest

from replay.forgeries import Record
from replay.logfile import write_lines
from replay.verify import verify
from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.replay.helpers import simulated
from tests.replay.trust.helpers import frontier
from tests.service.helpers import create


def _ground_for_seat_1(game_id: str) -> tuple[Record, int]:
    """The first of a few seeds whose game seat 1 wins outright: what an importer would keep."""
    for tries in itertools.count(1):
        record = simulated("deadwood-1876", 3, seed=f"grind {tries}".encode(), game_id=game_id)
        outcome = verify(*record).outcome
        if outcome is not None and outcome.ranking[0] == (0,):
            return record, tries
    raise AssertionError("unreachable")


def _audit(capsys: pytest.CaptureFixture[str], folder: Path, content: str, address: str) -> tuple[int, str]:
    log = folder / "game.jsonl"
    log.write_text(content, encoding="utf-8")
    status, out, _err = frontier(
        capsys, "audit", str(log), "--server", address, "--known-keys", str(folder / "known_keys")
    )
    return status, out


def _played(markdown: str) -> str:
    return next(line for line in markdown.splitlines() if line.startswith("| Played |"))


def test_an_imported_game_with_a_seed_commitment_is_not_reported_live(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, tries = _ground_for_seat_1(str(uuid.uuid4()))
    assert record[0].seed_commitment is not None and tries >= 1
    text = "".join(line + "\n" for line in write_lines(*record))
    imported = client.call("ImportLog", frontier_pb2.ImportLogRequest(content=text), token=ORGANISER)
    export = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=imported.game_id), token=ORGANISER
    )
    status, out = _audit(capsys, tmp_path, export.content, f"127.0.0.1:{server.port}")
    assert status == 0, out
    played = _played(out)
    assert "live" not in played and "imported" in played and "did not see it played" in played


def test_a_live_game_is_reported_live_on_the_server_that_signed_it(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The control: a game the server saw played reads live, naming the signer."""
    made = create(client, "deadwood-1876", 3)
    play_game(client, made.game_id, made.tokens, random.Random(1))
    export = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=made.game_id), token=ORGANISER)
    status, out = _audit(capsys, tmp_path, export.content, f"127.0.0.1:{server.port}")
    signer = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest()).signer
    assert status == 0 and f"| Played | live on the server that signed it ({signer})" in out


def test_an_unsigned_log_with_a_commitment_is_not_reported_live(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = simulated("deadwood-1876", 3, seed=b"any", game_id=str(uuid.uuid4()))
    log = tmp_path / "game.jsonl"
    log.write_text("".join(line + "\n" for line in write_lines(*record)), encoding="utf-8")
    status, out, _err = frontier(capsys, "audit", str(log), "--known-keys", str(tmp_path / "none"))
    assert status == 4 and "not established" in _played(out) and "live" not in _played(out)


def test_a_forks_report_says_its_start_was_not_compared_with_its_source(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    made = create(client, "most-wanted", 2)
    play_game(client, made.game_id, made.tokens, random.Random(1))
    forked = client.call(
        "ForkGame",
        frontier_pb2.ForkGameRequest(game_id=made.game_id, version=4, players=["a", "b"], tag="what-if"),
        token=ORGANISER,
    )
    play_game(client, forked.game_id, {s.seat: s.token for s in forked.seats}, random.Random(2))
    export = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=forked.game_id), token=ORGANISER)
    status, out = _audit(capsys, tmp_path, export.content, f"127.0.0.1:{server.port}")
    played = _played(out)
    assert status == 0, out
    assert f"forked from game {made.game_id} at version 4" in played
    assert "did not compare it with the source's log" in played
