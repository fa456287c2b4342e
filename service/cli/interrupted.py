"""What `frontier` says when Ctrl-C stops a command: one line, and how to continue if it can be.

A command that can be continued names its continuation as soon as it knows it (`resume_with`); one
that leaves a game unfinished names the game (`leaving`); the entry point (service/cli/main.py)
prints it and exits 130, the shell's status for SIGINT.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Sequence

EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command Ctrl-C stopped
_RESUME = "resume_command"
_LEFT = "game_left"


def resume_with(args: argparse.Namespace, command: Sequence[str]) -> None:
    """From now on an interruption prints `command` (argv after `frontier`) as the way to continue."""
    setattr(args, _RESUME, list(command))


def leaving(args: argparse.Namespace, game_id: str | None) -> None:
    """From now on an interruption names `game_id` as the game left unfinished (None: no game)."""
    setattr(args, _LEFT, game_id)


def spelled(command: Sequence[str]) -> str:
    """`command` (argv after `frontier`) as a shell line to copy."""
    return shlex.join(["frontier", *command])


def interrupted_line(args: argparse.Namespace | None) -> str:
    """The one line printed for Ctrl-C: the command that continues, if this one named any."""
    command = getattr(args, _RESUME, None)
    if command:
        return f"interrupted: to continue, run {spelled(command)}"
    left = getattr(args, _LEFT, None)
    if left:
        return f"interrupted: game {left} is left unfinished"
    return "interrupted"
