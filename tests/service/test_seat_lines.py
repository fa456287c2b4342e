"""Seat lines (log format 3) through a real server: names claimed later and client seeds are in the
signed record, and a player-entropy game is dealt only when its last seat is taken.

Attacks first: an edited name or client seed, re-sealed, fails at its seat line; the checkpoint
no longer signs the edited log; a finished trailer without the seed is SEED_WITHHELD.
"""

from __future__ import annotations

import json
import random
import re
import threading
import time
from pathlib import Path
from typing import Any

import grpc
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.codec import encode
from engines.registry import get_engine
from engines.rng import SeededRng
from replay.entropy import client_commitment
from replay.logfile import read_lines, split_lines
from replay.narrative import narrate
from replay.record import FORMAT_VERSION, mixed_seed
from replay.trust import checkpoint as checkpoints
from replay.trust.checkpoint import CheckpointError
from replay.trust.signed_log import line_hashes, read_signed
from replay.verify import verify
from service.client import Client, play_game
from service.core.rendering import Rendering
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from service.web.steps import game_view
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import frontier, parsed, reseal
from tests.service.helpers import create, failure, state


def _claim(client: Client, game_id: str, player: str, seat: int, client_seed: str = "") -> str:
    request = frontier_pb2.ClaimSeatRequest(
        game_id=game_id, player=player, seat=seat, client_seed=client_seed
    )
    token: str = client.call("ClaimSeat", request).seat.token
    return token


def _commit(client: Client, game_id: str, player: str, seat: int, client_seed: str) -> str:
    """Claim a seat of a commit-reveal game with the commitment to `client_seed`; its token."""
    request = frontier_pb2.ClaimSeatRequest(
        game_id=game_id, player=player, seat=seat, client_commitment=client_commitment(client_seed)
    )
    token: str = client.call("ClaimSeat", request).seat.token
    return token


def _reveal(client: Client, game_id: str, token: str, client_seed: str) -> Any:
    request = frontier_pb2.RevealSeedRequest(game_id=game_id, client_seed=client_seed)
    return client.call("RevealSeed", request, token=token)


def _export(client: Client, game_id: str) -> str:
    content: str = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    return content


def _verify_text(lines: list[dict[str, Any]]) -> Any:
    body = [json.dumps(line) for line in lines if line["type"] != "checkpoint"]
    return verify(*read_lines(body))


def _public_key(client: Client) -> Ed25519PublicKey:
    reply = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest())
    return Ed25519PublicKey.from_public_bytes(bytes.fromhex(reply.public_key_hex))


def _seat_line(lines: list[dict[str, Any]], seat: int) -> int:
    return next(i for i, line in enumerate(lines) if line["type"] == "seat" and line["seat"] == seat)


def test_a_name_claimed_after_creation_is_in_the_export_audit_and_narrative(client: Client) -> None:
    created = client.call(
        "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["Ann"])
    )
    bob = _claim(client, created.game_id, "Bob", 1)
    play_game(client, created.game_id, {0: created.seats[0].token, 1: bob}, random.Random(3))
    content = _export(client, created.game_id)
    lines = parsed(content)
    assert lines[0]["players"] == ["Ann", ""] and lines[0]["format_version"] == FORMAT_VERSION
    seat_line = lines[_seat_line(lines, 1)]
    assert (seat_line["player"], seat_line["client_commitment"], seat_line["version"]) == ("Bob", None, 1)
    header, entries, trailer, _ = read_signed(split_lines(content))
    assert verify(header, entries, trailer).players == ("Ann", "Bob")
    story = list(narrate(header, entries, trailer))
    assert "Players: seat 1 (Ann), seat 2 (Bob)" in story and "Seat 2 taken by Bob" in story
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=created.game_id), token=ORGANISER)
    assert report.verdict == "passed" and "seat 2 (Bob)" in report.markdown


