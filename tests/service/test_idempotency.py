"""Client command ids under abuse: scoped to (game, seat), checked after the token, durable only.

Two seats that both number their commands "1", a caller with no
token or an invented one, a save that fails while the SQLite write lock is held, a key reused
for another command, and keys honoured after a restart, on a second server sharing PostgreSQL
and after 10,000 later commands.
"""

from __future__ import annotations

import functools
import json
import random
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.client import Client, play_bot_game
from service.config import Settings
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running, create_server
from tests.conftest import ORGANISER, available_games, start_server
from tests.servers import Postgres
from tests.service.helpers import Game, create, failure, legal, state, submit
from tests.sizes import sized

GAMES = available_games()


def stored_entries(client: Client, game_id: str) -> list[dict[str, Any]]:
    """The accepted entries of a game's full match log, read back from the store."""
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    lines = [json.loads(line) for line in content.splitlines() if line.strip()]
    return [line for line in lines if "command" in line and "version" in line]


def first_seat(client: Client, g: Game) -> int:
    seat: int = state(client, g.game_id, g.tokens[0]).seats_to_act[0]
    return seat


def play_until_another_seat_acts(client: Client, g: Game, seat: int, chooser: random.Random) -> int:
    """Play random legal commands until a seat other than `seat` may act; return that seat."""
    for _ in range(200):
        current = state(client, g.game_id, g.tokens[0])
        others = [s for s in current.seats_to_act if s != seat]
        if others:
            return int(others[0])
        submit(client, g, seat, chooser.choice(list(legal(client, g, seat).commands)))
    raise AssertionError("no other seat got to act")


@pytest.mark.parametrize("game", GAMES)
def test_two_seats_both_using_id_1_both_get_their_move_applied(client: Client, game: str) -> None:
    g = create(client, game, seats=2)
    seat_a = first_seat(client, g)
    first = submit(client, g, seat_a, legal(client, g, seat_a).commands[0], command_id="1")
    seat_b = play_until_another_seat_acts(client, g, seat_a, random.Random(1))
    before = state(client, g.game_id, ORGANISER).version
    command_b = legal(client, g, seat_b).commands[0]
    second = submit(client, g, seat_b, command_b, command_id="1")
    assert (first.duplicate, second.duplicate) == (False, False)
    assert second.version == before + 1
    entries = stored_entries(client, g.game_id)
    assert [
        (e["version"], e["seat"]) for e in entries if e["version"] in (first.version, second.version)
    ] == [
        (first.version, seat_a),
        (second.version, seat_b),
    ]


@pytest.mark.parametrize("game", GAMES)
def test_no_token_or_an_invented_one_never_gets_a_duplicate(client: Client, game: str) -> None:
    g = create(client, game, seats=2)
    seat = first_seat(client, g)
    command = legal(client, g, seat).commands[0]
    submit(client, g, seat, command, command_id="1")
    version = state(client, g.game_id, ORGANISER).version
    request = frontier_pb2.SubmitCommandRequest(game_id=g.game_id, command_id="1", command=command)
    anonymous = failure(lambda: client.call("SubmitCommand", request))
    invented = failure(lambda: client.call("SubmitCommand", request, token="invented-token"))
    organiser = failure(lambda: client.call("SubmitCommand", request, token=ORGANISER))
    assert (anonymous.code, anonymous.reason) == (grpc.StatusCode.UNAUTHENTICATED, "TOKEN_REQUIRED")
    assert (invented.code, invented.reason) == (grpc.StatusCode.UNAUTHENTICATED, "UNKNOWN_TOKEN")
    assert (organiser.code, organiser.reason) == (grpc.StatusCode.PERMISSION_DENIED, "NOT_A_SEAT")
    assert state(client, g.game_id, ORGANISER).version == version


@pytest.mark.parametrize("game", GAMES)
def test_another_seats_token_with_the_same_id_and_command_is_decided_as_its_own(
    client: Client, game: str
) -> None:
    g = create(client, game, seats=2)
    seat_a = first_seat(client, g)
    command = legal(client, g, seat_a).commands[0]
    original = submit(client, g, seat_a, command, command_id="1")
    seat_b = 1 - seat_a
    try:
        answer = submit(client, g, seat_b, command, command_id="1")
    except grpc.RpcError as error:
        assert error.code() in (grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.INVALID_ARGUMENT)
    else:  # the engine accepted it as seat B's own move: a new version, never A's answer
        assert answer.duplicate is False
        assert answer.version == original.version + 1


