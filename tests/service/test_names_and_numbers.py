"""Names and seat numbers as people read them, over real gRPC.

The API counts seats from 0; every text counts them from 1 and names an unnamed
seat "seat N". Names claimed with ClaimSeat reach the replay and the audit.
"""

from __future__ import annotations

import random
import re

import grpc
import pytest

from engines.registry import get_engine
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.service.helpers import Game, failure, legal, play_steps, state, submit

GAMES = ("most-wanted", "deadwood-1876", "western-legends")


def named_game(client: Client, game: str, seats: int, players: list[str]) -> Game:
    reply = client.call("CreateGame", frontier_pb2.CreateGameRequest(game=game, seats=seats, players=players))
    return Game(reply.game_id, game, {g.seat: g.token for g in reply.seats})


def claim(client: Client, game: Game, seat: int, player: str) -> None:
    reply = client.call(
        "ClaimSeat", frontier_pb2.ClaimSeatRequest(game_id=game.game_id, player=player, seat=seat)
    )
    game.tokens[seat] = reply.seat.token


@pytest.mark.parametrize("game_id", GAMES)
def test_a_rule_violation_names_seats_by_the_api_seat_plus_one(client: Client, game_id: str) -> None:
    seats = max(3, get_engine(game_id).min_seats)
    game = named_game(client, game_id, seats, [f"p{i}" for i in range(seats)])
    chooser = random.Random(7)
    checked = 0
    for _ in range(60):
        now = state(client, game.game_id, game.tokens[0])
        if now.status == "finished":
            break
        to_act = list(now.seats_to_act)
        idle = [s for s in range(seats) if s not in to_act]
        if idle:
            # The idle seat sends what the acting seat may send: refused, naming the seats 1-based.
            command = chooser.choice(list(legal(client, game, to_act[0]).commands))
            refused = failure(lambda: submit(client, game, idle[0], command))  # noqa: B023 - called at once
            assert refused.code == grpc.StatusCode.FAILED_PRECONDITION, refused
            named = {int(n) for n in re.findall(r"[Ss]eat (\d+)", refused.message)}
            assert named <= {idle[0] + 1} | {s + 1 for s in to_act}, (refused.message, to_act, idle)
            checked += bool(named)
        play_steps(client, game, 1, chooser)
    assert checked >= 3  # refusals that named a seat


def test_the_turn_message_names_the_seat_that_is_to_act(client: Client) -> None:
    """Seats are numbered from 1 in words: `It is seat 3's turn` must mean seats_to_act == [2]."""
    game = named_game(client, "most-wanted", 4, ["a", "b", "c", "d"])
    chooser = random.Random(3)
    for _ in range(200):
        now = state(client, game.game_id, game.tokens[0])
        if len(now.seats_to_act) == 1:
            (active,) = now.seats_to_act
            other = (active + 1) % 4
            command = list(legal(client, game, active).commands)[0]
            refused = failure(lambda: submit(client, game, other, command))  # noqa: B023 - called at once
            if "turn" in refused.message:
                assert f"seat {active + 1}'s turn" in refused.message
                assert f"seat {active}'s turn" not in refused.message
                return
        play_steps(client, game, 1, chooser)
    raise AssertionError("no single active seat was ever refused a turn")


def test_claiming_a_seat_that_does_not_exist_counts_seats_for_people(client: Client) -> None:
    game = named_game(client, "most-wanted", 3, ["Ann"])
    refused = failure(lambda: claim(client, game, 3, "Dan"))
    assert refused.code == grpc.StatusCode.INVALID_ARGUMENT
    assert "this game has seats 0 to 2" in refused.message  # the API's numbers, said to be the API's
    assert "seat 4 " in refused.message  # the people's number of API seat 3
    assert "1 to 3 for people" in refused.message and "{" not in refused.message
    claim(client, game, 1, "Bob")
    taken = failure(lambda: claim(client, game, 1, "Cy"))
    assert "seat 2 " in taken.message and "Bob" in taken.message


def test_claimed_names_reach_the_replay_and_the_audit(client: Client, organiser: Client) -> None:
    game = named_game(organiser, "most-wanted", 3, ["Ann"])
    claim(client, game, 1, "Bob")
    claim(client, game, 2, "   ")  # a blank name: seat 3 reads "seat 3"
    play_steps(client, game, 40, random.Random(5))
    steps = list(organiser.stub.Replay(frontier_pb2.ReplayRequest(game_id=game.game_id), timeout=30))
    story = "\n".join(step.narrative for step in steps)
    assert "Bob" in story and "Ann" in story and "seat 3" in story
    assert not re.search(r"[;:] ?(?:;|,|\.|$)|  ", story, re.MULTILINE), story
    report = organiser.call("Audit", frontier_pb2.AuditRequest(game_id=game.game_id)).markdown
    assert "| Players | seat 1 (Ann), seat 2 (Bob), seat 3 |" in report
    assert "| Rules version | `most-wanted/3` |" in report
    assert "| Random generator | `frontier-sha256-v1` |" in report
    assert (
        "| Table options | " in report
        and "max_turns = 400" in report.split("| Table options |")[1].split("\n")[0]
    )
    assert "| Played | live on this server" in report
    assert "| Signature | this server signs checkpoints of it as '" in report and "with key `" in report
