"""A seat's legal commands are encoded once per distinct list, and the one-call form is the list itself."""

from __future__ import annotations

import random
from pathlib import Path

from engines.bot import random_command
from service.config import Settings
from service.core.auth import Caller
from service.core.convert import command_to_proto
from service.core.games import Games
from service.core.records import FINISHED
from service.generated.frontier.v1 import frontier_pb2
from service.play.legal import LegalCommands, legal_commands_of


def test_a_waiting_seat_keeps_its_encoding_and_every_form_is_the_engines_list(tmp_path: Path) -> None:
    app = Games(env=Settings.from_env(data=tmp_path, store="sqlite").store_env())
    record, grants = app.create_game("most-wanted", 4, [f"bot {i}" for i in range(4)], {}, "legal reuse")
    callers = {seat: Caller(token) for seat, _, token in grants}
    chooser = random.Random(7)
    last: dict[int, LegalCommands] = {}
    reused = checked = 0
    while record.status != FINISHED and checked < 400:
        for seat in record.seats_to_act:
            legal = legal_commands_of(record, seat)
            engine = record.engine
            expected = [command_to_proto(engine, c) for c in engine.legal_commands(record.state, seat)]
            assert [frontier_pb2.Command.FromString(b) for b in legal.encoded] == expected
            assert list(frontier_pb2.PlayUpdate.FromString(legal.play_update).legal_commands) == expected
            reused += legal is last.get(seat)
            last[seat] = legal
            checked += 1
        seat = chooser.choice(record.engine.seats_to_act(record.state))
        command = random_command(record.engine, record.state, seat, chooser)
        assert command is not None
        record = app.submit(record.header.game_id, callers[seat], f"c{checked}", None, command).record
    assert reused > 0  # some seat's list outlived a version and was not encoded again
