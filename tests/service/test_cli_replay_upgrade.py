"""A log with a rules-upgrade line, told by `frontier replay` and drawn by its web viewer, run as a user
runs them: every version is a step, the upgrade's too, numbered without a gap."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.service.serving import frontier_run as frontier

UPGRADED = (
    Path(__file__).resolve().parents[2] / "seeds" / "conformance" / "good" / "deadwood-1876-upgraded.jsonl"
)


def _upgrade_version() -> int:
    lines = [json.loads(line) for line in UPGRADED.read_text().splitlines()]
    (version,) = [line["version"] for line in lines if line["type"] == "upgrade"]
    assert isinstance(version, int)
    return version


def test_replay_tells_the_upgrade_as_its_own_step_and_every_step_in_order() -> None:
    told = frontier("replay", str(UPGRADED))
    numbers = [int(n) for n in re.findall(r"^Step (\d+) —", told.stdout, flags=re.MULTILINE)]
    assert numbers == list(range(1, len(numbers) + 1)), numbers
    step = _upgrade_version() - 1
    assert (
        f"Step {step} — the organiser moves the game to rules deadwood-1876/4 (from deadwood-1876/2)"
        in told.stdout
    )
    assert told.stdout.splitlines()[-1].startswith("Result: ")
    assert told.stderr == ""


def test_the_viewer_shows_the_upgrade_as_its_own_step(tmp_path: Path) -> None:
    page = tmp_path / "game.html"
    frontier("replay", "--html", str(UPGRADED), "-o", str(page))
    steps = re.findall(r'"narrative": "(Setup|Step (\d+)) \\u2014', page.read_text())
    versions = [1 if whole == "Setup" else int(number) + 1 for whole, number in steps]
    assert versions == list(range(1, len(versions) + 1)) and _upgrade_version() in versions
    assert "the organiser moves the game to rules deadwood-1876/4" in page.read_text()
