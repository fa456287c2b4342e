"""Attack: a key pinned for one server vouches for a log of another.

The operator of server B holds B's signing key. A user once audited a game of B, so B's key is
pinned. B's operator takes a finished log of server A, swaps its players (so the win goes to the
other name), re-seals every hash and signs a checkpoint with B's key. Audited with no --key and no
--server, the pinned key must vouch only for logs that name B as their signer.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import asdict, replace
from pathlib import Path

import pytest

from replay import logfile
from replay.forgeries import reseal
from replay.record import Header, Line, Trailer
from replay.trust import checkpoint, keys
from replay.trust.checkpoint import Checkpoint
from replay.trust.signed_log import line_hashes, read_signed
from replay.verify import verify
from service.client import Client, play_bot_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER, start_server
from tests.replay.trust.helpers import frontier

A_NAME, B_NAME = "Saloon A", "Saloon B"


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[Running, Running]]:
    a = start_server(tmp_path / "a", signer_name=A_NAME)
    b = start_server(tmp_path / "b", signer_name=B_NAME)
    yield a, b
    a.stop()
    b.stop()


def _finished_export(running: Running, seed: int) -> str:
    with Client(f"127.0.0.1:{running.port}") as client:
        game_id, _ = play_bot_game(client, "deadwood-1876", 3, chooser=random.Random(seed))
        return client.call(
            "ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER
        ).content


def _winner_swapped(content: str) -> tuple[Header, list[Line], Trailer | None]:
    header, entries, trailer, _ = read_signed(logfile.split_lines(content))
    players = list(header.players)
    players[0], players[1] = players[1], players[0]
    forged = reseal(replace(header, players=tuple(players)), entries, trailer)
    assert verify(*forged).ok  # the rules cannot see a swapped name: only the signature can
    return forged[0], list(forged[1]), forged[2]


def _signed_text(record: tuple[Header, list[Line], Trailer | None], key: keys.SigningKey, *, v1: bool) -> str:
    header, entries, trailer = record
    cp = checkpoint.sign(key, header.game_id, line_hashes(header, entries), imported=False, trailer=trailer)
    if v1:  # the format before signer names: nothing in it says whose log it is
        unsigned = Checkpoint(**{**asdict(cp), "format_version": 1, "signer": None, "trailer_hash": None})
        cp = replace(unsigned, signature=key.sign(unsigned.signed_bytes()).hex())
    lines = logfile.write_lines(header, entries, trailer)
    return "".join(line + "\n" for line in [*lines, cp.to_line()])


@pytest.mark.parametrize("claims", ["server A's name", "no name (format 1)"])
def test_a_log_of_server_a_resigned_with_server_bs_pinned_key_is_not_passed(
    two_servers: tuple[Running, Running],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    claims: str,
) -> None:
    a, b = two_servers
    pins = tmp_path / "known_keys"
    b_address = f"127.0.0.1:{b.port}"
    genuine_b = tmp_path / "b-game.jsonl"
    genuine_b.write_text(_finished_export(b, seed=1), encoding="utf-8")
    status, _out, err = frontier(
        capsys, "audit", str(genuine_b), "--server", b_address, "--known-keys", str(pins)
    )
    assert status == 0 and B_NAME in pins.read_text(encoding="utf-8"), err

    b_key = replace(keys.load_signing_key(tmp_path / "b" / keys.KEY_FILE), signer=A_NAME)
    forged = _winner_swapped(_finished_export(a, seed=2))
    log = tmp_path / "a-game-forged.jsonl"
    log.write_text(_signed_text(forged, b_key, v1=claims != "server A's name"), encoding="utf-8")

    status, out, err = frontier(capsys, "audit", str(log), "--known-keys", str(pins))
    assert status == 4, out
    assert "Verdict: **NOT PASSED**" in out and "SIGNER_DIFFERS" in out
    assert b_address in err and B_NAME in err  # which server the key is pinned for
    if claims == "server A's name":
        assert A_NAME in err  # and what the log names
    else:
        assert "format 1" in err and "names no signer" in err


def test_server_bs_own_log_passes_on_its_pin_and_says_whose_key_it_is(
    two_servers: tuple[Running, Running], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The guard's control: a pinned key still vouches for its own signer's logs, and says so."""
    _a, b = two_servers
    pins = tmp_path / "known_keys"
    b_address = f"127.0.0.1:{b.port}"
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    first.write_text(_finished_export(b, seed=1), encoding="utf-8")
    second.write_text(_finished_export(b, seed=3), encoding="utf-8")
    assert frontier(capsys, "audit", str(first), "--server", b_address, "--known-keys", str(pins))[0] == 0
    status, out, _err = frontier(capsys, "audit", str(second), "--known-keys", str(pins))
    assert status == 0, out
    assert f"signed by {B_NAME!r}, with the key pinned for the server {b_address}" in out
