"""The autopilot choice (the first legal command) ends every game at every seat count.

The server plays it for a seat that resigned (replay/table.py), so a game with seats out must still
end; the audit re-derives it, so it must be the same every time from the same state.
"""

from __future__ import annotations

import pytest

from engines.base import fold
from engines.bot import autopilot_command
from engines.registry import game_ids, get_engine
from engines.rng import SeededRng

# The longest autopilot game measured is 17,601 steps: Most Wanted at 8 seats, where seats that
# join and then withdraw at once leave each robbery to its declarer until the 400-turn cap.
MAX_STEPS = 20_000


@pytest.mark.parametrize("game", game_ids())
def test_autopilot_ends_every_game_at_every_seat_count(game: str) -> None:
    engine = get_engine(game)
    for seats in range(engine.min_seats, engine.max_seats + 1):
        seed = bytes([seats]) * 32
        state = fold(engine, None, engine.setup(engine.options({}), seats, SeededRng(seed, game, 0)))
        for version in range(1, MAX_STEPS):
            if engine.outcome(state) is not None:
                break
            seat = engine.seats_to_act(state)[0]
            command = autopilot_command(engine, state, seat)
            assert command is not None, f"{game}, {seats} seats: seat {seat + 1} is to act with nothing to do"
            assert command == autopilot_command(engine, state, seat), "the choice is deterministic"
            state = fold(engine, state, engine.decide(state, seat, command, SeededRng(seed, game, version)))
        assert engine.outcome(state) is not None, f"{game} with {seats} seats did not end by autopilot"
