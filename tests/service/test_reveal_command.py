"""The `frontier reveal` command that `claim` prints runs as printed, whatever the token looks like."""

from __future__ import annotations

import shlex

import pytest

from service.cli.main import build_parser, reveal_command


@pytest.mark.parametrize("token", ["-starts-with-a-dash", "--double", "plain_Token-9"])
def test_the_printed_reveal_command_parses_back_to_its_token_and_seed(token: str) -> None:
    seed = "ab" * 32
    words = shlex.split(reveal_command("localhost:50051", "game-1", 1, token, seed))
    args = build_parser().parse_args(words[1:])
    assert (args.token, args.client_seed, args.seat, args.game_id) == (token, seed, 2, "game-1")
