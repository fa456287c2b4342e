"""The player registry over a real server: the organiser registers and invites, an invitation makes
one player once, an outsider registers and invites no one, and bad input changes nothing."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import grpc
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from service.cli.players import PlayersClient
from service.generated.frontier.v1 import ladders_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import frontier
from tests.service.helpers import failure


@pytest.fixture
def organiser(server: Running) -> PlayersClient:
    return PlayersClient(f"127.0.0.1:{server.port}", token=ORGANISER)


@pytest.fixture
def outsider(server: Running) -> PlayersClient:
    return PlayersClient(f"127.0.0.1:{server.port}")


def refused(call: Callable[[], Any]) -> tuple[grpc.StatusCode, str]:
    failed = failure(call)
    return failed.code, failed.reason


def public_key_hex() -> str:
    return Ed25519PrivateKey.generate().public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def test_the_organiser_registers_players_with_or_without_a_key(organiser: PlayersClient) -> None:
    key = public_key_hex()
    ann = organiser.players_call(
        "AddPlayer", ladders_pb2.AddPlayerRequest(display_name=" Ann ", public_key=key)
    )
    bob = organiser.players_call("AddPlayer", ladders_pb2.AddPlayerRequest(display_name="Bob"))
    assert (ann.display_name, ann.public_key, ann.via) == ("Ann", key, "organiser")
    assert bob.public_key == "" and bob.player_id != ann.player_id
    listed = organiser.players_call("ListPlayers", ladders_pb2.ListPlayersRequest()).players
    assert [p.player_id for p in listed] == [ann.player_id, bob.player_id]
    shown = organiser.players_call("GetPlayer", ladders_pb2.GetPlayerRequest(player_id=bob.player_id))
    assert shown == bob


def test_an_invitation_makes_one_player_once(organiser: PlayersClient, outsider: PlayersClient) -> None:
    code = organiser.players_call("InvitePlayer", ladders_pb2.InvitePlayerRequest()).code
    joined = outsider.players_call(
        "JoinWithInvitation", ladders_pb2.JoinWithInvitationRequest(code=code, display_name="Cy")
    )
    assert (joined.display_name, joined.via) == ("Cy", "invitation")
    again = ladders_pb2.JoinWithInvitationRequest(code=code, display_name="Cy again")
    assert refused(lambda: outsider.players_call("JoinWithInvitation", again)) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_INVITATION",
    )
    guessed = ladders_pb2.JoinWithInvitationRequest(code=code[:-1] + "x", display_name="Eve")
    assert refused(lambda: outsider.players_call("JoinWithInvitation", guessed))[1] == "BAD_INVITATION"
    listed = outsider.players_call("ListPlayers", ladders_pb2.ListPlayersRequest()).players
    assert [p.display_name for p in listed] == ["Cy"]


def test_an_outsider_registers_and_invites_no_one(
    server: Running, organiser: PlayersClient, outsider: PlayersClient
) -> None:
    address = f"127.0.0.1:{server.port}"
    add = ladders_pb2.AddPlayerRequest(display_name="Mallory")
    assert refused(lambda: outsider.players_call("AddPlayer", add)) == (
        grpc.StatusCode.UNAUTHENTICATED,
        "ORGANISER_REQUIRED",
    )
    with PlayersClient(address, token="not-the-organiser") as wrong:
        assert refused(lambda: wrong.players_call("AddPlayer", add))[0] == grpc.StatusCode.PERMISSION_DENIED
        invite = ladders_pb2.InvitePlayerRequest()
        assert refused(lambda: wrong.players_call("InvitePlayer", invite))[1] == "ORGANISER_REQUIRED"
    assert refused(lambda: outsider.players_call("InvitePlayer", ladders_pb2.InvitePlayerRequest()))[1] == (
        "ORGANISER_REQUIRED"
    )
    assert not organiser.players_call("ListPlayers", ladders_pb2.ListPlayersRequest()).players


@pytest.mark.parametrize(
    ("name", "key", "reason"),
    [
        ("", "", "BAD_NAME"),
        ("x" * 201, "", "BAD_NAME"),
        ("Ann", "abcd", "BAD_PUBLIC_KEY"),
        ("Ann", "zz" * 32, "BAD_PUBLIC_KEY"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    organiser: PlayersClient, name: str, key: str, reason: str
) -> None:
    request = ladders_pb2.AddPlayerRequest(display_name=name, public_key=key)
    assert refused(lambda: organiser.players_call("AddPlayer", request)) == (
        grpc.StatusCode.INVALID_ARGUMENT,
        reason,
    )
    assert not organiser.players_call("ListPlayers", ladders_pb2.ListPlayersRequest()).players


def test_an_unknown_or_malformed_player_id(organiser: PlayersClient) -> None:
    unknown = ladders_pb2.GetPlayerRequest(player_id="00000000-0000-4000-8000-000000000000")
    assert refused(lambda: organiser.players_call("GetPlayer", unknown)) == (
        grpc.StatusCode.NOT_FOUND,
        "PLAYER_NOT_FOUND",
    )
    bad = ladders_pb2.GetPlayerRequest(player_id="ann")
    assert refused(lambda: organiser.players_call("GetPlayerHistory", bad))[1] == "BAD_PLAYER_ID"


def test_the_players_commands(
    server: Running, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("FRONTIER_TOKEN", raising=False)
    address = f"127.0.0.1:{server.port}"
    status, code, _ = frontier(capsys, "players", "invite", "--server", address, "--token", ORGANISER)
    assert status == 0 and code.strip()
    status, out, _ = frontier(capsys, "players", "join", "--server", address, code.strip(), "Dee", "--json")
    joined = json.loads(out)
    assert status == 0 and (joined["display_name"], joined["via"]) == ("Dee", "invitation")
    status, _, err = frontier(capsys, "players", "join", "--server", address, code.strip(), "Dee again")
    assert status != 0 and "never issued here, or has been used" in err
    status, _, err = frontier(capsys, "players", "add", "--server", address, "Eve")
    assert status != 0 and "organiser token" in err
    status, out, _ = frontier(capsys, "players", "list", "--server", address)
    assert out == f"{joined['player_id']}  Dee\n"
    status, out, _ = frontier(capsys, "players", "show", "--server", address, joined["player_id"])
    assert (
        status == 0 and out.startswith(f"Dee ({joined['player_id']}), registered ") and "by invitation" in out
    )
