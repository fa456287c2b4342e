"""ForkGame: a stored game forked at a version plays on as a new live game and audits on its own."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import grpc
import pytest

from engines.registry import game_ids
from replay.forgeries import reseal
from replay.logfile import read_text
from replay.verify import verify
from service.cli.main import main
from service.cli.tournaments import TournamentClient
from service.client import Client, play_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, start_server
from tests.service.helpers import create, failure, state
from tests.service.relays.helpers import recording_lines, send
from tests.service.relays.helpers import start as start_relay
from tests.service.tournaments import helpers as tournament_helpers

# The face-down deck each game re-shuffles at a fork: (event kind, its order field, the view's key).
HIDDEN_ORDER = {
    "most-wanted": ("deck_shuffled", "order", "deck"),
    "deadwood-1876": ("deck_shuffled", "cards", "deck"),
    "western-legends": ("fight_deck_shuffled", "order", "fight_deck"),
}


def finished_game(client: Client, game: str, seed: int) -> str:
    made = create(client, game)
    play_game(client, made.game_id, made.tokens, random.Random(seed))
    return made.game_id


def fork(organiser: Client, game_id: str, version: int, seats: int) -> Any:
    request = frontier_pb2.ForkGameRequest(
        game_id=game_id, version=version, players=[f"fork{i}" for i in range(seats)], tag="what-if"
    )
    return organiser.call("ForkGame", request)


def export(organiser: Client, game_id: str) -> str:
    return str(organiser.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id)).content)


@pytest.mark.parametrize("game", game_ids())
def test_fork_plays_to_the_end_and_audits_naming_its_source(
    client: Client, organiser: Client, game: str
) -> None:
    source = finished_game(client, game, 1)
    last = state(client, source).version
    at = max(2, last // 2)
    seats = len(json.loads(export(organiser, source).splitlines()[0])["players"])
    forked = fork(organiser, source, at, seats)
    assert forked.version == 1 and forked.forked_from.game_id == source and forked.forked_from.version == at
    # The fork starts where the source stood: same omniscient state hash.
    assert forked.forked_from.state_hash == state(organiser, source, version=at).state_hash
    assert state(organiser, forked.game_id).forked_from.game_id == source
    tokens = {s.seat: s.token for s in forked.seats}
    play_game(client, forked.game_id, tokens, random.Random(2))
    text = export(organiser, forked.game_id)
    header, entries, trailer = read_text(text)[:3]
    assert header.forked_from is not None and header.forked_from["game_id"] == source
    assert header.forked_from["version"] == at
    assert header.seed_commitment is not None and header.game_id == forked.game_id
    result = verify(header, entries, trailer)
    assert result.verdict == "passed", result.problem
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=forked.game_id))
    assert report.ok and report.verdict == "passed", report.problems
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest(tag="what-if")).games
    assert [g.forked_from for g in listed] == [source]


@pytest.mark.parametrize("game", sorted(HIDDEN_ORDER))
def test_fork_reshuffles_what_nobody_has_seen(client: Client, organiser: Client, game: str) -> None:
    source = finished_game(client, game, 3)
    seats = len(json.loads(export(organiser, source).splitlines()[0])["players"])
    kind, field, key = HIDDEN_ORDER[game]
    deck_at_fork = json.loads(state(organiser, source, version=2).view_json)[key]
    header = json.loads(export(organiser, fork(organiser, source, 2, seats).game_id).splitlines()[0])
    copied = header["forked_from"]["events"]
    fresh = header["events"][copied:]
    shuffled = [e for e in fresh if e["kind"] == kind]
    assert len(shuffled) == 1
    new_deck = shuffled[0][field]
    assert sorted(new_deck) == sorted(deck_at_fork) and new_deck != deck_at_fork
    # The new order is the new seed's: the seed is revealed at the end and audit re-derives it.
    assert header["draws"] and header["draws"][0]["value"] == new_deck


def test_a_game_in_progress_cannot_be_forked(client: Client, organiser: Client) -> None:
    """Attack: a fork of a live game (or a live relay) would hand its seats the source's hands."""
    made = create(client, "most-wanted")
    header, lines = recording_lines()
    relay = start_relay(organiser, header)
    send(client, relay.game_id, lines[0], 1, relay.relay_token)
    for game_id in (made.game_id, relay.game_id):
        found = failure(lambda game_id=game_id: fork(organiser, game_id, 1, 2))  # type: ignore[misc]
        assert found.code == grpc.StatusCode.FAILED_PRECONDITION and found.reason == "SOURCE_IN_PROGRESS"
    assert client.call("ListGames", frontier_pb2.ListGamesRequest(tag="what-if")).games == []


