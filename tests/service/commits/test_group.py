"""Group commit through the Games app on a real SQLite file: batches, conflicts, store errors.

Each test lines up a batch with `HeldGames` (the transaction that runs is held until the
others have queued behind it), so what was grouped is known and asserted by the committer's
counts, never by timing.
"""

from __future__ import annotations

import random
import sqlite3
import threading
from functools import partial
from pathlib import Path

import pytest

from service.core.commands import Accepted, submit
from service.core.commits.group import THREAD_NAME, GroupCommitter
from service.core.errors import Conflict, StoreUnavailable
from service.core.games import Games, canonical_json
from service.core.store_events import CommandAccepted
from tests.service.commits.held import HeldGames, at_once, new_game, next_command, store_env

WAIT = 10.0  # seconds: a save answered at all is answered in milliseconds


def stored_commands(data: Path, game_id: str) -> list[tuple[int, str, str]]:
    """(version, command id, command) of every stored command, read by a fresh app."""
    app = Games(env=store_env(data))
    try:
        return [
            (e.entry["version"], e.command_id, canonical_json(e.entry["command"]))
            for e in app.events.get(app.get(game_id).id)
            if isinstance(e, CommandAccepted)
        ]
    finally:
        app.close()


def test_concurrent_commands_of_different_games_share_one_transaction_and_are_each_stored_once(
    tmp_path: Path,
) -> None:
    app = HeldGames(store_env(tmp_path))
    games = [new_game(app, i) for i in range(6)]
    before = app.committer.counts()
    chooser = random.Random(1)
    moves = [next_command(app, game_id, tokens, chooser) for game_id, tokens in games]
    results = at_once(
        app,
        [
            partial(submit, app, g, caller, "c1", None, command)
            for (g, _), (caller, command) in zip(games, moves, strict=True)
        ],
    )
    counts = app.committer.counts()
    app.close()

    assert all(isinstance(r, Accepted) and not r.duplicate for r in results), results
    # One transaction for the first command, one for the five queued behind it.
    assert counts.saves - before.saves == 6
    assert counts.transactions - before.transactions == 2
    assert (counts.grouped, counts.largest, counts.split) == (1, 5, 0)
    for (game_id, _), result in zip(games, results, strict=True):
        assert isinstance(result, Accepted) and result.entry.version == 2
        assert stored_commands(tmp_path, game_id) == [(2, "c1", canonical_json(result.entry.command))]


def test_many_threads_on_many_games_store_every_command_once_in_fewer_transactions(tmp_path: Path) -> None:
    """No holding: threads race freely; every answer is stored once at its version, chains verify."""
    app = Games(env=store_env(tmp_path))
    games = [new_game(app, i, game="most-wanted") for i in range(8)]
    answers: dict[str, list[Accepted]] = {game_id: [] for game_id, _ in games}
    failures: list[BaseException] = []

    def play(game_id: str, tokens: list[str], seed: int) -> None:
        chooser = random.Random(seed)
        try:
            for n in range(25):
                record = app.get(game_id)
                if record.status == "finished":
                    return
                caller, command = next_command(app, game_id, tokens, chooser)
                answers[game_id].append(submit(app, game_id, caller, f"c{n}", None, command))
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=play, args=(g, t, i)) for i, (g, t) in enumerate(games)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    counts = app.committer.counts()
    app.close()

    assert failures == []
    for game_id, accepted in answers.items():
        stored = stored_commands(tmp_path, game_id)
        assert stored == [
            (a.entry.version, f"c{n}", canonical_json(a.entry.command)) for n, a in enumerate(accepted)
        ]
    print(f"\n{counts}")
    assert counts.saves == 8 + sum(len(a) for a in answers.values())
    assert counts.split == 0


