"""Idempotency keys of the writes that make a game: CreateGame and ImportLog.

A retry with the key answers as the first call did and stores nothing new, on the same server,
after a restart and on another server sharing PostgreSQL; the key is the caller's secret and
scope (another caller with the same key reaches nothing of the first's), a key reused for another
request is refused, and two calls racing with one key make one game.
"""

from __future__ import annotations

import secrets
import threading
from pathlib import Path
from typing import Any

import grpc

from service.client import Client
from service.config import SQLITE_FILE
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, start_server
from tests.servers import Postgres
from tests.service.helpers import failure

LOG = Path(__file__).parents[2] / "seeds" / "logs" / "most-wanted" / "most-wanted-8p.jsonl"


def new_key() -> str:
    return secrets.token_urlsafe(16)


def create_request(key: str, **fields: Any) -> frontier_pb2.CreateGameRequest:
    return frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=3, players=["Ann", "Bo", "Cy"], idempotency_key=key, **fields
    )


def games_listed(client: Client) -> int:
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER)
    return len(listed.games)


def test_a_create_game_retried_with_its_key_answers_the_first_game_and_stores_none(client: Client) -> None:
    key = new_key()
    first = client.call("CreateGame", create_request(key))
    again = client.call("CreateGame", create_request(key))
    assert (again.game_id, again.duplicate, first.duplicate) == (first.game_id, True, False)
    assert [(s.seat, s.player, s.token) for s in again.seats] == [
        (s.seat, s.player, s.token) for s in first.seats
    ]
    assert (again.version, again.seed_commitment) == (first.version, first.seed_commitment)
    assert games_listed(client) == 1


def test_a_key_reused_for_another_request_is_refused_and_stores_nothing(
    client: Client, organiser: Client
) -> None:
    key = new_key()
    client.call("CreateGame", create_request(key))
    refused = failure(lambda: client.call("CreateGame", create_request(key, tag="another")))
    assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "IDEMPOTENCY_KEY_REUSED")
    assert games_listed(client) == 1
    # A key is one method's: an import with a create's key is refused too.
    key = new_key()
    organiser.call("CreateGame", create_request(key))
    refused = failure(
        lambda: organiser.call(
            "ImportLog", frontier_pb2.ImportLogRequest(content=LOG.read_text(), idempotency_key=key)
        )
    )
    assert refused.reason == "IDEMPOTENCY_KEY_REUSED"
    assert games_listed(client) == 2


def test_a_key_too_short_to_be_a_secret_is_refused(client: Client) -> None:
    refused = failure(lambda: client.call("CreateGame", create_request("1")))
    assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_IDEMPOTENCY_KEY")
    assert games_listed(client) == 0


def test_another_callers_same_key_reaches_nothing_of_the_first(client: Client, organiser: Client) -> None:
    key = new_key()
    first = client.call("CreateGame", create_request(key))  # no token: the callers with none
    theirs = organiser.call("CreateGame", create_request(key))  # the same key, another scope
    assert theirs.game_id != first.game_id and not theirs.duplicate
    assert {s.token for s in theirs.seats}.isdisjoint({s.token for s in first.seats})
    # Nor is the organiser's answer reachable by the tokenless caller who knows their key now.
    again = client.call("CreateGame", create_request(key))
    assert again.game_id == first.game_id


def test_calls_racing_with_one_key_make_one_game(client: Client) -> None:
    key = new_key()
    answers: list[str] = []
    barrier = threading.Barrier(6)

    def send() -> None:
        barrier.wait()
        answers.append(client.call("CreateGame", create_request(key)).game_id)

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert len(answers) == 6 and len(set(answers)) == 1
    assert games_listed(client) == 1


def test_an_import_retried_with_its_key_answers_as_the_first(organiser: Client) -> None:
    key = new_key()
    request = frontier_pb2.ImportLogRequest(content=LOG.read_text(), idempotency_key=key)
    first = organiser.call("ImportLog", request)
    again = organiser.call("ImportLog", request)
    assert (again.game_id, again.version, again.state_hash) == (
        first.game_id,
        first.version,
        first.state_hash,
    )
    assert (first.duplicate, again.duplicate) == (False, True)
    # Without the key, the same log is a game stored already.
    exists = failure(
        lambda: organiser.call("ImportLog", frontier_pb2.ImportLogRequest(content=LOG.read_text()))
    )
    assert exists.reason == "GAME_EXISTS"


def test_the_store_keeps_neither_the_key_nor_the_seat_tokens_in_clear(tmp_path: Path) -> None:
    running = start_server(tmp_path / "data")
    try:
        key = new_key()
        with Client(f"127.0.0.1:{running.port}") as client:
            first = client.call("CreateGame", create_request(key))
    finally:
        running.stop()
    stored = b"".join(path.read_bytes() for path in (tmp_path / "data").glob(f"{SQLITE_FILE}*"))
    assert key.encode() not in stored
    assert not [s.token for s in first.seats if s.token.encode() in stored]


def test_a_key_is_honoured_by_another_server_sharing_postgres(postgres: Postgres, tmp_path: Path) -> None:
    a, b = (start_server(tmp_path, store=postgres.url) for _ in range(2))
    try:
        with Client(f"127.0.0.1:{a.port}") as ca, Client(f"127.0.0.1:{b.port}") as cb:
            key = new_key()
            first = ca.call("CreateGame", create_request(key))
            again = cb.call("CreateGame", create_request(key))
            assert (again.game_id, again.duplicate) == (first.game_id, True)
            imported = cb.call(
                "ImportLog",
                frontier_pb2.ImportLogRequest(content=LOG.read_text(), idempotency_key=key + "i"),
                token=ORGANISER,
            )
            retried = ca.call(
                "ImportLog",
                frontier_pb2.ImportLogRequest(content=LOG.read_text(), idempotency_key=key + "i"),
                token=ORGANISER,
            )
            assert (retried.game_id, retried.duplicate) == (imported.game_id, True)
    finally:
        a.stop()
        b.stop()
