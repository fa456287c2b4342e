"""Attack: an outsider's game passed off as a tournament's, and who may create games at all.

An outsider created a game tagged `tournament:<id>` with the tournament's player names: it was
listed by `frontier games --tournament`, passed `frontier audit --tag`, and read as the
tournament's. Now the tag is reserved to the tournament service, and a tournament's games are
listed and audited from its own record, so even a game that carries the tag (stored by an older
server) is not among them. An organiser may also close game creation to everyone else.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from service.cli.tournaments import TournamentClient
from service.client import Client, play_game
from service.core.creation import create_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, start_server
from tests.replay.trust.helpers import frontier
from tests.service.helpers import create, failure
from tests.service.tournaments import helpers as cup

PLAYERS = ["Ann", "Bob", "Cy", "Dee"]


def played_cup(address: str) -> tuple[str, set[str]]:
    """A one-round tournament, played out: (its id, its tables' game ids)."""
    with TournamentClient(address, token=ORGANISER) as organiser:
        made = cup.create(organiser, PLAYERS, rounds=1)
        cup.run(organiser, made.tournament_id, 1)
        shown = cup.get(organiser, made.tournament_id)
    return made.tournament_id, {t.game_id for r in shown.rounds for t in r.tables}


@pytest.mark.parametrize(
    "tag", ["tournament:{id}", "Tournament:{id}", " tournament:{id}", "tournament:other"]
)
@pytest.mark.parametrize("who", [None, ORGANISER], ids=["anyone", "organiser"])
def test_no_caller_creates_a_game_with_a_tournament_tag(
    server: Running, client: Client, tag: str, who: str | None
) -> None:
    tournament_id, _ = played_cup(f"127.0.0.1:{server.port}")
    before = len(client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER).games)
    request = frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=2, players=PLAYERS[:2], tag=tag.format(id=tournament_id)
    )
    refused = failure(lambda: client.call("CreateGame", request, token=who))
    assert refused.code == grpc.StatusCode.INVALID_ARGUMENT and refused.reason == "RESERVED_TAG"
    assert "tournament service" in refused.message and refused.metadata["field"] == "tag"
    after = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER).games
    assert len(after) == before  # nothing stored


def test_a_game_carrying_a_tournaments_tag_is_not_listed_or_audited_as_its(
    server: Running, client: Client, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    address = f"127.0.0.1:{server.port}"
    tournament_id, tables = played_cup(address)
    # A signed, finished game with the tournament's tag and names, stored as an older server did.
    impostor, grants = create_game(
        server.app, "most-wanted", 2, PLAYERS[:2], {}, f"tournament:{tournament_id}"
    )
    play_game(client, impostor.header.game_id, {s: t for s, _, t in grants}, random.Random(1))

    status, out, err = frontier(capsys, "games", "--server", address, "--tournament", tournament_id, "--json")
    assert status == 0, err
    assert {json.loads(line)["game_id"] for line in out.splitlines()} == tables

    known = str(tmp_path / "known")
    for flag, value in (("--tag", f"tournament:{tournament_id}"), ("--tournament", tournament_id)):
        status, out, err = frontier(
            capsys,
            "audit",
            "--server",
            address,
            flag,
            value,
            "--json",
            "--known-keys",
            known,
            "--token",
            ORGANISER,
        )
        report = json.loads(out)
        assert {g["game_id"] for g in report["games"]} == tables, flag
        assert impostor.header.game_id not in out


@pytest.fixture
def closed(tmp_path: Path) -> Iterator[Running]:
    running = start_server(tmp_path / "data", open_create=False)
    yield running
    running.stop()


def test_with_creation_closed_only_the_organiser_creates_games(closed: Running) -> None:
    request = frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["Ann", "Bob"])
    with Client(f"127.0.0.1:{closed.port}") as client:
        anonymous = failure(lambda: client.call("CreateGame", request))
        assert anonymous.code == grpc.StatusCode.UNAUTHENTICATED and anonymous.reason == "ORGANISER_REQUIRED"
        assert "--no-open-create" in anonymous.message
        made = client.call("CreateGame", request, token=ORGANISER)
        seat = failure(lambda: client.call("CreateGame", request, token=made.seats[0].token))
        assert seat.code == grpc.StatusCode.PERMISSION_DENIED and seat.reason == "ORGANISER_REQUIRED"
        listed = client.call("ListGames", frontier_pb2.ListGamesRequest(), token=ORGANISER).games
        assert [g.game_id for g in listed] == [made.game_id]


def test_an_open_server_lets_anyone_create_a_game(client: Client) -> None:
    assert create(client, "most-wanted").game_id
