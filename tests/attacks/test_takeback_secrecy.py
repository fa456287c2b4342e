"""Attack: use a takeback to see what a seat could not see, or forge one into an exported log.

A takeback returns the game to a version every viewer has seen: after it no seat's view, watch
stream or replay shows anything it could not see before the undone moves. A forger who edits a
takeback line and re-seals every hash (past a draw, without a seat's consent, in a game that takes
none) fails the audit with a named code.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from replay import logfile
from replay.forgeries import reseal
from replay.record import Entry, Line, RulingLine
from replay.trust.signed_log import read_signed
from replay.verify import verify
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import state
from tests.service.test_games_that_end import play_to_the_end
from tests.service.test_takebacks import PLAIN, answer, asked, create, in_some_game, play_until

GAMES = available_games()


def seen(client: Client, game_id: str, token: str | None, version: int | None = None) -> str:
    shown: str = state(client, game_id, token, version).view_json
    return shown


@pytest.mark.parametrize("game", GAMES)
def test_after_a_takeback_no_viewer_sees_anything_new(client: Client, game: str) -> None:
    g, _, request = in_some_game(client, game, "consent", asked, PLAIN, random.Random(11))
    to_version = request.pending.to_version
    viewers: list[tuple[int | None, str | None]] = [*g.tokens.items(), (None, None)]
    before = {viewer: seen(client, g.game_id, token, to_version) for viewer, token in viewers}
    current = state(client, g.game_id, ORGANISER).version
    streams = {
        viewer: client.stub.WatchGame(
            frontier_pb2.WatchGameRequest(game_id=g.game_id, from_version=current),
            metadata=[("authorization", f"Bearer {token}")] if token else [],
            timeout=20,
        )
        for viewer, token in viewers
    }
    try:
        for other in request.pending.awaiting:
            answer(client, g, g.tokens[other])
        for viewer, stream in streams.items():
            update: Any = next(stream)
            assert update.version == current + 1 and update.ruling.ruling == "takeback", viewer
            assert not update.events, f"the takeback step pushes no events to {viewer}"
    finally:
        for stream in streams.values():
            stream.cancel()
    for viewer, token in viewers:
        assert seen(client, g.game_id, token) == before[viewer], f"{viewer} sees the game as before"
        replayed = list(
            client.stub.Replay(
                frontier_pb2.ReplayRequest(game_id=g.game_id, from_version=current),
                metadata=[("authorization", f"Bearer {token}")] if token else [],
                timeout=20,
            )
        )
        assert replayed[-1].view_json == before[viewer], (
            f"{viewer}'s replay of the takeback shows nothing new"
        )


def finished_with_a_takeback(client: Client) -> str:
    """The export of a finished Western Legends game (3 seats, consent) with one takeback."""
    game = "western-legends" if "western-legends" in GAMES else GAMES[0]
    g = create(client, game, "consent")
    chooser = random.Random(11)
    # Play past a die roll first, so that a forger has a draw to reach back past.
    _, request = play_until(client, g, chooser, asked(client, g), PLAIN)
    for other in request.pending.awaiting:
        answer(client, g, g.tokens[other])
    play_to_the_end(client, g, chooser)
    exported: str = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=g.game_id), token=ORGANISER
    ).content
    return exported


def forged_code(content: str, edit: Any, header_edit: Any = None) -> str:
    header, entries, trailer, _ = read_signed(logfile.split_lines(content))
    assert verify(header, entries, trailer).ok
    edited: list[Line] = [edit(line) for line in entries]
    result = verify(*reseal(header_edit(header) if header_edit else header, edited, trailer))
    assert not result.ok
    assert result.problem is not None
    return result.problem.code


def test_a_forged_takeback_past_a_draw_fails(client: Client) -> None:
    content = finished_with_a_takeback(client)
    _, entries, _, _ = read_signed(logfile.split_lines(content))
    takeback = next(line for line in entries if isinstance(line, RulingLine))
    drew = max(
        line.version
        for line in entries
        if isinstance(line, Entry) and line.draws and line.version < takeback.version
    )

    def past_the_draw(line: Line) -> Line:
        return replace(line, to_version=drew - 1) if isinstance(line, RulingLine) else line

    assert forged_code(content, past_the_draw) == "TAKEBACK_PAST_CHANCE"


def test_a_forged_takeback_missing_a_consent_fails(client: Client) -> None:
    content = finished_with_a_takeback(client)

    def one_consent_less(line: Line) -> Line:
        if isinstance(line, RulingLine) and isinstance(line.granted_by, tuple):
            return replace(line, granted_by=line.granted_by[1:])
        return line

    assert forged_code(content, one_consent_less) == "TAKEBACK_NOT_GRANTED"


def test_a_forged_takeback_in_a_game_that_takes_none_fails(client: Client) -> None:
    content = finished_with_a_takeback(client)

    def unchanged(line: Line) -> Line:
        return line

    assert forged_code(content, unchanged, lambda h: replace(h, takeback_policy=None)) == "TAKEBACK_OFF"
