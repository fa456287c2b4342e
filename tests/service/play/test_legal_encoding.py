"""The fast encoding of legal commands is byte for byte the general converter's, in every game."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.base import Command
from engines.codec import encode
from engines.registry import get_engine
from engines.simulate import playout
from service.core.convert import command_from_proto, command_to_proto
from service.generated.frontier.v1 import frontier_pb2
from service.play.legal import _constructor_fields, command_bytes, repeated_field_bytes

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


def json_form(command: Command) -> dict[str, Any]:
    """The plain path: the command's JSON form, less its envelope and its absent fields."""

    def without_nulls(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: without_nulls(v) for k, v in value.items() if v is not None}
        if isinstance(value, list):
            return [without_nulls(v) for v in value]
        return value

    data = encode(command)
    del data["kind"], data["v"]
    return without_nulls(data)  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3, deadline=None)
@given(seed=st.binary(min_size=8, max_size=8), bot_seed=st.integers(0, 2**16))
def test_constructor_fields_are_the_json_form_without_nulls(game: str, seed: bytes, bot_seed: int) -> None:
    engine = get_engine(game)
    checked = 0
    for step in playout(engine, 3, seed=seed, bot_seed=bot_seed, lean=0.5, max_steps=2000):
        for seat in engine.seats_to_act(step.state):
            for command in engine.legal_commands(step.state, seat):
                assert _constructor_fields(command) == json_form(command)
                checked += 1
        if step.version > 200:
            break
    assert checked > 0


# Every message that carries legal commands, and the name of its repeated Command field.
CARRIERS = (
    (frontier_pb2.PlayUpdate, "legal_commands"),
    (frontier_pb2.SubmitCommandResponse, "legal_commands"),
    (frontier_pb2.ListLegalCommandsResponse, "commands"),
)


def one_by_one(kind: Any, field: str, encoded: tuple[bytes, ...]) -> Any:
    """The plain way: one `add()` and merge per command."""
    message = kind()
    add = getattr(message, field).add
    for command in encoded:
        add().MergeFromString(command)
    return message


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=3, deadline=None)
@given(seed=st.binary(min_size=8, max_size=8), bot_seed=st.integers(0, 2**16))
def test_legal_commands_merged_as_one_field_are_the_commands_added_one_by_one(
    game: str, seed: bytes, bot_seed: int
) -> None:
    engine = get_engine(game)
    lists = 0
    for step in playout(engine, 3, seed=seed, bot_seed=bot_seed, lean=0.5, max_steps=400):
        if step.version > 100:
            break
        for seat in engine.seats_to_act(step.state):
            encoded = tuple(command_bytes(engine, c) for c in engine.legal_commands(step.state, seat))
            for kind, field in CARRIERS:
                number = kind.DESCRIPTOR.fields_by_name[field].number
                merged = kind.FromString(repeated_field_bytes(number, encoded))
                expected = one_by_one(kind, field, encoded)
                assert merged == expected
                assert merged.SerializeToString() == expected.SerializeToString()
            lists += 1
    assert lists > 0


@pytest.mark.parametrize("size", [0, 1, 127, 128, 16_383, 16_384, 300_000])
def test_a_command_of_any_length_survives_the_joined_field(size: int) -> None:
    """Lengths across every varint width: one, two and three bytes."""
    command = frontier_pb2.Command(json="x" * size).SerializeToString()
    encoded = (command, b"", command)
    for kind, field in CARRIERS:
        number = kind.DESCRIPTOR.fields_by_name[field].number
        assert kind.FromString(repeated_field_bytes(number, encoded)) == one_by_one(kind, field, encoded)
