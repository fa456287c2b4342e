"""Moves signed by their seats, over a real server: a seat claimed with its own Ed25519 key signs each
command; the log keeps the signatures and the audit counts them; a command without (or with a wrong)
signature is refused and stores nothing; a move the server wrote for that seat, re-sealed and signed
with the server's own key, fails `frontier audit` naming the seat and the line."""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path
from typing import Any

import grpc
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from replay.record import chain_hash
from replay.trust import checkpoint
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from service.seat_key import command_signature, load_or_create, public_hex
from service.server import Running
from tests.conftest import ORGANISER, requires_most_wanted
from tests.replay.trust.helpers import frontier, server_key_file, write
from tests.service.helpers import failure
from tests.service.serving import frontier_run
from tests.service.web.verifier_js import run_js_verifier

pytestmark = requires_most_wanted

GAME = "most-wanted"
KEYED = 1  # the seat that claims with a key (0-based)


def signed_game(client: Client, key: Ed25519PrivateKey) -> tuple[str, dict[int, str]]:
    """A two-seat game whose second seat was claimed with `key`'s public half: (game id, tokens)."""
    created = client.call("CreateGame", frontier_pb2.CreateGameRequest(game=GAME, seats=2, players=["Host"]))
    claim = frontier_pb2.ClaimSeatRequest(
        game_id=created.game_id, player="Kim", seat=KEYED, seat_key=public_hex(key)
    )
    claimed = client.call("ClaimSeat", claim).seat
    return created.game_id, {0: created.seats[0].token, KEYED: claimed.token}


def send(
    client: Client, game_id: str, token: str, command: Any, version: int, signature: str = ""
) -> frontier_pb2.SubmitCommandResponse:
    request = frontier_pb2.SubmitCommandRequest(
        game_id=game_id, command_id=uuid.uuid4().hex, expected_version=version, command=command
    )
    request.seat_signature = signature
    answer: frontier_pb2.SubmitCommandResponse = client.call("SubmitCommand", request, token=token)
    return answer


def play_signed(client: Client, game_id: str, tokens: dict[int, str], key: Ed25519PrivateKey) -> int:
    """Play to the end with random legal commands, the keyed seat signing each; its signed count."""
    chooser, signed = random.Random(3), 0
    while True:
        state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=ORGANISER)
        if state.status == "finished":
            return signed
        seat = chooser.choice(list(state.seats_to_act))
        legal = client.call(
            "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=game_id), token=tokens[seat]
        )
        command = chooser.choice(list(legal.commands))
        command_id = uuid.uuid4().hex
        request = frontier_pb2.SubmitCommandRequest(
            game_id=game_id, command_id=command_id, expected_version=state.version, command=command
        )
        if seat == KEYED:
            request.seat_signature = command_signature(
                key, GAME, game_id, seat, state.version, command, command_id
            )
            signed += 1
        client.call("SubmitCommand", request, token=tokens[seat])


def exported(client: Client, game_id: str) -> list[dict[str, Any]]:
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
    ).content
    return [json.loads(line) for line in content.splitlines() if line.strip()]


