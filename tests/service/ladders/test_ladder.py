"""A ladder over a real server: a season of bot games gives a leaderboard that `frontier ladder verify`
recomputes from the exported logs alone; an edited log or table fails it, naming the game; seasons
archive their final table; a player's history lists their games; outsiders and bad input change nothing."""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path
from typing import Any

import grpc
import pytest

from service.cli.players import PlayersClient
from service.client import play_bot_game
from service.generated.frontier.v1 import frontier_pb2, ladders_pb2
from service.server import Running
from tests.conftest import ORGANISER, requires_most_wanted
from tests.replay.trust.helpers import frontier, parsed, reseal, server_key_file
from tests.service.helpers import failure

pytestmark = requires_most_wanted


@pytest.fixture
def address(server: Running, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv("FRONTIER_TOKEN", ORGANISER)
    return f"127.0.0.1:{server.port}"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    status, out, err = frontier(capsys, *args)
    assert status == 0, err
    return out.strip()


def ladder_with_players(
    capsys: pytest.CaptureFixture[str], address: str, count: int = 3
) -> tuple[str, list[str]]:
    players = [
        run(capsys, "players", "add", "--server", address, name) for name in ("Ann", "Bob", "Cy")[:count]
    ]
    ladder = run(
        capsys, "ladder", "create", "--server", address, "--name", "Club", "--game", "most-wanted",
        "--option", "max_turns=30",
    )  # fmt: skip
    return ladder, players


def play(capsys: pytest.CaptureFixture[str], address: str, ladder: str, seats: list[str], seed: int) -> str:
    return run(
        capsys, "ladder", "pair", "--server", address, ladder, "--players", ",".join(seats), "--bots",
        "--seed", str(seed),
    )  # fmt: skip


def export(capsys: pytest.CaptureFixture[str], address: str, ladder: str, path: Path) -> list[dict[str, Any]]:
    run(capsys, "ladder", "export", "--server", address, ladder, "-o", str(path))
    return [json.loads(line) for line in path.read_text().splitlines()]


def write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_a_season_of_bot_games_verifies_from_the_exported_logs(
    capsys: pytest.CaptureFixture[str], address: str, tmp_path: Path
) -> None:
    ladder, (ann, bob, cy) = ladder_with_players(capsys, address)
    first = [
        play(capsys, address, ladder, seats, n) for n, seats in enumerate([[ann, bob], [bob, cy], [cy, ann]])
    ]
    run(capsys, "ladder", "season-end", "--server", address, ladder)
    second = play(capsys, address, ladder, [ann, bob], 7)

    shown = json.loads(run(capsys, "ladder", "show", "--server", address, ladder, "--json"))
    assert shown["season"] == 2 and len(shown["seasons"]) == 1
    archived = {row["player"]: row["games"] for row in shown["seasons"][0]["table"]}
    assert archived == {ann: 2, bob: 2, cy: 2}
    now = {row["player"]: row["games"] for row in shown["table"]}
    assert now == {ann: 1, bob: 1, cy: 0}  # ratings carry over; games count per season
    assert [g["game_id"] for g in shown["games"]] == [*first, second]
    assert all(row["sigma"] < 25 / 3 for row in shown["table"])

    with PlayersClient(address) as client:
        key = server_key_file(client, tmp_path)
    records = export(capsys, address, ladder, tmp_path / "club.ndjson")
    assert [r["game_id"] for r in records[1:]] == [*first, second]
    status, out, err = frontier(capsys, "ladder", "verify", str(tmp_path / "club.ndjson"), "--key", str(key))
    assert status == 0, out + err
    assert "Ladder verified: 4 games' logs pass" in out and "1 archived season tables" in out

    history = json.loads(run(capsys, "players", "show", "--server", address, ann, "--json"))
    assert [g["game_id"] for g in history["games"]] == [first[0], first[2], second]
    assert [g["seat"] for g in history["games"]] == [0, 1, 0]
    assert {g["kind"] for g in history["games"]} == {"ladder"} and all(g["place"] for g in history["games"])


def test_an_edited_log_or_table_fails_verify_naming_the_game(
    capsys: pytest.CaptureFixture[str], address: str, tmp_path: Path
) -> None:
    ladder, (ann, bob, cy) = ladder_with_players(capsys, address)
    games = [play(capsys, address, ladder, seats, n) for n, seats in enumerate([[ann, bob], [bob, cy]])]
    with PlayersClient(address) as client:
        key = server_key_file(client, tmp_path)
    records = export(capsys, address, ladder, tmp_path / "club.ndjson")

    lines = parsed(records[2]["log"])
    *body, checkpoint = lines
    body[0]["players"] = list(reversed(body[0]["players"]))  # re-hashed, the signature kept
    forged = copy.deepcopy(records)
    forged[2] = {
        **records[2],
        "log": "".join(json.dumps(line) + "\n" for line in reseal(body) + [checkpoint]),
    }
    status, out, _ = frontier(
        capsys, "ladder", "verify", str(write(tmp_path / "forged.ndjson", forged)), "--key", str(key)
    )
    assert status == 1 and f"game {games[1]}: failed" in out and games[0] not in out

    table = copy.deepcopy(records)
    table[0]["ladder"]["table"][0]["mu"] += 1.0
    status, out, _ = frontier(
        capsys, "ladder", "verify", str(write(tmp_path / "table.ndjson", table)), "--key", str(key)
    )
    assert status == 1 and "TABLE_DIFFERS" in out

    # A genuine, signed game from outside the ladder, put in its record in place of one of its games.
    with PlayersClient(address) as client:
        outside = play_bot_game(client, "most-wanted", 2, chooser=random.Random(4))[0]
        log = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=outside)).content
    swapped = copy.deepcopy(records)
    swapped[0]["ladder"]["games"][1]["game_id"] = outside
    swapped[2] = {"game_id": outside, "log": log}
    status, out, _ = frontier(
        capsys, "ladder", "verify", str(write(tmp_path / "swapped.ndjson", swapped)), "--key", str(key)
    )
    assert status == 1 and f"game {outside}: NOT_THIS_LADDERS" in out

    missing = records[:2]
    status, out, _ = frontier(
        capsys, "ladder", "verify", str(write(tmp_path / "short.ndjson", missing)), "--key", str(key)
    )
    assert status == 1 and f"game {games[1]}: LOG_MISSING" in out


