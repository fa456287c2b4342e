"""Every channel shows a seat exactly what the engine's redaction allows, and no more.

The engines' own tests prove their `view`/`redact` hide each secret; these tests
prove that state, the watch stream and replay all go through that redaction for
the right viewer. The reference is folded locally from the organiser's full log.
"""

from __future__ import annotations

import json
import random
import threading
from typing import Any

import pytest

from engines.base import SPECTATOR
from engines.codec import Codec, encode
from engines.registry import get_engine
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import Game, create, legal, state, submit

GAMES = available_games()


def full_log(client: Client, game_id: str) -> list[dict[str, Any]]:
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    return [json.loads(line) for line in content.splitlines()]


def canonical(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("with_autopilot", [False, True], ids=["plain", "clock-and-autopilot"])
@pytest.mark.parametrize("game", GAMES)
def test_state_watch_and_replay_are_redacted_per_seat(
    client: Client, game: str, with_autopilot: bool
) -> None:
    """Also in a game with a clock whose seat 3 resigned at once: the server's autopilot moves for
    it are shown to each seat (seat 3 included) only as that seat may see them."""
    engine = get_engine(game)
    seats = min(3, engine.max_seats)
    if with_autopilot:
        names = [f"p{i}" for i in range(seats)]
        request = frontier_pb2.CreateGameRequest(game=game, seats=seats, players=names, time_control="10m+5s")
        reply = client.call("CreateGame", request)
        g = Game(reply.game_id, game, {grant.seat: grant.token for grant in reply.seats})
    else:
        g = create(client, game, seats)
    watched: dict[int, list[Any]] = {}

    def watch(seat: int) -> None:
        request = frontier_pb2.WatchGameRequest(game_id=g.game_id, from_version=0)
        stream = client.stub.WatchGame(request, metadata=client.metadata(g.tokens[seat]), timeout=60)
        watched[seat] = []
        for update in stream:
            watched[seat].append(update)
            if update.version >= 25:
                stream.cancel()
                break

    threads = [threading.Thread(target=watch, args=(s,)) for s in g.tokens]
    for t in threads:
        t.start()
    if with_autopilot:
        client.call("Resign", frontier_pb2.ResignRequest(game_id=g.game_id), token=g.tokens[seats - 1])
    chooser = random.Random(11)
    current = state(client, g.game_id, ORGANISER)
    while current.version < 25 and current.status != "finished":
        seat = chooser.choice(list(current.seats_to_act))
        submit(client, g, seat, chooser.choice(list(legal(client, g, seat).commands)))
        current = state(client, g.game_id, ORGANISER)
    for t in threads:
        t.join(timeout=60)

    # Once a game is over everyone sees everything, so check redaction on a game in progress.
    assert current.status == "in_progress", "play fewer steps: this game ended"
    log = full_log(client, g.game_id)
    codec = Codec(engine.events)
    steps = [line for line in log if line["type"] in ("header", "entry", "ruling")]
    local_state = None
    for step in steps:
        events = [codec.decode(e) for e in step.get("events", [])]  # a ruling has none
        for event in events:
            local_state = engine.evolve(local_state, event)
        version = step["version"]
        for seat, token in [*g.tokens.items(), (SPECTATOR, None)]:
            shown = state(client, g.game_id, token, version=version)
            assert json.loads(shown.view_json) == canonical(engine.view(local_state, seat))
        for seat in g.tokens:
            if version > watched[seat][-1].version:  # the watchers stop at 25; autopilot moves may pass it
                continue
            update = next(u for u in watched[seat] if u.version == version)
            expected = [canonical(encode(engine.redact(e, seat))) for e in events]
            assert [json.loads(e.json) for e in update.events] == expected

    for seat in g.tokens:
        versions = [u.version for u in watched[seat]]
        assert versions == sorted(set(versions)) == list(range(1, len(versions) + 1))

    replay = list(
        client.stub.Replay(
            frontier_pb2.ReplayRequest(game_id=g.game_id), metadata=client.metadata(g.tokens[1]), timeout=60
        )
    )
    assert [s.version for s in replay] == [s["version"] for s in steps]
    if with_autopilot:
        assert [line for line in log if line.get("by") == "autopilot"], "the server played the seat"
    for step, line in zip(replay, steps, strict=True):
        expected = [canonical(encode(engine.redact(codec.decode(e), 1))) for e in line.get("events", [])]
        assert [json.loads(e.json) for e in step.events] == expected
        if line["type"] == "entry" and line["seat"] != 1:
            assert step.command_json == ""  # another seat's command may name hidden cards
