"""docs/cli.md is the reference of the command line as it is: made from the parser that runs."""

from __future__ import annotations

from tools.cli_reference import OUT, render


def test_the_cli_reference_in_docs_is_made_from_the_current_parser() -> None:
    assert OUT.read_text(encoding="utf-8") == render(), "run python -m tools.cli_reference"


def test_the_cli_reference_lists_every_command_and_tournament_action() -> None:
    text = OUT.read_text(encoding="utf-8")
    for command in ("serve", "bots", "claim", "reveal", "export", "import", "audit", "prove", "replay"):
        assert f"## `frontier {command}`" in text
    for action in ("create", "round", "standings", "ratings"):
        assert f"## `frontier tournament {action}`" in text
