"""Acknowledged-history checker, Jepsen-style: what the clients were told against what was stored.

A real `frontier serve` process on an SQLite file is killed with SIGKILL at random moments and
restarted on the same file while concurrent clients (one per seat, several games) send commands,
each with its own id, retrying every unanswered one with the same id. Afterwards the store must
hold every acknowledged command exactly once at its acknowledged version, nothing twice, no
command that was definitely refused, and every stored game must still verify.

`FRONTIER_HISTORY_KILLS` (10 in CI, 5 in the quick run: tests/sizes.py) and `FRONTIER_HISTORY_TABLES`
(default 4) make longer runs.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import grpc

from engines.codec import encode
from engines.registry import get_engine
from replay.verify import verify
from service.client import Client
from service.config import Settings
from service.core.convert import command_from_proto
from service.core.exchange import trailer_for
from service.core.games import Games, canonical_json
from service.core.store_events import CommandAccepted
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.sizes import sized

KILLS = int(os.environ.get("FRONTIER_HISTORY_KILLS", sized(5, 10)))
TABLES = int(os.environ.get("FRONTIER_HISTORY_TABLES", 4))
SEATS = 2
CALL_TIMEOUT = 5.0
# A call the server never answered: the command may or may not be stored, so it is retried.
INDETERMINATE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.CANCELLED}
# A definite refusal: the command was checked against the store's record and not stored.
REFUSED = {grpc.StatusCode.ABORTED, grpc.StatusCode.FAILED_PRECONDITION}


class Server:
    """`frontier serve` in its own process, killed and restarted on the same SQLite file."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.process: subprocess.Popen[str] | None = None
        self.address = ""
        self.starts = 0

    def start(self) -> None:
        command = [sys.executable, "-m", "service.cli", "serve", "--port", "0", "--data", str(self.data)]
        command += ["--organiser-token", ORGANISER]
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        match = re.search(r"serving on (\S+:\d+)", line)
        assert match, f"the server printed no address: {line!r}"
        self.address = match.group(1)  # a new port each time: clients follow it
        self.starts += 1

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)


@dataclass
class Sent:
    """One client command id and what the server said about it."""

    game_id: str
    seat: int
    key: str
    command: Any  # the protobuf Command
    acked_versions: list[int] = field(default_factory=list)
    refused: str = ""  # the status and reason of a definite refusal
    indeterminate: int = 0  # calls that got no answer and were retried


@dataclass
class Table:
    """Successive games of one kind, with one client thread per seat."""

    game: str
    games: list[tuple[str, dict[int, str]]] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)


class History:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: dict[tuple[str, int, str], Sent] = {}
        self.unexpected: list[str] = []

    def add(self, sent: Sent) -> None:
        with self.lock:
            self.sent[(sent.game_id, sent.seat, sent.key)] = sent

    def problem(self, text: str) -> None:
        with self.lock:
            self.unexpected.append(text)


class Run:
    """The shared state of one run: the server, the tables, the history, the stop flag."""

    def __init__(self, server: Server, tables: list[Table]) -> None:
        self.server = server
        self.tables = tables
        self.history = History()
        self.stopping = threading.Event()
        self.chooser = random.Random(os.environ.get("FRONTIER_HISTORY_SEED", "history"))


