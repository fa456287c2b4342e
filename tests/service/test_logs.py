"""Export a game, import it into a second server, audit it; tampering is caught at the right line."""

from __future__ import annotations

import json
import random
import uuid
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from replay.logfile import write_lines
from replay.record import Entry, Header, Trailer, chain_hash
from service.client import Client, play_bot_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, available_games, start_server
from tests.replay.helpers import edit_entry, first_index, reseal, simulated, tabletop
from tests.service.helpers import RpcFailure, create, failure, state

GAMES = available_games()
FAIL_CASES = Path(__file__).resolve().parents[2] / "seeds" / "conformance" / "fail"


@pytest.fixture
def second(tmp_path: Path) -> Iterator[Client]:
    running: Running = start_server(tmp_path / "second")
    with Client(f"127.0.0.1:{running.port}") as c:
        yield c
    running.stop()


def export(client: Client, game_id: str, token: str | None = ORGANISER) -> frontier_pb2.ExportLogResponse:
    return client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=token)


def import_log(client: Client, content: str) -> frontier_pb2.ImportLogResponse:
    """Imports are the organiser's when the server has an organiser token (as the test servers do)."""
    return client.call("ImportLog", frontier_pb2.ImportLogRequest(content=content), token=ORGANISER)


@pytest.mark.parametrize("game", GAMES)
def test_export_then_import_gives_the_same_final_state(client: Client, second: Client, game: str) -> None:
    game_id, _ = play_bot_game(client, game, 3, chooser=random.Random(5))
    exported = export(client, game_id)
    assert not exported.redacted
    imported = import_log(second, exported.content)
    assert imported.game_id == game_id
    assert imported.state_hash == state(client, game_id, ORGANISER).state_hash
    # The same lines; the second server signs them with its own key, as an imported game.
    original, *_ = exported.content.rsplit("\n", 2)
    again_lines, checkpoint_line, _ = export(second, game_id).content.rsplit("\n", 2)
    assert again_lines == original
    assert json.loads(checkpoint_line)["imported"] is True
    again = failure(lambda: import_log(second, exported.content))
    assert again.code == grpc.StatusCode.ALREADY_EXISTS


@pytest.mark.parametrize("game", GAMES)
def test_audit_of_a_finished_game_passes_and_reveals_the_seed(client: Client, game: str) -> None:
    game_id, _ = play_bot_game(client, game, 2, chooser=random.Random(6))
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id))
    assert report.ok, report.problems
    assert not report.problems
    assert game_id in report.markdown
    trailer, checkpoint = map(json.loads, export(client, game_id, token=None).content.splitlines()[-2:])
    assert trailer["seed"]
    assert checkpoint["type"] == "checkpoint"


@pytest.mark.parametrize("game", GAMES)
def test_a_game_in_progress_exports_redacted_and_hides_the_seed(client: Client, game: str) -> None:
    g = create(client, game)
    exported = export(client, g.game_id, token=g.tokens[0])
    assert exported.redacted
    *lines, checkpoint = [json.loads(line) for line in exported.content.splitlines()]
    assert lines[-1]["seed"] is None
    assert all(line.get("redacted_for") == 0 for line in lines)
    assert checkpoint["type"] == "checkpoint" and checkpoint["tree_size"] == 1  # the header alone
    assert lines[0]["draws"] == []  # the deal's shuffle is a secret
    rejected = failure(lambda: import_log(client, exported.content))
    assert rejected.code in (grpc.StatusCode.INVALID_ARGUMENT, grpc.StatusCode.FAILED_PRECONDITION)
    denied = failure(lambda: client.call("Audit", frontier_pb2.AuditRequest(game_id=g.game_id)))
    assert denied.code == grpc.StatusCode.PERMISSION_DENIED


def _tampered(content: str, line_number: int, *, rehash: bool) -> str:
    """Drop the last event of one entry; with `rehash`, re-seal that line and every later one.

    The signed checkpoint is dropped too: the tamperer cannot sign, and import does not need it."""
    lines = [json.loads(line) for line in content.splitlines()[:-1]]
    target = lines[line_number - 1]
    target["events"] = target["events"][:-1]
    if rehash:
        previous = lines[line_number - 2]["hash"]
        for line in lines[line_number - 1 :]:
            line["prev"] = previous
            line["hash"] = chain_hash(line)
            previous = line["hash"]
    return "\n".join(json.dumps(line) for line in lines) + "\n"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("rehash", [False, True], ids=["chain-broken", "chain-resealed"])
