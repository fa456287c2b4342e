"""The Deadwood picture's heading says where the game is in its rounds, as `frontier replay --html`
draws it from a real game: never "Round 5 of 3" for the final round or the badge round."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from service.cli.main import main

SAMPLE = Path(__file__).resolve().parents[3] / "seeds" / "logs" / "deadwood-1876" / "deadwood-1876-2p.jsonl"


def test_the_heading_counts_main_rounds_then_names_the_final_and_badge_rounds(tmp_path: Path) -> None:
    page = tmp_path / "game.html"
    assert main(["replay", "--html", str(SAMPLE), "-o", str(page)]) == 0
    block = re.search(
        r'<script id="game-data" type="application/json">(.*?)</script>', page.read_text(), re.S
    )
    assert block
    steps = json.loads(block.group(1))["steps"]
    headings = [_heading(step["picture"]) for step in steps]
    in_order = list(dict.fromkeys(headings))
    assert in_order == [
        "Setting up",
        "Round 1 of 3",
        "Round 2 of 3",
        "Round 3 of 3",
        "Final round (after 3 main rounds)",
        "Badge round",
        "After the rounds",
    ], in_order


def _heading(picture: str) -> str:
    """The part of the picture's status line before the phase: "Round 2 of 3"."""
    found = re.search(r'class="dw-status">([^<]*)<', picture)
    assert found, picture[:200]
    return html.unescape(found.group(1)).split(" · ")[0]