class Seat:
    """One client: plays one seat of its table's games until told to stop."""

    def __init__(self, run: Run, table: Table, seat: int, seed: int) -> None:
        self.run, self.table, self.seat = run, table, seat
        self.chooser = random.Random(seed)
        self.client: Client | None = None
        self.address = ""
        self.count = 0

    def call(self, method: str, request: Any, token: str | None) -> Any:
        if self.client is None or self.address != self.run.server.address:
            if self.client is not None:
                self.client.close()
            self.address = self.run.server.address
            self.client = Client(self.address, timeout=CALL_TIMEOUT)
        return self.client.call(method, request, token=token)

    def play(self) -> None:
        try:
            index = 0
            while not self.run.stopping.is_set():
                game = self.next_game(index)
                if game is None:  # the run stopped while this seat waited for its table's next game
                    return
                self.play_game(game[0], game[1][self.seat])
                index += 1
        finally:
            if self.client is not None:
                self.client.close()

    def next_game(self, index: int) -> tuple[str, dict[int, str]] | None:
        """The table's game number `index` (seat 0 creates it); None once the run stops first.

        Seat 0 creates no game after the stop, so a seat waiting for one must look at the stop
        flag under the condition (the stop notifies under it too) or it waits forever.
        """
        with self.table.changed:
            if self.seat == 0 and len(self.table.games) == index:
                self.table.games.append(self.create())
                self.table.changed.notify_all()
            while len(self.table.games) <= index:
                if self.run.stopping.is_set():
                    return None
                self.table.changed.wait()
            return self.table.games[index]

    def create(self) -> tuple[str, dict[int, str]]:
        request = frontier_pb2.CreateGameRequest(game=self.table.game, seats=SEATS, players=["a", "b"])
        while True:  # a creation that got no answer may leave an unplayed game behind: harmless
            try:
                reply = self.call("CreateGame", request, None)
                return reply.game_id, {grant.seat: grant.token for grant in reply.seats}
            except grpc.RpcError:
                time.sleep(0.05)

    def play_game(self, game_id: str, token: str) -> None:
        while not self.run.stopping.is_set():
            try:
                current = self.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token)
                if current.status == "finished":
                    return
                if self.seat not in current.seats_to_act:
                    time.sleep(0.002)
                    continue
                legal = self.call(
                    "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=game_id), token
                )
            except grpc.RpcError:
                time.sleep(0.05)
                continue
            if not legal.commands:
                continue
            self.count += 1
            # Ids count 1, 2, 3 per client, as clients do: every seat uses the same ones.
            command = self.chooser.choice(list(legal.commands))
            sent = Sent(game_id, self.seat, str(self.count), command)
            self.run.history.add(sent)
            self.submit_until_answered(sent, token, legal.version)

    def submit_until_answered(self, sent: Sent, token: str, expected: int) -> None:
        request = frontier_pb2.SubmitCommandRequest(
            game_id=sent.game_id, command_id=sent.key, expected_version=expected, command=sent.command
        )
        while True:
            try:
                reply = self.call("SubmitCommand", request, token)
            except grpc.RpcError as error:
                code = error.code()
                if code in REFUSED:
                    sent.refused = f"{code.name}: {error.details()}"
                    return
                if code not in INDETERMINATE:
                    self.run.history.problem(f"{sent.key} in {sent.game_id}: {code.name} {error.details()}")
                sent.indeterminate += 1
                time.sleep(0.05)
                continue
            sent.acked_versions.append(reply.version)
            if sent.indeterminate and len(sent.acked_versions) == 1:
                # Ask once more after an answer that followed a retry: it must not move.
                continue
            return


def killer(run: Run, ready: threading.Event) -> None:
    ready.wait()
    for _ in range(KILLS):
        time.sleep(run.chooser.uniform(0.3, 2.5))
        run.server.kill()
        time.sleep(run.chooser.uniform(0.0, 0.3))
        run.server.start()


def drive(data: Path) -> tuple[Run, Server]:
    server = Server(data)
    server.start()
    games = available_games()
    tables = [Table(games[i % len(games)]) for i in range(TABLES)]
    run = Run(server, tables)
    seats = [
        Seat(run, table, seat, seed=t * SEATS + seat)
        for t, table in enumerate(tables)
        for seat in range(SEATS)
    ]
    threads = [threading.Thread(target=s.play, name=f"seat-{i}") for i, s in enumerate(seats)]
    ready = threading.Event()
    kills = threading.Thread(target=killer, args=(run, ready))
    for t in threads:
        t.start()
    kills.start()
    ready.set()
    kills.join()
    time.sleep(2.0)  # a last stretch with no kill, then every client finishes its command in flight
    run.stopping.set()
    for table in tables:
        with table.changed:
            table.changed.notify_all()
    for t in threads:
        t.join(timeout=120)
        assert not t.is_alive(), (
            f"{t.name} never finished; it is at:\n{stack_of(t)}\n"
            f"unexpected answers: {run.history.unexpected[:5]}"
        )
    server.kill()  # the last stop is a kill too
    return run, server