def test_a_renamed_seat_line_resealed_fails_at_its_line_and_against_the_checkpoint(client: Client) -> None:
    created = client.call(
        "CreateGame", frontier_pb2.CreateGameRequest(game="deadwood-1876", seats=2, players=["Ann"])
    )
    bob = _claim(client, created.game_id, "Bob", 1)
    play_game(client, created.game_id, {0: created.seats[0].token, 1: bob}, random.Random(4))
    lines = parsed(_export(client, created.game_id))
    signed = checkpoints.from_json(lines.pop())
    index = _seat_line(lines, 1)
    lines[index]["player"] = "Mallory"  # the win credited to another name
    forged = reseal(lines)
    problem = _verify_text(forged).problem
    assert problem is not None and (problem.code, problem.line) == ("SEAT_ALTERED", index + 1)
    header, entries, trailer = read_lines([json.dumps(line) for line in forged])
    try:
        checkpoints.check(
            signed, header.game_id, line_hashes(header, entries), _public_key(client), trailer=trailer
        )
    except CheckpointError as error:
        assert error.code  # the signed root no longer matches the edited lines
    else:
        raise AssertionError("the server's checkpoint signed an edited seat line")


def test_a_client_seed_is_refused_where_the_deal_does_not_wait_for_it(client: Client) -> None:
    created = client.call(
        "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["Ann"])
    )
    refused = failure(lambda: _claim(client, created.game_id, "Bob", 1, "lucky"))
    assert (refused.code, refused.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "CLIENT_SEED_UNUSED")
    assert state(client, created.game_id).open_seats == [1]  # nothing changed


def _entropy_game(client: Client, game: str = "deadwood-1876", seats: int = 3) -> Any:
    request = frontier_pb2.CreateGameRequest(game=game, seats=seats, players=["Ann"], player_entropy=True)
    return client.call("CreateGame", request)


def test_a_player_entropy_game_waits_for_every_seat_and_then_deals(client: Client) -> None:
    created = _entropy_game(client)
    waiting = state(client, created.game_id)
    assert (waiting.status, waiting.player_entropy, list(waiting.open_seats)) == ("waiting", True, [1, 2])
    assert waiting.view_json == "null" and not waiting.seats_to_act
    listed = client.call("ListGames", frontier_pb2.ListGamesRequest(status="waiting")).games
    assert [g.game_id for g in listed] == [created.game_id] and listed[0].player_entropy
    # A command before the deal: a clear FAILED_PRECONDITION, and nothing is appended.
    dealt_elsewhere = create(client, "deadwood-1876", 3)
    command = client.call(
        "ListLegalCommands",
        frontier_pb2.ListLegalCommandsRequest(game_id=dealt_elsewhere.game_id),
        token=dealt_elsewhere.tokens[0],
    ).commands[0]
    early = failure(
        lambda: client.call(
            "SubmitCommand",
            frontier_pb2.SubmitCommandRequest(game_id=created.game_id, command_id="c1", command=command),
            token=created.seats[0].token,
        )
    )
    assert (early.code, early.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "NOT_DEALT")
    # Every reader of a waiting game says so rather than failing on the missing deal.
    waiting_log = parsed(_export(client, created.game_id))
    assert [line["type"] for line in waiting_log] == ["header", "trailer", "checkpoint"]
    assert waiting_log[1]["status"] == "in_progress" and waiting_log[1]["outcome"] is None
    audit = client.call("Audit", frontier_pb2.AuditRequest(game_id=created.game_id), token=ORGANISER)
    assert audit.verdict == "incomplete" and "not dealt yet" in audit.markdown
    spectators = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=created.game_id))
    assert parsed(spectators.content)[0]["salt"] is None
    missing = failure(lambda: _claim(client, created.game_id, "Bob", 1))
    assert (missing.code, missing.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_CLIENT_COMMITMENT")
    early = failure(lambda: _claim(client, created.game_id, "Bob", 1, "bob's seed"))
    assert (early.code, early.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "CLIENT_SEED_TOO_EARLY")
    tokens = {0: created.seats[0].token, 1: _commit(client, created.game_id, "Bob", 1, "bob's seed")}
    assert state(client, created.game_id).status == "waiting"
    tokens[2] = _commit(client, created.game_id, "", 2, "cy-" + "7" * 60)
    committed = state(client, created.game_id)
    assert committed.status == "waiting" and committed.commit_reveal
    assert list(committed.awaiting_reveal) == [1, 2] and not committed.open_seats
    assert _reveal(client, created.game_id, tokens[1], "bob's seed").status == "waiting"
    assert _reveal(client, created.game_id, tokens[2], "cy-" + "7" * 60).status == "in_progress"
    assert state(client, created.game_id).status == "in_progress"
    dealt = state(client, created.game_id, version=1)  # version 1 is the deal, not the wait
    assert dealt.status == "in_progress" and dealt.view_json != "null"
    play_game(client, created.game_id, tokens, random.Random(5))
    content = _export(client, created.game_id)
    lines = parsed(content)
    assert [line["type"] for line in lines[:4]] == ["header", "seat", "seat", "deal"]
    assert lines[0]["events"] == [] and lines[0]["player_entropy"] is True
    header, entries, trailer, _ = read_signed(split_lines(content))
    checked = verify(header, entries, trailer)
    assert checked.verdict == "passed" and checked.seed_matches and checked.draws_rederived > 0
    assert checked.players == ("Ann", "Bob", "")
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=created.game_id), token=ORGANISER)
    assert (
        report.verdict == "passed" and "| Players | seat 1 (Ann), seat 2 (Bob), seat 3 |" in report.markdown
    )