def test_only_the_organiser_forks(client: Client) -> None:
    source = finished_game(client, "most-wanted", 4)
    for token, code in (
        (None, grpc.StatusCode.UNAUTHENTICATED),
        ("someone", grpc.StatusCode.PERMISSION_DENIED),
    ):

        def call(token: str | None = token) -> Any:
            return client.call(
                "ForkGame", frontier_pb2.ForkGameRequest(game_id=source, version=2), token=token
            )

        found = failure(call)
        assert (found.code, found.reason) == (code, "ORGANISER_REQUIRED")


@pytest.mark.parametrize("version", [0, 10_000])
def test_a_version_outside_the_source_is_refused(client: Client, organiser: Client, version: int) -> None:
    source = finished_game(client, "most-wanted", 5)
    found = failure(lambda: fork(organiser, source, version, 2))
    assert found.code == grpc.StatusCode.INVALID_ARGUMENT and found.reason == "VERSION_OUT_OF_RANGE"


def test_a_forged_starting_position_fails_the_audit(client: Client, organiser: Client) -> None:
    """A forger edits the copied history (a card into a hand) and re-seals: the state hash betrays it."""
    source = finished_game(client, "most-wanted", 6)
    forked = fork(organiser, source, 3, 2)
    play_game(client, forked.game_id, {s.seat: s.token for s in forked.seats}, random.Random(7))
    header, entries, trailer = read_text(export(organiser, forked.game_id))[:3]
    assert header.forked_from is not None
    events = list(header.setup_events)
    deal = next(i for i, e in enumerate(events) if e["kind"] == "deck_shuffled")
    order = list(events[deal]["order"])
    order[0], order[-1] = order[-1], order[0]
    events[deal] = {**events[deal], "order": order}
    forged = reseal(replace(header, setup_events=tuple(events)), entries, trailer)
    problem = verify(*forged).problem
    assert problem is not None and problem.code == "FORK_STATE_DIFFERS" and problem.line == 1
    # Claiming another source position: the same check.
    origin = {**header.forked_from, "state_hash": "0" * 64}
    problem = verify(*reseal(replace(header, forked_from=origin), entries, trailer)).problem
    assert problem is not None and problem.code == "FORK_STATE_DIFFERS"
    # Keeping the source's deck instead of the new seed's shuffle: the re-derived draw differs.
    copied = int(str(header.forked_from["events"]))
    kept = reseal(replace(header, setup_events=header.setup_events[:copied]), entries, trailer)
    assert verify(*kept).problem is not None


def test_frontier_fork_command(client: Client, server: Running, capsys: pytest.CaptureFixture[str]) -> None:
    source = finished_game(client, "western-legends", 8)
    argv = ["fork", source, "--at", "3", "--players", "Ann,Bob", "--server", f"127.0.0.1:{server.port}"]
    assert main([*argv, "--json", "--token", ORGANISER]) == 0
    printed = json.loads(capsys.readouterr().out)
    forked = state(client, printed["game_id"])
    assert (forked.forked_from.game_id, forked.forked_from.version) == (source, 3)
    assert [s["player"] for s in printed["seats"]] == ["Ann", "Bob"]
    assert main(argv) == 1  # no organiser token: refused, nothing forked


