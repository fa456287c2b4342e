"""Attack: does a seat's Play stream deliver each step exactly once?

A seat's own command is answered by its command id, and the same step is also published to the
game's watchers; the stream must not send it a second time as a push (a client that applies each
step's events would apply that move twice).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from typing import Any

import pytest

from service.client import Client, play_game
from tests.conftest import ORGANISER
from tests.service.helpers import create, state


@pytest.mark.parametrize("game", ["most-wanted", "western-legends"])
def test_every_step_reaches_each_seat_once(client: Client, game: str) -> None:
    g = create(client, game, 3)
    counts: dict[int, Counter[int]] = defaultdict(Counter)

    def observe(seat: int, update: Any) -> None:
        if update.HasField("step"):
            counts[seat][update.step.version] += 1

    play_game(client, g.game_id, g.tokens, random.Random(4), observe=observe)
    final = state(client, g.game_id, ORGANISER)
    for seat, seen in counts.items():
        twice = sorted(v for v, n in seen.items() if n > 1)
        assert twice == [], f"seat {seat} was sent steps {twice} more than once"
        assert set(seen) == set(range(2, final.version + 1))
