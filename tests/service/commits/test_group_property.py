"""Property: commands grouped into shared transactions give the same logs as one at a time.

Hypothesis draws a few games and a schedule of rounds; in each round some of the games send
their next command at once, lined up so they share a transaction (see `held.py`). The same
games, dealt alike, then play the same commands one at a time on another SQLite file. Every
game's stored events and entries must match, apart from what names the game itself (its id,
and the salts and hashes derived from it).
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.commands import Accepted, submit
from service.core.games import Games
from service.core.records import FINISHED
from tests.service.commits.held import HeldGames, at_once, new_game, next_command, store_env

GAMES = ("deadwood-1876", "most-wanted", "western-legends")


def stored(app: Games, game_id: str) -> list[Any]:
    """The game's stored events as (kind, version, entry content without salts and hashes)."""
    out: list[Any] = []
    for event in app.events.get(app.get(game_id).id):
        entry = getattr(event, "entry", None)
        content = None
        if entry is not None:
            content = {k: entry[k] for k in ("version", "seat", "command", "draws", "events")}
        out.append((type(event).__name__, event.originator_version, content))
    return out


def play(
    app: Games, kinds: list[int], seed: int, rounds: list[list[int]], grouped: bool
) -> tuple[list[list[Any]], int]:
    """Play the schedule; the stored events of each game, and how many rounds sent 3 or more commands."""
    games = [new_game(app, i, GAMES[kind], seed=bytes([seed % 256, i]) * 16) for i, kind in enumerate(kinds)]
    choosers = [random.Random(seed * 31 + i) for i in range(len(games))]
    large = 0
    for number, round_ in enumerate(rounds):
        calls: list[Callable[[], Accepted]] = []
        for index in dict.fromkeys(i % len(games) for i in round_):  # each game once a round
            game_id, tokens = games[index]
            if app.get(game_id).status == FINISHED:
                continue
            caller, command = next_command(app, game_id, tokens, choosers[index])
            calls.append(partial(submit, app, game_id, caller, f"r{number}", None, command))
        large += len(calls) >= 3
        if grouped and isinstance(app, HeldGames) and calls:
            results: list[Accepted | BaseException] = at_once(app, calls)
        else:
            results = [call() for call in calls]
        assert all(isinstance(r, Accepted) and not r.duplicate for r in results), results
    return [stored(app, game_id) for game_id, _ in games], large


@settings(max_examples=15, deadline=None)
@given(
    kinds=st.lists(st.integers(0, len(GAMES) - 1), min_size=2, max_size=4),
    seed=st.integers(0, 2**16),
    rounds=st.lists(st.lists(st.integers(0, 3), min_size=1, max_size=4), min_size=1, max_size=8),
)
def test_grouped_commands_store_the_same_logs_as_one_at_a_time(
    kinds: list[int], seed: int, rounds: list[list[int]]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        grouped_app = HeldGames(store_env(Path(folder) / "grouped"))
        plain_app = Games(env=store_env(Path(folder) / "plain"))
        try:
            grouped, large = play(grouped_app, kinds, seed, rounds, grouped=True)
            plain, _ = play(plain_app, kinds, seed, rounds, grouped=False)
            counts = grouped_app.committer.counts()
        finally:
            grouped_app.close()
            plain_app.close()
    assert grouped == plain
    # A round of three or more commands: the first transaction held, the rest grouped behind it.
    assert counts.grouped == large