def test_an_imported_table_game_forks_and_its_fork_reimports_elsewhere(
    client: Client, organiser: Client, tmp_path: Path
) -> None:
    recording = (Path(__file__).resolve().parents[3] / "seeds" / "recordings" / "most-wanted.rec").read_text()
    source = organiser.call("ExpandRecording", frontier_pb2.ExpandRecordingRequest(content=recording)).game_id
    forked = fork(organiser, source, 6, 2)
    assert state(client, forked.game_id).forked_from.game_id == source
    play_game(client, forked.game_id, {s.seat: s.token for s in forked.seats}, random.Random(9))
    text = export(organiser, forked.game_id)
    other = start_server(tmp_path / "other")
    try:
        with Client(f"127.0.0.1:{other.port}", token=ORGANISER) as elsewhere:
            imported = elsewhere.call("ImportLog", frontier_pb2.ImportLogRequest(content=text))
            assert imported.game_id == forked.game_id
            assert imported.state_hash == state(organiser, forked.game_id).state_hash
            assert (
                elsewhere.call("Audit", frontier_pb2.AuditRequest(game_id=forked.game_id)).verdict == "passed"
            )
            assert state(elsewhere, forked.game_id).forked_from.game_id == source
    finally:
        other.stop()


def test_a_fork_of_a_fork_starts_from_the_forks_position_and_audits(
    client: Client, organiser: Client
) -> None:
    source = finished_game(client, "deadwood-1876", 13)
    first = fork(organiser, source, 4, 2)
    play_game(client, first.game_id, {s.seat: s.token for s in first.seats}, random.Random(14))
    second = fork(organiser, first.game_id, 3, 2)
    assert second.forked_from.game_id == first.game_id
    assert second.forked_from.state_hash == state(organiser, first.game_id, version=3).state_hash
    play_game(client, second.game_id, {s.seat: s.token for s in second.seats}, random.Random(15))
    header, entries, trailer = read_text(export(organiser, second.game_id))[:3]
    assert verify(header, entries, trailer).verdict == "passed"


@pytest.mark.parametrize("game", sorted(HIDDEN_ORDER))
def test_a_fork_is_its_source_at_the_version_but_for_the_unseen_order(
    client: Client, organiser: Client, game: str
) -> None:
    """Oracle: at every version, the fork's first state is the source's there, the hidden order aside."""
    source = finished_game(client, game, 21)
    last = state(client, source).version
    seats = len(json.loads(export(organiser, source).splitlines()[0])["players"])

    def comparable(view_json: str) -> dict[str, Any]:
        view = json.loads(view_json)
        for name in ("deck", "centre", "fight_deck"):
            if name in view:
                view[name] = sorted(view[name])
        return view

    for version in sorted({1, 2, last // 3, last // 2, last - 1}):
        forked = fork(organiser, source, version, seats)
        at_source = comparable(state(organiser, source, version=version).view_json)
        assert comparable(state(organiser, forked.game_id).view_json) == at_source, version


def test_a_duplicate_deal_game_is_not_forked_while_its_deal_is_in_play(server: Running) -> None:
    """Attack: table 1 of a deal is over, table 2 plays the same cards: a fork of table 1 would deal them."""
    with TournamentClient(f"127.0.0.1:{server.port}", token=ORGANISER) as organiser:
        made = tournament_helpers.create(
            organiser, players=8, table_size=4, rounds=1, format="round-robin", duplicate_deals=True
        )
        started = tournament_helpers.start_round(organiser, made.tournament_id)
        first, second = started.tournament.rounds[0].tables
        tokens: dict[str, dict[int, str]] = {}
        for grant in started.seats:
            tokens.setdefault(grant.game_id, {})[grant.seat] = grant.token
        play_game(organiser, first.game_id, tokens[first.game_id], random.Random(1))
        found = failure(lambda: fork(organiser, first.game_id, 2, 4))
        assert (found.code, found.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "DEAL_IN_PLAY")
        play_game(organiser, second.game_id, tokens[second.game_id], random.Random(2))
        forked = fork(organiser, first.game_id, 2, 4)  # every table is over: the deal is public
        header = json.loads(export(organiser, forked.game_id).splitlines()[0])
        assert "deal" not in header  # the fork's chance is its own seed's, keyed by its own id
