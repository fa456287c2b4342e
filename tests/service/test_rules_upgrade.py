"""Stored games and newer rules, over a real server: `rules_version` on CreateGame (the organiser's),
`UpgradeRules` and `frontier rules upgrade`, and `frontier rules check` over files and over a server.

A Deadwood 1876 game created under deadwood-1876/2 re-runs unchanged under the newest rules: it is
upgraded mid-game, plays on, and audits as passed; its exported upgrade line, edited, fails. A Most
Wanted game under most-wanted/2 deals differently under the newest rules: its upgrade is refused,
naming where it diverges.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import grpc

from engines.registry import get_engine
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.benchmarks.bench_rules_check import fill_store, seed_logs, timed_check
from tests.conftest import ORGANISER, Running, start_server
from tests.service.helpers import Game, failure, play_steps
from tests.service.test_cli import frontier
from tests.service.test_games_that_end import play_to_the_end

CONFORMANCE = Path(__file__).resolve().parents[2] / "seeds" / "conformance"
OLDER = {"deadwood-1876": "deadwood-1876/2", "most-wanted": "most-wanted/2"}


def create_older(organiser: Client, game: str, rules_version: str) -> Game:
    seats = get_engine(game).min_seats
    request = frontier_pb2.CreateGameRequest(
        game=game, seats=seats, players=[f"p{i}" for i in range(seats)], rules_version=rules_version
    )
    reply = organiser.call("CreateGame", request)
    return Game(reply.game_id, game, {g.seat: g.token for g in reply.seats})


def upgrade(client: Client, game_id: str, token: str | None = ORGANISER) -> Any:
    return client.call("UpgradeRules", frontier_pb2.UpgradeRulesRequest(game_id=game_id), token=token)


def export(client: Client, game_id: str) -> str:
    reply = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER)
    content: str = reply.content
    return content


def test_an_older_rules_game_upgraded_mid_game_plays_on_and_audits_as_passed(
    server: Running, organiser: Client, tmp_path: Path
) -> None:
    game = create_older(organiser, "deadwood-1876", "deadwood-1876/2")
    header = json.loads(export(organiser, game.game_id).splitlines()[0])
    assert header["rules_version"] == "deadwood-1876/2" and "option_checks" not in header["options"]
    version = play_steps(organiser, game, 6, random.Random(3))
    upgraded = upgrade(organiser, game.game_id)
    assert (upgraded.from_rules, upgraded.to_rules, upgraded.version) == (
        "deadwood-1876/2",
        "deadwood-1876/4",
        version + 1,
    )
    refused = failure(lambda: upgrade(organiser, game.game_id))
    assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "ALREADY_NEWEST")
    play_steps(organiser, game, 1, random.Random(5))  # a move after the upgrade keeps the rules it moved to
    refused = failure(lambda: upgrade(organiser, game.game_id))
    assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "ALREADY_NEWEST")
    final = play_to_the_end(organiser, game, random.Random(4))
    assert final.status == "finished"
    audit = organiser.call("Audit", frontier_pb2.AuditRequest(game_id=game.game_id), token=ORGANISER)
    assert audit.verdict == "passed", audit.problems
    assert any(c.startswith("upgrades: deadwood-1876/2 to deadwood-1876/4") for c in audit.checks)
    assert "| Rules version | `deadwood-1876/2`, upgraded to `deadwood-1876/4` |" in audit.markdown
    over = failure(lambda: upgrade(organiser, game.game_id))
    assert over.code == grpc.StatusCode.FAILED_PRECONDITION and over.reason == "GAME_OVER"

    lines = export(organiser, game.game_id).splitlines()
    (at,) = [n for n, line in enumerate(lines) if json.loads(line)["type"] == "upgrade"]
    line = json.loads(lines[at])
    assert (line["version"], line["from"], line["to"], line["by"]) == (
        version + 1,
        "deadwood-1876/2",
        "deadwood-1876/4",
        "organiser",
    )
    good = tmp_path / "upgraded.jsonl"
    good.write_text("\n".join(lines) + "\n")
    key = tmp_path / "server.pub"
    key.write_text(organiser.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest()).public_key_pem)
    passed = frontier("audit", str(good), "--key", str(key), check=False)
    assert passed.returncode == 0, passed.stdout + passed.stderr
    edited = tmp_path / "edited.jsonl"
    edited.write_text(
        "\n".join([*lines[:at], lines[at].replace("deadwood-1876/2", "deadwood-1876/1"), *lines[at + 1 :]])
    )
    failed = frontier("audit", str(edited), "--key", str(key), check=False)
    assert failed.returncode != 0 and "BROKEN_CHAIN" in failed.stdout, failed.stdout
    assert f"- Line: {at + 1}\n- Version: {version + 1}\n- Code: `BROKEN_CHAIN`" in failed.stdout


def test_a_game_whose_history_diverges_under_the_newest_rules_is_refused_naming_where(
    organiser: Client,
) -> None:
    game = create_older(organiser, "most-wanted", "most-wanted/1")  # /1 -> /2 declares no migration
    play_steps(organiser, game, 3, random.Random(5))
    refused = failure(lambda: upgrade(organiser, game.game_id))
    assert (refused.code, refused.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "RULES_DIVERGE")
    assert "most-wanted/3" in refused.message and "diverges at version 1 (line 1)" in refused.message
    lines = export(organiser, game.game_id).splitlines()
    assert not [line for line in lines if json.loads(line)["type"] == "upgrade"]  # nothing was stored


def test_older_rules_and_upgrades_are_the_organisers_and_only_known_versions(
    client: Client, organiser: Client
) -> None:
    request = frontier_pb2.CreateGameRequest(
        game="deadwood-1876", seats=2, players=["a", "b"], rules_version="deadwood-1876/2"
    )
    assert failure(lambda: client.call("CreateGame", request)).reason == "ORGANISER_REQUIRED"
    request.rules_version = "deadwood-1876/0"
    unknown = failure(lambda: organiser.call("CreateGame", request))
    assert (unknown.code, unknown.reason) == (grpc.StatusCode.INVALID_ARGUMENT, "UNKNOWN_RULES_VERSION")
    assert "deadwood-1876/1, deadwood-1876/2, deadwood-1876/3, deadwood-1876/4" in unknown.message
    game = create_older(organiser, "deadwood-1876", "deadwood-1876/2")
    assert failure(lambda: upgrade(client, game.game_id, token=None)).reason == "ORGANISER_REQUIRED"
    assert failure(lambda: upgrade(client, game.game_id, token=game.tokens[0])).reason == "ORGANISER_REQUIRED"


def test_frontier_rules_upgrade_and_rules_check_over_a_server(server: Running, organiser: Client) -> None:
    address = f"127.0.0.1:{server.port}"
    same = create_older(organiser, "deadwood-1876", "deadwood-1876/2")
    differs = create_older(organiser, "most-wanted", "most-wanted/1")
    newest = create_older(organiser, "most-wanted", "")
    for game in (same, differs, newest):
        play_steps(organiser, game, 2, random.Random(6))
    report = frontier("rules", "check", "--server", address, "--token", ORGANISER, "--json")
    verdicts = {game["game_id"]: game for game in json.loads(report.stdout)["games"]}
    assert verdicts[same.game_id]["status"] == "unchanged"
    assert verdicts[newest.game_id]["status"] == "unchanged"
    diverged = verdicts[differs.game_id]
    assert (diverged["status"], diverged["recorded"], diverged["target"]) == (
        "diverges",
        "most-wanted/1",
        "most-wanted/3",
    )
    assert diverged["problem"]["version"] == 1 and diverged["problem"]["code"] == "EVENTS_DIFFER"
    assert json.loads(report.stdout)["summary"] == {"games": 3, "diverges": 1, "unchanged": 2}
    only = frontier("rules", "check", "--server", address, "--token", ORGANISER, "--game", "deadwood-1876")
    assert only.stdout.splitlines()[-1] == "1 game checked: 1 unchanged"

    moved = frontier("rules", "upgrade", same.game_id, "--server", address, "--token", ORGANISER)
    assert "upgraded from deadwood-1876/2 to deadwood-1876/4 at step " in moved.stdout
    assert "version" not in moved.stdout.replace("rules version", ""), "people read steps"
    refused = frontier(
        "rules", "upgrade", differs.game_id, "--server", address, "--token", ORGANISER, check=False
    )
    assert (
        refused.returncode == 1
        and "FAILED_PRECONDITION" in refused.stderr
        and "diverges at version 1" in refused.stderr
    )
    # The first differing field is named with both values, and no whole event is dumped.
    assert "field kind: recorded 'deck_shuffled', rules give 'rules_added'" in refused.stderr
    assert len(refused.stderr) < 400, refused.stderr
    after = frontier("rules", "check", "--server", address, "--token", ORGANISER)
    assert after.stdout.splitlines()[-1] == "3 games checked: 1 diverges, 2 unchanged"
    redacted = frontier("rules", "check", "--server", address)
    assert redacted.stdout.splitlines()[-1] == "3 games checked: 3 unreadable without the organiser token"
    assert "give the organiser's --token" in redacted.stdout


def test_frontier_rules_check_over_the_log_files_of_the_seeds() -> None:
    files = sorted(str(p) for p in (CONFORMANCE / "good").glob("*.jsonl"))
    started = time.perf_counter()
    report = frontier("rules", "check", *files, "--json")
    seconds = time.perf_counter() - started
    verdicts = {Path(game["source"]).name: game for game in json.loads(report.stdout)["games"]}
    assert verdicts["deadwood-1876-rules-2.jsonl"]["status"] == "unchanged"
    assert verdicts["most-wanted-rules-2.jsonl"]["status"] == "unchanged"  # once its setup migrates
    assert verdicts["most-wanted-rules-1.jsonl"]["status"] == "diverges"
    assert verdicts["deadwood-1876-upgraded.jsonl"]["recorded"] == "deadwood-1876/4"
    assert json.loads(report.stdout)["summary"]["games"] == len(files)
    text = frontier("rules", "check", *files, "--game", "most-wanted")
    assert all("most-wanted" in line for line in text.stdout.splitlines()[:-1])
    assert text.stdout.splitlines()[-1].endswith("unchanged") or "diverges" in text.stdout
    print(f"rules check over {len(files)} logs: {seconds:.2f} s")  # a figure, never a limit


def test_rules_check_over_a_store_of_bot_games_and_the_seeds_logs(server: Running, organiser: Client) -> None:
    """The benchmark (tests/benchmarks/bench_rules_check.py, 200 games) with small numbers."""
    # Games 3-5 are recorded under older rules: Most Wanted's diverges at a command (a re-join call
    # /3 makes); Western Legends' (6 rounds, nobody reaches the target) plays the same once its setup
    # migrates, though its trailer hashes the state of /2.
    fill_store(organiser, 6)
    seconds, summary = timed_check("--server", f"127.0.0.1:{server.port}", "--token", ORGANISER)
    assert summary == {"games": 6, "diverges": 1, "unchanged": 5}
    files = seed_logs()
    file_seconds, file_summary = timed_check(*map(str, files))
    assert file_summary["games"] == len(files) and file_summary["unchanged"] > 0
    print(f"rules check: 6 stored games {seconds:.1f} s, {len(files)} seed logs {file_seconds:.1f} s")


def test_an_upgraded_log_imports_on_another_server_and_audits_there(
    server: Running, organiser: Client, tmp_path: Path
) -> None:
    game = create_older(organiser, "deadwood-1876", "deadwood-1876/2")
    play_steps(organiser, game, 4, random.Random(8))
    upgrade(organiser, game.game_id)
    play_steps(organiser, game, 3, random.Random(9))
    content = export(organiser, game.game_id)
    other = start_server(tmp_path / "other")
    try:
        with Client(f"127.0.0.1:{other.port}", token=ORGANISER) as there:
            imported = there.call("ImportLog", frontier_pb2.ImportLogRequest(content=content))
            audit = there.call("Audit", frontier_pb2.AuditRequest(game_id=imported.game_id))
            assert audit.verdict == "incomplete" and audit.ok, audit.problems
            assert any(c.startswith("upgrades: deadwood-1876/2 to deadwood-1876/4") for c in audit.checks)
            refused = failure(lambda: upgrade(there, imported.game_id))
            assert refused.reason == "IMPORTED_GAME"
    finally:
        other.stop()
