"""Attack: read another seat's hand off an event stream.

FollowEvents renders each game for the seat whose token the reader presents. A seat holding its own
token asks for every game it sits in -- and, to try its luck, also names the tournament the table
belongs to or presents its token as the bearer too: every move's events must be exactly the
engine's redaction for its own seat of the stored ones, no other seat's command, draw or line salt
may show, and no secret string of the organiser's full log may appear. The check is real: in every
game but one without hidden cards, some move hides something from the seat.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engines.base import SPECTATOR
from engines.codec import encode
from engines.registry import get_engine
from service.cli.tournaments import TournamentClient
from service.client import Client
from service.core.records import FINISHED, decode_events
from service.server import Running
from tests.attacks.test_webhook_secrecy import secrets_of
from tests.conftest import ORGANISER, available_games, requires_most_wanted
from tests.service.event_streams import Heard, follow, moves
from tests.service.helpers import Game, create, play_steps
from tests.service.test_games_that_end import exported
from tests.service.tournaments import helpers as tournaments

STEPS = 12  # into the game, not to its end: a finished game shows everything to everyone


def _check_seat_stream(
    running: Running, game_id: str, game: str, heard: list[Heard], seat: int, log: list[dict[str, Any]]
) -> bool:
    """Assert each move shows `seat` no more than its view; whether any move hid something from it."""
    engine = get_engine(game)
    stored = {line["version"]: line for line in log if line.get("type") == "entry"}
    secrets = secrets_of(log)
    shown = moves(heard, game_id)
    assert [m["version"] for m in shown] == sorted(stored), "every move, once"
    hidden = False
    for h in heard:
        body = json.dumps([data for _kind, data in h.lines])
        assert not [s for s in secrets if s in body], "a secret of the full log on a seat's stream"
    for data in shown:
        entry, line = stored[data["version"]], data["line"]
        expected = [encode(engine.redact(e, seat)) for e in decode_events(game, entry["events"])]
        assert line["events"] == expected, f"version {entry['version']} shows seat {seat} more than its view"
        assert line["redacted_for"] == seat and line["draws"] == [] and line["salt"] is None
        assert line["command"] is None or entry["seat"] == seat, "another seat's command"
        hidden = hidden or expected != entry["events"]
    assert running.app.get(game_id).status != FINISHED, "the game must still be in progress"
    return hidden


@pytest.mark.parametrize("game", available_games())
def test_a_seats_stream_never_shows_another_seats_hand(server: Running, game: str) -> None:
    address = f"127.0.0.1:{server.port}"
    with Client(address) as client:
        made = create(client, game)
        play_steps(client, made, STEPS, random.Random(11))
        log = exported(client, made.game_id)
        last = max(line["version"] for line in log if line.get("type") == "entry")

    def caught_up(heard: list[Heard]) -> bool:
        return any(m["version"] == last for m in moves(heard, made.game_id))

    hidden = False
    for seat in sorted(made.tokens):
        token = made.tokens[seat]
        for asked in ({"seat_tokens": [token]}, {"seat_tokens": [token], "token": token}):
            heard = follow(address, caught_up, **asked)
            assert {h.game_id for h in heard} == {made.game_id}
            hidden = _check_seat_stream(server, made.game_id, game, heard, seat, log) or hidden
    assert hidden or game == "deadwood-1876", "the game hid something that the check covered"


@requires_most_wanted
def test_a_tables_seat_on_its_tournaments_stream_sees_its_own_seat_and_others_as_spectators(
    server: Running,
) -> None:
    address = f"127.0.0.1:{server.port}"
    with TournamentClient(address, token=ORGANISER) as organiser:
        made = tournaments.create(organiser, players=4, table_size=2, rounds=1)
        started = tournaments.start_round(organiser, made.tournament_id)
        tables: dict[str, Game] = {}
        for grant in started.seats:
            tables.setdefault(grant.game_id, Game(grant.game_id, "most-wanted", {})).tokens[grant.seat] = (
                grant.token
            )
        mine, other = sorted(tables)
        for table in (mine, other):
            play_steps(organiser, tables[table], STEPS, random.Random(12))
        logs = {table: exported(organiser, table) for table in tables}
    lasts = {
        t: max(line["version"] for line in log if line.get("type") == "entry") for t, log in logs.items()
    }

    def caught_up(heard: list[Heard]) -> bool:
        return all(any(m["version"] == lasts[t] for m in moves(heard, t)) for t in tables)

    heard = follow(address, caught_up, tournament_id=made.tournament_id, seat_tokens=[tables[mine].tokens[0]])
    _check_seat_stream(server, mine, "most-wanted", [h for h in heard if h.game_id == mine], 0, logs[mine])
    engine = get_engine("most-wanted")
    stored = {line["version"]: line for line in logs[other] if line.get("type") == "entry"}
    for data in moves(heard, other):
        entry = stored[data["version"]]
        expected = [
            encode(engine.redact(e, SPECTATOR)) for e in decode_events("most-wanted", entry["events"])
        ]
        assert data["line"]["events"] == expected and data["line"]["command"] is None
