"""The `frontier tournament` commands in-process: tokens file, show, verify from a file and its exits."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from service.server import Running
from tests.conftest import ORGANISER
from tests.replay.trust.helpers import frontier


@pytest.fixture
def address(server: Running, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("FRONTIER_TOKEN", ORGANISER)
    return f"127.0.0.1:{server.port}"


def create(capsys: pytest.CaptureFixture[str], address: str, *extra: str) -> str:
    status, out, err = frontier(
        capsys, "tournament", "create", "--server", address, "--name", "Cup", "--game", "most-wanted",
        "--players", "Ann, Bob ,Cy,Dee", "--table-size", "2", "--rounds", "1", *extra,
    )  # fmt: skip
    assert status == 0, err
    return out.strip()


def test_round_tokens_go_to_a_private_file_and_seat_the_named_players(
    capsys: pytest.CaptureFixture[str], address: str, tmp_path: Path
) -> None:
    tournament_id = create(capsys, address, "--option", "max_turns=50")
    tokens = tmp_path / "round1.json"
    tokens.write_text("old")
    tokens.chmod(0o644)
    status, out, _ = frontier(
        capsys, "tournament", "round", "--server", address, tournament_id, "--tokens", str(tokens)
    )
    assert status == 0 and "table 2" in out
    assert stat.S_IMODE(tokens.stat().st_mode) == 0o600
    grants = json.loads(tokens.read_text())
    assert sorted(g["player"] for g in grants) == ["Ann", "Bob", "Cy", "Dee"] and all(
        g["token"] for g in grants
    )
    # Every grant names its seat, seat 0 too (a proto3 default), 0-based as in the API.
    assert all(set(g) == {"table", "game_id", "seat", "player", "token"} for g in grants)
    assert sorted((g["table"], g["seat"]) for g in grants) == [(1, 0), (1, 1), (2, 0), (2, 1)]
    status, out, _ = frontier(capsys, "tournament", "show", "--server", address, tournament_id)
    assert "1 of 1 rounds, playing" in out and out.count("in progress") == 2
    status, out, _ = frontier(capsys, "tournament", "show", "--server", address, tournament_id, "--json")
    assert json.loads(out)["definition"]["options"]["max_turns"] == 50


def test_verify_a_saved_record_file_and_its_exit_statuses(
    capsys: pytest.CaptureFixture[str], address: str, tmp_path: Path
) -> None:
    tournament_id = create(capsys, address)
    assert (
        frontier(capsys, "tournament", "round", "--server", address, tournament_id, "--bots", "--seed", "1")[
            0
        ]
        == 0
    )
    status, out, _ = frontier(capsys, "tournament", "show", "--server", address, tournament_id, "--json")
    record = tmp_path / "cup.json"
    record.write_text(out)
    status, out, _ = frontier(capsys, "tournament", "verify", str(record))
    assert status == 0 and "Tables verified: 1 round, 2 tables are the ones" in out

    data = json.loads(out := record.read_text())
    tables = data["rounds"][0]["tables"]
    tables[0]["players"].reverse()  # the seat order is part of the draw too
    record.write_text(json.dumps(data))
    status, out, _ = frontier(capsys, "tournament", "verify", str(record))
    assert status == 1 and out.startswith("round 1: TABLE_DIFFERS: table 1 seats")

    record.write_text("{not json")
    assert frontier(capsys, "tournament", "verify", str(record))[0] == 2


def test_bad_input_is_one_clear_error(capsys: pytest.CaptureFixture[str], address: str) -> None:
    status, _, err = frontier(
        capsys, "tournament", "create", "--server", address, "--name", "Cup", "--game", "most-wanted",
        "--players", "Ann,Bob,Cy", "--table-size", "2", "--rounds", "1",
    )  # fmt: skip
    expected = "3 players at tables of 2 leave a table of 1; this game needs at least 2"
    assert status == 1 and err == f"error: INVALID_ARGUMENT: {expected}\n"


def test_a_bad_table_option_is_refused_by_name(capsys: pytest.CaptureFixture[str], address: str) -> None:
    status, _, err = frontier(
        capsys, "tournament", "create", "--server", address, "--name", "Cup", "--game", "most-wanted",
        "--players", "Ann,Bob", "--table-size", "2", "--rounds", "1", "--option", "max_turns=0",
    )  # fmt: skip
    assert status == 1 and err.startswith("error: INVALID_ARGUMENT: option max_turns")
