"""The Play stream over real gRPC on a real server: one message per move, exactly once, per seat only."""

from __future__ import annotations

import json
import queue
import random
import uuid
from collections import defaultdict
from typing import Any

import grpc
import pytest

from engines.codec import encode
from engines.registry import get_engine
from service.client import Client, SeatStream, play_game
from service.core.records import decode_events
from service.core.views import to_json
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.helpers import Game, create, failure, legal, state, submit

GAMES = ("most-wanted", "deadwood-1876", "western-legends")
WAIT = 30.0


def take(inbox: queue.Queue[tuple[int, Any]], *, command_id: str | None = None) -> Any:
    """The next message (or the answer to `command_id`) from a stream's inbox; a stream error is raised."""
    while True:
        _, update = inbox.get(timeout=WAIT)
        if isinstance(update, grpc.RpcError):
            raise update
        if command_id is None or update.command_id == command_id:
            return update


def opened(client: Client, game: Game, seat: int, **kwargs: Any) -> tuple[SeatStream, queue.Queue[Any]]:
    inbox: queue.Queue[tuple[int, Any]] = queue.Queue()
    return SeatStream(client, game.game_id, seat, game.tokens[seat], inbox, **kwargs), inbox


def exported_entries(client: Client, game_id: str) -> dict[int, list[dict[str, Any]]]:
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    lines = [json.loads(line) for line in content.splitlines() if line.strip()]
    return {line["version"]: line["events"] for line in lines if line.get("type") == "entry"}


@pytest.mark.parametrize("game", GAMES)
def test_every_seat_plays_a_game_to_its_end_one_message_per_move(client: Client, game: str) -> None:
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

    commands = play_game(client, g.game_id, g.tokens, random.Random(4), observe=observe)
    final = state(client, g.game_id, ORGANISER)
    assert final.status == "finished"
    assert final.version == 1 + commands  # one entry per command sent: nothing twice, nothing lost
    assert compared[0] > 0
    engine = get_engine(game)
    entries = exported_entries(client, g.game_id)
    for seat, updates in seen.items():
        assert {u.seat for u in updates if not u.HasField("error")} == {seat}
        steps = {u.step.version: u.step for u in updates if u.HasField("step")}
        assert set(steps) == set(range(2, final.version + 1))  # every step reached every seat
        for update in updates:
            if update.legal_commands:  # only ever when this seat is to act, while the game goes on
                assert seat in update.seats_to_act and update.status == "in_progress"
            elif update.status == "in_progress" and update.version == update.step.version:
                assert seat not in update.step.seats_to_act or not update.step.seats_to_act
        for version, step in steps.items():
            # Oracle: the engine's redaction for this seat (the finished game's last step shows all).
            viewer = None if version == final.version else seat
            expected = [
                to_json(encode(engine.redact(event, viewer) if viewer is not None else event))
                for event in decode_events(game, entries[version])
            ]
            assert [e.json for e in step.events] == expected, (seat, version)


@pytest.mark.parametrize("game", GAMES)
def test_each_seat_is_pushed_its_own_legal_commands_and_no_one_elses(client: Client, game: str) -> None:
    g = create(client, game, 3)
    streams = {seat: opened(client, g, seat) for seat in g.tokens}
    chooser = random.Random(9)
    try:
        current = state(client, g.game_id, ORGANISER)
        for seat, (_, inbox) in streams.items():
            opening = take(inbox)
            assert opening.seat == seat and opening.version == current.version
            expected = list(legal(client, g, seat).commands) if seat in current.seats_to_act else []
            assert list(opening.legal_commands) == expected
        for _ in range(15):  # moves by the unary path: every seat learns of them by its push
            if current.status == "finished":
                break
            actor = chooser.choice(list(current.seats_to_act))
            submit(client, g, actor, chooser.choice(list(legal(client, g, actor).commands)))
            current = state(client, g.game_id, ORGANISER)
            for seat, (_, inbox) in streams.items():
                pushed = take(inbox)
                assert (pushed.seat, pushed.version, pushed.command_id) == (seat, current.version, "")
                if seat in current.seats_to_act and current.status != "finished":
                    assert list(pushed.legal_commands) == list(legal(client, g, seat).commands)
                    assert pushed.legal_commands
                else:
                    assert list(pushed.legal_commands) == []
    finally:
        for stream, _ in streams.values():
            stream.close()


@pytest.mark.parametrize("game", GAMES)
def test_a_retry_on_a_reconnected_stream_is_recorded_once(client: Client, game: str) -> None:
    g = create(client, game, 3)
    before = state(client, g.game_id, ORGANISER)
    seat = before.seats_to_act[0]
    command = legal(client, g, seat).commands[0]
    # The first stream sends and is cut before its answer is read.
    first, _ = opened(client, g, seat)
    first.send("retry-1", command, before.version)
    first.close()
    second, inbox = opened(client, g, seat)
    try:
        take(inbox)  # the opening message
        second.send("retry-1", command, before.version)
        answered = take(inbox, command_id="retry-1")
        # A third attempt, on the same stream, answers the same.
        second.send("retry-1", command, before.version)
        third = take(inbox, command_id="retry-1")
    finally:
        second.close()
    assert not answered.HasField("error"), answered.error
    assert answered.step.version == third.step.version == before.version + 1
    assert third.duplicate
    assert [e.json for e in third.step.events] == [e.json for e in answered.step.events]
    assert state(client, g.game_id, ORGANISER).version == before.version + 1


