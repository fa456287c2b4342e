"""The benchmark's counter: the peer's game move for move, and served only by a server told to serve it.

Over real `frontier serve` processes: with `--engine tests.benchmarks.counter_game:ENGINE` the counter
is played to its end through SubmitCommand and through Play, its commands travelling as JSON in
`Command.json`; without the option the server refuses the game, and the JSON path is refused for a
game that has typed messages.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TypeVar

import grpc
import pytest

from engines.base import RuleViolation
from engines.codec import encode
from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from tests.benchmarks import counter_game
from tests.benchmarks.bench_peer import COUNTER_ENGINE, PEER
from tests.benchmarks.counter_game import ENGINE, Increment
from tests.conftest import ORGANISER
from tests.service.helpers import Game, failure, legal, state, submit
from tests.service.serving import frontier_serving

T = TypeVar("T")


class NoChance:
    """An Rng that fails the test if the counter ever asks for chance."""

    def randint(self, low: int, high: int) -> int:
        raise AssertionError("the counter drew a number")

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        raise AssertionError("the counter shuffled")


def test_the_counter_ends_where_the_peers_does() -> None:
    peer_source = (PEER / "counter.js").read_text()
    found = re.search(r"const MOVES_PER_MATCH = ([\d_]+);", peer_source)
    assert found and int(found.group(1).replace("_", "")) == counter_game.MOVES_PER_MATCH
    assert ENGINE.options({}) == {"goal": counter_game.MOVES_PER_MATCH}


@pytest.mark.parametrize("seats", [1, 4])
def test_the_seats_take_turns_from_seat_0_one_move_each_until_the_goal(seats: int) -> None:
    rng = NoChance()
    state_ = None
    for event in ENGINE.setup(ENGINE.options({"goal": 9}), seats, rng):
        state_ = ENGINE.evolve(state_, event)
    for move in range(9):
        assert ENGINE.outcome(state_) is None
        assert ENGINE.seats_to_act(state_) == (move % seats,)  # boardgame.io's default turn order
        for other in set(range(seats)) - {move % seats}:
            assert ENGINE.legal_commands(state_, other) == []
            with pytest.raises(RuleViolation, match="turn"):
                ENGINE.decide(state_, other, Increment(), rng)
        assert ENGINE.legal_commands(state_, move % seats) == [Increment()]
        events, folded = ENGINE.decide_folded(state_, move % seats, Increment(), rng)
        state_ = ENGINE.evolve(state_, events[0])
        assert state_ == folded and ENGINE.view(state_, None) == {"value": move + 1, "goal": 9}
    outcome = ENGINE.outcome(state_)
    assert outcome is not None and outcome.ranking == (tuple(range(seats)),)
    assert ENGINE.seats_to_act(state_) == ()
    with pytest.raises(RuleViolation, match="goal"):
        ENGINE.decide(state_, 0, Increment(), rng)


def test_a_server_told_to_serve_the_counter_plays_it_by_submit_and_by_play(tmp_path: Path) -> None:
    with frontier_serving(tmp_path, ORGANISER, "--engine", COUNTER_ENGINE) as address:
        client = Client(address)
        try:
            listed = client.call("ListGameTypes", frontier_pb2.ListGameTypesRequest())
            assert "counter" in [t.game for t in listed.games]
            # SubmitCommand, the command as JSON from ListLegalCommands
            game = created(client, seats=2, goal=6)
            for move in range(3):
                (command,) = legal(client, game, move % 2).commands
                assert command.WhichOneof("game") == "json"
                assert json.loads(command.json) == encode(Increment())
                submit(client, game, move % 2, command)
            current = state(client, game.game_id, ORGANISER)
            assert json.loads(current.view_json) == {"value": 3, "goal": 6}
            assert current.WhichOneof("typed_view") is None  # no typed messages: view_json holds it
            assert list(current.seats_to_act) == [1]
            refused = failure(
                lambda: submit(client, game, 0, frontier_pb2.Command(json='{"kind":"increment"}'))
            )
            assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOT_YOUR_TURN")
            malformed = failure(lambda: submit(client, game, 1, frontier_pb2.Command(json='{"kind":"x"}')))
            assert (malformed.code, malformed.reason) == (
                grpc.StatusCode.INVALID_ARGUMENT,
                "MALFORMED_COMMAND",
            )
            typed = frontier_pb2.Command(most_wanted={"stay_put": {}})
            wrong = failure(lambda: submit(client, game, 1, typed))
            assert wrong.reason == "WRONG_GAME_COMMAND" and "command.json" in wrong.message
            # Play: one stream per seat, to the end
            sent = play_game(client, game.game_id, game.tokens, random.Random(1))
            assert sent == 3
            final = state(client, game.game_id, ORGANISER)
            assert final.status == "finished" and json.loads(final.view_json) == {"value": 6, "goal": 6}
            assert [list(tier.seats) for tier in final.outcome.ranking] == [[0, 1]]
            # a game with typed messages takes no JSON command
            most_wanted = Game(*created_ids(client, "most-wanted", 2))
            seat = state(client, most_wanted.game_id, ORGANISER).seats_to_act[0]
            as_json = frontier_pb2.Command(json=json.dumps({"kind": "stay_put"}))
            refused = failure(lambda: submit(client, most_wanted, seat, as_json))
            assert refused.reason == "WRONG_GAME_COMMAND" and "command.most_wanted" in refused.message
        finally:
            client.close()


def test_a_server_not_told_to_serve_the_counter_refuses_it(tmp_path: Path) -> None:
    with frontier_serving(tmp_path, ORGANISER) as address:
        client = Client(address)
        try:
            listed = client.call("ListGameTypes", frontier_pb2.ListGameTypesRequest())
            assert "counter" not in [t.game for t in listed.games]
            refused = failure(lambda: created(client, seats=2, goal=6))
            assert (refused.code, refused.reason) == (grpc.StatusCode.NOT_FOUND, "UNKNOWN_GAME")
        finally:
            client.close()


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("tests.benchmarks.counter_game", "expected MODULE:ATTR"),
        ("tests.benchmarks.no_such_module:ENGINE", "cannot import"),
        ("tests.benchmarks.counter_game:Increment", "is not an engine"),
        ("engines.most_wanted:ENGINE", "already taken"),
    ],
)
def test_serve_refuses_an_engine_path_it_cannot_serve(tmp_path: Path, path: str, said: str) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "service.cli",
            "serve",
            "--port",
            "0",
            "--data",
            str(tmp_path),
            "--engine",
            path,
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0 and said in done.stderr, done.stderr


def created_ids(client: Client, game: str, seats: int, **options: int) -> tuple[str, str, dict[int, str]]:
    request = frontier_pb2.CreateGameRequest(game=game, seats=seats, players=[f"p{i}" for i in range(seats)])
    request.options.update(options)
    reply = client.call("CreateGame", request, token=ORGANISER)
    return reply.game_id, game, {grant.seat: grant.token for grant in reply.seats}


def created(client: Client, seats: int, **options: int) -> Game:
    return Game(*created_ids(client, "counter", seats, **options))
