"""`frontier audit --server S GAME_ID --json` and `frontier key`, run as a user runs them against a real
server process: a stored game's id is never read as a file, and the server's key is printed as
`GetSigningKey` gives it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ORGANISER
from tests.service.serving import frontier_run as frontier
from tests.service.serving import frontier_serving


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with frontier_serving(tmp_path_factory.mktemp("served") / "data", ORGANISER) as address:
        yield address


@pytest.fixture(scope="module")
def finished(served: str) -> str:
    """A finished bot game's id."""
    played = frontier("bots", "--game", "deadwood-1876", "--players", "2", "--seed", "5", server=served)
    game_id = played.stdout.split()[0]
    return game_id


def test_audit_of_a_stored_game_as_json_audits_it_and_reads_no_file(
    served: str, finished: str, tmp_path: Path
) -> None:
    pins = str(tmp_path / "known_keys")
    audited = frontier("audit", "--server", served, finished, "--json", "--known-keys", pins)
    report = json.loads(audited.stdout)
    (game,) = report["games"]
    assert (game["game_id"], game["verdict"], game["source"]) == (finished, "passed", f"{served} {finished}")
    assert report["summary"]["passed"] == 1 and "No such file" not in audited.stdout + audited.stderr


def test_audit_as_json_of_a_game_the_server_does_not_hold_says_so_and_exits_2(
    served: str, finished: str, tmp_path: Path
) -> None:
    missing = "0" * 8 + finished[8:]
    pins = str(tmp_path / "known_keys")
    audited = frontier(
        "audit", "--server", served, missing, finished, "--json", "--known-keys", pins, check=False
    )
    assert audited.returncode == 2, audited.stdout + audited.stderr
    verdicts = {game["game_id"]: game for game in json.loads(audited.stdout)["games"]}
    assert verdicts[finished]["verdict"] == "passed"
    assert verdicts[missing]["verdict"] == "unreadable"
    assert "NOT_FOUND" in verdicts[missing]["rules"] and "No such file" not in verdicts[missing]["rules"]
