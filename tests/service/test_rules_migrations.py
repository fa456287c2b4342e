"""Rules upgrades that reach the rules they change, over a real server and the CLI: a game set up
under an older version whose setup differs only in what the newer one records moves with the
version pair's setup migration (engines/<game>/migrations.py, seeds/LOG-FORMAT.md "Upgrade line"),
and `frontier rules check` says per log "plays the same" or the first command that would differ.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engines.registry import get_engine
from replay import logfile
from replay.forgeries import reseal
from replay.record import UpgradeLine
from replay.verify import verify
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER, Running
from tests.service.helpers import play_steps, state
from tests.service.test_cli import frontier
from tests.service.test_games_that_end import play_to_the_end
from tests.service.test_rules_upgrade import CONFORMANCE, create_older, export

SEEDS = CONFORMANCE.parent


def upgraded_by_the_cli(server: Running, organiser: Client, game: str, older: str, steps: int) -> Any:
    """A game created under `older`, `steps` commands played, upgraded with `frontier rules upgrade`.

    A history the newest rules would play differently is refused, naming where (e.g. Kit Carson's
    step, which Western Legends /4 decides when the Move ends): then another game is tried.
    """
    address = f"127.0.0.1:{server.port}"
    for _ in range(ATTEMPTS):
        created = create_older(organiser, game, older)
        play_steps(organiser, created, steps, random.Random(11))
        moved = frontier(
            "rules", "upgrade", created.game_id, "--server", address, "--token", ORGANISER, check=False
        )
        if moved.returncode == 0:
            assert f"upgraded from {older} to {get_engine(game).rules_version} " in moved.stdout  # the newest
            return created
        assert "does not re-run under" in moved.stderr and "diverges at version" in moved.stderr, moved.stderr
    raise AssertionError(f"none of {ATTEMPTS} games' histories re-ran under the newest rules")


def lines_of(organiser: Client, game_id: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in export(organiser, game_id).splitlines()]


# The server's seed is its own, so each game differs: a bot game may end by the round cap before
# anyone reaches the target, or without a last call that changes who is in. A few games suffice.
ATTEMPTS = 4


def test_WL_END_1_a_western_legends_2_game_upgraded_mid_game_ends_by_the_seeds_trigger(
    server: Running, organiser: Client
) -> None:
    for attempt in range(ATTEMPTS):
        game = upgraded_by_the_cli(server, organiser, "western-legends", "western-legends/2", 6)
        (upgrade,) = [line for line in lines_of(organiser, game.game_id) if line["type"] == "upgrade"]
        # /2 -> /3 writes the end trigger, /3 -> /4 Kit Carson's step, each as the newer rules read it
        assert upgrade["events"] == [
            {"kind": "rules_migrated", "v": 1, "text_options": [["end_trigger", "any_gain"]]},
            {"kind": "rules_migrated", "v": 1, "text_options": [["kit_carson_step", "end_of_move"]]},
        ]
        view = json.loads(state(organiser, game.game_id, ORGANISER).view_json)
        assert view["options"]["end_trigger"] == "any_gain"  # it was "end_phase" under /2
        assert view["options"]["kit_carson_step"] == "end_of_move"  # it was "after_move" under /2 and /3
        final = play_to_the_end(organiser, game, random.Random(12 + attempt))
        assert final.status == "finished"
        report = organiser.call("Audit", _audit_request(game.game_id), token=ORGANISER)
        assert report.verdict == "passed", report.problems
        assert any(
            f"western-legends/2 to {get_engine('western-legends').rules_version}" in c
            and "setup migration" in c
            for c in report.checks
        )
        triggered = [
            line["version"]
            for line in lines_of(organiser, game.game_id)
            if line["type"] == "entry" and any(e["kind"] == "end_triggered" for e in line["events"])
        ]
        if triggered:
            assert triggered[0] > upgrade["version"]
            return
    raise AssertionError(f"none of {ATTEMPTS} upgraded games ended by the trigger")


def test_MW_ROB_8_a_most_wanted_2_game_upgraded_offers_the_rejoin_call(
    server: Running, organiser: Client
) -> None:
    chooser = random.Random(13)
    for _ in range(ATTEMPTS):
        game = upgraded_by_the_cli(server, organiser, "most-wanted", "most-wanted/2", 3)
        (upgrade,) = [line for line in lines_of(organiser, game.game_id) if line["type"] == "upgrade"]
        assert upgrade["events"] == [{"kind": "rejoin_call_added", "v": 1}]
        for _ in range(60):
            play_steps(organiser, game, 20, chooser)
            lines = lines_of(organiser, game.game_id)
            if any(e["kind"] == "rejoin_call_started" for line in lines for e in line.get("events", [])):
                report = organiser.call("Audit", _audit_request(game.game_id), token=ORGANISER)
                assert report.ok, report.problems
                return
            if state(organiser, game.game_id, ORGANISER).status == "finished":
                break
    raise AssertionError(f"none of {ATTEMPTS} upgraded games offered the re-join call")


def test_UPGRADE_an_edited_setup_migration_fails_the_audit(
    server: Running, organiser: Client, tmp_path: Path
) -> None:
    game = upgraded_by_the_cli(server, organiser, "most-wanted", "most-wanted/2", 3)
    play_steps(organiser, game, 4, random.Random(14))
    good = tmp_path / "upgraded.jsonl"
    good.write_text(export(organiser, game.game_id))
    key = tmp_path / "server.pub"
    key.write_text(organiser.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest()).public_key_pem)
    passed = frontier("audit", str(good), "--key", str(key), check=False)
    assert "## First problem\n\nNone found." in passed.stdout, passed.stdout  # in progress: incomplete
    header, entries, trailer = logfile.read(good)
    at = next(n for n, line in enumerate(entries) if isinstance(line, UpgradeLine))
    for forged_events in ((), ({"kind": "rejoin_call_added", "v": 1},) * 2):
        forged = list(entries)
        upgrade = entries[at]
        assert isinstance(upgrade, UpgradeLine)
        forged[at] = UpgradeLine(
            version=upgrade.version,
            from_rules=upgrade.from_rules,
            to_rules=upgrade.to_rules,
            prev=upgrade.prev,
            salt=upgrade.salt,
            format_version=upgrade.format_version,
            events=forged_events,
        )
        resealed = reseal(header, forged, trailer)
        problem = verify(*resealed).problem
        assert problem is not None and problem.code == "MIGRATION_DIFFERS", problem
        edited = tmp_path / "edited.jsonl"
        logfile.write(edited, *resealed)
        failed = frontier("audit", str(edited), "--key", str(key), check=False)
        assert failed.returncode != 0 and "MIGRATION_DIFFERS" in failed.stdout, failed.stdout


def test_UPGRADE_rules_check_names_plays_the_same_or_the_first_differing_command() -> None:
    files = sorted(SEEDS.glob("logs/*/*.jsonl")) + sorted((CONFORMANCE / "good").glob("*-rules-*.jsonl"))
    report = frontier("rules", "check", *map(str, files), "--json")
    verdicts = {Path(game["source"]).name: game for game in json.loads(report.stdout)["games"]}
    for name in (p.name for p in sorted(SEEDS.glob("logs/*/*.jsonl"))):
        assert verdicts[name]["status"] == "unchanged", verdicts[name]
    # Set up under /2, each migrates; Most Wanted's plays the same, Western Legends' not from a command on.
    assert verdicts["most-wanted-rules-2.jsonl"]["status"] == "unchanged"
    wl = verdicts["western-legends-rules-2.jsonl"]
    assert wl["status"] == "diverges" and wl["problem"]["version"] > 1
    first = wl["first_difference"]
    assert first["step"] == wl["problem"]["version"] - 1  # the narrative's "Step N"
    assert 0 <= first["seat"] < 6 and first["command"]["kind"]
    assert verdicts["most-wanted-rules-1.jsonl"]["first_difference"] is None  # its setup differs
    text = frontier("rules", "check", *map(str, files)).stdout.splitlines()
    (wl_line,) = [line for line in text if "western-legends-rules-2.jsonl" in line]
    assert f"step {first['step']}, seat {first['seat'] + 1}'s {first['command']['kind']}" in wl_line
    assert sum("plays the same: unchanged under" in line for line in text) == sum(
        v["status"] == "unchanged" for v in verdicts.values()
    )


def _audit_request(game_id: str) -> Any:
    return frontier_pb2.AuditRequest(game_id=game_id)