def test_a_conflict_in_a_batch_fails_only_its_own_command(tmp_path: Path) -> None:
    """Two apps on one SQLite file: the other one takes a version of g1 first."""
    app = HeldGames(store_env(tmp_path))
    other = Games(env=store_env(tmp_path))
    (g1, t1), (g2, t2), (g3, t3) = [new_game(app, i) for i in range(3)]
    chooser = random.Random(2)
    version = app.get(g1).game_version
    caller, command = next_command(other, g1, t1, chooser)
    taken = submit(other, g1, caller, "theirs", version, command)  # `app` still caches g1 before it
    other.close()
    moves = {g: next_command(app, g, t, chooser) for g, t in ((g1, t1), (g2, t2), (g3, t3))}
    # g2's transaction runs first, held; g1 and g3 queue behind it and form one batch.
    results = at_once(
        app,
        [partial(submit, app, g, moves[g][0], "ours", version, moves[g][1]) for g in (g2, g1, g3)],
    )
    counts = app.committer.counts()
    app.close()

    second, first, third = results
    assert isinstance(first, Conflict) and first.reason == "STALE_VERSION", first
    assert isinstance(second, Accepted) and isinstance(third, Accepted)
    assert counts.split == 1  # the batch of g1 and g3 failed as a whole, then each went alone
    assert [c for _, c, _ in stored_commands(tmp_path, g1)] == ["theirs"]
    assert stored_commands(tmp_path, g1)[0][2] == canonical_json(taken.entry.command)
    assert [c for _, c, _ in stored_commands(tmp_path, g2)] == ["ours"]
    assert [c for _, c, _ in stored_commands(tmp_path, g3)] == ["ours"]


def test_a_store_error_fails_every_waiter_of_the_batch_and_acknowledges_nothing(tmp_path: Path) -> None:
    app = HeldGames(store_env(tmp_path, SQLITE_LOCK_TIMEOUT="1"))
    games = [new_game(app, i) for i in range(3)]
    chooser = random.Random(3)
    moves = [next_command(app, g, t, chooser) for g, t in games]
    versions = [app.get(g).game_version for g, _ in games]
    # Another connection holds SQLite's write lock: every transaction of the app fails.
    blocker = sqlite3.connect(tmp_path / "frontier.sqlite", isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    try:
        results = at_once(
            app,
            [partial(submit, app, g, c, "c1", None, m) for (g, _), (c, m) in zip(games, moves, strict=True)],
        )
    finally:
        blocker.execute("ROLLBACK")
        blocker.close()
    counts = app.committer.counts()

    assert all(isinstance(r, StoreUnavailable) for r in results), results
    assert counts.split == 1
    for (game_id, _), version in zip(games, versions, strict=True):
        assert stored_commands(tmp_path, game_id) == []
        assert app.get(game_id).game_version == version  # nothing cached as if it had been stored
    # Nothing was remembered either: the same command ids are new commands once the store is back.
    for (game_id, _), (caller, command), version in zip(games, moves, versions, strict=True):
        again = submit(app, game_id, caller, "c1", None, command)
        assert not again.duplicate and again.entry.version == version + 1
    app.close()


def test_every_save_is_stored_by_the_commit_thread_alone() -> None:
    """The callers decide; only the committer's own thread writes (a blocking save and a queued
    one alike), so a transaction never runs on the event loop or in a worker."""
    threads: list[str] = []
    committer = GroupCommitter(lambda *events: threads.append(threading.current_thread().name))
    committer.save("a")
    answered = threading.Event()
    committer.enqueue(("b", "c"), lambda waiter: answered.set())
    assert answered.wait(WAIT)
    committer.close()
    assert threads == [THREAD_NAME] * 2
    counts = committer.counts()
    assert (counts.saves, counts.transactions, counts.grouped) == (2, 2, 0)


def test_an_error_that_is_not_the_stores_reaches_every_caller_of_the_batch() -> None:
    """A failure while storing that is not a refusal (here: the store raising a KeyboardInterrupt)."""
    committer = GroupCommitter(lambda *events: (_ for _ in ()).throw(KeyboardInterrupt()))
    with pytest.raises(KeyboardInterrupt):
        committer.save("a")
    with pytest.raises(KeyboardInterrupt):
        committer.save("b")  # the lead was handed back: the committer is not stuck


def test_the_games_a_held_test_plays_never_share_a_lock(tmp_path: Path) -> None:
    """A batch lined up by `at_once` needs each game's command free to reach the queue.

    Games stripes its per-game locks (256, by random id); with 60 games a shared stripe is all
    but certain (the birthday bound), and a command queued on the held game's lock made the
    batching tests fail as "only k of n saves queued" now and then.
    """
    app = HeldGames(store_env(tmp_path))
    try:
        locks = [app.lock_for(new_game(app, i)[0]) for i in range(60)]
    finally:
        app.close()
    assert len({id(lock) for lock in locks}) == len(locks)
