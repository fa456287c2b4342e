"""Attack: import a fork "of" a game this server holds, from a position that game never reached.

A fork's log proves only that its copied history folds to the state hash its header claims;
whether that is the source's position is a claim about another log. A server that holds the
source can check the claim, and must: otherwise anyone may import a game the server then lists
as forked from a real game of its own, from a made-up position (a better hand, another deck).
"""

from __future__ import annotations

import uuid
from dataclasses import replace

import grpc
import pytest

from replay.forgeries import Record, reseal
from replay.logfile import read_text
from replay.record import Header, canonical_json
from replay.verify import verify
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.service.helpers import failure, state
from tests.service.relays.test_fork import export, finished_game
from tools.fork_cases import FORK_AT, fork_record


def source_record(organiser: Client, game_id: str) -> Record:
    header, entries, trailer = read_text(export(organiser, game_id))[:3]
    return header, entries, trailer


def with_deck_edited(header: Header) -> Header:
    """The source's header with the bottom two cards of its first shuffle swapped (a made-up history).

    Both are still in the deck at FORK_AT, so the made-up position is a consistent one; swapping a
    dealt card with an unseen one would put one card in two places, and the bot playing the fork
    on could then be dealt it twice.
    """
    events = list(header.setup_events)
    deal = next(i for i, e in enumerate(events) if e["kind"] == "deck_shuffled")
    order = list(events[deal]["order"])
    order[-2], order[-1] = order[-1], order[-2]
    events[deal] = {**events[deal], "order": order}
    return replace(header, setup_events=tuple(events))


def log_text(record: Record) -> str:
    header, entries, trailer = record
    lines = [header.to_json(), *(e.to_json() for e in entries)]
    if trailer is not None:
        lines.append(trailer.to_json())
    return "".join(canonical_json(line, header.format_version) + "\n" for line in lines)


def test_an_imported_fork_from_a_position_its_source_never_reached_is_refused(
    client: Client, organiser: Client
) -> None:
    source_id = finished_game(client, "most-wanted", 21)
    assert state(organiser, source_id).version > FORK_AT + 1
    header, entries, trailer = source_record(organiser, source_id)
    forged = fork_record((with_deck_edited(header), entries, trailer))
    assert forged[0].forked_from is not None and forged[0].forked_from["game_id"] == source_id
    assert verify(*forged).ok  # on its own the forged fork is a well-formed log
    refused = failure(
        lambda: organiser.call("ImportLog", frontier_pb2.ImportLogRequest(content=log_text(forged)))
    )
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "FORK_SOURCE_DIFFERS"
    assert str(FORK_AT) in refused.message and source_id in refused.message
    listed = organiser.call("ListGames", frontier_pb2.ListGamesRequest(tag="conformance")).games
    assert listed == []  # nothing stored


def test_an_imported_fork_that_is_its_sources_position_is_stored(client: Client, organiser: Client) -> None:
    """The guard's control: the true position of the same source imports and names its source."""
    source_id = finished_game(client, "most-wanted", 21)
    good = fork_record(source_record(organiser, source_id))
    imported = organiser.call("ImportLog", frontier_pb2.ImportLogRequest(content=log_text(good)))
    assert state(client, imported.game_id).forked_from.game_id == source_id


def test_an_imported_fork_of_a_game_still_playing_here_is_refused_without_comparing(
    client: Client, organiser: Client
) -> None:
    """Comparing a state hash with a game in progress would confirm a guess of its hidden cards."""
    source_id = finished_game(client, "most-wanted", 21)
    good = fork_record(source_record(organiser, source_id))
    playing = client.call(
        "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["a", "b"])
    ).game_id
    header = replace(good[0], forked_from={**(good[0].forked_from or {}), "game_id": playing})
    claimed = reseal(header, good[1], good[2])
    refused = failure(
        lambda: organiser.call("ImportLog", frontier_pb2.ImportLogRequest(content=log_text(claimed)))
    )
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "FORK_SOURCE_SECRET"


@pytest.mark.parametrize("source", ["private", "elsewhere"])
def test_an_imported_fork_of_a_private_game_is_answered_as_for_a_game_on_another_server(
    client: Client, organiser: Client, source: str
) -> None:
    """The import's answer must not tell that a private game (docs/trust-model.md) exists here."""
    source_id = finished_game(client, "most-wanted", 21)
    good = fork_record(source_record(organiser, source_id))
    private = client.call(
        "CreateGame",
        frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["a", "b"], private=True),
    ).game_id
    claimed_source = private if source == "private" else str(uuid.uuid4())
    header = replace(good[0], forked_from={**(good[0].forked_from or {}), "game_id": claimed_source})
    claimed = reseal(header, good[1], good[2])
    imported = organiser.call("ImportLog", frontier_pb2.ImportLogRequest(content=log_text(claimed)))
    assert state(client, imported.game_id).forked_from.game_id == claimed_source