@pytest.mark.parametrize("game", GAMES)
def test_a_key_reused_for_a_different_command_is_refused_and_names_the_original(
    client: Client, game: str
) -> None:
    g = create(client, game, seats=2)
    seat = first_seat(client, g)
    options = list(legal(client, g, seat).commands)
    original = submit(client, g, seat, options[0], command_id="k")
    chooser = random.Random(3)
    for _ in range(50):  # find a different command this seat may send now
        current = state(client, g.game_id, g.tokens[0])
        if seat in current.seats_to_act:
            break
        other = current.seats_to_act[0]
        submit(client, g, other, chooser.choice(list(legal(client, g, other).commands)))
    different = [c for c in legal(client, g, seat).commands if c != options[0]][0]
    version = state(client, g.game_id, ORGANISER).version
    error = failure(lambda: submit(client, g, seat, different, command_id="k"))
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "COMMAND_ID_REUSED")
    assert error.metadata["original_version"] == str(original.version)
    assert f"version {original.version}" in error.message
    assert state(client, g.game_id, ORGANISER).version == version
    again = submit(client, g, seat, options[0], command_id="k")  # the original still answers
    assert (again.duplicate, again.version) == (True, original.version)


@pytest.mark.parametrize("game", GAMES)
def test_a_duplicate_answers_the_original_version_and_events_as_the_seat_sees_them(
    client: Client, game: str
) -> None:
    g = create(client, game, seats=2)
    seat = first_seat(client, g)
    command = legal(client, g, seat).commands[0]
    first = submit(client, g, seat, command, command_id="mine")
    play_steps_any(client, g, 6, random.Random(4))
    again = submit(client, g, seat, command, command_id="mine")
    assert (again.duplicate, again.version) == (True, first.version)
    assert [e.json for e in again.events] == [e.json for e in first.events]


def play_steps_any(client: Client, g: Game, steps: int, chooser: random.Random) -> None:
    for _ in range(steps):
        current = state(client, g.game_id, g.tokens[0])
        if current.status == "finished":
            return
        seat = chooser.choice(list(current.seats_to_act))
        submit(client, g, seat, chooser.choice(list(legal(client, g, seat).commands)))


# -- a failed save leaves no trace -----------------------------------------------------------


def server_with_lock_timeout(data: Path, seconds: int) -> Running:
    """The real server on a real port, with a short SQLite lock timeout so a held lock fails fast."""
    return create_server(Settings(data=data, port=0, organiser_token=ORGANISER, sqlite_lock_timeout=seconds))


@pytest.fixture
def locking(tmp_path: Path) -> Iterator[tuple[Client, Path]]:
    running = server_with_lock_timeout(tmp_path / "data", 1)
    with Client(f"127.0.0.1:{running.port}") as c:
        yield c, tmp_path / "data" / "frontier.sqlite"
    running.stop()


class WriteLock:
    """Holds the SQLite write lock from another connection, as another process would."""

    def __init__(self, path: Path) -> None:
        self.connection = sqlite3.connect(path, isolation_level=None, timeout=5)

    def __enter__(self) -> WriteLock:
        self.connection.execute("BEGIN IMMEDIATE")
        return self

    def __exit__(self, *exc: object) -> None:
        self.connection.execute("ROLLBACK")
        self.connection.close()


@pytest.mark.parametrize("game", GAMES)
def test_an_immediate_retry_after_a_failed_save_applies_the_command_once(
    locking: tuple[Client, Path], game: str
) -> None:
    client, path = locking
    g = create(client, game, seats=2)
    seat = first_seat(client, g)
    command = legal(client, g, seat).commands[0]
    version = state(client, g.game_id, ORGANISER).version
    with WriteLock(path):
        error = failure(lambda: submit(client, g, seat, command, command_id="x"))
    assert (error.code, error.reason) == (grpc.StatusCode.UNAVAILABLE, "STORE_UNAVAILABLE")
    assert state(client, g.game_id, ORGANISER).version == version
    retried = submit(client, g, seat, command, command_id="x")
    assert (retried.duplicate, retried.version) == (False, version + 1)
    again = submit(client, g, seat, command, command_id="x")
    assert (again.duplicate, again.version) == (True, version + 1)
    assert [e["version"] for e in stored_entries(client, g.game_id)][-1] == version + 1


