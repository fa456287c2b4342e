"""A Play command is decided and sealed on the event loop; only its finished rows go to the commit
thread, and the answer waits for them to be durable. Whatever would make the loop wait on anything
else (the game's lock held elsewhere, a read of the store) goes to a worker thread instead."""

from __future__ import annotations

import asyncio
import random
import threading
from pathlib import Path

import pytest

from engines.base import Command
from service.core.auth import Caller
from service.core.commands import Accepted, submit, submit_on_loop
from service.core.commits.group import THREAD_NAME
from service.core.games import Games
from tests.service.commits.held import WAIT, HeldGames, new_game, next_command, store_env
from tests.service.commits.test_group import stored_commands


class WouldWait(Exception):
    """The command reached its worker."""


class StoreThreads(HeldGames):
    """Remembers which thread ran each store transaction."""

    def __init__(self, env: dict[str, str]) -> None:
        super().__init__(env)
        self.threads: list[str] = []

    def record_stored(self, *stored: object) -> None:
        self.threads.append(threading.current_thread().name)
        super().record_stored(*stored)  # type: ignore[arg-type]


def on_loop(app: Games, game_id: str, caller: Caller, command_id: str, command: Command) -> Accepted:
    """`submit_on_loop` on a loop of its own; a hand-off to a worker fails the test."""

    async def in_thread() -> Accepted:
        raise AssertionError("the command went to a worker thread")

    return asyncio.run(submit_on_loop(app, game_id, caller, command_id, None, command, in_thread))


def handed_on(app: Games, game_id: str, caller: Caller, command_id: str, command: Command) -> bool:
    """Whether `submit_on_loop` gave the command to its worker (which then submits it)."""
    went: list[bool] = []

    async def in_thread() -> Accepted:
        went.append(True)
        return await asyncio.to_thread(submit, app, game_id, caller, command_id, None, command)

    asyncio.run(submit_on_loop(app, game_id, caller, command_id, None, command, in_thread))
    return bool(went)


def test_the_loop_decides_the_commit_thread_stores_and_the_answer_waits_for_it(tmp_path: Path) -> None:
    app = StoreThreads(store_env(tmp_path))
    try:
        game_id, tokens = new_game(app, 0)
        caller, command = next_command(app, game_id, tokens, random.Random(1))
        version = app.get(game_id).game_version
        app.threads.clear()
        app.hold()

        async def play() -> Accepted:
            async def in_thread() -> Accepted:
                raise AssertionError("the command went to a worker thread")

            task = asyncio.ensure_future(submit_on_loop(app, game_id, caller, "c1", None, command, in_thread))
            # The transaction is held on the commit thread while the loop goes on serving.
            assert await asyncio.to_thread(app.holding.wait, WAIT)
            for _ in range(20):
                await asyncio.sleep(0)
            assert not task.done(), "answered before its row was durable"
            app.release_when_queued(0)
            return await asyncio.wait_for(task, WAIT)

        accepted = asyncio.run(play())
        assert not accepted.duplicate and accepted.entry.version == version + 1
        assert app.threads == [THREAD_NAME]
    finally:
        app.close()
    assert [v for v, _, _ in stored_commands(tmp_path, game_id)][-1] == version + 1


def test_a_command_that_would_make_the_loop_wait_goes_to_a_worker(tmp_path: Path) -> None:
    app = Games(store_env(tmp_path))
    try:
        game_id, tokens = new_game(app, 0)
        chooser = random.Random(2)
        caller, command = next_command(app, game_id, tokens, chooser)
        accepted = on_loop(app, game_id, caller, "c1", command)  # cached, free, new: on the loop
        assert not accepted.duplicate
        # A repeat's first answer is read from the store.
        assert handed_on(app, game_id, caller, "c1", command)
        # The game's lock is held by another thread (a SubmitCommand of the same game).
        caller, command = next_command(app, game_id, tokens, chooser)
        with app.lock_for(game_id):

            async def in_thread() -> Accepted:
                raise WouldWait()  # it would wait for the lock held right here

            with pytest.raises(WouldWait):
                asyncio.run(submit_on_loop(app, game_id, caller, "c2", None, command, in_thread))
    finally:
        app.close()
    # Not cached: a fresh app would read the game from the store first.
    fresh = Games(store_env(tmp_path))
    try:
        assert handed_on(fresh, game_id, caller, "c2", command)
    finally:
        fresh.close()


def test_a_command_cancelled_while_its_rows_are_written_still_leaves_the_cache_as_stored(
    tmp_path: Path,
) -> None:
    """A Play stream that closes mid-command cancels it; its rows are queued and cannot be taken
    back, so the cancelled call waits for their outcome and the cache holds the stored record."""
    app = HeldGames(store_env(tmp_path))
    try:
        game_id, tokens = new_game(app, 0)
        caller, command = next_command(app, game_id, tokens, random.Random(3))
        version = app.get(game_id).game_version
        app.hold()

        async def play() -> None:
            async def in_thread() -> Accepted:
                raise AssertionError("the command went to a worker thread")

            task = asyncio.ensure_future(submit_on_loop(app, game_id, caller, "c1", None, command, in_thread))
            assert await asyncio.to_thread(app.holding.wait, WAIT)
            threading.Timer(0.05, app.release_when_queued, (0,)).start()  # once the cancel is waiting
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

        asyncio.run(play())
        assert app.get(game_id).game_version == version + 1  # cached as stored, not as before
        lock = app.lock_for(game_id)
        assert lock.acquire(blocking=False)  # and the game's lock let go
        lock.release()
    finally:
        app.close()
    assert [v for v, _, _ in stored_commands(tmp_path, game_id)][-1] == version + 1
