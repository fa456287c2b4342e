"""The `frontier` command's habits, run as a user runs it: a real server process, real client processes.

--version, one --server default ($FRONTIER_SERVER), --json with numbers as numbers, progress bars
only on a terminal, and errors that say what to do.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from importlib.metadata import version
from pathlib import Path

import pytest

from service.cli.main import build_parser
from tests.conftest import ORGANISER, requires_most_wanted
from tests.service.serving import frontier_run, frontier_serving

CLOSED = "127.0.0.1:1"  # nothing listens on port 1


frontier = frontier_run


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    with frontier_serving(tmp_path / "data", ORGANISER) as address:
        yield address


def test_version_is_the_installed_packages() -> None:
    shown = frontier("--version")
    assert shown.stdout.strip() == f"frontier {version('frontier-ledger')}"


def test_every_server_option_has_the_one_documented_default() -> None:
    """Each command's --server says where it goes without one, and none defaults on its own."""
    helps = {}
    for command, parser in _commands(build_parser()):
        for action in parser._actions:
            if "--server" in action.option_strings:
                assert action.default is None and not action.required, command
                helps[command] = action.help or ""
    assert len(helps) >= 20
    assert all("$FRONTIER_SERVER" in text and "localhost:50051" in text for text in helps.values()), helps


def _commands(parser: object, prefix: str = "") -> Iterator[tuple[str, object]]:
    import argparse

    assert isinstance(parser, argparse.ArgumentParser)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield f"{prefix}{name}", sub
                yield from _commands(sub, f"{prefix}{name} ")


@requires_most_wanted
def test_frontier_server_is_read_by_the_commands_that_used_to_default_or_require(
    served: str, tmp_path: Path
) -> None:
    """bots (required --server before) and fork (silently localhost:50051 before) both follow it."""
    (game_id,) = frontier(
        "bots", "--game", "most-wanted", "--players", "2", "--seed", "1", server=served
    ).stdout.split()
    forked = frontier("fork", game_id, "--at", "3", "--players", "Ann,Bob", server=served, token=ORGANISER)
    assert forked.stdout.splitlines()[0] != game_id  # text by default, as every command
    assert re.fullmatch(r"seat 1 \(Ann\): token \S+", forked.stdout.splitlines()[1])
    listed = frontier("games", "--json", server=served).stdout.splitlines()
    assert len(listed) == 2
    # The command line still wins over the environment.
    assert frontier("games", "--server", served, server=CLOSED).returncode == 0


def test_an_unreachable_server_gets_a_hint_not_grpc_wording(tmp_path: Path) -> None:
    for args in (
        ("games",),
        ("audit", "0b6e1c2e-0000-4000-8000-000000000000"),
        ("tournament", "verify", "x-y"),
    ):
        failed = frontier(*args, server=CLOSED, check=False)
        assert failed.returncode in (1, 2), args
        assert f"is `frontier serve` running on {CLOSED}?" in failed.stderr, (args, failed.stderr)
        assert "failed to connect" not in failed.stderr.lower() and "Traceback" not in failed.stderr


def test_import_says_unreachable_once_for_a_server_it_cannot_reach(tmp_path: Path) -> None:
    samples = sorted(str(p) for p in (Path(__file__).parents[2] / "seeds" / "logs").glob("*/*.jsonl"))[:3]
    failed = frontier("import", *samples, server=CLOSED, check=False)
    assert failed.returncode == 2
    assert "rejected" not in failed.stderr
    assert failed.stderr.count("unreachable") == 1 and "3 of 3 logs not imported" in failed.stderr
    as_json = frontier("import", "--json", samples[0], server=CLOSED, check=False)
    assert json.loads(as_json.stdout)["status"] == "unreachable"