def test_refused_commands_answer_with_their_status_record_nothing_and_keep_the_stream(client: Client) -> None:
    g = create(client, "most-wanted", 3)
    before = state(client, g.game_id, ORGANISER)
    actor = before.seats_to_act[0]
    idle = next(seat for seat in g.tokens if seat not in before.seats_to_act)
    command = legal(client, g, actor).commands[0]
    stream, inbox = opened(client, g, actor)
    idle_stream, idle_inbox = opened(client, g, idle)
    try:
        take(inbox)
        take(idle_inbox)
        cases = [
            (
                stream,
                inbox,
                frontier_pb2.PlayRequest(command_id="stale", command=command, expected_version=99),
            ),
            (stream, inbox, frontier_pb2.PlayRequest(command=command)),
            (stream, inbox, frontier_pb2.PlayRequest(command_id="no-command")),
            (
                stream,
                inbox,
                frontier_pb2.PlayRequest(game_id=str(uuid.uuid4()), command_id="other", command=command),
            ),
            (idle_stream, idle_inbox, frontier_pb2.PlayRequest(command_id="not-mine", command=command)),
        ]
        answers = []
        for sender, box, request in cases:
            sender.send_raw(request)
            answers.append(take(box).error)
        assert [(a.code, a.reason) for a in answers[:4]] == [
            ("ABORTED", "STALE_VERSION"),
            ("INVALID_ARGUMENT", "MISSING_FIELD"),
            ("INVALID_ARGUMENT", "MISSING_FIELD"),
            ("INVALID_ARGUMENT", "GAME_MISMATCH"),
        ]
        assert [a.field for a in answers[1:4]] == ["command_id", "command", "game_id"]
        assert answers[4].code == "FAILED_PRECONDITION" and answers[4].message
        assert all(a.message for a in answers)
        assert state(client, g.game_id, ORGANISER).version == before.version  # nothing recorded
        stream.send("fine", command, before.version)  # the stream still plays
        accepted = take(inbox, command_id="fine")
        assert not accepted.HasField("error") and accepted.step.version == before.version + 1
        stream.send("fine-again", command, before.version)  # the same move, now stale
        assert take(inbox, command_id="fine-again").error.reason == "STALE_VERSION"
    finally:
        stream.close()
        idle_stream.close()


def stream_failure(client: Client, request: frontier_pb2.PlayRequest, token: str | None) -> Any:
    def call() -> None:
        for _ in client.stub.Play(iter([request]), metadata=client.metadata(token), timeout=WAIT):
            pass

    return failure(call)


def test_opening_a_stream_fails_with_the_documented_statuses(client: Client) -> None:
    g = create(client, "most-wanted", 3)
    other = create(client, "most-wanted", 3)
    opening = frontier_pb2.PlayRequest(game_id=g.game_id)
    cases = {
        "no token": (opening, None),
        "the organiser": (opening, ORGANISER),
        "another game's seat": (opening, other.tokens[0]),
        "no game id": (frontier_pb2.PlayRequest(), g.tokens[0]),
        "an unknown game": (frontier_pb2.PlayRequest(game_id=str(uuid.uuid4())), g.tokens[0]),
        "a future version": (frontier_pb2.PlayRequest(game_id=g.game_id, from_version=99), g.tokens[0]),
    }
    found = {name: stream_failure(client, request, token) for name, (request, token) in cases.items()}
    assert {name: (f.code, f.reason) for name, f in found.items()} == {
        "no token": (grpc.StatusCode.UNAUTHENTICATED, "TOKEN_REQUIRED"),
        "the organiser": (grpc.StatusCode.PERMISSION_DENIED, "NOT_A_SEAT"),
        "another game's seat": (grpc.StatusCode.UNAUTHENTICATED, "UNKNOWN_TOKEN"),
        "no game id": (grpc.StatusCode.INVALID_ARGUMENT, "MISSING_FIELD"),
        "an unknown game": (grpc.StatusCode.NOT_FOUND, found["an unknown game"].reason),
        "a future version": (grpc.StatusCode.INVALID_ARGUMENT, "BAD_VERSION"),
    }
    assert all(f.message for f in found.values())


@pytest.mark.parametrize("game", GAMES)
def test_submit_command_answers_with_the_senders_legal_commands(client: Client, game: str) -> None:
    g = create(client, game, 3)
    chooser = random.Random(2)
    for _ in range(12):
        current = state(client, g.game_id, ORGANISER)
        if current.status == "finished":
            break
        seat = chooser.choice(list(current.seats_to_act))
        reply = submit(client, g, seat, chooser.choice(list(legal(client, g, seat).commands)))
        assert reply.legal_version == reply.version
        after = state(client, g.game_id, ORGANISER)
        if seat in after.seats_to_act and after.status != "finished":
            assert list(reply.legal_commands) == list(legal(client, g, seat).commands)
            assert reply.legal_commands
        else:
            assert list(reply.legal_commands) == []
