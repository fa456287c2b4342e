"""The engine contract, checked the same way for every registered game.

Random playouts (OpenSpiel's `random_sim_test` idea): after every step the
events and commands survive the JSON codec and the typed proto, the same
seeds give the same game, every seat's view and every redacted event is JSON,
and a finished game has an outcome.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from engines.base import SPECTATOR, Engine
from engines.codec import Codec, encode
from engines.registry import game_ids, get_engine
from engines.simulate import playout
from service.core.convert import command_from_proto, command_to_proto

GAMES = game_ids()


def run(engine: Engine, seats: int, seed: bytes, bot_seed: int) -> list[Any]:
    return list(playout(engine, seats, seed=seed, bot_seed=bot_seed))


@pytest.mark.parametrize("game", GAMES)
def test_same_seeds_give_the_same_game(game: str) -> None:
    engine = get_engine(game)
    first = run(engine, engine.min_seats, b"same", 1)
    second = run(engine, engine.min_seats, b"same", 1)
    assert [(s.seat, s.command, s.events, s.draws) for s in first] == [
        (s.seat, s.command, s.events, s.draws) for s in second
    ]
    other = run(engine, engine.min_seats, b"other", 1)
    assert [s.events for s in other] != [s.events for s in first]


@pytest.mark.parametrize("game", GAMES)
def test_messages_survive_json_and_proto(game: str) -> None:
    engine = get_engine(game)
    events, commands = Codec(engine.events), Codec(engine.commands)
    for seats in (engine.min_seats, engine.max_seats):
        for step in playout(engine, seats, seed=b"codec", bot_seed=seats):
            for event in step.events:
                data = json.loads(json.dumps(encode(event)))
                assert events.decode(data) == event
            if step.command is not None:
                assert commands.decode(json.loads(json.dumps(encode(step.command)))) == step.command
                assert command_from_proto(engine, command_to_proto(engine, step.command)) == step.command


@pytest.mark.parametrize("game", GAMES)
def test_views_and_redaction_are_json_for_every_viewer(game: str) -> None:
    engine = get_engine(game)
    seats = engine.min_seats + 1 if engine.max_seats > engine.min_seats else engine.min_seats
    viewers = [None, SPECTATOR, *range(seats)]
    last = None
    for step in playout(engine, seats, seed=b"views", bot_seed=2):
        for viewer in viewers:
            json.dumps(engine.view(step.state, viewer))
            for event in step.events:
                shown = engine.redact(event, viewer)
                assert shown.kind == event.kind
                json.dumps(encode(shown))
        for event in step.events:
            assert engine.redact(event, None) == event
        waiting = engine.seats_to_act(step.state)
        if engine.outcome(step.state) is None:
            assert waiting
            for seat in waiting:
                assert engine.legal_commands(step.state, seat)
        last = step
    assert last is not None
    outcome = engine.outcome(last.state)
    assert outcome is not None and outcome.winners
    assert all(0 <= s < seats for tier in outcome.ranking for s in tier)


@pytest.mark.parametrize("game", game_ids())
def test_a_bot_leaning_fully_always_takes_the_first_legal_command(game: str) -> None:
    engine = get_engine(game)
    steps = list(itertools.islice(playout(engine, engine.min_seats, seed=b"lean", lean=1.0), 40))
    for before, step in itertools.pairwise(steps):
        assert step.seat is not None
        assert step.command == engine.legal_commands(before.state, step.seat)[0]


@pytest.mark.parametrize("game", game_ids())
def test_a_uniform_bot_does_not_always_take_the_first_legal_command(game: str) -> None:
    engine = get_engine(game)
    steps = list(itertools.islice(playout(engine, engine.min_seats, seed=b"lean"), 40))
    firsts = [
        step.command == engine.legal_commands(before.state, step.seat)[0]
        for before, step in itertools.pairwise(steps)
        if step.seat is not None and len(engine.legal_commands(before.state, step.seat)) > 1
    ]
    assert firsts and not all(firsts)
