"""FollowEvents over a real server: a tournament's tables on one stream, in order; a reconnect from a
cursor resumes exactly; a delayed game's spectator hears its lines only after the delay; bad requests
are refused clearly; and the same stream over Connect on the web port."""

from __future__ import annotations

import json
import random
import struct
import time
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import grpc
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from service.cli.players import PlayersClient
from service.cli.tournaments import TournamentClient
from service.client import Client, play_game
from service.config import MAX_MESSAGE_BYTES
from service.core.event_streams import MAX_SEAT_TOKENS
from service.core.players.claims import claim_message
from service.generated.frontier.v1 import frontier_pb2, ladders_pb2
from service.grpc_api.connect.front import ConnectFront
from service.seat_key import command_signature
from service.server import Running
from service.web.server import start_http
from tests.conftest import ORGANISER, requires_most_wanted
from tests.service.event_streams import Heard, count, finished, follow, moves
from tests.service.helpers import Game, create, failure, legal, state, submit
from tests.service.test_games_that_end import exported
from tests.service.tournaments import helpers as tournaments
from tests.service.web.connect_client import envelope

pytestmark = requires_most_wanted
GAME = "most-wanted"
NOBODY = "00000000-0000-4000-8000-000000000000"


@pytest.fixture
def address(server: Running) -> str:
    return f"127.0.0.1:{server.port}"


def entry_versions(client: Client, game_id: str) -> list[int]:
    return [line["version"] for line in exported(client, game_id) if line.get("type") == "entry"]


def test_a_tournaments_stream_carries_every_tables_steps_in_order(address: str) -> None:
    with TournamentClient(address, token=ORGANISER) as organiser, Client(address) as client:
        made = tournaments.create(organiser, players=4, table_size=2, rounds=1)
        outside = create(client, GAME)  # not a table: never on the tournament's stream
        started = tournaments.start_round(organiser, made.tournament_id)
        tables = sorted({grant.game_id for grant in started.seats})
        with ThreadPoolExecutor(1) as pool:  # followed live, while the round is played
            heard = pool.submit(follow, address, finished(*tables), tournament_id=made.tournament_id)
            tournaments.play_round(organiser, started, seed=4)
            play_game(client, outside.game_id, outside.tokens, random.Random(1))
            got = heard.result(timeout=60)
        stored = {table: entry_versions(client, table) for table in tables}
    assert sorted({h.game_id for h in got}) == tables
    cursors = [h.cursor for h in got]
    assert cursors == sorted(set(cursors)), "each event once, in the store's order"
    for table in tables:
        kinds = [kind for h in got if h.game_id == table for kind in h.types()]
        assert kinds[:2] == ["game.created", "game.started"] and kinds[-1] == "game.finished"
        assert [m["version"] for m in moves(got, table)] == stored[table], "every step of the table, in order"


def test_a_reconnect_from_a_cursor_resumes_exactly(address: str) -> None:
    with Client(address) as client:
        first = create(client, GAME)
        play_game(client, first.game_id, first.tokens, random.Random(2))
        second = create(client, GAME)
        tokens = [first.tokens[0], second.tokens[1]]
        whole = follow(address, finished(first.game_id), seat_tokens=tokens)
        assert {h.game_id for h in whole} == {first.game_id}, "the second game has not begun yet"
        for cut in (1, 5, len(whole) - 1):
            start = follow(address, count(cut), seat_tokens=tokens)
            rest = follow(address, finished(first.game_id), seat_tokens=tokens, after=start[-1].cursor)
            assert _said(start + rest) == _said(whole), (
                f"cut after event {cut}: nothing missed, nothing twice"
            )
        # Resumed past everything stored: what the second game stores from now on, and nothing before.
        with ThreadPoolExecutor(1) as pool:
            later = pool.submit(
                follow, address, finished(second.game_id), seat_tokens=tokens, after=whole[-1].cursor
            )
            time.sleep(0.2)
            play_game(client, second.game_id, second.tokens, random.Random(3))
            resumed = later.result(timeout=60)
        stored = entry_versions(client, second.game_id)
    assert {h.game_id for h in resumed} == {second.game_id}
    assert resumed[0].types()[:2] == ["game.created", "game.started"]
    assert [m["version"] for m in moves(resumed, second.game_id)] == stored
    assert min(h.cursor for h in resumed) > whole[-1].cursor


