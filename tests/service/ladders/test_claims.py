"""A seat claimed as a registered player, over a real server: the player's key signs the claim, the
seat takes the player's display name, and the player's history lists the game; a claim without the
player's signature, or as a player without a key, takes no seat and changes nothing."""

from __future__ import annotations

import random

import grpc
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from service.cli.players import PlayersClient
from service.client import play_game
from service.core.players.claims import claim_message
from service.generated.frontier.v1 import frontier_pb2, ladders_pb2
from service.server import Running
from tests.conftest import ORGANISER, requires_most_wanted
from tests.service.helpers import failure

pytestmark = requires_most_wanted


@pytest.fixture
def address(server: Running) -> str:
    return f"127.0.0.1:{server.port}"


def register(address: str, name: str, key: Ed25519PrivateKey | None) -> str:
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex() if key else ""
    with PlayersClient(address, token=ORGANISER) as organiser:
        request = ladders_pb2.AddPlayerRequest(display_name=name, public_key=public)
        player_id: str = organiser.players_call("AddPlayer", request).player_id
    return player_id


def open_game(client: PlayersClient) -> str:
    request = frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["Host"])
    game_id: str = client.call("CreateGame", request).game_id
    return game_id


def claim_as(
    client: PlayersClient, game_id: str, player_id: str, signature: str
) -> frontier_pb2.ClaimSeatResponse:
    request = frontier_pb2.ClaimSeatRequest(game_id=game_id, player_id=player_id, player_signature=signature)
    answer: frontier_pb2.ClaimSeatResponse = client.call("ClaimSeat", request)
    return answer


def test_a_signed_claim_seats_the_player_and_their_history_lists_it(address: str) -> None:
    key = Ed25519PrivateKey.generate()
    ann = register(address, "Ann", key)
    with PlayersClient(address) as client:
        host = client.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["Host"])
        )
        claimed = claim_as(client, host.game_id, ann, key.sign(claim_message(host.game_id, ann)).hex())
        assert (claimed.seat.seat, claimed.seat.player) == (1, "Ann")
        tokens = {0: host.seats[0].token, 1: claimed.seat.token}
        play_game(client, host.game_id, tokens, random.Random(2), keys={1: key}, game="most-wanted")
        shown = client.players_call("GetPlayerHistory", ladders_pb2.GetPlayerRequest(player_id=ann))
    assert [(g.kind, g.game_id, g.seat, g.status) for g in shown.games] == [
        ("game", host.game_id, 1, "finished")
    ]
    assert shown.games[0].place in (1, 2)


def test_a_claim_not_signed_by_the_player_s_key_takes_no_seat(address: str) -> None:
    key, other = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()
    ann, keyless = register(address, "Ann", key), register(address, "Bob", None)
    with PlayersClient(address) as client:
        game_id = open_game(client)
        elsewhere = open_game(client)
        for player, signature, expected in (
            (ann, other.sign(claim_message(game_id, ann)).hex(), "BAD_PLAYER_SIGNATURE"),  # another key
            (ann, key.sign(claim_message(elsewhere, ann)).hex(), "BAD_PLAYER_SIGNATURE"),  # another game's
            (ann, "zz", "BAD_PLAYER_SIGNATURE"),
            (keyless, other.sign(claim_message(game_id, keyless)).hex(), "PLAYER_HAS_NO_KEY"),
            ("00000000-0000-4000-8000-000000000000", "00", "PLAYER_NOT_FOUND"),
        ):
            refused = failure(lambda p=player, s=signature: claim_as(client, game_id, p, s))  # type: ignore[misc]
            assert refused.reason == expected, refused
        assert failure(lambda: claim_as(client, game_id, ann, "00")).code == grpc.StatusCode.PERMISSION_DENIED
        # The seat is still open: a real claim takes it.
        claimed = claim_as(client, game_id, ann, key.sign(claim_message(game_id, ann)).hex())
        assert claimed.seat.seat == 1
        shown = client.players_call("GetPlayerHistory", ladders_pb2.GetPlayerRequest(player_id=ann))
    assert [g.game_id for g in shown.games] == [game_id]
