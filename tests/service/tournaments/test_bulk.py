"""Bulk work from the `frontier` command: NDJSON export of a tag or tournament, one audit over many
games with a verdict each (forged, unreadable and unsigned games among good ones), `games`, `watch`."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from service.cli.bulk import GameLog, bundle_line
from service.client import Client, play_bot_game
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.replay.trust.helpers import frontier, parsed, reseal, server_key_file


def tagged_games(client: Client, tag: str, count: int, seed: int = 1) -> list[str]:
    chooser = random.Random(seed)
    return [play_bot_game(client, "most-wanted", 2, chooser=chooser, tag=tag)[0] for _ in range(count)]


@pytest.fixture
def address(server: Running) -> str:
    return f"127.0.0.1:{server.port}"


def export_tag(
    capsys: pytest.CaptureFixture[str], address: str, tag: str, path: Path
) -> list[dict[str, str]]:
    status, _, err = frontier(capsys, "export", "--server", address, "--tag", tag, "-o", str(path))
    assert status == 0, err
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_tag_exports_as_one_ndjson_record_per_game_and_audits_in_one_command(
    client: Client, address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cup = tagged_games(client, "cup", 3)
    tagged_games(client, "friendly", 1, seed=2)
    records = export_tag(capsys, address, "cup", tmp_path / "cup.ndjson")
    assert [r["game_id"] for r in records] == cup  # in creation order, the other tag left out
    assert all(parsed(r["log"])[0]["game_id"] == r["game_id"] for r in records)

    key = server_key_file(client, tmp_path)
    status, out, _ = frontier(capsys, "audit", str(tmp_path / "cup.ndjson"), "--key", str(key))
    assert status == 0
    assert out.count("PASSED") == 3 and out.rstrip().endswith(
        "3 games: 3 passed, 0 failed, 0 untrusted, 0 unreadable, 0 incomplete"
    )

    status, out, _ = frontier(
        capsys,
        "audit",
        "--server",
        address,
        "--tag",
        "cup",
        "--json",
        "--known-keys",
        str(tmp_path / "known"),
    )
    report = json.loads(out)
    assert status == 0 and [g["game_id"] for g in report["games"]] == cup
    assert all(g["verdict"] == "passed" and g["signature"].startswith("verified") for g in report["games"])


def test_one_forged_game_fails_alone_and_the_exit_status_says_so(
    client: Client, address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cup = tagged_games(client, "cup", 3)
    records = export_tag(capsys, address, "cup", tmp_path / "cup.ndjson")
    lines = parsed(records[1]["log"])
    *body, checkpoint = lines
    body[0]["players"] = list(reversed(body[0]["players"]))  # swap the winner, re-hash, keep the signature
    forged = reseal(body) + [checkpoint]
    records[1]["log"] = "".join(json.dumps(line) + "\n" for line in forged)
    bundle = tmp_path / "forged.ndjson"
    bundle.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")

    key = server_key_file(client, tmp_path)
    status, out, _ = frontier(capsys, "audit", str(bundle), "--key", str(key), "--json")
    report = json.loads(out)
    assert status == 1
    verdicts = {g["game_id"]: g["verdict"] for g in report["games"]}
    assert verdicts == {cup[0]: "passed", cup[1]: "failed", cup[2]: "passed"}
    assert report["summary"] == {
        "games": 3,
        "passed": 2,
        "failed": 1,
        "unreadable": 0,
        "untrusted": 0,
        "incomplete": 0,
    }


def test_unreadable_unsigned_and_misfiled_logs_each_get_their_verdict(
    client: Client, address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good, other = tagged_games(client, "cup", 2)
    records = export_tag(capsys, address, "cup", tmp_path / "cup.ndjson")
    unsigned = tmp_path / "unsigned.jsonl"
    unsigned.write_text(
        "".join(line + "\n" for line in records[0]["log"].splitlines()[:-1]), encoding="utf-8"
    )
    misfiled = bundle_line(GameLog("", other, records[0]["log"]))  # game 1's log filed as game 2
    bundle = tmp_path / "mixed.ndjson"
    bundle.write_text(json.dumps(records[0]) + "\n" + "{not json\n" + misfiled + "\n", encoding="utf-8")

    key = server_key_file(client, tmp_path)
    status, out, _ = frontier(capsys, "audit", str(bundle), str(unsigned), "--key", str(key), "--json")
    games = json.loads(out)["games"]
    assert [(g["source"].rsplit("/", 1)[-1], g["verdict"]) for g in games] == [
        ("mixed.ndjson:1", "passed"),
        ("mixed.ndjson:2", "unreadable"),
        ("mixed.ndjson:3", "failed"),
        ("unsigned.jsonl", "untrusted"),
    ]
    assert f"filed as {other}" in games[2]["rules"]
    assert status == 1  # the worst verdict: a failed game

    status, _, _ = frontier(capsys, "audit", str(unsigned), str(unsigned), "--key", str(key))
    assert status == 4  # the rules pass, but nothing signed binds them to the server


def test_a_log_that_is_not_utf8_or_a_missing_file_is_unreadable_and_the_others_still_audit(
    client: Client, address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tagged_games(client, "cup", 1)
    bundle = tmp_path / "cup.ndjson"
    status, _, err = frontier(capsys, "export", "--server", address, "--tag", "cup", "-o", str(bundle))
    assert status == 0 and err == "exported 1 game\n"  # the noun agrees with the count
    (record,) = [json.loads(line) for line in bundle.read_text(encoding="utf-8").splitlines()]
    good = tmp_path / "good.jsonl"
    good.write_text(record["log"], encoding="utf-8")
    latin1 = tmp_path / "latin1.jsonl"  # one byte that is not UTF-8: the file is bad, not the chain
    raw = bytearray(good.read_bytes())
    first_quote = raw.index(b'"')
    raw[first_quote + 1 : first_quote + 1] = b"\xe9"
    latin1.write_bytes(bytes(raw))
    missing = tmp_path / "nope.jsonl"

    key = server_key_file(client, tmp_path)
    status, out, _ = frontier(
        capsys, "audit", str(missing), str(latin1), str(good), "--key", str(key), "--json"
    )
    games = json.loads(out)["games"]
    assert [(Path(g["source"]).name, g["verdict"]) for g in games] == [
        ("nope.jsonl", "unreadable"),
        ("latin1.jsonl", "unreadable"),
        ("good.jsonl", "passed"),
    ]
    assert "cannot read the file" in games[0]["rules"] and "No such file" in games[0]["rules"]
    assert "line 1: not UTF-8: byte 0xe9" in games[1]["rules"]
    assert all("round" not in g and "table" not in g for g in games)  # loose files: no tournament place
    assert status == 2  # the worst verdict: unreadable

    status, out, _ = frontier(capsys, "audit", str(missing), str(good), "--key", str(key))
    assert status == 2 and out.rstrip().endswith(
        "2 games: 1 passed, 0 failed, 0 untrusted, 1 unreadable, 0 incomplete"
    )


def test_a_game_still_in_progress_is_counted_incomplete_with_exit_3(
    client: Client, address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.conftest import ORGANISER
    from tests.service.helpers import create

    game = create(client, "most-wanted", 2)
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=game.game_id), token=ORGANISER
    ).content
    (tmp_path / "live.jsonl").write_text(content, encoding="utf-8")
    tagged_games(client, "cup", 1)
    (record,) = export_tag(capsys, address, "cup", tmp_path / "cup.ndjson")
    (tmp_path / "done.jsonl").write_text(record["log"], encoding="utf-8")

    key = server_key_file(client, tmp_path)
    files = [str(tmp_path / "live.jsonl"), str(tmp_path / "done.jsonl")]
    status, out, _ = frontier(capsys, "audit", *files, "--key", str(key), "--json")
    report = json.loads(out)
    assert status == 3 and [g["verdict"] for g in report["games"]] == ["incomplete", "passed"]
    assert report["summary"]["incomplete"] == 1 and report["summary"]["passed"] == 1
    status, out, _ = frontier(capsys, "audit", *files, "--key", str(key))
    assert status == 3 and out.rstrip().endswith(
        "2 games: 1 passed, 0 failed, 0 untrusted, 0 unreadable, 1 incomplete"
    )
    status, out, _ = frontier(capsys, "audit", files[1], files[1], "--key", str(key))
    assert out.rstrip().endswith("2 games: 2 passed, 0 failed, 0 untrusted, 0 unreadable, 0 incomplete")


def test_games_lists_and_filters(client: Client, address: str, capsys: pytest.CaptureFixture[str]) -> None:
    cup = tagged_games(client, "cup", 2)
    client.call(
        "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["Ann"], tag="cup")
    )
    status, out, _ = frontier(capsys, "games", "--server", address, "--tag", "cup", "--status", "finished")
    assert status == 0 and [line.split()[0] for line in out.splitlines()] == cup
    status, out, _ = frontier(capsys, "games", "--server", address, "--player", "Ann", "--json")
    (only,) = [json.loads(line) for line in out.splitlines()]
    assert only["players"] == ["Ann", ""] and only["status"] == "in_progress"
    status, out, _ = frontier(capsys, "games", "--server", address, "--tag", "cup")
    assert "Ann, seat 2" in out  # an open seat reads "seat N", counted from 1


def test_watch_follows_a_game_live_until_it_ends(client: Client, address: str) -> None:
    from tests.service.helpers import create, play_steps

    game = create(client, "most-wanted", 2)
    watcher = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "watch", "--server", address, game.game_id],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert watcher.stdout is not None
    first = watcher.stdout.readline()  # the setup, caught up from the store
    assert first.startswith("Setup — ")
    final = play_steps(client, game, 100_000, random.Random(3))
    out, err = watcher.communicate(timeout=60)
    assert watcher.returncode == 0, err
    steps = [line for line in out.splitlines() if line.startswith("Step ")]  # step s is version s + 1
    assert [int(line.split()[1]) for line in steps] == list(range(1, final))
    assert steps[0].split()[2:4] == ["—", "seat"] and out.rstrip().endswith("the game is over")


def test_a_tournament_bundle_checks_each_recorded_result_against_its_log(
    server: Running, address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from service.cli.tournaments import TournamentClient
    from tests.conftest import ORGANISER
    from tests.service.tournaments import helpers

    with TournamentClient(address, token=ORGANISER) as organiser:
        made = helpers.create(organiser, players=4, table_size=2, rounds=1)
        helpers.run(organiser, made.tournament_id, 1)
        key = server_key_file(organiser, tmp_path)
    bundle = tmp_path / "cup.ndjson"
    assert (
        frontier(
            capsys, "export", "--server", address, "--tournament", made.tournament_id, "-o", str(bundle)
        )[0]
        == 0
    )
    records = [json.loads(line) for line in bundle.read_text().splitlines()]
    assert [(r["round"], r["table"]) for r in records] == [(1, 1), (1, 2)]
    for record in records:
        trailer = next(line for line in parsed(record["log"]) if line["type"] == "trailer")
        assert (
            record["ranking"] == trailer["outcome"]["ranking"]
            and record["tournament_id"] == made.tournament_id
        )
    assert frontier(capsys, "audit", str(bundle), "--key", str(key))[0] == 0

    records[1]["ranking"] = list(reversed(records[1]["ranking"]))  # the standings' input, edited
    bundle.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    status, out, _ = frontier(capsys, "audit", str(bundle), "--key", str(key), "--json")
    games = json.loads(out)["games"]
    assert status == 1 and [g["verdict"] for g in games] == ["passed", "failed"]
    assert [(g["round"], g["table"]) for g in games] == [(1, 1), (1, 2)]  # a tournament's games say where
    assert "the tournament records the ranking" in games[1]["rules"]