@requires_most_wanted
def test_json_everywhere_a_script_reads_with_numbers_as_numbers(served: str, tmp_path: Path) -> None:
    bots = frontier("bots", "--game", "most-wanted", "--names", "Ann,Bob", "--json", server=served)
    (played,) = [json.loads(line) for line in bots.stdout.splitlines()]
    assert isinstance(played["commands"], int) and played["commands"] > 0

    (game,) = [json.loads(line) for line in frontier("games", "--json", server=served).stdout.splitlines()]
    assert game["game_id"] == played["game_id"] and game["players"] == ["Ann", "Bob"]
    assert isinstance(game["version"], int) and game["version"] > 1

    forked = json.loads(
        frontier(
            "fork",
            game["game_id"],
            "--at",
            "3",
            "--players",
            "Ann,Bob",
            "--json",
            server=served,
            token=ORGANISER,
        ).stdout
    )
    assert [s["seat"] for s in forked["seats"]] == [0, 1]
    open_game = frontier(
        "fork", game["game_id"], "--at", "3", "--players", "Ann", server=served, token=ORGANISER
    )
    open_id = open_game.stdout.splitlines()[0]
    claimed = json.loads(frontier("claim", open_id, "--name", "Cat", "--json", server=served).stdout)
    assert claimed["game_id"] == open_id and claimed["seat"] == 1 and claimed["token"]
    reissued = frontier("reissue", open_id, "--seat", "2", "--json", server=served, token=ORGANISER).stdout
    assert json.loads(reissued)["seat"] == 1 and json.loads(reissued)["token"] != claimed["token"]

    log = tmp_path / "game.log"
    frontier("export", played["game_id"], "-o", str(log), server=served, token=ORGANISER)
    frontier("import", "--json", str(log), server=served, token=ORGANISER, check=False)
    other = tmp_path / "other"
    with frontier_serving(other, ORGANISER) as elsewhere:
        imported = json.loads(
            frontier("import", "--json", str(log), server=elsewhere, token=ORGANISER).stdout
        )
    assert imported == {"file": str(log), "game_id": played["game_id"], "version": game["version"]}

    recording = Path(__file__).parents[2] / "seeds" / "recordings" / "most-wanted.rec"
    expanded = json.loads(frontier("expand", str(recording), "-o", str(tmp_path / "mw.log"), "--json").stdout)
    assert expanded["output"] == str(tmp_path / "mw.log") and isinstance(expanded["commands"], int)

    created = json.loads(
        frontier(
            "tournament", "create", "--name", "Cup", "--game", "most-wanted", "--players", "Ann,Bob",
            "--table-size", "2", "--rounds", "1", "--json", server=served, token=ORGANISER,
        ).stdout
    )  # fmt: skip
    tournament = created["tournament_id"]
    assert re.fullmatch(r"[0-9a-f]{64}", created["seed_commitment"])
    round_one = json.loads(
        frontier("tournament", "round", tournament, "--bots", "--json", server=served, token=ORGANISER).stdout
    )
    assert round_one["round"] == 1 and round_one["resumed"] is False
    (table,) = round_one["tables"]
    assert table["status"] == "finished" and isinstance(table["commands"], int)
    standings = json.loads(frontier("tournament", "standings", tournament, "--json", server=served).stdout)
    assert all(isinstance(row["score_sum"], int) for row in standings["standings"])
    assert all(isinstance(row["games"], int) for row in standings["standings"])


def on_a_terminal(*args: str, server: str) -> tuple[int, str, str]:
    """`frontier ARGS` with standard error on a pseudo-terminal: (status, stdout, what it showed)."""
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # a terminal's size
    env = {k: v for k, v in os.environ.items() if k != "FRONTIER_TOKEN"}
    env["FRONTIER_SERVER"] = server
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", *args],
        stdout=subprocess.PIPE,
        stderr=follower,
        text=True,
        env=env,
    )
    os.close(follower)
    shown = b""
    while True:
        try:
            chunk = os.read(leader, 4096)
        except OSError:  # the terminal closed: the command is done
            break
        if not chunk:
            break
        shown += chunk
    out = process.stdout.read() if process.stdout else ""
    os.close(leader)
    return process.wait(timeout=60), out, shown.decode("utf-8", errors="replace")


@requires_most_wanted
def test_the_bots_bar_is_drawn_on_a_terminal_only_and_never_for_a_failed_start(served: str) -> None:
    status, out, shown = on_a_terminal(
        "bots", "--game", "most-wanted", "--players", "2", "--games", "2", server=served
    )
    assert status == 0 and len(out.split()) == 2
    assert "most-wanted x2" in shown and "2/2" in shown
    logged = frontier("bots", "--game", "most-wanted", "--players", "2", "--games", "2", server=served)
    assert logged.stderr == ""  # a log gets the game ids and nothing else
    status, _, shown = on_a_terminal("bots", "--game", "most-wanted", "--players", "2", server=CLOSED)
    assert status == 1 and "most-wanted x2" not in shown and f"running on {CLOSED}?" in shown


