"""The `frontier` command as a user runs it: a real server process and real client processes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import available_games
from tests.service.serving import frontier_serving

GAMES = available_games()


def frontier(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=check,
    )


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """`frontier serve --port 0` in its own process; yields HOST:PORT."""
    with frontier_serving(tmp_path / "data") as address:
        yield address
    assert (tmp_path / "data" / "frontier.sqlite").exists()


@pytest.mark.parametrize("game", GAMES)
def test_bots_export_audit_replay_import(served: str, tmp_path: Path, game: str) -> None:
    bots = frontier(
        "bots", "--server", served, "--game", game, "--players", "2", "--games", "2", "--seed", "3"
    )
    game_ids = bots.stdout.split()
    assert len(game_ids) == 2 and all(re.fullmatch(r"[0-9a-f-]{36}", g) for g in game_ids)

    log = tmp_path / "game.log"
    frontier("export", "--server", served, game_ids[0], "-o", str(log))
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert lines[0]["type"] == "header" and lines[-2]["type"] == "trailer" and lines[-2]["seed"]
    assert lines[-1]["type"] == "checkpoint"

    unpinned = frontier("audit", str(log), "--known-keys", str(tmp_path / "known_keys"), check=False)
    assert unpinned.returncode == 4 and "not trusted" in unpinned.stderr, unpinned.stdout + unpinned.stderr
    audit = frontier("audit", str(log), "--server", served, "--known-keys", str(tmp_path / "known_keys"))
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert re.search(r"signed by key [0-9a-f]{64} at size \d+", audit.stdout)
    remote = frontier("audit", "--server", served, game_ids[0])
    assert remote.returncode == 0, remote.stdout + remote.stderr

    story = frontier("replay", str(log))
    assert len(story.stdout.splitlines()) >= len(lines) - 2

    tampered = tmp_path / "tampered.log"
    lines[3]["events"] = lines[3]["events"][:-1] if lines[3]["events"] else [{"kind": "x"}]
    tampered.write_text("\n".join(json.dumps(line) for line in lines) + "\n")
    bad = frontier("audit", str(tampered), check=False)
    assert bad.returncode == 1

    imported = frontier("import", "--server", served, str(tampered), check=False)
    assert imported.returncode == 1 and "rejected" in imported.stderr


def test_the_sample_logs_import_as_the_readme_shows(served: str) -> None:
    samples = sorted(str(p) for p in (Path(__file__).parents[2] / "seeds" / "logs").glob("*/*.jsonl"))
    assert len(samples) >= 9
    imported = frontier("import", "--server", served, *samples, check=False)
    assert imported.returncode == 0, imported.stderr
    again = frontier("import", "--server", served, samples[0], check=False)
    assert again.returncode == 1 and "already" in again.stderr.lower()