def test_a_season_does_not_end_while_its_games_are_in_play(
    capsys: pytest.CaptureFixture[str], address: str
) -> None:
    ladder, (ann, bob, _) = ladder_with_players(capsys, address)
    with PlayersClient(address, token=ORGANISER) as organiser:
        paired = organiser.ladders_call(
            "PairLadderGame", ladders_pb2.PairLadderGameRequest(ladder_id=ladder, players=[ann, bob])
        )
        refused = failure(
            lambda: organiser.ladders_call("EndSeason", ladders_pb2.GetLadderRequest(ladder_id=ladder))
        )
        assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "SEASON_IN_PLAY")
        # An abandoned game counts for nobody, as in tournament standings; then the season ends.
        organiser.call(
            "EndGame", frontier_pb2.EndGameRequest(game_id=paired.game_id, abandon=True, reason="no show")
        )
        ended = organiser.ladders_call("EndSeason", ladders_pb2.GetLadderRequest(ladder_id=ladder))
    record = json.loads(ended.record_json)
    assert ended.season == 2 and record["seasons"][0]["table"] == [] and not ended.table


def test_outsiders_and_bad_pairings_change_nothing(capsys: pytest.CaptureFixture[str], address: str) -> None:
    ladder, (ann, bob, _) = ladder_with_players(capsys, address)
    with PlayersClient(address) as outsider:
        create = ladders_pb2.CreateLadderRequest(name="Mine", game="most-wanted")
        pair = ladders_pb2.PairLadderGameRequest(ladder_id=ladder, players=[ann, bob])
        end = ladders_pb2.GetLadderRequest(ladder_id=ladder)
        for method, request in (("CreateLadder", create), ("PairLadderGame", pair), ("EndSeason", end)):
            refused = failure(lambda m=method, r=request: outsider.ladders_call(m, r))  # type: ignore[misc]
            assert (refused.code, refused.reason) == (grpc.StatusCode.UNAUTHENTICATED, "ORGANISER_REQUIRED")
    with PlayersClient(address, token=ORGANISER) as organiser:
        for players, reason in (
            ([ann, "00000000-0000-4000-8000-000000000000"], "PLAYER_NOT_FOUND"),
            ([ann, ann], "DUPLICATE_PLAYER"),
            ([ann], "BAD_SEAT_COUNT"),
            ([ann, "bob"], "BAD_PLAYER_ID"),
        ):
            request = ladders_pb2.PairLadderGameRequest(ladder_id=ladder, players=players)
            assert failure(lambda r=request: organiser.ladders_call("PairLadderGame", r)).reason == reason  # type: ignore[misc]
        shown = organiser.ladders_call("GetLadder", ladders_pb2.GetLadderRequest(ladder_id=ladder))
        assert json.loads(shown.record_json)["games"] == [] and shown.season == 1
        tagged = frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, tag=f"ladder:{ladder}")
        assert failure(lambda: organiser.call("CreateGame", tagged)).reason == "RESERVED_TAG"


