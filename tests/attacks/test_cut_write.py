"""Attack: a write cut by a stopping server must not be stored, and one stored must be answered.

SIGTERM during a long write used to cancel the call after gRPC's 1 s grace (UNAVAILABLE
"Cancelling all calls") while its worker thread stored it anyway; the docs promise nothing was
written on UNAVAILABLE. The writes here are made long by a real fault: another process holds
the SQLite store's write lock (as a backup or a stuck tool would) while the server stops.
"""

from __future__ import annotations

import os
import re
import secrets
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import grpc

from service.client import Client
from service.config import SQLITE_FILE
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.cut_proxy import AnswerCuttingProxy
from tests.service.helpers import create, failure, failure_of, legal, state
from tests.service.serving import frontier_run, frontier_serving

LOG = Path(__file__).parents[2] / "seeds" / "logs" / "western-legends" / "western-legends-6p.jsonl"
STORING = 0.5  # seconds for a sent call to reach the store the test holds
PAST_GRACE = 2.0  # past the 1 s after which gRPC's stop cancelled every call


@contextmanager
def serve_process(data: Path, *options: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """`frontier serve` whose SIGTERM the test sends itself; killed if the test fails first."""
    env = {**os.environ, "FRONTIER_DATA": str(data), "FRONTIER_ORGANISER_TOKEN": ORGANISER}
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        match = re.search(r"serving on (\S+:\d+)", process.stdout.readline())
        assert match, process.stderr.read() if process.stderr else ""
        yield process, match.group(1)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=30)


@contextmanager
def write_lock_held(data: Path) -> Iterator[None]:
    """Another process's write transaction on the store: every save waits for it to end."""
    held = sqlite3.connect(data / SQLITE_FILE, isolation_level=None, timeout=10)
    try:
        held.execute("BEGIN IMMEDIATE")
        yield
        held.execute("ROLLBACK")
    finally:
        held.close()


def in_background(call: Any) -> Future[Any]:
    pool = ThreadPoolExecutor(max_workers=1)
    future = pool.submit(call)
    pool.shutdown(wait=False)
    return future


def outcome(future: Future[Any]) -> Any:
    """The call's answer, or its failure (status, reason)."""
    try:
        return future.result(timeout=60)
    except grpc.RpcError as error:
        return failure_of(error)