def test_a_retry_after_another_command_took_that_version_is_applied_once_after_it(
    locking: tuple[Client, Path],
) -> None:
    client, path = locking
    g = create(client, "deadwood-1876", seats=2)  # both seats act at once while choosing characters
    current = state(client, g.game_id, g.tokens[0])
    assert sorted(current.seats_to_act) == [0, 1]
    mine, theirs = legal(client, g, 0).commands[0], legal(client, g, 1).commands[0]
    with WriteLock(path):
        error = failure(lambda: submit(client, g, 0, mine, command_id="x"))
    assert error.code == grpc.StatusCode.UNAVAILABLE
    other = submit(client, g, 1, theirs, command_id="x")  # takes the version the failed save wanted
    assert (other.duplicate, other.version) == (False, current.version + 1)
    retried = submit(client, g, 0, mine, command_id="x")
    assert (retried.duplicate, retried.version) == (False, current.version + 2)
    assert [e.json for e in retried.events] != [e.json for e in other.events]
    entries = stored_entries(client, g.game_id)
    assert [(e["version"], e["seat"]) for e in entries] == [
        (current.version + 1, 1),
        (current.version + 2, 0),
    ]


# -- durable keys: restart, a second server, many later commands ---------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_key_is_honoured_after_a_restart(tmp_path: Path, game: str) -> None:
    data = tmp_path / "data"
    running = start_server(data)
    try:
        with Client(f"127.0.0.1:{running.port}") as client:
            g = create(client, game, seats=2)
            seat = first_seat(client, g)
            command = legal(client, g, seat).commands[0]
            first = submit(client, g, seat, command, command_id="1")
            other = [c for c in legal(client, g, seat).commands if c != command]
    finally:
        running.stop()
    restarted = start_server(data)
    try:
        with Client(f"127.0.0.1:{restarted.port}") as client:
            again = submit(client, g, seat, command, command_id="1")
            assert (again.duplicate, again.version) == (True, first.version)
            assert [e.json for e in again.events] == [e.json for e in first.events]
            if other:
                error = failure(lambda: submit(client, g, seat, other[0], command_id="1"))
                assert error.reason == "COMMAND_ID_REUSED"
            assert state(client, g.game_id, ORGANISER).version == first.version
    finally:
        restarted.stop()


def pg_server(postgres: Postgres, tmp_path: Path) -> Running:
    return start_server(tmp_path, store=postgres.url)


