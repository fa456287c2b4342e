"""Ctrl-C while `frontier` is still starting (loading gRPC, the engines, the recordings): one line,
exit 130, never a traceback, and never ignored; a real `frontier` process gets a real SIGINT.

The signal is sent once the process has imported gRPC (`python -X importtime` says so on standard
error), while it is still loading the rest of the commands: no sleep, no race with a clock.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from service.cli.interrupted import EXIT_INTERRUPTED

ROOT = Path(__file__).resolve().parents[2]
CLOSED = "127.0.0.1:1"  # nothing listens on port 1: the commands must stop before they ask it
IMPORT_TIME = re.compile(r"^import time:")
STARTING = {
    "bots": ["bots", "--game", "most-wanted", "--players", "2", "--games", "100000"],
    "relay --resume": ["relay", "table.txt", "--resume", "0" * 32, "--follow"],
    "tournament round": ["tournament", "round", "0" * 32, "--bots"],
}


@pytest.mark.parametrize("command", STARTING)
def test_ctrl_c_while_a_command_is_starting_prints_one_line_and_exits_130(command: str) -> None:
    process = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "service.cli", *STARTING[command], "--server", CLOSED],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
    )  # fmt: skip
    assert process.stderr is not None
    said: list[str] = []
    for line in process.stderr:
        if re.search(r"\|\s+grpc$", line.rstrip()):  # gRPC is loaded; the commands are not yet
            process.send_signal(signal.SIGINT)
            break
        if not IMPORT_TIME.match(line):
            said.append(line)
    out, rest = process.communicate(timeout=60)
    said += [line + "\n" for line in rest.splitlines() if not IMPORT_TIME.match(line)]
    assert (process.returncode, "".join(said), out) == (EXIT_INTERRUPTED, "interrupted\n", "")


def test_the_installed_command_starts_through_the_entry_that_guards_its_start() -> None:
    """The console script is the guarded entry, and the entry loads nothing slow before its guard."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["frontier"] == "service.cli.entry:main"
    loaded = subprocess.run(
        [sys.executable, "-c", "import sys, service.cli.entry; print(sorted(sys.modules))"],
        capture_output=True, text=True, check=True, cwd=ROOT,
    ).stdout  # fmt: skip
    assert not [name for name in ("grpc", "engines", "replay", "google") if f"'{name}'" in loaded]
