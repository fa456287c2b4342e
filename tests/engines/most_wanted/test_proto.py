"""Every Most Wanted command survives the typed proto message (proto/frontier/v1/most_wanted.proto)."""

from __future__ import annotations

from engines.most_wanted import ENGINE
from engines.most_wanted.commands import COMMANDS
from engines.simulate import playout
from service.core.convert import command_from_proto, command_to_proto
from service.generated.frontier.v1 import most_wanted_pb2


def test_the_oneof_names_every_command_kind_with_its_class_name() -> None:
    oneof = most_wanted_pb2.MostWantedCommand.DESCRIPTOR.oneofs_by_name["command"]
    types = {f.name: f.message_type.name if f.message_type else "" for f in oneof.fields}
    assert types == {c.kind: c.__name__ for c in COMMANDS}


def test_every_legal_command_of_a_random_game_round_trips_through_the_proto() -> None:
    kinds = set()
    for step in playout(ENGINE, 4, seed=b"proto", bot_seed=3, options={"first_player": "duel"}):
        for seat in ENGINE.seats_to_act(step.state):
            for command in ENGINE.legal_commands(step.state, seat):
                assert command_from_proto(ENGINE, command_to_proto(ENGINE, command)) == command
                kinds.add(command.kind)
    assert kinds == {c.kind for c in COMMANDS}