def test_sigterm_during_a_long_import_answers_it_before_the_server_exits(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with serve_process(data) as (process, address), Client(address, token=ORGANISER) as client:
        with write_lock_held(data):
            answer = in_background(
                lambda: client.stub.ImportLog(
                    frontier_pb2.ImportLogRequest(content=LOG.read_text()),
                    metadata=client.metadata(),
                    timeout=60,
                )
            )
            time.sleep(STORING)
            process.send_signal(signal.SIGTERM)
            time.sleep(PAST_GRACE)
        imported = outcome(answer)
        # Before the drain: UNAVAILABLE "Cancelling all calls", and the import stored all the same.
        assert isinstance(imported, frontier_pb2.ImportLogResponse), imported
        assert process.wait(timeout=60) == 0, process.stderr.read() if process.stderr else ""
    with frontier_serving(data, ORGANISER) as address, Client(address, token=ORGANISER) as client:
        stored = client.call("GetState", frontier_pb2.GetStateRequest(game_id=imported.game_id))
        assert stored.version == imported.version


def test_a_write_cut_at_the_drain_limit_is_not_stored(tmp_path: Path) -> None:
    data = tmp_path / "data"
    with serve_process(data, "--drain-seconds", "0.5") as (process, address), Client(address) as client:
        game = create(client, "most-wanted", 3)
        seat = state(client, game.game_id, game.tokens[0]).seats_to_act[0]
        with write_lock_held(data):
            # A move whose save waits for the lock, holding its game; then a reissue of a token of
            # that game, waiting for the game: it has stored nothing when the drain ends.
            command = legal(client, game, seat).commands[0]
            moved = in_background(
                lambda: client.call(
                    "SubmitCommand",
                    frontier_pb2.SubmitCommandRequest(game_id=game.game_id, command_id="m1", command=command),
                    token=game.tokens[seat],
                )
            )
            time.sleep(STORING)
            reissued = in_background(
                lambda: client.call(
                    "ReissueSeatToken",
                    frontier_pb2.ReissueSeatTokenRequest(game_id=game.game_id, seat=seat),
                    token=ORGANISER,
                )
            )
            time.sleep(STORING)
            process.send_signal(signal.SIGTERM)
            time.sleep(PAST_GRACE)
        # The save under way at the cut finishes and is answered; the write cut is refused.
        move = outcome(moved)
        assert isinstance(move, frontier_pb2.SubmitCommandResponse), move
        cut = outcome(reissued)
        assert (cut.code, cut.reason) == (grpc.StatusCode.UNAVAILABLE, "SERVER_STOPPING"), cut
        assert process.wait(timeout=60) == 0, process.stderr.read() if process.stderr else ""
    with frontier_serving(data, ORGANISER) as address, Client(address) as client:
        # The old token still holds the seat: the reissue cut at the drain limit was not stored.
        assert state(client, game.game_id, game.tokens[seat]).version == move.version


def test_writes_cut_short_and_retried_with_their_keys_after_a_restart_store_one_game_each(
    tmp_path: Path,
) -> None:
    data = tmp_path / "data"
    create_key, import_key = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
    creating = frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=3, players=["Ann", "Bo", "Cy"], idempotency_key=create_key
    )
    importing = frontier_pb2.ImportLogRequest(content=LOG.read_text(), idempotency_key=import_key)
    with serve_process(data) as (process, address), Client(address, token=ORGANISER) as client:
        with write_lock_held(data):
            created = in_background(lambda: client.call("CreateGame", creating, timeout=1.0))
            time.sleep(1.5)
            # The client gave up on its answer; the save still waits for the lock, and lands.
            assert outcome(created).code == grpc.StatusCode.DEADLINE_EXCEEDED
            process.send_signal(signal.SIGTERM)
            time.sleep(STORING)
            # While the server stops, a new call is refused, having done nothing.
            refused = failure(lambda: client.call("ImportLog", importing))
            assert (refused.code, refused.reason) == (grpc.StatusCode.UNAVAILABLE, "SERVER_STOPPING")
        assert process.wait(timeout=60) == 0, process.stderr.read() if process.stderr else ""
    with frontier_serving(data, ORGANISER) as address, Client(address, token=ORGANISER) as client:
        again = client.call("CreateGame", creating)
        assert again.duplicate and len(again.seats) == 3  # the first answer, its seat tokens too
        imported = client.call("ImportLog", importing)
        retried = client.call("ImportLog", importing)
        assert (imported.duplicate, retried.duplicate, retried.game_id) == (False, True, imported.game_id)
        listed = client.call("ListGames", frontier_pb2.ListGamesRequest())
        assert sorted(g.game_id for g in listed.games) == sorted([again.game_id, imported.game_id])


def test_frontier_import_whose_answer_is_lost_retries_with_its_key_and_stores_once(tmp_path: Path) -> None:
    content = LOG.read_text()
    with frontier_serving(tmp_path / "data", ORGANISER) as address:
        host, port = address.rsplit(":", 1)
        proxy = AnswerCuttingProxy((host, int(port)), cut_after=len(content))
        try:
            done = frontier_run(
                "import", str(LOG), server=f"127.0.0.1:{proxy.port}", token=ORGANISER, check=False
            )
        finally:
            proxy.close()
        assert proxy.cuts == 1  # the first answer was lost: the client read UNAVAILABLE
        # Before keys the import stood stored while the command reported it rejected (exit 1).
        assert done.returncode == 0, done.stderr
        assert "imported as" in done.stdout
        with Client(address, token=ORGANISER) as client:
            assert len(client.call("ListGames", frontier_pb2.ListGamesRequest()).games) == 1
