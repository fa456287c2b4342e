"""The web viewer shows a takeback as a step, and the game as it stood at the version taken back to."""

from __future__ import annotations

import random
import uuid
from typing import Any

import grpc

from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.web.conftest import Site
from tests.service.web.http_client import get


def asked_after_a_move(client: Client, game_id: str, tokens: dict[int, str]) -> tuple[int, Any]:
    """Play random moves until the mover's takeback request is taken (the table allows it)."""
    chooser = random.Random(2)
    for _ in range(500):
        now = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=ORGANISER)
        seat = chooser.choice(list(now.seats_to_act))
        legal = client.call(
            "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=game_id), token=tokens[seat]
        )
        command = chooser.choice(list(legal.commands))
        submit = frontier_pb2.SubmitCommandRequest(
            game_id=game_id, command_id=uuid.uuid4().hex, command=command
        )
        client.call("SubmitCommand", submit, token=tokens[seat])
        try:
            request = frontier_pb2.RequestTakebackRequest(game_id=game_id)
            return seat, client.call("RequestTakeback", request, token=tokens[seat])
        except grpc.RpcError:
            continue  # a draw or a reveal: play on
    raise AssertionError("no move the table lets a seat take back")


def test_a_takeback_is_a_step_of_the_viewer(site: Site, site_client: Client) -> None:
    create = frontier_pb2.CreateGameRequest(
        game="western-legends", seats=3, players=["p0", "p1", "p2"], takeback_policy="consent"
    )
    reply = site_client.call("CreateGame", create)
    tokens = {grant.seat: grant.token for grant in reply.seats}
    seat, asked = asked_after_a_move(site_client, reply.game_id, tokens)
    for other in asked.pending.awaiting:
        answer = frontier_pb2.AnswerTakebackRequest(game_id=reply.game_id, accept=True)
        site_client.call("AnswerTakeback", answer, token=tokens[other])
    steps = get(f"{site.url}/api/games/{reply.game_id}/steps").json()["steps"]
    told = steps[-1]["narrative"]
    to_version = asked.pending.to_version
    assert f"seat {seat + 1} (p{seat}) takes back to step {to_version - 1}" in told, told
    assert "consent" in told
    back_to = next(step for step in steps if step["version"] == to_version)
    assert steps[-1]["picture"] == back_to["picture"], "the viewer draws the table as it stood then"
    assert "takes back to step" in get(f"{site.url}/games/{reply.game_id}").body
