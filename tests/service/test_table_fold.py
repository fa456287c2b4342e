"""One fold of a line's table effects (replay/table_fold.py), used by the server's record and the audit.

Property: random clocked games with timeouts, resignations, takebacks, autopilot moves and resume
marks leave the server's record and the audit with the same table, clocks and takeback horizon
after every action. A change in the fold's result is seen by both: the server records it and the
audit under the same fold agrees, while the audit under the unchanged fold refuses the log. And the
rule that holds it: neither user folds a table effect itself.

The games run in the real application on a real SQLite file, with its clock set by the test (as
tests/service/test_clock_properties.py runs them).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from replay.clock import Clocks
from replay.table import Table
from replay.table_fold import TableRules
from replay.takebacks import Horizon
from replay.verify import final_state_hash, verify
from service.config import Settings
from service.core.exchange import stored_record
from service.core.games import Games
from service.core.records import GameRecord
from tests.service.test_clock_properties import (
    ACTION,
    CONTROLS,
    GAMES,
    POLICIES,
    FakeClock,
    act,
    create,
    play,
)

ROOT = Path(__file__).resolve().parents[2]
USERS = ("service/core/records.py", "replay/verify.py")
# What folds a table effect; only replay/table_fold.py calls these.
FOLDING_NAMES = {"ruled", "moved", "extend", "seats_on_clock"}
FOLDING_METHODS = {"after", "start"}  # Clocks.after and Clocks.start


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Games, FakeClock]]:
    games = Games(env=Settings(data=tmp_path_factory.mktemp("table-fold"), port=0).store_env())
    clock = FakeClock()
    games.now = clock
    yield games, clock
    games.close()


def _horizon(engine: Any, past: Horizon | None, format_version: int) -> list[tuple[int, str]]:
    """The kept versions, each with its state's hash, newest first."""
    kept: list[tuple[int, str]] = []
    while past is not None:
        kept.append((past.version, final_state_hash(engine, past.state, format_version)))
        past = past.earlier
    return kept


def assert_agree(games: Games, game_id: str) -> None:
    """The server's record and the audit of its log hold the same table, clocks and horizon."""
    record: GameRecord = games.get(game_id)
    header, lines, _ = stored_record(games, record, reveal_seed=False)
    checked = verify(header, lines, None)
    assert checked.ok, checked.problem
    audited = checked.table_side
    assert audited is not None
    assert audited.table == record.table
    # The audit starts the clocks with the first line after the deal, the server at the deal.
    started = record.table_rules.started(record.state, Table()) if record.state is not None else None
    assert (audited.clocks or started) == record.clocks
    engine, version = record.engine, header.format_version
    assert _horizon(engine, audited.past, version) == _horizon(engine, record.past, version)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    game=st.sampled_from(GAMES),
    control=st.sampled_from(CONTROLS),
    policy=st.sampled_from(POLICIES),
    actions=st.lists(ACTION, max_size=40),
)
def test_the_server_and_the_audit_fold_every_line_alike(
    app: tuple[Games, FakeClock], game: str, control: str, policy: str, actions: Any
) -> None:
    games, clock = app
    game_id, tokens = create(games, game, control, policy)
    assert_agree(games, game_id)
    for kind, value in actions:
        act(games, clock, game_id, tokens, kind, value)
        assert_agree(games, game_id)


def _bonus_after(original: Callable[..., Clocks | None]) -> Callable[..., Clocks | None]:
    """A fold that gives a seat 250 ms more after each of its own moves."""

    def clocks_after(self: TableRules, charged: Clocks | None, *args: Any, **kwargs: Any) -> Clocks | None:
        after = original(self, charged, *args, **kwargs)
        mover = kwargs.get("moved")
        if after is None or mover is None:
            return after
        left = tuple(t + 250 if s == mover else t for s, t in enumerate(after.left_ms))
        return Clocks(left, after.think_ms, after.to_act)

    return clocks_after


def test_a_change_in_the_fold_is_seen_by_both(
    app: tuple[Games, FakeClock], monkeypatch: pytest.MonkeyPatch
) -> None:
    games, clock = app
    script = [("wait", 400), ("move", 0), ("wait", 300), ("move", 0), ("wait", 200), ("move", 0)]
    plain = play(games, clock, GAMES[0], "3s+1s", "forfeit", script)
    monkeypatch.setattr(TableRules, "clocks_after", _bonus_after(TableRules.clocks_after))
    changed = play(games, clock, GAMES[0], "3s+1s", "forfeit", script)
    assert_agree(games, changed)  # the server's record and the audit agree under the changed fold
    header, lines, trailer = stored_record(games, games.get(changed), reveal_seed=True)
    assert verify(header, lines, trailer).ok
    plain_clocks, changed_clocks = games.get(plain).clocks, games.get(changed).clocks
    assert plain_clocks is not None and changed_clocks is not None
    assert changed_clocks.left_ms != plain_clocks.left_ms, "the server's record took the changed fold"
    monkeypatch.undo()
    refused = verify(header, lines, trailer)
    assert refused.problem is not None and refused.problem.code == "CLOCK_DIFFERS"


def folding_calls(source: str) -> list[str]:
    """The table effects a module folds itself: imports of a folding function, calls of Clocks'."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("replay."):
            found += [alias.name for alias in node.names if alias.name in FOLDING_NAMES]
        called = node.func if isinstance(node, ast.Call) else None
        if isinstance(called, ast.Attribute) and called.attr in FOLDING_METHODS:
            found.append(f".{called.attr}()")
    return found


@pytest.mark.parametrize("user", USERS)
def test_neither_user_folds_a_table_effect_itself(user: str) -> None:
    assert folding_calls((ROOT / user).read_text()) == [], f"{user} folds a table effect outside the fold"


def test_the_check_sees_a_table_effect_folded_outside() -> None:
    assert folding_calls("from replay.table import moved\n") == ["moved"]
    assert folding_calls("clocks = charged.after(control, moved=1, timed_out=None, to_act=())\n") == [
        ".after()"
    ]
