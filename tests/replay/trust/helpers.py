"""Shared pieces of the trust tests: a finished game's export, the server's key, the CLI in-process."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from replay.record import chain_hash
from service.cli.main import main
from service.client import Client, play_bot_game
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER


def finished_export(
    client: Client, game: str = "deadwood-1876", seats: int = 3, seed: int = 5
) -> tuple[str, str]:
    """Play a bot game to the end; return (game id, the organiser's full export)."""
    game_id, _ = play_bot_game(client, game, seats, chooser=random.Random(seed))
    reply = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER)
    return game_id, reply.content


def server_key_file(client: Client, folder: Path) -> Path:
    """The server's public key as a PEM file, as an organiser would publish it."""
    key = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest())
    path = folder / "server.pub"
    path.write_text(key.public_key_pem, encoding="utf-8")
    return path


def parsed(content: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in content.splitlines() if line.strip()]


def reseal(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Recompute every line's `prev` and `hash` with the documented formula (seeds/LOG-FORMAT.md)."""
    previous = "0" * 64
    for line in lines:
        line["prev"] = previous
        line["hash"] = chain_hash(line)
        previous = line["hash"]
    return lines


def write(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8")
    return path


def frontier(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the `frontier` command in this process: (exit status, stdout, stderr)."""
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err
