"""Attack: the server shares one decoding of each entry among all its viewers; can a seat be
handed another seat's view?

Every seat plays over its own Play stream while the others' pushes of the same entry are built
at the same moment from the shared cache. Each step a seat receives must be its own redaction
of the entry (the reference is folded locally from the organiser's full log), so two seats'
pushes at one version differ exactly where their hidden cards differ. Once the game is over
everything is public, so a step built after the end may be the whole entry, and nothing else.
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
from tests.service.helpers import create


def canonical(value: Any) -> Any:
    return json.loads(json.dumps(value))


@pytest.mark.parametrize("game", ["most-wanted", "deadwood-1876"])
def test_each_seat_is_pushed_its_own_redaction_of_every_step(client: Client, game: str) -> None:
    engine = get_engine(game)
    g = create(client, game, 4)
    steps: dict[int, dict[int, list[Any]]] = defaultdict(dict)  # seat -> version -> events

    def observe(seat: int, update: Any) -> None:
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
            got = steps[seat][version]
            assert got == own[seat] or got == whole, f"seat {seat} at version {version} got another view"
            others = [s for s in g.tokens if s != seat and own[s] != own[seat] and own[s] != whole]
            assert all(got != own[s] for s in others), f"seat {seat} got seat {others}'s view at {version}"
        if version < entries[-1]["version"]:
            # Before the end: each seat its own redaction, so seats differ exactly where it hides.
            for seat in g.tokens:
                for other in g.tokens:
                    if own[seat] != own[other] and steps[seat][version] == own[seat]:
                        hidden_somewhere += 1
                        assert steps[seat][version] != steps[other][version]
    assert hidden_somewhere > 0