def _said(heard: list[Heard]) -> list[tuple[int, str, list[Any]]]:
    return [(h.cursor, h.game_id, h.lines) for h in heard]


def play_signed_steps(
    client: Client, game: Game, steps: int, chooser: random.Random, keys: dict[int, Ed25519PrivateKey]
) -> None:
    """`steps` random legal commands; a seat claimed with a key signs its own."""
    for _ in range(steps):
        current = state(client, game.game_id, game.tokens[0])
        if current.status == "finished":
            return
        seat = chooser.choice(list(current.seats_to_act))
        command = chooser.choice(list(legal(client, game, seat).commands))
        signed: dict[str, Any] = {}
        if seat in keys:
            command_id = uuid.uuid4().hex
            signature = command_signature(
                keys[seat], game.game, game.game_id, seat, current.version, command, command_id
            )
            signed = {
                "command_id": command_id,
                "expected_version": current.version,
                "seat_signature": signature,
            }
        submit(client, game, seat, command, **signed)


def test_a_spectator_of_a_delayed_game_hears_its_lines_only_after_the_delay(address: str) -> None:
    key = Ed25519PrivateKey.generate()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()
    with PlayersClient(address, token=ORGANISER) as organiser:
        added = organiser.players_call(
            "AddPlayer", ladders_pb2.AddPlayerRequest(display_name="Ann", public_key=public)
        )
    ann = added.player_id
    with PlayersClient(address) as client:
        request = frontier_pb2.CreateGameRequest(
            game=GAME, seats=2, players=["Host"], spectator_delay_seconds=1
        )
        host = client.call("CreateGame", request)
        claim = frontier_pb2.ClaimSeatRequest(
            game_id=host.game_id,
            player_id=ann,
            player_signature=key.sign(claim_message(host.game_id, ann)).hex(),
        )
        claimed = client.call("ClaimSeat", claim)
        game = Game(host.game_id, GAME, {0: host.seats[0].token, 1: claimed.seat.token})
        with ThreadPoolExecutor(1) as pool:
            heard = pool.submit(follow, address, lambda h: len(moves(h, game.game_id)) >= 3, player_id=ann)
            time.sleep(0.2)
            play_signed_steps(client, game, 3, random.Random(6), {1: key})  # Ann's key signs her moves
            got = heard.result(timeout=60)
        # Ann's seat token, presented, shows her seat at once: the delay is for spectators.
        seat = follow(
            address, lambda h: len(moves(h, game.game_id)) >= 3, player_id=ann, seat_tokens=[game.tokens[1]]
        )
    held = 0
    for h in got:
        for (kind, _data), stored in zip(h.lines, h.stored, strict=True):
            if kind in ("game.started", "game.move"):
                held += 1
                assert h.at >= stored + 1, f"{kind} arrived before spectators could see it"
    assert held >= 4
    assert any(kind == "game.created" for h in got for kind in h.types()), "the header is public at once"
    shown = [data["line"] for h in seat for kind, data in h.lines if kind == "game.move"]
    assert all(line["redacted_for"] == 1 for line in shown), "Ann's token shows her seat's view"


