"""The fast encoding of legal commands is byte for byte the general converter's, in every game."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.registry import get_engine
from engines.simulate import playout
from play.legal import command_bytes
from service.convert import command_from_proto, command_to_proto
from service.generated.frontier.v1 import frontier_pb2

GAMES = ("most-wanted", "deadwood-1876", "western-legends")


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3, deadline=None)
@given(seed=st.binary(min_size=8, max_size=8), bot_seed=st.integers(0, 2**16), seats=st.integers(2, 4))
def test_every_legal_command_of_random_games_encodes_as_the_converter_does(
    game: str, seed: bytes, bot_seed: int, seats: int
) -> None:
    engine = get_engine(game)
    checked = 0
    for step in playout(engine, seats, seed=seed, bot_seed=bot_seed, lean=0.5, max_steps=400):
        for seat in engine.seats_to_act(step.state):
            for command in engine.legal_commands(step.state, seat):
                encoded = command_bytes(engine, command)
                assert encoded == command_to_proto(engine, command).SerializeToString()
                assert command_from_proto(engine, frontier_pb2.Command.FromString(encoded)) == command
                checked += 1
        if step.version > 300:
            break
    assert checked > 0