def test_an_altered_client_seed_or_a_withheld_seed_fails_by_name(client: Client) -> None:
    created = _entropy_game(client, "most-wanted", 2)
    tokens = {0: created.seats[0].token, 1: _commit(client, created.game_id, "Bob", 1, "bob-1")}
    _reveal(client, created.game_id, tokens[1], "bob-1")
    play_game(client, created.game_id, tokens, random.Random(6))
    lines = parsed(_export(client, created.game_id))[:-1]
    index = _seat_line(lines, 1)
    altered = json.loads(json.dumps(lines))
    altered[index]["client_commitment"] = client_commitment("bob-2")  # every hash recomputed below
    problem = _verify_text(reseal(altered)).problem
    assert problem is not None and (problem.code, problem.line) == ("SEAT_ALTERED", index + 1)
    withheld = json.loads(json.dumps(lines))
    withheld[-1]["seed"] = None
    problem = _verify_text(reseal(withheld)).problem
    assert problem is not None and (problem.code, problem.line) == ("SEED_WITHHELD", len(lines))
    # A seat line removed and the chain re-sealed: the deal comes with a seat still open.
    removed = reseal([line for i, line in enumerate(json.loads(json.dumps(lines))) if i != index])
    problem = _verify_text(removed).problem
    assert problem is not None and (problem.code, problem.line) == ("SEATS_OPEN", index + 1)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.binary(min_size=32, max_size=32),
    first=st.lists(st.text(min_size=1, max_size=20), min_size=2, max_size=2),
    second=st.lists(st.text(min_size=1, max_size=20), min_size=2, max_size=2),
)
def test_the_same_server_seed_with_other_client_seeds_deals_otherwise(
    seed: bytes, first: list[str], second: list[str]
) -> None:
    if first == second:
        return
    engine = get_engine("most-wanted")
    options = engine.options({})

    def deal(client_seeds: list[str]) -> list[Any]:
        rng = SeededRng(mixed_seed(seed, [None, *client_seeds]), "g", 0)
        return [encode(e) for e in engine.setup(options, 3, rng)]

    assert deal(first) != deal(second)
    assert deal(first) == deal(list(first))  # and the same seeds deal the same


def test_frontier_bots_and_claim_give_client_seeds_drawn_on_the_client(
    client: Client, server: Running, capsys: pytest.CaptureFixture[str]
) -> None:
    address = f"127.0.0.1:{server.port}"
    status, out, _ = frontier(capsys, "bots", "--server", address, "--game", "most-wanted", "--players", "2",
                              "--player-entropy", "--seed", "1")  # fmt: skip
    assert status == 0
    lines = parsed(_export(client, out.split()[0]))
    seeds = lines[3]["client_seeds"]  # revealed in the deal line, committed to in the seat lines
    assert len(seeds) == 2 and all(re.fullmatch(r"[0-9a-f]{64}", s) for s in seeds) and seeds[0] != seeds[1]
    commitments = [line["client_commitment"] for line in lines if line["type"] == "seat"]
    assert commitments == [client_commitment(seed) for seed in seeds]
    assert lines[3]["type"] == "deal" and _verify_text(lines[:-1]).verdict == "passed"
    created = _entropy_game(client, "most-wanted", 2)
    status, out, _ = frontier(
        capsys, "claim", "--server", address, created.game_id, "--seat", "2", "--name", "Cy"
    )
    assert status == 0 and out.startswith("seat 2: token ") and "client seed revealed" in out
    assert state(client, created.game_id).status == "in_progress"  # the last seat dealt the game
    seat_line, deal_line = parsed(_export(client, created.game_id))[1:3]
    revealed = deal_line["client_seeds"][1]
    assert seat_line["player"] == "Cy" and re.fullmatch(r"[0-9a-f]{64}", revealed)
    assert seat_line["client_commitment"] == client_commitment(revealed)