@pytest.mark.parametrize(
    ("fields", "token", "code", "reason"),
    [
        ({}, None, grpc.StatusCode.INVALID_ARGUMENT, "BAD_FOLLOW_SCOPE"),
        (
            {"tournament_id": NOBODY, "player_id": NOBODY},
            None,
            grpc.StatusCode.INVALID_ARGUMENT,
            "BAD_FOLLOW_SCOPE",
        ),
        (
            {"seat_tokens": ["t"] * (MAX_SEAT_TOKENS + 1)},
            None,
            grpc.StatusCode.INVALID_ARGUMENT,
            "BAD_FOLLOW_SCOPE",
        ),
        ({"tournament_id": "x"}, None, grpc.StatusCode.INVALID_ARGUMENT, "BAD_TOURNAMENT_ID"),
        ({"tournament_id": NOBODY}, None, grpc.StatusCode.NOT_FOUND, "TOURNAMENT_NOT_FOUND"),
        ({"player_id": NOBODY}, ORGANISER, grpc.StatusCode.NOT_FOUND, "PLAYER_NOT_FOUND"),
        ({"after": 2**64 - 1}, ORGANISER, grpc.StatusCode.INVALID_ARGUMENT, "BAD_CURSOR"),
        ({"after": 10**6}, ORGANISER, grpc.StatusCode.INVALID_ARGUMENT, "BAD_CURSOR"),
    ],
)
def test_a_bad_request_is_refused_clearly(
    address: str, fields: dict[str, Any], token: str | None, code: grpc.StatusCode, reason: str
) -> None:
    refused = failure(lambda: follow(address, count(1), token=token, timeout=10, **fields))
    assert (refused.code, refused.reason) == (code, reason)
    assert refused.message


def test_the_organiser_follows_every_game_and_over_connect_too(server: Running, address: str) -> None:
    assert server.served is not None
    http = start_http(
        server.ledger,
        ORGANISER,
        "127.0.0.1",
        0,
        signing_key=server.servicer.signing_key,
        api=ConnectFront(server.served, MAX_MESSAGE_BYTES),
    )
    try:
        with Client(address) as client:
            games = [create(client, GAME), create(client, GAME)]
            for number, game in enumerate(games):
                play_game(client, game.game_id, game.tokens, random.Random(number))
        over_grpc = follow(address, finished(*(g.game_id for g in games)), token=ORGANISER)
        over_connect = _connect_follow(f"http://127.0.0.1:{http.port}", len(over_grpc), ORGANISER)
    finally:
        http.stop()
    assert {h.game_id for h in over_grpc} == {g.game_id for g in games}
    assert [(int(e["cursor"]), e["gameId"]) for e in over_connect] == [
        (h.cursor, h.game_id) for h in over_grpc
    ]
    assert [[json.loads(line["dataJson"]) for line in e["lines"]] for e in over_connect] == [
        [data for _kind, data in h.lines] for h in over_grpc
    ]


def _connect_follow(base: str, wanted: int, token: str) -> list[dict[str, Any]]:
    """The first `wanted` events of an organiser's FollowEvents over Connect (JSON envelopes)."""
    request = urllib.request.Request(
        f"{base}/frontier.v1.FrontierLedger/FollowEvents",
        data=envelope(b"{}"),
        method="POST",
        headers={"Content-Type": "application/connect+json", "Authorization": f"Bearer {token}"},
    )
    got: list[dict[str, Any]] = []
    with urllib.request.urlopen(request, timeout=30) as reply:
        while len(got) < wanted:
            flags, size = struct.unpack(">BI", reply.read(5))
            payload = json.loads(reply.read(size))
            assert not flags & 0x02, payload
            got.append(payload)
    return got


def test_streams_beyond_the_servers_limit_are_refused_until_one_closes(server: Running, address: str) -> None:
    server.ledger.event_streams.max_streams = 1  # the limit a server is built with, made small
    with Client(address) as client:
        game = create(client, GAME)
    with ThreadPoolExecutor(1) as pool:
        held = pool.submit(follow, address, lambda heard: len(heard) > 99, token=ORGANISER, timeout=3)
        time.sleep(0.5)
        refused = failure(lambda: follow(address, count(1), seat_tokens=[game.tokens[0]], timeout=10))
        assert (refused.code, refused.reason) == (
            grpc.StatusCode.RESOURCE_EXHAUSTED,
            "TOO_MANY_EVENT_STREAMS",
        )
        assert failure(held.result).code == grpc.StatusCode.DEADLINE_EXCEEDED  # it ran until its deadline
    assert follow(address, count(1), seat_tokens=[game.tokens[0]])[0].game_id == game.game_id