@pytest.mark.parametrize("game", GAMES)
def test_a_key_is_honoured_by_another_server_sharing_postgres(
    postgres: Postgres, tmp_path: Path, game: str
) -> None:
    a, b = pg_server(postgres, tmp_path), pg_server(postgres, tmp_path)
    try:
        with Client(f"127.0.0.1:{a.port}") as ca, Client(f"127.0.0.1:{b.port}") as cb:
            g = create(ca, game, seats=2)
            seat = first_seat(ca, g)
            command = legal(ca, g, seat).commands[0]
            state(cb, g.game_id, ORGANISER)  # server B caches the game before the command
            first = submit(ca, g, seat, command, command_id="1")
            again = submit(cb, g, seat, command, command_id="1")
            assert (again.duplicate, again.version) == (True, first.version)
            assert [e.json for e in again.events] == [e.json for e in first.events]
            # The same new command sent to both servers at once is stored once.
            seat = state(ca, g.game_id, g.tokens[0]).seats_to_act[0]
            command = legal(ca, g, seat).commands[0]
            answers: list[Any] = []
            barrier = threading.Barrier(4)

            def send(via: Client) -> None:
                barrier.wait()
                answers.append(submit(via, g, seat, command, command_id="2"))

            threads = [threading.Thread(target=send, args=(c,)) for c in (ca, cb, ca, cb)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert len(answers) == 4
            assert len({a.version for a in answers}) == 1
            assert sorted(a.duplicate for a in answers) == [False, True, True, True]
            assert state(cb, g.game_id, ORGANISER).version == answers[0].version
    finally:
        a.stop()
        b.stop()


LATER_COMMANDS = sized(2_000, 10_000)


def test_a_key_is_honoured_after_thousands_of_later_commands(server: Running, client: Client) -> None:
    g = create(client, "western-legends", seats=6, max_rounds=200, target_lp=25)  # the longest game
    seat = first_seat(client, g)
    command = legal(client, g, seat).commands[0]
    first = submit(client, g, seat, command, command_id="1")
    chooser = random.Random(10)
    later = 0
    current = state(client, g.game_id, g.tokens[0])
    while current.status != "finished" and later < LATER_COMMANDS:
        acting = chooser.choice(list(current.seats_to_act))
        choice = chooser.choice(list(legal(client, g, acting).commands))
        current = submit(client, g, acting, choice, command_id=str(uuid.uuid4()))
        later += 1
    while later < LATER_COMMANDS:  # the rest in other games, as a busy server would see them
        _, commands = play_bot_game(
            client, "western-legends", 2, chooser=chooser, max_commands=LATER_COMMANDS - later + 10_000
        )
        later += commands
    again = submit(client, g, seat, command, command_id="1")
    assert (again.duplicate, again.version) == (True, first.version)
    assert [e.json for e in again.events] == [e.json for e in first.events]


# -- every spelling of a game id is the same game -----------------------------------------------


def spellings(game_id: str) -> list[str]:
    uid = uuid.UUID(game_id)
    return [str(uid), str(uid).upper(), f"{{{uid}}}", f"urn:uuid:{uid}", uid.hex, uid.hex.upper()]


def at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run every call in its own thread, released together; each answer or its status code."""
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        try:
            answers[i] = calls[i]()
        except grpc.RpcError as error:
            answers[i] = error.code()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return answers


def submit_as(client: Client, name: str, command_id: str, command: Any, token: str) -> Callable[[], Any]:
    request = frontier_pb2.SubmitCommandRequest(game_id=name, command_id=command_id, command=command)
    return lambda: client.call("SubmitCommand", request, token=token)


@pytest.mark.parametrize("game", GAMES)
def test_one_command_sent_at_once_under_every_spelling_is_applied_exactly_once(
    client: Client, game: str
) -> None:
    g = create(client, game, seats=2)
    chooser = random.Random(5)
    for round_ in range(8):
        current = state(client, g.game_id, g.tokens[0])
        if current.status == "finished":
            break
        seat = chooser.choice(list(current.seats_to_act))
        command = chooser.choice(list(legal(client, g, seat).commands))
        names = spellings(g.game_id) * 4
        answers = at_once([submit_as(client, name, f"r{round_}", command, g.tokens[seat]) for name in names])
        assert [a for a in answers if isinstance(a, grpc.StatusCode)] == []
        assert {a.version for a in answers} == {current.version + 1}
        assert sorted(a.duplicate for a in answers) == [False] + [True] * (len(names) - 1)
        assert state(client, g.game_id, ORGANISER).version == current.version + 1
    entries = stored_entries(client, g.game_id)
    assert [e["version"] for e in entries] == list(range(2, 2 + len(entries)))


def test_every_call_reaches_the_same_game_under_every_spelling(client: Client) -> None:
    g = create(client, "deadwood-1876", seats=2)
    seat = first_seat(client, g)
    submit(client, g, seat, legal(client, g, seat).commands[0])
    canonical = state(client, g.game_id, ORGANISER)
    log = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=g.game_id), token=ORGANISER).content
    for name in spellings(g.game_id):
        seen = state(client, name, ORGANISER)
        assert (seen.game_id, seen.version, seen.state_hash) == (
            g.game_id,
            canonical.version,
            canonical.state_hash,
        )
        listed = client.call(
            "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=name), token=g.tokens[0]
        )
        assert listed.version == canonical.version
        exported = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=name), token=ORGANISER)
        assert exported.content == log
    for bad in (f"{g.game_id}x", f"[{g.game_id}]", g.game_id.replace("-", "_"), " " + g.game_id):
        error = failure(functools.partial(state, client, bad, ORGANISER))
        assert (error.code, error.reason, error.metadata["field"]) == (
            grpc.StatusCode.INVALID_ARGUMENT,
            "BAD_GAME_ID",
            "game_id",
        )


def test_a_seat_claimed_under_every_spelling_at_once_is_claimed_once(client: Client) -> None:
    created = client.call(
        "CreateGame", frontier_pb2.CreateGameRequest(game="deadwood-1876", seats=2, players=["a"])
    )
    requests = [
        frontier_pb2.ClaimSeatRequest(game_id=name, player="b") for name in spellings(created.game_id)
    ]
    answers = at_once([functools.partial(client.call, "ClaimSeat", request) for request in requests])
    claimed = [a for a in answers if not isinstance(a, grpc.StatusCode)]
    assert [a.seat.seat for a in claimed] == [1]
    assert [a for a in answers if isinstance(a, grpc.StatusCode)] == [grpc.StatusCode.FAILED_PRECONDITION] * (
        len(requests) - 1
    )
