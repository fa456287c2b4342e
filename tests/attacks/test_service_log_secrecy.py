"""Attack: a spectator reads the service log to learn what the gate hides from it.

The log is public and its entries are game checkpoints (sizes, roots, trailer hashes). A spectator
would learn from it that a delayed game ended (and how long it was) before the delay has passed, that
a table of a duplicate deal still in play has finished (the deal is the other tables' future), or,
from a trailer hash over the full trailer, test guesses of a game's hidden state. None of it: every
entry is the checkpoint of the export a spectator already gets, and a seal the gate does not show a
spectator yet stays out of the log, with every seal after it (the log is a prefix, never edited).
"""

from __future__ import annotations

import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest

from replay.trust import log_audit
from replay.trust.checkpoint import split_checkpoint
from service.cli.tournaments import TournamentClient
from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from service.web.server import RunningHttp, start_http
from tests.conftest import ORGANISER, requires_most_wanted, start_server
from tests.service.helpers import create, failure_of
from tests.service.tournaments import helpers as tournaments

GAME = "most-wanted"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Running, RunningHttp]]:
    running = start_server(tmp_path / "data")
    http = start_http(running.ledger, ORGANISER, "127.0.0.1", 0, signing_key=running.servicer.signing_key)
    yield running, http
    http.stop()
    running.stop()


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as reply:
        return bytes(reply.read())


def _log(running: Running, http: RunningHttp) -> list[bytes]:
    web = f"http://127.0.0.1:{http.port}"
    key = log_audit.LogKey(running.servicer.signing_key.public)
    return log_audit.check_log(lambda path: _get(f"{web}/log/{path}"), key).entries


def _spectators_checkpoint(http: RunningHttp, game_id: str) -> bytes:
    export = _get(f"http://127.0.0.1:{http.port}/api/games/{game_id}/log").decode().splitlines()
    _lines, checkpoint = split_checkpoint(export)
    assert checkpoint is not None
    return checkpoint.to_line().encode()


def _hidden_game(client: Client, organiser: TournamentClient, kind: str) -> str:
    """A finished game the gate does not show a spectator: a delayed one, or a table of a deal in play."""
    if kind == "delayed":
        delayed = client.call(
            "CreateGame",
            frontier_pb2.CreateGameRequest(
                game=GAME, seats=2, players=["p0", "p1"], spectator_delay_seconds=600
            ),
        )
        play_game(client, delayed.game_id, {s.seat: s.token for s in delayed.seats}, random.Random(2))
        return str(delayed.game_id)
    made = tournaments.create(
        organiser, players=8, table_size=4, rounds=1, format="round-robin", duplicate_deals=True
    )
    started = tournaments.start_round(organiser, made.tournament_id)
    table = str(started.seats[0].game_id)
    play_game(client, table, {g.seat: g.token for g in started.seats if g.game_id == table}, random.Random(3))
    with pytest.raises(grpc.RpcError) as refused:  # the gate hides the finished table
        client.call("GetState", frontier_pb2.GetStateRequest(game_id=table))
    assert failure_of(refused.value).reason == "DEAL_IN_PLAY"
    return table


@requires_most_wanted
@pytest.mark.parametrize("kind", ["delayed", "deal in play"])
def test_the_log_shows_a_spectator_nothing_its_exports_do_not(
    served: tuple[Running, RunningHttp], kind: str
) -> None:
    running, http = served
    address = f"127.0.0.1:{running.port}"
    with Client(address) as client, TournamentClient(address, token=ORGANISER) as organiser:
        public = create(client, GAME, 2)
        play_game(client, public.game_id, public.tokens, random.Random(1))
        hidden = _hidden_game(client, organiser, kind)
        later = create(client, GAME, 2)
        play_game(client, later.game_id, later.tokens, random.Random(4))
        in_play = create(client, GAME, 2)
    entries = _log(running, http)
    # The hidden game's end is not public: the log stops before it, so it holds neither it, nor the
    # game that ended after it, nor one in play.
    assert len(entries) == 1
    for game_id in (hidden, later.game_id, in_play.game_id):
        assert all(game_id.encode() not in entry for entry in entries)
    # Its one entry is, byte for byte, the checkpoint of the export any spectator gets.
    assert entries == [_spectators_checkpoint(http, public.game_id)]
