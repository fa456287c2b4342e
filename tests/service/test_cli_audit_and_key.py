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


def test_key_prints_the_servers_key_and_fingerprint_as_get_signing_key_gives_them(
    served: str, finished: str, tmp_path: Path
) -> None:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    with Client(served) as client:
        given = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest())
    shown = frontier("key", server=served)
    assert f"key id:      {given.key_id}  (the fingerprint: SHA-256 of the key)" in shown.stdout
    assert f"public key:  {given.public_key_hex}" in shown.stdout and given.public_key_pem in shown.stdout
    assert f"signer:      {given.signer}" in shown.stdout
    as_json = json.loads(frontier("key", "--server", served, "--json").stdout)
    assert as_json == {
        "key_id": given.key_id,
        "algorithm": given.algorithm,
        "public_key_hex": given.public_key_hex,
        "public_key_pem": given.public_key_pem,
        "signer": given.signer,
    }
    # The PEM file it writes is the key an audit trusts, as the publishing guide says.
    pem = tmp_path / "server.pub"
    frontier("key", "--server", served, "-o", str(pem))
    log = tmp_path / "game.jsonl"
    frontier("export", finished, "-o", str(log), server=served, token=ORGANISER)
    audited = frontier("audit", str(log), "--key", str(pem))
    assert audited.returncode == 0 and given.key_id[:16] in audited.stdout + audited.stderr


def test_key_of_a_server_that_is_not_there_says_how_to_reach_one() -> None:
    refused = frontier("key", "--server", "127.0.0.1:1", check=False)
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.startswith("error: cannot reach the server") and "127.0.0.1:1" in refused.stderr
