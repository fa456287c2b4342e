"""Takebacks from the command line (docs/games-that-end.md, "Takebacks"), as a user runs them against
a real server: `frontier new --takeback-policy`, `frontier takeback ask|accept|decline|show`, and
`frontier watch` and refusals numbering seats and steps as people do (docs/cli.md, "Numbers people read").

The moves themselves are a client app's (the CLI plays none): the tests make them over gRPC.
"""

from __future__ import annotations

import random
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from service.client import Client
from tests.conftest import ORGANISER, available_games
from tests.service.helpers import Game, state
from tests.service.serving import frontier_run as frontier
from tests.service.serving import frontier_serving
from tests.service.test_games_that_end import exported
from tests.service.test_takebacks import PLAIN, SEATS, asked, playing_until, refused_with

GAME = "western-legends" if "western-legends" in available_games() else available_games()[0]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with frontier_serving(tmp_path_factory.mktemp("takebacks") / "data", ORGANISER) as address:
        yield address


def new_game(address: str, policy: str | None) -> Game:
    """A game made by `frontier new` (with `--takeback-policy policy` unless None), its seats' tokens read
    from what it prints."""
    players = ",".join(f"p{seat + 1}" for seat in range(SEATS[GAME]))
    chosen = [] if policy is None else ["--takeback-policy", policy]
    made = frontier("new", GAME, "--players", players, *chosen, server=address)
    game_id, *seats = made.stdout.splitlines()
    tokens = {}
    for number, line in enumerate(seats):
        found = re.fullmatch(r"seat (\d+) \(p\d+\): token (\S+)", line)
        assert found is not None and int(found[1]) == number + 1, made.stdout
        tokens[number] = found[2]
    return Game(game_id, GAME, tokens)


def played_until(address: str, game: Game, look: Callable[[Client, Game], Any], seed: int) -> tuple[int, Any]:
    """Moves made over gRPC (a client app's) until `look` finds what the test needs after a seat's move."""
    with Client(address) as client:
        found = playing_until(client, game, random.Random(seed), look(client, game), PLAIN)
    assert found is not None, "the game ended first"
    return found


def watch_lines(address: str, game_id: str, count: int, *options: str) -> list[str]:
    """The first `count` lines `frontier watch` prints (it follows a game in progress until Ctrl-C)."""
    watch = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "watch", game_id, "--server", address, *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert watch.stdout is not None
    lines = [watch.stdout.readline().rstrip("\n") for _ in range(count)]
    watch.send_signal(signal.SIGINT)
    watch.communicate(timeout=60)
    return lines


