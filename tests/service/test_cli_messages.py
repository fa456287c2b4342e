"""The `frontier` command's help and messages, run as a user runs it: a real server, real client processes.

Every option says what it is for, a choice list shows only choices, and every command that takes a
token reads $FRONTIER_TOKEN.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.cli.main import build_parser
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.serving import frontier_run, frontier_serving


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    with frontier_serving(tmp_path / "data", ORGANISER) as address:
        yield address


def _arguments(
    parser: argparse.ArgumentParser, title: str = "frontier"
) -> Iterator[tuple[str, argparse.Action]]:
    """Every argument of every command and subcommand, with the command it belongs to."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _arguments(sub, f"{title} {name}")
        elif not isinstance(action, argparse._HelpAction) and action.help != argparse.SUPPRESS:
            yield title, action


def test_every_argument_of_every_command_has_help_and_every_choice_list_only_choices() -> None:
    arguments = list(_arguments(build_parser()))
    assert len(arguments) > 150
    silent = [
        f"{title} {'/'.join(a.option_strings) or a.dest}"
        for title, a in arguments
        if not (a.help or "").strip()
    ]
    assert silent == [], "arguments without --help text"
    empty = [
        f"{title} {'/'.join(a.option_strings)}"
        for title, a in arguments
        if a.choices is not None
        and not isinstance(a.choices, dict)
        and any(str(c).strip() == "" for c in a.choices)
    ]
    assert empty == [], "choice lists that show an empty choice"


def test_games_help_shows_its_status_choices_without_an_empty_one() -> None:
    shown = frontier_run("games", "--help")
    assert "{in_progress,finished}" in shown.stdout and "{," not in shown.stdout


def test_resign_reads_frontier_token_like_every_other_command(served: str) -> None:
    with Client(served) as client:
        created = client.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=3, players=["a", "b", "c"])
        )
    seat_3 = created.seats[2].token
    resigned = frontier_run("resign", created.game_id, server=served, token=seat_3)
    assert resigned.stdout.strip().endswith("in_progress")
    with Client(served) as client:
        shown = client.call("GetState", frontier_pb2.GetStateRequest(game_id=created.game_id))
    assert list(shown.out_seats) == [2]


def test_resign_without_any_token_says_how_to_give_one_and_changes_nothing(served: str) -> None:
    with Client(served) as client:
        created = client.call(
            "CreateGame", frontier_pb2.CreateGameRequest(game="most-wanted", seats=2, players=["a", "b"])
        )
        before = client.call("GetState", frontier_pb2.GetStateRequest(game_id=created.game_id)).version
    refused = frontier_run("resign", created.game_id, server=served, check=False)
    assert refused.returncode == 2
    assert "--token" in refused.stderr and "$FRONTIER_TOKEN" in refused.stderr
    with Client(served) as client:
        assert (
            client.call("GetState", frontier_pb2.GetStateRequest(game_id=created.game_id)).version == before
        )


RECORDING = Path(__file__).resolve().parents[2] / "seeds" / "recordings" / "most-wanted.rec"


def test_importing_a_recording_says_to_expand_it_and_a_missing_file_says_so(
    served: str, tmp_path: Path
) -> None:
    missing = tmp_path / "missing.log"
    refused = frontier_run(
        "import", str(RECORDING), str(missing), server=served, token=ORGANISER, check=False
    )
    assert refused.returncode == 1
    assert f"`frontier expand {RECORDING} -o GAME.log`" in refused.stderr
    assert f"{missing}: unreadable: cannot read the file: No such file or directory" in refused.stderr
    assert "Errno" not in refused.stderr and "not JSON" not in refused.stderr
    with Client(served) as client:
        assert not client.call("ListGames", frontier_pb2.ListGamesRequest()).games  # nothing was stored


@pytest.mark.parametrize("command", [("replay",), ("replay", "--html"), ("audit",)])
def test_a_missing_log_file_is_called_missing_not_an_invalid_log(
    command: tuple[str, ...], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.log"
    said = frontier_run(*command, str(missing), check=False)
    assert f"{missing}: cannot read the file: No such file or directory" in said.stdout + said.stderr
    assert (
        "Errno" not in said.stdout + said.stderr and "not a valid match log" not in said.stdout + said.stderr
    )