def test_idle_time_on_the_server_raises_sigma_and_verify_agrees(
    capsys: pytest.CaptureFixture[str], address: str, tmp_path: Path
) -> None:
    ann, bob = (run(capsys, "players", "add", "--server", address, name) for name in ("Ann", "Bob"))
    ladder = run(
        capsys, "ladder", "create", "--server", address, "--name", "Blitz", "--game", "most-wanted",
        "--option", "max_turns=30", "--period", "1",
    )  # fmt: skip
    play(capsys, address, ladder, [ann, bob], 1)
    with PlayersClient(address) as client:
        before = client.ladders_call("GetLadder", ladders_pb2.GetLadderRequest(ladder_id=ladder))
        time.sleep(1.1)  # one whole period of this ladder
        after = client.ladders_call("GetLadder", ladders_pb2.GetLadderRequest(ladder_id=ladder))
        key = server_key_file(client, tmp_path)
    assert [r.mu for r in after.table] == [r.mu for r in before.table]
    assert all(a.sigma > b.sigma for a, b in zip(after.table, before.table, strict=True))
    export(capsys, address, ladder, tmp_path / "blitz.ndjson")
    status, out, _ = frontier(capsys, "ladder", "verify", str(tmp_path / "blitz.ndjson"), "--key", str(key))
    assert status == 0, out


def test_a_resignation_ranks_the_resigner_last_and_verify_agrees(
    capsys: pytest.CaptureFixture[str], address: str, tmp_path: Path
) -> None:
    ladder, (ann, bob, _) = ladder_with_players(capsys, address)
    with PlayersClient(address, token=ORGANISER) as organiser:
        paired = organiser.ladders_call(
            "PairLadderGame", ladders_pb2.PairLadderGameRequest(ladder_id=ladder, players=[ann, bob])
        )
        bob_token = next(s.token for s in paired.seats if s.player_id == bob)
        organiser.call("Resign", frontier_pb2.ResignRequest(game_id=paired.game_id), token=bob_token)
        shown = organiser.ladders_call("GetLadder", ladders_pb2.GetLadderRequest(ladder_id=ladder))
        key = server_key_file(organiser, tmp_path)
    assert [(r.player_id, r.games) for r in shown.table] == [(ann, 1), (bob, 1)]
    assert shown.table[0].mu > 25 > shown.table[1].mu
    export(capsys, address, ladder, tmp_path / "club.ndjson")
    status, out, _ = frontier(capsys, "ladder", "verify", str(tmp_path / "club.ndjson"), "--key", str(key))
    assert status == 0, out
