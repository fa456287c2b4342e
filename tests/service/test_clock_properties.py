"""Property: random games with random waits, moves, timeouts, resignations, takebacks, autopilot
moves and resume marks (restarts) audit as passed, and a resealed edit of any clock reading a seat's
time depends on, or of a timeout line, fails the audit.

The games run in the real application on a real SQLite file, with the clock it stamps every line
with (`Games.now`) set by the test, so hypothesis decides how long each seat thinks.
"""

from __future__ import annotations

import contextlib
import itertools
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings, target
from hypothesis import strategies as st

from replay.forgeries import reseal
from replay.record import Entry, Line, RulingLine
from replay.verify import verify
from service.config import Settings
from service.core.auth import Caller
from service.core.creation import create_game
from service.core.errors import ServiceError
from service.core.exchange import stored_record
from service.core.games import Games
from service.core.rulings import record_due, resume_clocks, rule
from service.core.takebacks import answer_takeback, request_takeback
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import move_at_random
from tests.sizes import sized

GAMES = available_games()
ORGANISER_CALLER = Caller(token=ORGANISER, is_organiser=True)
CONTROLS = ["1s/move", "3s+1s", "2s"]
POLICIES = ["forfeit", "autopilot", "pause"]


class FakeClock:
    def __init__(self) -> None:
        self.at = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at

    def wait(self, ms: int) -> None:
        self.at += timedelta(milliseconds=ms)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Games, FakeClock]]:
    data: Path = tmp_path_factory.mktemp("clock-properties")
    games = Games(env=Settings(data=data, port=0).store_env())
    clock = FakeClock()
    games.now = clock
    yield games, clock
    games.close()


# Moves most often, waits of up to 2.5 s (past a 1-2 s allowance now and then), and now and
# then the keeper's call, a takeback or a resignation: (kind, its share in 100, its argument).
KINDS = [
    ("move", 50, st.integers(0, 50)),
    ("wait", 30, st.integers(0, 2500)),
    ("timeout", 5, st.just(0)),
    ("takeback", 12, st.integers(0, 2)),
    ("resign", 3, st.integers(0, 2)),
    ("restart", 5, st.integers(0, 5000)),  # the server away that long, then a resume mark
]
ACTION = st.sampled_from([(kind, argument) for kind, share, argument in KINDS for _ in range(share)]).flatmap(
    lambda picked: st.tuples(st.just(picked[0]), picked[1])
)
ACTIONS = st.lists(ACTION, max_size=60)


def play(app: Games, clock: FakeClock, game: str, control: str, policy: str, actions: Any) -> str:
    game_id, tokens = create(app, game, control, policy)
    for kind, value in actions:
        act(app, clock, game_id, tokens, kind, value)
    return game_id


def create(app: Games, game: str, control: str, policy: str) -> tuple[str, dict[int, str]]:
    """A new three-seat game with a clock and takebacks by consent, and its seats' tokens."""
    record, grants = create_game(
        app,
        game,
        3,
        ["a", "b", "c"],
        {},
        "props",
        time_control=control,
        timeout_policy=policy,
        takeback_policy="consent",
    )
    return record.header.game_id, {seat: token for seat, _, token in grants}


def act(app: Games, clock: FakeClock, game_id: str, tokens: dict[int, str], kind: str, value: int) -> None:
    """One action of a random game; a refusal stores nothing."""
    try:
        if kind == "wait":
            clock.wait(value)
        elif kind == "timeout":
            record_due(app, game_id)
        elif kind == "restart":  # the last heartbeat now, the server back `value` ms later
            kept_until = clock()
            clock.wait(value)
            resume_clocks(app, game_id, kept_until)
        elif kind == "resign":
            rule(app, game_id, Caller(token=tokens[value]), "resign")
        elif kind == "takeback":  # the last mover asks for its command back; every other seat agrees
            moves = [e for e in app.entries(game_id) if isinstance(e, Entry) and e.by is None]
            asker = moves[-1].seat if moves else value
            request_takeback(app, game_id, Caller(token=tokens[asker]), None)
            for seat in range(3):
                if seat != asker:
                    with contextlib.suppress(ServiceError):
                        answer_takeback(app, game_id, Caller(token=tokens[seat]), True)
        else:
            move_at_random(app, game_id, tokens, value)
    except ServiceError:
        pass  # refused (out of time, paused, over, out): a refusal stores nothing


