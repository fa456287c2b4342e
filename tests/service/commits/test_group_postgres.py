"""Group commit on PostgreSQL with two apps writing one game: a lost race fails only its command."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

from service.config import Settings
from service.core import commands
from service.core.commands import Accepted
from service.core.errors import Conflict, ServiceError
from service.core.games import Games
from service.core.store_events import CommandAccepted
from tests.servers import Postgres
from tests.service.commits.held import WAIT, HeldGames, new_game, next_command


def command_ids(app: Games, game_id: str) -> list[str]:
    return [e.command_id for e in app.events.get(app.get(game_id).id) if isinstance(e, CommandAccepted)]


def test_a_version_taken_by_another_server_fails_only_that_command_of_the_batch(
    postgres: Postgres, tmp_path: Path
) -> None:
    env = Settings(data=tmp_path, store=postgres.url).store_env()
    app, other = HeldGames(env), Games(env=env)
    try:
        (g1, t1), (g2, t2), (g3, t3) = [new_game(app, i) for i in range(3)]
        chooser = random.Random(4)
        version = app.get(g1).game_version
        moves = {g: next_command(app, g, t, chooser) for g, t in ((g1, t1), (g2, t2), (g3, t3))}
        theirs = next_command(other, g1, t1, random.Random(5))
        results: dict[str, Accepted | ServiceError] = {}

        def submit(game_id: str) -> None:
            caller, command = moves[game_id]
            try:
                results[game_id] = commands.submit(app, game_id, caller, "ours", version, command)
            except ServiceError as error:
                results[game_id] = error

        threads = {g: threading.Thread(target=submit, args=(g,)) for g in (g1, g2, g3)}
        app.hold()
        threads[g2].start()  # its transaction runs first, held
        assert app.holding.wait(WAIT)
        threads[g1].start()  # g1 is decided at `version` and queues
        deadline = time.monotonic() + WAIT
        while app.committer.queued() < 1:
            assert time.monotonic() < deadline
            time.sleep(0.001)
        commands.submit(
            other, g1, theirs[0], "theirs", version, theirs[1]
        )  # the other server takes that version
        threads[g3].start()
        app.release_when_queued(2)  # g1 and g3 form one batch
        for thread in threads.values():
            thread.join(WAIT)
        counts = app.committer.counts()

        lost = results[g1]
        assert isinstance(lost, Conflict) and lost.reason == "STALE_VERSION", lost
        assert isinstance(results[g2], Accepted) and isinstance(results[g3], Accepted)
        assert counts.split == 1
        assert command_ids(other, g1) == ["theirs"]
        assert command_ids(other, g2) == ["ours"] and command_ids(other, g3) == ["ours"]
    finally:
        app.close()
        other.close()
