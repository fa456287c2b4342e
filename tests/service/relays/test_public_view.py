"""A delayed game's public view is read and folded once per game and version, whatever the spectators.

Counted through `service.core.relays.public_view.PublicViews` (events read from the store,
entries folded) on a real server while spectators watch and the table plays on. That the
shared fold shows what a fold from the store shows is tests/service/relays/test_spectator_delay.py's.
"""

from __future__ import annotations

import time

from service.client import Client
from service.server import Running
from tests.attacks.test_delayed_spectators_cost import SlowPlay, long_delayed_game, spectators
from tests.conftest import ORGANISER
from tests.service.helpers import state

WINDOW = 4.0


def work_while_watched(server: Running, client: Client, count: int) -> tuple[int, int, int, int]:
    """(events read, entries folded, moves made, versions the shared fold advanced) over WINDOW s."""
    game = long_delayed_game(client)
    views = server.ledger.public_views
    table = SlowPlay(client, game)
    with spectators(client, game.game_id, count) as seen:
        # Until every version played before is public and every spectator's poll has seen it.
        played = state(client, game.game_id, ORGANISER).version
        deadline = time.monotonic() + 30
        while state(client, game.game_id).version < played and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.5)
        public_before = state(client, game.game_id).version
        assert public_before == played
        read, folded = views.events_read, views.entries_folded
        folded_from = views.folded_version(game.game_id)
        table.start()
        time.sleep(WINDOW)
        table.halt.set()
        table.join(timeout=10)
        public_after = state(client, game.game_id).version
        read, folded = views.events_read - read, views.entries_folded - folded
        folded_to = views.folded_version(game.game_id)
        assert public_after < state(client, game.game_id, ORGANISER).version
        assert len(set(seen)) > 1
        return read, folded, table.moves, folded_to - folded_from


def test_a_delayed_game_is_read_and_folded_once_per_new_version_however_many_watch_it(
    server: Running, client: Client
) -> None:
    read, folded, moves, advanced = work_while_watched(server, client, 30)
    assert moves >= 2
    print(f"30 spectators, {moves} moves: {read} events read, {folded} entries folded ({advanced} versions)")
    # Each stored event is read once, and each version folded once, for all 30 spectators.
    assert read <= moves + 1
    assert folded == advanced
