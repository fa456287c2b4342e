"""Attack: JSON nested 100,000 deep, wherever a client's JSON is parsed.

On a server with `--engine`, a command travels as JSON in `Command.json`: a 100,000-deep one was
answered `UNKNOWN` with the parser's RecursionError traceback. Now it is `INVALID_ARGUMENT`
`MALFORMED_COMMAND` saying it nests too deep, over SubmitCommand and Play alike, the game unchanged.
An imported log's lines go through the same parser.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.benchmarks.bench_peer import COUNTER_ENGINE
from tests.benchmarks.test_counter_game import created
from tests.conftest import ORGANISER
from tests.service.helpers import Game, RpcFailure, failure, state, submit
from tests.service.serving import frontier_run, frontier_serving

DEPTH = 100_000
DEEP = '{"kind":"increment","x":' + "[" * DEPTH + "]" * DEPTH + "}"


@pytest.fixture
def counter(tmp_path: Path) -> Iterator[tuple[Client, Game]]:
    with frontier_serving(tmp_path, ORGANISER, "--engine", COUNTER_ENGINE) as address:
        client = Client(address)
        try:
            yield client, created(client, seats=2, goal=6)
        finally:
            client.close()


def refused_as_too_deep(answer: RpcFailure) -> None:
    assert (answer.code, answer.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_COMMAND"), answer
    assert "nested more than" in answer.message and "Traceback" not in answer.message, answer.message


def test_a_100000_deep_json_command_is_invalid_argument_and_changes_nothing(
    counter: tuple[Client, Game],
) -> None:
    client, game = counter
    before = state(client, game.game_id, ORGANISER).version
    refused_as_too_deep(failure(lambda: submit(client, game, 0, frontier_pb2.Command(json=DEEP))))
    assert state(client, game.game_id, ORGANISER).version == before
    # The server goes on: the same seat's right command is taken.
    submit(client, game, 0, frontier_pb2.Command(json='{"kind":"increment"}'))
    assert state(client, game.game_id, ORGANISER).version == before + 1


def test_a_100000_deep_json_command_in_play_is_answered_as_a_play_error(counter: tuple[Client, Game]) -> None:
    client, game = counter
    before = state(client, game.game_id, ORGANISER).version
    requests = iter(
        [
            frontier_pb2.PlayRequest(game_id=game.game_id),
            frontier_pb2.PlayRequest(command_id=uuid.uuid4().hex, command=frontier_pb2.Command(json=DEEP)),
        ]
    )
    stream = client.stub.Play(requests, metadata=[("authorization", f"Bearer {game.tokens[0]}")])
    try:
        for update in stream:
            if update.HasField("error"):
                error = update.error
                assert (error.code, error.reason) == ("INVALID_ARGUMENT", "MALFORMED_COMMAND"), error
                assert "nested more than" in error.message and "Traceback" not in error.message
                break
        else:
            raise AssertionError("no answer to the deep command")
    finally:
        stream.cancel()
    assert state(client, game.game_id, ORGANISER).version == before


def test_an_imported_line_nested_100000_deep_is_invalid_argument(tmp_path: Path) -> None:
    with frontier_serving(tmp_path, ORGANISER) as address, Client(address) as client:
        log = '{"type":"header","x":' + "[" * DEPTH + "]" * DEPTH + "}\n"
        answer = failure(
            lambda: client.call("ImportLog", frontier_pb2.ImportLogRequest(content=log), token=ORGANISER)
        )
        assert answer.code == grpc.StatusCode.INVALID_ARGUMENT, answer
        assert "nested more than" in answer.message and "Traceback" not in answer.message


def test_the_cli_reads_a_file_nested_100000_deep_as_unreadable_without_a_traceback(tmp_path: Path) -> None:
    """A published tournament record or an audit bundle is anyone's file: the CLI used to crash on one."""
    record = tmp_path / "record.json"
    record.write_text('{"tournament_id":' + "[" * DEPTH + "]" * DEPTH + "}")
    verified = frontier_run("tournament", "verify", str(record), check=False, timeout=60)
    assert verified.returncode == 2 and "nested too deep" in verified.stderr, verified
    assert "Traceback" not in verified.stderr
    bundle = tmp_path / "bundle.ndjson"
    bundle.write_text('{"game_id":"x","log":' + "[" * DEPTH + "]" * DEPTH + "}\n")
    audited = frontier_run("audit", str(bundle), check=False, timeout=60)
    assert audited.returncode == 2 and "nested too deep" in audited.stdout, audited
    assert "Traceback" not in audited.stderr
