"""Whole games over WebSocket on a real server: every seat its own connection, as over gRPC Play."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from typing import Any

import pytest

from engines.codec import encode
from engines.registry import get_engine
from service.cli.tournaments import TournamentClient
from service.client import Client, play_game
from service.core.records import decode_events
from service.core.views import to_json
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from service.ws_client import seat_sockets
from tests.conftest import ORGANISER
from tests.service.helpers import create, legal, state
from tests.service.tournaments import helpers as tournament

GAMES = ("most-wanted", "deadwood-1876", "western-legends")


def exported(client: Client, game_id: str) -> list[dict[str, Any]]:
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    return [json.loads(line) for line in content.splitlines() if line.strip()]


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_plays_a_game_to_its_end_over_websocket_and_it_audits(
    server: Running, url: str, game: str
) -> None:
    with Client(f"127.0.0.1:{server.port}") as client:
        g = create(client, game, 3)
        seen: dict[int, list[Any]] = defaultdict(list)
        compared = [0]

        def observe(seat: int, update: Any) -> None:
            seen[seat].append(update)
            if update.legal_commands and update.status != "finished":
                # Oracle: the unary ListLegalCommands of the same seat, when the game is still there.
                listed = legal(client, g, seat)
                if listed.version == update.version:
                    compared[0] += 1
                    assert [c.SerializeToString() for c in update.legal_commands] == [
                        c.SerializeToString() for c in listed.commands
                    ]

        commands = play_game(
            client, g.game_id, g.tokens, random.Random(4), observe=observe, open_stream=seat_sockets(url)
        )
        final = state(client, g.game_id, ORGANISER)
        assert final.status == "finished"
        assert final.version == 1 + commands  # one entry per command sent: nothing twice, nothing lost
        assert compared[0] > 0
        audit = client.call("Audit", frontier_pb2.AuditRequest(game_id=g.game_id), token=ORGANISER)
        assert audit.ok and audit.verdict == "passed"
        lines = exported(client, g.game_id)
    entries = {line["version"]: line["events"] for line in lines if "events" in line}
    engine = get_engine(game)
    assert set(seen) == set(g.tokens)
    for seat, updates in seen.items():
        assert {u.seat for u in updates if not u.HasField("error")} == {seat}
        steps = {u.step.version: u.step for u in updates if u.HasField("step")}
        assert set(steps) == set(range(2, final.version + 1))  # every step reached every seat
        for update in updates:
            if update.legal_commands:  # only ever when this seat is to act, while the game goes on
                assert seat in update.seats_to_act and update.status == "in_progress"
        for version, step in steps.items():
            # Oracle: the engine's redaction for this seat: no other seat's hidden cards.
            viewer = None if version == final.version else seat
            expected = [
                to_json(encode(engine.redact(event, viewer) if viewer is not None else event))
                for event in decode_events(game, entries[version])
            ]
            assert [e.json for e in step.events] == expected, (seat, version)


def moves(lines: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """What the seats did and what it caused, without the game's own id and times."""
    return [
        (line["version"], line.get("seat"), line.get("command"), line["events"])
        for line in lines
        if "events" in line
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_same_commands_make_the_same_record_over_websocket_and_grpc(
    server: Running, url: str, game: str
) -> None:
    """Two tables of one duplicate deal share a seed: one played over gRPC Play, one over WebSocket,
    by bots choosing from the same random sequence, end in the same state with the same entries."""
    seats = min(3, get_engine(game).max_seats)
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as organiser:
        made = tournament.create(
            organiser,
            players=2 * seats,
            table_size=seats,
            rounds=1,
            format="round-robin",
            duplicate_deals=True,
            game=game,
        )
        started = tournament.start_round(organiser, made.tournament_id)
        tokens: dict[str, dict[int, str]] = {}
        for grant in started.seats:
            tokens.setdefault(grant.game_id, {})[grant.seat] = grant.token
        over_grpc, over_ws = tokens
        sent = [
            play_game(organiser, over_grpc, tokens[over_grpc], random.Random(11)),
            play_game(organiser, over_ws, tokens[over_ws], random.Random(11), open_stream=seat_sockets(url)),
        ]
        finals = [state(organiser, game_id, ORGANISER) for game_id in (over_grpc, over_ws)]
        records = [moves(exported(organiser, game_id)) for game_id in (over_grpc, over_ws)]
    assert sent[0] == sent[1] > 0
    assert [f.status for f in finals] == ["finished", "finished"]
    assert finals[0].state_hash and finals[0].state_hash == finals[1].state_hash
    assert records[0] == records[1] and len(records[0]) == 1 + sent[0]  # the deal, then each move