def clock_edits(lines: list[Line]) -> Iterator[list[Line]]:
    """Every single edit of a clock reading a seat's time depends on, and of each timeout line."""
    for index, line in enumerate(lines):
        if not isinstance(line, (Entry, RulingLine)) or line.clock is None:
            continue
        clock = dict(line.clock)
        edits: list[dict[str, Any]] = []
        if "used_ms" in clock:  # a seat on the clock moved or timed out: its time hangs on both
            edits += [
                {**clock, "used_ms": int(clock["used_ms"]) + 1},
                {**clock, "elapsed_ms": int(clock["elapsed_ms"]) + 7},
            ]
        if "stopped_ms" in clock:  # a resume mark: its charged time counts, its downtime does not
            edits += [
                {**clock, "elapsed_ms": int(clock["elapsed_ms"]) + 7},
                {**clock, "elapsed_ms": int(clock["elapsed_ms"]) + int(clock["stopped_ms"]), "stopped_ms": 0},
            ]
        left = list(clock["left_ms"])
        for seat in range(len(left)):
            edits.append({**clock, "left_ms": [v - 1 if s == seat else v for s, v in enumerate(left)]})
        for edited in edits:
            yield [*lines[:index], replace(line, clock=edited), *lines[index + 1 :]]
        if isinstance(line, RulingLine) and line.ruling == "timeout":
            other = (line.seat or 0) + 1
            yield [*lines[:index], replace(line, seat=other % 3), *lines[index + 1 :]]


@settings(
    max_examples=sized(20, 60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    game=st.sampled_from(GAMES),
    control=st.sampled_from(CONTROLS),
    policy=st.sampled_from(POLICIES),
    actions=ACTIONS,
)
def test_random_clocked_games_audit_and_every_clock_edit_fails(
    app: tuple[Games, FakeClock], game: str, control: str, policy: str, actions: Any
) -> None:
    games, clock = app
    game_id = play(games, clock, game, control, policy, actions)
    header, lines, trailer = stored_record(games, games.get(game_id), reveal_seed=True)
    checked = verify(header, lines, trailer)
    assert checked.ok, checked.problem
    target(float(len(lines)))  # steer towards long games
    rulings = sorted({line.ruling for line in lines if isinstance(line, RulingLine)})
    event(f"rulings: {', '.join(rulings) or 'none'}")
    for edited in itertools.islice(clock_edits(lines), 60):
        forged = verify(*reseal(header, edited, trailer))
        assert not forged.ok, "a resealed clock edit passed the audit"


def test_the_property_reaches_timeouts_and_autopilot_moves(app: tuple[Games, FakeClock]) -> None:
    """The strategy is not idle: a plain script reaches each kind of line it is meant to test."""
    games, clock = app
    game_id = play(games, clock, GAMES[0], "1s/move", "autopilot", [("wait", 1500), ("timeout", 0)] * 3)
    _, lines, _ = stored_record(games, games.get(game_id), reveal_seed=True)
    assert [line for line in lines if isinstance(line, RulingLine) and line.ruling == "timeout"]
    assert [line for line in lines if isinstance(line, Entry) and line.by == "autopilot"]
    taken = play(games, clock, "western-legends", "3s+1s", "forfeit", [("move", 0), ("takeback", 0)] * 4)
    header, lines, trailer = stored_record(games, games.get(taken), reveal_seed=True)
    assert [line for line in lines if isinstance(line, RulingLine) and line.ruling == "takeback"]
    assert verify(header, lines, trailer).ok, "a takeback in a game with a clock audits as passed"
    resumed = play(
        games, clock, GAMES[0], "1s/move", "forfeit", [("wait", 300), ("restart", 4000), ("move", 0)]
    )
    header, lines, trailer = stored_record(games, games.get(resumed), reveal_seed=True)
    (mark,) = [line for line in lines if isinstance(line, RulingLine) and line.ruling == "resume"]
    assert mark.clock is not None and (mark.clock["elapsed_ms"], mark.clock["stopped_ms"]) == (300, 4000)
    assert not [line for line in lines if isinstance(line, RulingLine) and line.ruling == "timeout"]
    assert verify(header, lines, trailer).ok, "a resume mark audits as passed"