def test_import_shows_progress_on_a_terminal_only(served: str) -> None:
    samples = sorted(str(p) for p in (Path(__file__).parents[2] / "seeds" / "logs").glob("*/*.jsonl"))[:3]
    status, out, shown = on_a_terminal("import", "--token", ORGANISER, *samples, server=served)
    assert status == 0 and out.count("imported as") == 3 and "import" in shown and "3/3" in shown


@requires_most_wanted
def test_bots_names_its_seats_as_tournament_create_does(served: str) -> None:
    frontier("bots", "--game", "most-wanted", "--players", "Ann,Bob", server=served)
    frontier("bots", "--game", "most-wanted", "--players", "2", "--names", "Cat,Dan", server=served)
    frontier("bots", "--game", "most-wanted", "--players", "2", server=served)
    seated = sorted(
        json.loads(line)["players"] for line in frontier("games", "--json", server=served).stdout.splitlines()
    )
    assert seated == [["Ann", "Bob"], ["Cat", "Dan"], ["bot 1", "bot 2"]]
    disagree = frontier(
        "bots", "--game", "most-wanted", "--players", "3", "--names", "Cat,Dan", server=served, check=False
    )
    assert disagree.returncode == 2 and "--players 3 but --names gives 2 names" in disagree.stderr


def test_replay_and_audit_of_a_recording_point_to_expand() -> None:
    recording = Path(__file__).parents[2] / "seeds" / "recordings" / "most-wanted.rec"
    for args in (("replay", str(recording)), ("replay", str(recording), "--html"), ("audit", str(recording))):
        refused = frontier(*args, check=False)
        assert refused.returncode in (1, 2) and "not JSON" not in refused.stderr, args
        assert f"`frontier expand {recording} -o GAME.log`" in refused.stderr, args


@requires_most_wanted
def test_audit_of_a_tag_and_a_round_of_bots_show_progress_on_a_terminal_only(
    served: str, tmp_path: Path
) -> None:
    frontier(
        "bots", "--game", "most-wanted", "--players", "2", "--games", "2", "--tag", "club", server=served
    )
    pins = str(tmp_path / "known_keys")
    status, out, shown = on_a_terminal("audit", "--tag", "club", "--known-keys", pins, server=served)
    assert status == 0 and "2 games: 2 passed" in out
    assert "fetch" in shown and "audit" in shown and "2/2" in shown
    logged = frontier("audit", "--tag", "club", "--known-keys", pins, server=served)
    assert "2/2" not in logged.stderr and "audit:" not in logged.stderr

    created = frontier(
        "tournament", "create", "--name", "Cup", "--game", "most-wanted", "--players", "Ann,Bob,Cat,Dan",
        "--table-size", "2", "--rounds", "2", server=served, token=ORGANISER,
    ).stdout.strip()  # fmt: skip
    status, out, shown = on_a_terminal(
        "tournament", "round", created, "--bots", "--token", ORGANISER, server=served
    )
    assert status == 0 and out.count("played:") == 2 and "round 1" in shown and "2/2" in shown
    logged = frontier("tournament", "round", created, "--bots", server=served, token=ORGANISER)
    assert logged.stdout.count("played:") == 2 and logged.stderr == ""


def test_a_second_serve_on_a_data_folder_in_use_refuses_naming_the_first(tmp_path: Path) -> None:
    data = tmp_path / "data"
    env = {**os.environ, "FRONTIER_DATA": str(data)}
    serve = [sys.executable, "-m", "service.cli", "serve", "--port", "0"]
    with frontier_serving(data):
        second = subprocess.run(serve, capture_output=True, text=True, timeout=60, env=env)
        assert second.returncode == 2 and second.stdout == ""
        pid = re.search(r"in use by another server \(`frontier serve`, pid (\d+)\)", second.stderr)
        assert pid, second.stderr
        assert b"serve" in Path(f"/proc/{pid.group(1)}/cmdline").read_bytes()
    # A server killed outright leaves its lock file, not its lock: the next one starts.
    crashed = subprocess.Popen(serve, stdout=subprocess.PIPE, text=True, env=env)
    assert crashed.stdout is not None and "serving on" in crashed.stdout.readline()
    crashed.kill()
    crashed.wait(timeout=20)
    with frontier_serving(data) as address:
        assert frontier("games", server=address).returncode == 0