def takeback(address: str, *args: str, token: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return frontier("takeback", *args, f"--token={token}", server=address, check=check)


def test_a_takeback_asked_declined_asked_again_accepted_and_the_game_rewound(served: str) -> None:
    game = new_game(served, "consent")
    seat, probe = played_until(served, game, asked, seed=3)  # the table allows one here (asked over gRPC)
    with Client(served) as client:
        now = state(client, game.game_id, ORGANISER).version
        before = {
            v: state(client, game.game_id, t, version=now - 1).view_json for v, t in game.tokens.items()
        }
    to_step = probe.pending.to_version - 1
    assert to_step == now - 2, "by default the seat's own last move is taken back"
    others = sorted(other for other in game.tokens if other != seat)
    declined = takeback(served, "decline", game.game_id, token=game.tokens[others[0]])
    assert declined.stdout == f"declined: the takeback is cleared; the game goes on from step {now - 1}\n"
    shown = frontier("takeback", "show", game.game_id, server=served)
    assert shown.stdout.splitlines() == [
        f"takeback policy: consent; the game stands at step {now - 1}",
        "no takeback is asked for",
    ]

    asking = takeback(served, "ask", game.game_id, token=game.tokens[seat])
    waiting = " and ".join(f"seat {other + 1}" for other in others)
    said = (
        f"seat {seat + 1} asks to take back to step {to_step} (step {to_step + 1} undone); "
        f"waiting for {waiting} to accept or decline"
    )
    assert asking.stdout.splitlines()[0] == said, asking.stdout
    assert frontier("takeback", "show", game.game_id, server=served).stdout.splitlines()[1] == said
    note = (
        f"note: seat {seat + 1} asks to take back to step {to_step} (`frontier takeback show {game.game_id}`)"
    )
    noted, setup = watch_lines(served, game.game_id, 2)  # Ctrl-C once the stream is read, not before
    assert noted == note and setup.startswith("Setup — ")

    for other in others[:-1]:
        accepted = takeback(served, "accept", game.game_id, token=game.tokens[other])
        assert accepted.stdout.startswith(f"accepted; seat {seat + 1} asks to take back to step {to_step}")
    granted = takeback(served, "accept", game.game_id, token=game.tokens[others[-1]])
    assert granted.stdout == (
        f"taken back: the game stands as it stood at step {to_step} "
        f"(step {to_step + 1} undone; step {now} records the takeback)\n"
    )
    with Client(served) as client:
        after = {v: state(client, game.game_id, t).view_json for v, t in game.tokens.items()}
        to_act = state(client, game.game_id).seats_to_act
        ruling = next(line for line in exported(client, game.game_id) if line["type"] == "ruling")
    assert after == before, "every seat sees the game as it stood before the move taken back"
    assert (ruling["ruling"], ruling["seat"], ruling["to_version"]) == ("takeback", seat, now - 1)
    assert ruling["granted_by"] == others
    (step_line,) = watch_lines(served, game.game_id, 1, "--from-step", str(now - 1))
    consent = " and ".join(f"seat {other + 1}'s" for other in others)
    waiting_now = ", ".join(f"seat {s + 1}" for s in to_act)
    assert step_line == (
        f"Step {now} — seat {seat + 1}: takes back to step {to_step}, with {consent} consent "
        f"(step {to_step + 1} undone)   (waiting for {waiting_now})"
    )


def test_a_takeback_refused_says_why_in_plain_words_and_changes_nothing(served: str) -> None:
    off = new_game(served, None)
    played_until(served, off, lambda client, game: lambda moved: moved, seed=1)  # one move, by anyone
    refused = takeback(served, "ask", off.game_id, token=off.tokens[0], check=False)
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr == (
        "error: FAILED_PRECONDITION: this game takes no takebacks: it was created with takeback policy off, "
        "and a game's policy is chosen when it is created (consent or organiser)\n"
    )
    shown = frontier("takeback", "show", off.game_id, server=served).stdout.splitlines()
    assert shown == ["takeback policy: off; the game stands at step 1", "no takeback is asked for"]

    game = new_game(served, "consent")
    played_until(served, game, lambda client, g: lambda moved: moved, seed=1)
    too_far = takeback(served, "ask", game.game_id, "--to-step", "1", token=game.tokens[0], check=False)
    assert too_far.returncode == 2 and too_far.stderr == (
        "error: --to-step 1: the game stands at step 1; give an earlier step, 0 (the setup) to 0\n"
    )
    negative = takeback(served, "ask", game.game_id, "--to-step", "-1", token=game.tokens[0], check=False)
    assert negative.returncode == 2 and "steps count from 0 (the setup)" in negative.stderr
    nobody = frontier("takeback", "accept", game.game_id, server=served, check=False)
    assert nobody.returncode == 2 and "needs a token" in nobody.stderr
    assert frontier("takeback", "show", game.game_id, server=served).stdout.endswith(
        "no takeback is asked for\n"
    )


def test_a_refusal_names_the_step_as_the_narrative_numbers_it(served: str) -> None:
    """A takeback past a die roll or a shuffle is refused naming the step that drew, as `replay` says it."""
    game = new_game(served, "consent")
    seat, refusal = played_until(
        served, game, lambda client, g: refused_with(client, g, "TAKEBACK_PAST_CHANCE"), seed=5
    )
    refused = takeback(served, "ask", game.game_id, token=game.tokens[seat], check=False)
    drew = re.search(r"step (\d+) drew at random", refused.stderr)
    assert refused.returncode == 1 and drew is not None, refused.stderr
    with Client(served) as client:
        lines = exported(client, game.game_id)
    entries = [line for line in lines if line["type"] == "entry"]
    own = max(e["version"] for e in entries if e.get("seat") == seat and not e.get("by"))
    first_drawn = min(e["version"] for e in entries if e["version"] >= own and e.get("draws"))
    assert int(drew[1]) == first_drawn - 1, "step S is version S + 1"
    assert "version" not in refused.stderr


def test_under_policy_organiser_the_organiser_grants_it_from_the_command_line(served: str) -> None:
    game = new_game(served, "organiser")
    seat, probe = played_until(served, game, asked, seed=3)  # the request waits (asked over gRPC)
    to_step = probe.pending.to_version - 1
    shown = frontier("takeback", "show", game.game_id, server=served).stdout.splitlines()
    assert shown[1].endswith("; waiting for the organiser to grant it"), shown
    other = next(s for s in game.tokens if s != seat)
    refused = takeback(served, "accept", game.game_id, token=game.tokens[other], check=False)
    assert refused.returncode == 1 and refused.stderr == (
        "error: PERMISSION_DENIED: under takeback policy organiser only the organiser answers a takeback\n"
    )
    granted = takeback(served, "accept", game.game_id, token=ORGANISER)
    assert granted.stdout.startswith(f"taken back: the game stands as it stood at step {to_step} ")
    assert frontier("takeback", "show", game.game_id, server=served).stdout.endswith(
        "no takeback is asked for\n"
    )