def stack_of(thread: threading.Thread) -> str:
    """Where `thread` is now: waiting for an answer (a call) or for something else."""
    frame = sys._current_frames().get(thread.ident or 0)
    return "".join(traceback.format_stack(frame)) if frame is not None else "(ended)"


def stored_game_ids(app: Games) -> set[UUID]:
    return {UUID(str(n.originator_id)) for n in app.recorder.select_notifications(1, 10_000_000)}


def test_every_acknowledged_command_is_stored_exactly_once_at_its_version_through_kill_9_restarts(
    tmp_path: Path,
) -> None:
    started = time.monotonic()
    run, server = drive(tmp_path / "data")
    history = run.history
    assert history.unexpected == []
    assert server.starts == KILLS + 1

    app = Games(env=Settings(data=tmp_path / "data").store_env())
    try:
        stored: dict[tuple[str, int, str], dict[str, Any]] = {}
        repeated: Counter[tuple[str, int, str]] = Counter()
        verified = 0
        for uid in stored_game_ids(app):
            record = app.get(str(uid))
            for event in app.events.get(uid):
                if isinstance(event, CommandAccepted):
                    key = (str(uid), event.entry["seat"], event.command_id)
                    repeated[key] += 1
                    stored[key] = event.entry
            # Every stored game verifies, the seed revealed so every draw is re-derived too.
            entries = list(app.entries(str(uid)))
            result = verify(record.header, entries, trailer_for(record, reveal_seed=True))
            assert result.ok, f"game {uid} does not verify: {result.problem}"
            verified += 1
    finally:
        app.close()

    assert [key for key, count in repeated.items() if count > 1] == [], "a command was stored twice"
    assert set(stored) <= set(history.sent), "the store holds a command no client sent"
    acked = [s for s in history.sent.values() if s.acked_versions]
    refused = [s for s in history.sent.values() if s.refused]
    unanswered = [s for s in history.sent.values() if not s.acked_versions and not s.refused]
    assert unanswered == [], "every client command ends with a definite answer"
    for sent in acked:
        key = (sent.game_id, sent.seat, sent.key)
        assert key in stored, f"acknowledged command {key} at {sent.acked_versions} is not stored"
        entry = stored[key]
        assert set(sent.acked_versions) == {entry["version"]}, f"{key} acknowledged at {sent.acked_versions}"
        engine = get_engine(game_kind(run, sent.game_id))
        assert canonical_json(entry["command"]) == canonical_json(
            encode(command_from_proto(engine, sent.command))
        )
    for sent in refused:
        assert (sent.game_id, sent.seat, sent.key) not in stored, f"refused but stored: {sent.refused}"

    retried = sum(1 for s in history.sent.values() if s.indeterminate)
    print(
        f"\nhistory: {len(history.sent)} commands sent, {len(acked)} acknowledged, {len(refused)} refused, "
        f"{retried} retried after no answer, {server.starts - 1} kill -9 restarts, "
        f"{verified} games verified, {time.monotonic() - started:.1f} s"
    )
    assert len(acked) > 10 * KILLS
    assert retried > 0, "no kill landed while a command was in flight: the run proved nothing"


def game_kind(run: Run, game_id: str) -> str:
    for table in run.tables:
        if any(played == game_id for played, _ in table.games):
            return table.game
    raise AssertionError(f"no table played game {game_id}")
