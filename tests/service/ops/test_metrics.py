"""The operator's port of a real `frontier serve`: Prometheus metrics that move as games are played,
a health check of the store, and JSON log lines."""

from __future__ import annotations

import contextlib
import functools
import json
import random
import threading
import time
import urllib.request
from collections.abc import Callable

import grpc
from prometheus_client.parser import text_string_to_metric_families

from service.client import Client, play_bot_game
from service.generated.frontier.v1 import frontier_pb2
from service.ops.tls import ClientTls
from tests.service.helpers import Game, failure, legal, state, submit
from tests.service.ops.certificates import Certificates
from tests.service.ops.serving import Served

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(served: Served) -> Samples:
    with urllib.request.urlopen(f"{served.metrics}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def wait_for(check: Callable[[], bool], seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def client(served: Served, certificates: Certificates) -> Client:
    return Client(served.grpc, tls=ClientTls(enabled=True, ca=certificates.ca))


def test_the_health_check_reports_the_store_and_redis(served: Served) -> None:
    with urllib.request.urlopen(f"{served.metrics}/healthz", timeout=10) as answer:
        assert answer.status == 200
        assert json.loads(answer.read()) == {"status": "ok", "store": "ok", "redis": "off"}


def test_commands_latencies_and_group_commits_are_counted_by_game_and_status(
    served: Served, certificates: Certificates
) -> None:
    before = scrape(served)
    with client(served, certificates) as c:
        _, commands = play_bot_game(c, "most-wanted", 2, chooser=random.Random(7))
        created = c.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["a", "b"])
        )
        fresh = Game(created.game_id, "most-wanted", {g.seat: g.token for g in created.seats})
        seat = state(c, fresh.game_id).seats_to_act[0]
        command = legal(c, fresh, seat).commands[0]
        stale = failure(lambda: submit(c, fresh, seat, command, expected_version=99))
        assert (stale.code, stale.reason) == (grpc.StatusCode.ABORTED, "STALE_VERSION")
    after = scrape(served)
    accepted = dict(game="most-wanted", status="accepted", reason="")
    moved = value(after, "frontier_commands_total", **accepted) - value(
        before, "frontier_commands_total", **accepted
    )
    assert moved == commands
    refused = dict(game="most-wanted", status="aborted", reason="STALE_VERSION")
    assert (
        value(after, "frontier_commands_total", **refused)
        == value(before, "frontier_commands_total", **refused) + 1
    )
    timed = value(after, "frontier_command_seconds_count", game="most-wanted")
    assert timed - value(before, "frontier_command_seconds_count", game="most-wanted") == commands + 1
    saves = value(after, "frontier_group_commit_saves_sum") - value(before, "frontier_group_commit_saves_sum")
    assert saves >= commands, "every accepted command is one save of a group commit"
    assert value(after, "frontier_store_errors_total") == 0


def test_commands_for_a_game_that_does_not_exist_are_refused_before_they_are_counted(
    served: Served, certificates: Certificates
) -> None:
    """What docs/operating.md says of `frontier_commands_total`: a game id that names no game (or is
    no game id at all) is refused NOT_FOUND (INVALID_ARGUMENT) and counted in no series."""
    before = scrape(served)
    with client(served, certificates) as c:
        created = c.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["a", "b"])
        )
        real = Game(created.game_id, "most-wanted", {g.seat: g.token for g in created.seats})
        seat = state(c, real.game_id).seats_to_act[0]
        command = legal(c, real, seat).commands[0]
        for game_id, code in (
            ("00000000-0000-4000-8000-000000000000", grpc.StatusCode.NOT_FOUND),
            ("not-a-game-id", grpc.StatusCode.INVALID_ARGUMENT),
        ):
            elsewhere = Game(game_id, "most-wanted", real.tokens)
            assert failure(functools.partial(submit, c, elsewhere, seat, command)).code == code
    after = scrape(served)
    counted = {key: n for key, n in after.items() if key[0] == "frontier_commands_total"}
    assert counted == {key: n for key, n in before.items() if key[0] == "frontier_commands_total"}


def test_watchers_are_counted_while_their_streams_are_open(
    served: Served, certificates: Certificates
) -> None:
    with client(served, certificates) as c:
        created = c.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game="deadwood-1876", seats=2, players=["a", "b"])
        )
        stream = c.stub.WatchGame(frontier_pb2.WatchGameRequest(game_id=created.game_id))
        first = threading.Event()

        def follow() -> None:
            with contextlib.suppress(grpc.RpcError):  # CANCELLED, by the test
                for _ in stream:
                    first.set()

        reader = threading.Thread(target=follow, daemon=True)
        reader.start()
        assert first.wait(10)
        wait_for(lambda: value(scrape(served), "frontier_watchers") >= 1)
        stream.cancel()
        reader.join(10)
        wait_for(lambda: value(scrape(served), "frontier_watchers") == 0)


def test_timeouts_are_counted_by_game(served: Served, certificates: Certificates) -> None:
    before = value(scrape(served), "frontier_timeouts_total", game="deadwood-1876")
    with client(served, certificates) as c:
        c.call(
            "CreateGame",
            frontier_pb2.CreateGameRequest(
                game="deadwood-1876",
                seats=2,
                players=["a", "b"],
                time_control="1s/move",
                timeout_policy="forfeit",
            ),
        )
    wait_for(lambda: value(scrape(served), "frontier_timeouts_total", game="deadwood-1876") == before + 1)


def test_the_server_logs_json_lines_when_asked(served: Served) -> None:
    lines = [json.loads(line) for line in served.log.read_text().splitlines() if line.strip()]
    (serving,) = [line for line in lines if line["message"] == "serving"]
    assert serving["level"] == "info" and serving["logger"] == "frontier.serve"
    assert serving["tls"] is True and f":{serving['port']}" in served.grpc
