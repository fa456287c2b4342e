"""Attack: the server shares one decoding of each entry among all its viewers; can a seat be
handed another seat's view?

Every seat plays over its own Play stream while the others' pushes of the same entry are built
at the same moment from the shared cache. Each step a seat receives must be its own redaction
of the entry (the reference is folded locally from the organiser's full log), so two seats'
pushes at one version differ exactly where their hidden cards differ. Once the game is over
everything is public, so a step built after the end may be the whole entry, and nothing else.
The same holds in a game with a clock where a seat resigned early and the server plays its turns
by autopilot: the server's moves are pushed to each seat as that seat may see them, the resigned
seat included.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

import pytest

from engines.codec import Codec, encode
from engines.registry import get_engine
from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.helpers import Game, create


def canonical(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("with_autopilot", [False, True], ids=["plain", "clock-and-autopilot"])
@pytest.mark.parametrize("game", ["most-wanted", "deadwood-1876"])
def test_each_seat_is_pushed_its_own_redaction_of_every_step(
    client: Client, game: str, with_autopilot: bool
) -> None:
    engine = get_engine(game)
    if with_autopilot:
        request = frontier_pb2.CreateGameRequest(
            game=game, seats=4, players=[f"p{i}" for i in range(4)], time_control="10m+5s"
        )
        reply = client.call("CreateGame", request)
        g = Game(reply.game_id, game, {grant.seat: grant.token for grant in reply.seats})
        client.call("Resign", frontier_pb2.ResignRequest(game_id=g.game_id), token=g.tokens[3])
    else:
        g = create(client, game, 4)
    steps: dict[int, dict[int, list[Any]]] = defaultdict(dict)  # seat -> version -> events

    opened: dict[int, int] = {}  # seat -> the version its stream opened at (steps before: not pushed)

    def observe(seat: int, update: Any) -> None:
        opened.setdefault(seat, update.version)
        if update.HasField("step") and update.step.version > 1:
            steps[seat][update.step.version] = [json.loads(e.json) for e in update.step.events]

    play_game(client, g.game_id, g.tokens, random.Random(7), observe=observe)
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=g.game_id), token=ORGANISER
    ).content
    entries = [line for line in map(json.loads, content.splitlines()) if line["type"] == "entry"]
    codec = Codec(engine.events)
    hidden_somewhere = 0
    for entry in entries:
        version = entry["version"]
        events: list[Any] = [codec.decode(e) for e in entry["events"]]
        whole = canonical(entry["events"])
        own = {seat: [canonical(encode(engine.redact(e, seat))) for e in events] for seat in g.tokens}
        for seat in g.tokens:
            if version <= opened[seat]:  # made before the stream opened: the server's moves at the resign
                continue
            got = steps[seat][version]
            assert got == own[seat] or got == whole, f"seat {seat} at version {version} got another view"
            others = [s for s in g.tokens if s != seat and own[s] != own[seat] and own[s] != whole]
            assert all(got != own[s] for s in others), f"seat {seat} got seat {others}'s view at {version}"
        if version < entries[-1]["version"]:
            # Before the end: each seat its own redaction, so seats differ exactly where it hides.
            for seat in g.tokens:
                for other in g.tokens:
                    if version <= max(opened[seat], opened[other]):
                        continue
                    if own[seat] != own[other] and steps[seat][version] == own[seat]:
                        hidden_somewhere += 1
                        assert steps[seat][version] != steps[other][version]
    assert hidden_somewhere > 0
    if with_autopilot:
        assert [entry for entry in entries if entry.get("by") == "autopilot"], "the server played seat 4"