@requires_most_wanted
def test_audit_pins_a_key_once_says_where_and_lists_what_it_trusts(tmp_path: Path) -> None:
    pins = tmp_path / "known_keys"
    with frontier_serving(tmp_path / "a", ORGANISER) as a, frontier_serving(tmp_path / "b", ORGANISER) as b:
        logs = {}
        for name, address in (("a", a), ("b", b)):
            (game_id,) = frontier(
                "bots", "--game", "most-wanted", "--players", "2", server=address
            ).stdout.split()
            logs[name] = tmp_path / f"{name}.log"
            frontier("export", game_id, "-o", str(logs[name]), server=address, token=ORGANISER)
        first = frontier("audit", str(logs["a"]), "--server", a, "--known-keys", str(pins))
        (line,) = pins.read_text().splitlines()
        address, key_id, _public, signer = line.split(maxsplit=3)
        assert (
            address == a and f"pinned the key {key_id} of {a} (signs as {signer}) in {pins}" in first.stderr
        )
        # The same server by another name for its address: the same key, so no second line.
        port = a.rsplit(":", 1)[1]
        again = frontier("audit", str(logs["a"]), "--server", f"localhost:{port}", "--known-keys", str(pins))
        assert pins.read_text().splitlines() == [line]
        assert (
            f"trusting the key {key_id} of localhost:{port}" in again.stderr
            and f"first fetched from {a}" in again.stderr
        )
        # A log of a server not pinned: the pinned key is listed as what is trusted.
        other = frontier("audit", str(logs["b"]), "--known-keys", str(pins), check=False)
        assert other.returncode == 4 and "trusted: none" not in other.stdout + other.stderr
        assert f"trusted: {key_id[:16]}... ({signer})" in other.stdout + other.stderr
    # A pin file of the old kind, a line per address of one key, is still read and trusted.
    pins.write_text(f"{line}\nlocalhost:{port} {line.split(maxsplit=1)[1]}\n")
    assert frontier("audit", str(logs["a"]), "--known-keys", str(pins)).returncode == 0


def _wait_for_a_game_in_progress(server: str) -> None:
    """Until the server holds a game in progress with moves made in it: a minute at most.

    A game just created may not yet be known to the bots that asked for it (the answer is still on
    its way), so a move made in it is the sign they are playing it.
    """
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    with Client(server) as client:
        for _ in range(1200):
            games = client.call("ListGames", frontier_pb2.ListGamesRequest(status="in_progress")).games
            if any(game.version >= 3 for game in games):
                return
            time.sleep(0.05)
    raise AssertionError(f"no game in progress on {server}")


@requires_most_wanted
def test_ctrl_c_in_bots_and_watch_prints_one_line_and_no_traceback(served: str) -> None:
    env = {**os.environ, "FRONTIER_SERVER": served}
    base = [sys.executable, "-m", "service.cli"]
    bots = subprocess.Popen(
        [*base, "bots", "--game", "most-wanted", "--players", "2", "--games", "100000"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert bots.stdout is not None
    played = bots.stdout.readline().strip()  # a game is done: it is playing the next
    _wait_for_a_game_in_progress(served)
    bots.send_signal(signal.SIGINT)
    _, said = bots.communicate(timeout=60)
    left = re.fullmatch(r"interrupted: game ([0-9a-f-]{36}) is left unfinished\n", said)
    assert bots.returncode == 130 and left is not None, said
    assert left[1] != played  # the game it was playing, still open on the server
    shown = frontier("games", "--status", "in_progress", "--json", server=served)
    assert left[1] in shown.stdout

    open_game = frontier("fork", played, "--at", "3", server=served, token=ORGANISER)
    game_id = open_game.stdout.splitlines()[0]
    watch = subprocess.Popen(
        [*base, "watch", game_id], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    assert watch.stdout is not None and watch.stdout.readline().startswith("Setup — ")  # the stream is open
    watch.send_signal(signal.SIGINT)
    _, said = watch.communicate(timeout=60)
    assert watch.returncode == 130 and said == "interrupted\n"
