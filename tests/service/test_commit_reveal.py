"""Commit, then reveal through a real server: imports of format-4 logs, and format-3 games kept."""

from __future__ import annotations

import random
from pathlib import Path

import grpc
import pytest

import service.core.creation
from service.client import Client, claim_seat, play_game, reveal_seed
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import frontier
from tests.service.helpers import failure, state

CORPUS = Path(__file__).resolve().parents[2] / "seeds" / "conformance"


def test_an_imported_format_4_log_is_stored_line_for_line_and_a_forged_reveal_is_refused(
    client: Client,
) -> None:
    content = (CORPUS / "good/most-wanted-commit-reveal.jsonl").read_text(encoding="utf-8")
    reply = client.call("ImportLog", frontier_pb2.ImportLogRequest(content=content), token=ORGANISER)
    exported = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=reply.game_id), token=ORGANISER
    ).content
    assert exported.splitlines()[:-1] == content.splitlines()[:-1]  # only the checkpoint is this server's
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=reply.game_id), token=ORGANISER)
    assert report.verdict == "passed" and "committed to before any seed was revealed" in report.markdown
    forged = (CORPUS / "fail/reveal-seed-edited.jsonl").read_text(encoding="utf-8")
    refused = failure(
        lambda: client.call("ImportLog", frontier_pb2.ImportLogRequest(content=forged), token=ORGANISER)
    )
    assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "LOG_REJECTED")
    assert (refused.metadata["code"], refused.metadata["line"]) == ("SEED_REVEAL_DIFFERS", "3")


def test_a_player_entropy_game_created_in_format_3_still_takes_its_seeds_with_the_claims(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A game created before commit-reveal: the server writes it in format 3 (as the last release did).
    monkeypatch.setattr(service.core.creation, "ENTROPY_FORMAT_VERSION", 3)
    request = frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=2, players=["Ann"], player_entropy=True
    )
    created = client.call("CreateGame", request)
    assert not state(client, created.game_id).commit_reveal
    seat, token = claim_seat(client, created.game_id, "Bob", 1)
    assert reveal_seed(client, created.game_id, seat, token) is None  # nothing to reveal: dealt at the claim
    assert state(client, created.game_id).status == "in_progress"
    play_game(client, created.game_id, {0: created.seats[0].token, 1: token}, random.Random(2))
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=created.game_id), token=ORGANISER
    ).content
    assert '"format_version":3' in content.splitlines()[0] and '"client_seed":"' in content.splitlines()[1]
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=created.game_id), token=ORGANISER)
    assert report.verdict == "passed"


def test_frontier_claim_reveals_once_every_seat_committed_or_says_how_to_reveal_later(
    client: Client, server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    address = f"127.0.0.1:{server.port}"
    request = frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=3, players=["Ann"], player_entropy=True
    )
    game_id = client.call("CreateGame", request).game_id
    # Seat 3 is still open: the claim is taken, the seed stays on this side, and the user is told how
    # to reveal it later.
    status, out, err = frontier(capsys, "claim", "--server", address, game_id, "--seat", "2", "--wait", "0.2")
    assert status == 1 and out.startswith("seat 2: token ") and "frontier reveal" in err
    later = err[err.index("frontier reveal") :].split()
    seed = later[later.index("--client-seed") + 1]
    waiting = state(client, game_id)
    assert (list(waiting.awaiting_reveal), list(waiting.open_seats)) == ([1], [2])  # committed, not revealed
    status, out, _ = frontier(capsys, "claim", "--server", address, game_id, "--seat", "3", "--name", "Cy")
    assert status == 0 and "waiting for seat(s) 2 to reveal" in out
    status, out, _ = frontier(capsys, *later[1:])  # the command it printed
    assert status == 0 and "the game is dealt" in out
    deal = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER).content
    assert f'"client_seeds":[null,"{seed}",' in deal
