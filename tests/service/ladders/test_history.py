"""Tournaments may name registered players by id: their tables seat the display names, standings
refer to the ids, and a player's history lists their games across ladders and tournaments -- with a
duplicate deal's result withheld there as everywhere while the deal is in play."""

from __future__ import annotations

import json
import random

import pytest

from service.cli.players import PlayersClient
from service.cli.tournaments import TournamentClient
from service.client import play_game
from service.generated.frontier.v1 import frontier_pb2, ladders_pb2, tournaments_pb2
from service.server import Running
from tests.conftest import ORGANISER, requires_most_wanted
from tests.service.helpers import failure
from tests.service.tournaments import helpers as tournaments

pytestmark = requires_most_wanted


@pytest.fixture
def address(server: Running) -> str:
    return f"127.0.0.1:{server.port}"


def register(address: str, *names: str) -> list[str]:
    with PlayersClient(address, token=ORGANISER) as organiser:
        return [
            organiser.players_call("AddPlayer", ladders_pb2.AddPlayerRequest(display_name=n)).player_id
            for n in names
        ]


def history(address: str, player_id: str, token: str | None = None) -> list[ladders_pb2.HistoryGame]:
    with PlayersClient(address, token=token) as client:
        shown = client.players_call("GetPlayerHistory", ladders_pb2.GetPlayerRequest(player_id=player_id))
    return list(shown.games)


def test_a_player_s_history_spans_ladders_and_tournaments(address: str) -> None:
    ann, bob = register(address, "Ann", "Bob")
    with PlayersClient(address, token=ORGANISER) as organiser:
        ladder = organiser.ladders_call(
            "CreateLadder", ladders_pb2.CreateLadderRequest(name="Club", game="most-wanted")
        ).ladder_id
        paired = organiser.ladders_call(
            "PairLadderGame", ladders_pb2.PairLadderGameRequest(ladder_id=ladder, players=[bob, ann])
        )
    with TournamentClient(address, token=ORGANISER) as organiser:
        made = tournaments.create(organiser, players=[ann, bob], table_size=2, rounds=1)
        tournaments.run(organiser, made.tournament_id, 1)
        table = tournaments.get(organiser, made.tournament_id).rounds[0].tables[0]
        log = organiser.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=table.game_id)).content
        header = json.loads(log.splitlines()[0])["players"]
        standings = tournaments.get(organiser, made.tournament_id, "GetStandings").standings
    assert sorted(header) == ["Ann", "Bob"]  # the table seats the display names ...
    assert sorted(s.player for s in standings) == sorted([ann, bob])  # ... the standings the ids
    games = history(address, ann)
    assert [(g.kind, g.event_id, g.game_id, g.seat, g.status) for g in games] == [
        ("ladder", ladder, paired.game_id, 1, "in_progress"),
        ("tournament", made.tournament_id, table.game_id, list(table.players).index(ann), "finished"),
    ]
    assert games[1].place in (1, 2) and games[1].event_name == "Test Cup"


def test_a_tournament_naming_an_unregistered_id_is_refused(address: str) -> None:
    with TournamentClient(address, token=ORGANISER) as organiser:
        stranger = "00000000-0000-4000-8000-000000000000"
        refused = failure(lambda: tournaments.create(organiser, players=["Ann", stranger], table_size=2))
    assert refused.reason == "PLAYER_NOT_FOUND"


def test_history_withholds_a_result_while_its_duplicate_deal_is_in_play(address: str) -> None:
    ids = register(address, *(f"P{n}" for n in range(4)))
    with TournamentClient(address, token=ORGANISER) as organiser:
        made = tournaments.create(organiser, players=ids, table_size=2, rounds=1, duplicate_deals=True)
        started = organiser.tcall(
            "StartRound", tournaments_pb2.StartRoundRequest(tournament_id=made.tournament_id)
        )
        first = started.seats[0].game_id
        play_game(
            organiser, first, {g.seat: g.token for g in started.seats if g.game_id == first}, random.Random(1)
        )
    player = next(g.player for g in started.seats if g.game_id == first)
    spectator = history(address, player)[0]
    assert (spectator.status, spectator.place) == ("deal_in_play", 0)
    shown = history(address, player, ORGANISER)[0]
    assert shown.status == "finished" and shown.place > 0