def test_a_tampered_log_is_rejected_at_the_right_entry(
    client: Client, second: Client, game: str, rehash: bool
) -> None:
    game_id, _ = play_bot_game(client, game, 2, chooser=random.Random(7))
    content = export(client, game_id).content
    lines = [json.loads(line) for line in content.splitlines()]
    line_number = next(i for i, line in enumerate(lines, 1) if i > 4 and line.get("events"))
    error = failure(lambda: import_log(second, _tampered(content, line_number, rehash=rehash)))
    assert error.code == grpc.StatusCode.FAILED_PRECONDITION
    assert error.reason == "LOG_REJECTED"
    assert error.metadata["line"] == str(line_number)
    listed = second.call("ListGames", frontier_pb2.ListGamesRequest())
    assert not listed.games  # a bad import stores nothing


def _tabletop_deadwood(game_id: str) -> tuple[Header, list[Entry], Trailer]:
    """A finished Deadwood game as a tabletop import: no seed, the dice and deals as observed."""
    header, entries, trailer = tabletop(simulated("deadwood-1876", 3, game_id=game_id, bot_seed=4))
    assert trailer is not None
    return header, entries, trailer


def test_a_tabletop_log_with_observed_dice_imports_and_audits(client: Client) -> None:
    game_id = str(uuid.uuid4())
    content = "\n".join(write_lines(*_tabletop_deadwood(game_id))) + "\n"
    imported = import_log(client, content)
    assert imported.game_id == game_id
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id))
    assert report.ok, report.problems
    assert "observed" in report.markdown.lower()


def test_a_tabletop_log_with_an_impossible_die_is_rejected_and_stores_nothing(client: Client) -> None:
    game_id = str(uuid.uuid4())
    header, entries, trailer = _tabletop_deadwood(game_id)
    index = first_index(entries, lambda e: any(d["op"] == "randint" for d in e.draws), start=0)
    draws = tuple({**d, "value": 7} if d["op"] == "randint" else d for d in entries[index].draws)
    forged = reseal(header, edit_entry(entries, index, draws=draws), trailer)
    error = failure(lambda: import_log(client, "\n".join(write_lines(*forged)) + "\n"))
    assert error.code == grpc.StatusCode.FAILED_PRECONDITION
    assert error.reason == "LOG_REJECTED"
    assert error.metadata["version"] == str(entries[index].version)
    missing = failure(lambda: state(client, game_id, ORGANISER))
    assert missing.code == grpc.StatusCode.NOT_FOUND


def test_import_of_a_log_under_an_unknown_rules_version_is_refused_naming_known_ones(client: Client) -> None:
    """Importing never re-runs a log under rules the server guesses: UNKNOWN_RULES_VERSION at line 1."""
    error = refused_import(client, FAIL_CASES / "unknown-rules-version-deadwood-1876-0.jsonl")
    assert (error.metadata["code"], error.metadata["line"]) == ("UNKNOWN_RULES_VERSION", "1")
    assert "deadwood-1876/0" in error.message and "deadwood-1876/1, deadwood-1876/2" in error.message


def test_import_of_a_servers_log_listing_a_card_nobody_saw_is_refused(client: Client) -> None:
    """Only a tabletop log names items nobody saw: a seeded one listing any is UNSEEN_IN_SEEDED_LOG."""
    seeded = FAIL_CASES / "unseen-in-seeded-log.jsonl"
    error = refused_import(client, seeded)
    number = next(n for n, line in enumerate(seeded.read_text().splitlines(), start=1) if '"unseen":' in line)
    assert (error.metadata["code"], error.metadata["line"]) == ("UNSEEN_IN_SEEDED_LOG", str(number))
    tabletop = without_checkpoint(FAIL_CASES.parent / "good" / "most-wanted-tabletop-unseen.jsonl")
    imported = import_log(client, tabletop)
    assert export(client, imported.game_id).content.startswith(tabletop)


def without_checkpoint(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    return "\n".join(line for line in lines if '"frontier-checkpoint"' not in line) + "\n"


def refused_import(client: Client, path: Path) -> RpcFailure:
    """The error a corpus log (its checkpoint left out) is refused with: LOG_REJECTED."""
    error = failure(lambda: import_log(client, without_checkpoint(path)))
    assert error.code == grpc.StatusCode.FAILED_PRECONDITION and error.reason == "LOG_REJECTED"
    return error