def test_watching_a_waiting_game_says_so_then_sends_the_deal(client: Client) -> None:
    created = _entropy_game(client, "most-wanted", 2)
    received: list[Any] = []

    def watch() -> None:
        request = frontier_pb2.WatchGameRequest(game_id=created.game_id, from_version=0)
        for update in client.stub.WatchGame(request, metadata=client.metadata(ORGANISER), timeout=30):
            received.append(update)
            if update.version == 1:
                return

    watcher = threading.Thread(target=watch)
    watcher.start()
    time.sleep(1.0)
    assert [(u.status, u.version) for u in received] == [("waiting", 0)] and received[0].notice
    _reveal(client, created.game_id, _commit(client, created.game_id, "Bob", 1, "bob's seed"), "bob's seed")
    watcher.join(timeout=30)
    assert not watcher.is_alive()
    assert received[-1].version == 1 and received[-1].events and received[-1].status == "in_progress"


def test_an_imported_player_entropy_log_keeps_its_seat_lines_and_names(client: Client) -> None:
    path = Path(__file__).resolve().parents[2] / "seeds" / "conformance" / "good"
    content = (path / "deadwood-1876-player-entropy.jsonl").read_text(encoding="utf-8")
    reply = client.call("ImportLog", frontier_pb2.ImportLogRequest(content=content), token=ORGANISER)
    imported = state(client, reply.game_id)
    assert imported.status == "finished" and imported.imported and imported.player_entropy
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=reply.game_id), token=ORGANISER)
    assert report.verdict == "passed" and "seat 2 (Bea)" in report.markdown
    assert (
        "| Player entropy | the deal waited for every seat; client seeds from seat 2 (Bea)" in report.markdown
    )
    exported = parsed(_export(client, reply.game_id))
    original = [json.loads(line) for line in content.splitlines()]
    assert exported[:-1] == original[:-1]  # line for line; only the checkpoint is this server's


def test_the_server_deals_from_the_mixed_seed_and_the_viewer_names_late_seats(
    client: Client, server: Running
) -> None:
    created = _entropy_game(client, "deadwood-1876", 2)
    waiting = game_view(Rendering(), *_viewer_input(server, created.game_id))
    assert waiting.steps == () and waiting.status == "in_progress"  # a waiting game draws no step
    _reveal(client, created.game_id, _commit(client, created.game_id, "Bob", 1, "bob's seed"), "bob's seed")
    record = server.app.get(created.game_id)
    deal = parsed(_export(client, created.game_id))[2]
    engine = get_engine("deadwood-1876")

    def dealt_by(seed: bytes) -> list[Any]:
        rng = SeededRng(seed, created.game_id, 0)
        return [encode(e) for e in engine.setup(record.header.options, 2, rng)]

    assert deal["type"] == "deal" and deal["events"] == dealt_by(
        mixed_seed(record.seed, [None, "bob's seed"])
    )
    assert deal["events"] != dealt_by(record.seed)  # the client seed is in the mix
    shown = game_view(Rendering(), *_viewer_input(server, created.game_id))
    assert shown.steps[0].version == 1 and "Bob" in shown.labels[1]


def _viewer_input(server: Running, game_id: str) -> tuple[Any, Any, Any, None]:
    record = server.app.get(game_id)
    return record.header, list(server.app.lines(game_id)), record.players, None


def test_a_player_entropy_game_named_in_full_at_creation_is_dealt_at_once_without_client_seeds(
    client: Client,
) -> None:
    request = frontier_pb2.CreateGameRequest(
        game="most-wanted", seats=2, players=["Ann", "Bob"], player_entropy=True
    )
    created = client.call("CreateGame", request)
    assert state(client, created.game_id).status == "in_progress"
    lines = parsed(_export(client, created.game_id))
    assert [line["type"] for line in lines] == ["header", "deal", "trailer", "checkpoint"]
    unnamed = failure(
        lambda: client.call(
            "CreateGame",
            frontier_pb2.CreateGameRequest(
                game="most-wanted", seats=2, players=["Ann", " "], player_entropy=True
            ),
        )
    )
    assert (unnamed.code, unnamed.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "UNNAMED_PLAYER")