def resealed_with_servers_key(
    server: Running, game_id: str, lines: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Re-chain every line after an edit and sign a new checkpoint with the server's own key, as an
    operator holding it would: only the seat's key, which the server never had, is missing."""
    body = [dict(line) for line in lines[:-1]]  # the old checkpoint is dropped
    version = body[0]["format_version"]
    previous = "0" * 64
    for line in body:
        line["prev"] = previous
        line["hash"] = chain_hash(line, version)
        previous = line["hash"]
    leaves = [line["hash"] for line in body if line["type"] != "trailer"]
    trailer = body[-1] if body[-1]["type"] == "trailer" else None
    signed = checkpoint.sign(server.servicer.signing_key, game_id, leaves, imported=False, trailer=trailer)
    return [*body, json.loads(signed.to_line())]


def test_signed_moves_audit_and_a_forged_move_fails_naming_seat_and_line(
    server: Running, client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key = Ed25519PrivateKey.generate()
    game_id, tokens = signed_game(client, key)
    signed = play_signed(client, game_id, tokens, key)
    assert signed > 0
    lines = exported(client, game_id)
    (seat_line,) = [line for line in lines if line["type"] == "seat"]
    assert seat_line["seat_key"] == public_hex(key)
    keyed = [line for line in lines if line["type"] == "entry" and line["seat"] == KEYED]
    assert all("seat_signature" in line for line in keyed) and len(keyed) == signed
    assert not any(
        "seat_signature" in line for line in lines if line["type"] == "entry" and line["seat"] != KEYED
    )
    server_key = str(server_key_file(client, tmp_path))
    status, out, _ = frontier(
        capsys, "audit", str(write(tmp_path / "good.jsonl", lines)), "--key", server_key
    )
    assert status == 0 and "Verdict: **PASSED**" in out, out
    assert f"signed by seat {KEYED + 1}: {signed} line" in out and "decided by the server" in out, out
    good = run_js_verifier([tmp_path / "good.jsonl"], Path(server_key))[str(tmp_path / "good.jsonl")]
    assert good["problem"] is None and good["signed_by_seat"] == {str(KEYED + 1): signed}, good
    # The operator writes a move for the keyed seat (its signature cannot be made without the seat's key),
    # re-seals every line and signs the checkpoint with the server's own key.
    at = max(i for i, line in enumerate(lines) if line["type"] == "entry" and line["seat"] == KEYED)
    for n, forged_line in enumerate(
        (
            {k: v for k, v in lines[at].items() if k != "seat_signature"},
            {**lines[at], "seat_signature": {**lines[at]["seat_signature"], "command_id": "forged"}},
        )
    ):
        forged = resealed_with_servers_key(server, game_id, [*lines[:at], forged_line, *lines[at + 1 :]])
        path = write(tmp_path / f"forged-{n}.jsonl", forged)
        js = run_js_verifier([path], Path(server_key))[str(path)]
        assert js["signature"]["status"] == "verified" and js["verdict"] == "failed", js  # type: ignore[index]
        assert (js["problem"]["code"], js["problem"]["line"]) == ("SEAT_SIGNATURE", at + 1), js  # type: ignore[index]
        assert f"seat {KEYED + 1}" in js["problem"]["reason"], js  # type: ignore[index]
        status, out, _ = frontier(capsys, "audit", str(path), "--key", server_key)
        assert status == 1 and "SEAT_SIGNATURE" in out, out
        assert f"- Line: {at + 1}" in out and f"seat {KEYED + 1}" in out, out
        assert "Signature verified" in out or "signed by key" in out, out  # the server's own key signed it


def test_a_command_without_or_with_a_wrong_signature_is_refused_and_stores_nothing(
    client: Client,
) -> None:
    key = Ed25519PrivateKey.generate()
    game_id, tokens = signed_game(client, key)
    # Play the other seat until the keyed one is to act.
    state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=ORGANISER)
    while KEYED not in state.seats_to_act:
        legal = client.call(
            "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=game_id), token=tokens[0]
        )
        send(client, game_id, tokens[0], legal.commands[0], state.version)
        state = client.call("GetState", frontier_pb2.GetStateRequest(game_id=game_id), token=ORGANISER)
    before = exported(client, game_id)
    legal = client.call(
        "ListLegalCommands", frontier_pb2.ListLegalCommandsRequest(game_id=game_id), token=tokens[KEYED]
    )
    command = legal.commands[0]
    missing = failure(lambda: send(client, game_id, tokens[KEYED], command, state.version))
    assert (missing.code, missing.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_SEAT_SIGNATURE")
    other = Ed25519PrivateKey.generate()
    wrong = command_signature(other, GAME, game_id, KEYED, state.version, command, "x")
    bad = failure(lambda: send(client, game_id, tokens[KEYED], command, state.version, wrong))
    assert (bad.code, bad.reason) == (grpc.StatusCode.UNAUTHENTICATED, "BAD_SEAT_SIGNATURE")
    assert "seat 2" in bad.message
    # A seat without a key sending a signature is refused too, before the rules are asked.
    unkeyed = failure(lambda: send(client, game_id, tokens[0], command, state.version, wrong))
    assert (unkeyed.code, unkeyed.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "BAD_SEAT_SIGNATURE")
    assert exported(client, game_id)[:-1] == before[:-1], "a refused command stored nothing"


def test_bots_with_seat_keys_sign_every_move_and_the_audit_counts_them(
    server: Running, tmp_path: Path
) -> None:
    address = f"127.0.0.1:{server.port}"
    folder = tmp_path / "keys"
    played = frontier_run(
        "bots", "--game", GAME, "--players", "2", "--seed", "4", "--seat-keys", str(folder), server=address
    )
    game_id = played.stdout.split()[0]
    assert sorted(p.name for p in folder.iterdir()) == ["seat-1.pem", "seat-2.pem"]
    assert all(p.stat().st_mode & 0o077 == 0 for p in folder.iterdir()), "a seat key is its owner's only"
    audited = frontier_run("audit", "--server", address, game_id, "--known-keys", str(tmp_path / "pins"))
    assert "PASSED" in audited.stdout and "signed by seat 1:" in audited.stdout, audited.stdout
    assert "signed by seat 2:" in audited.stdout, audited.stdout
    # `claim --seat-key` makes the key once and claims with its public half.
    with Client(address) as client:
        created = client.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game=GAME, seats=2, players=["Host"])
        )
    key_file = tmp_path / "mine.pem"
    frontier_run("claim", created.game_id, "--seat-key", str(key_file), server=address)
    with Client(address) as client:
        (seat_line,) = [line for line in exported(client, created.game_id) if line["type"] == "seat"]
    assert seat_line["seat_key"] == public_hex(load_or_create(key_file))
