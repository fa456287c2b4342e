"""Classic recording mistakes, each written into the hand-written sample at one line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[2] / "seeds" / "recordings"
# The mistakes edit fixed lines of a sample as it was when they were written, so a frozen copy is
# read where one exists: seeds/recordings/ may be rewritten (most-wanted.rec was, in rules round 2).
FROZEN = Path(__file__).resolve().parent / "samples"


def sample_lines(game: str) -> list[str]:
    frozen = FROZEN / f"{game}.rec"
    path = frozen if frozen.exists() else SAMPLES / f"{game}.rec"
    return path.read_text(encoding="utf-8").split("\n")


@dataclass(frozen=True)
class Mistake:
    line: int  # the 1-based line the report must name
    code: str
    words: str  # a phrase the sentence must contain
    edit: Callable[[list[str]], list[str]]


def at(line: int, old: str, new: str) -> Callable[[list[str]], list[str]]:
    """Replace `old` by `new` on one line (which must contain it)."""

    def edit(lines: list[str]) -> list[str]:
        assert old in lines[line - 1], (line, old, lines[line - 1])
        return [*lines[: line - 1], lines[line - 1].replace(old, new, 1), *lines[line:]]

    return edit


def whole(line: int, text: str) -> Callable[[list[str]], list[str]]:
    def edit(lines: list[str]) -> list[str]:
        return [*lines[: line - 1], text, *lines[line:]]

    return edit


def appended(text: str) -> Callable[[list[str]], list[str]]:
    def edit(lines: list[str]) -> list[str]:
        body = [line for line in lines if line.strip()]
        return [*body, text]

    return edit


def last_line(game: str) -> int:
    return len([line for line in sample_lines(game) if line.strip()]) + 1


MOST_WANTED: dict[str, Mistake] = {
    "the wrong seat": Mistake(5, "NOT_TO_ACT", "not seat 0 (Ann)", at(5, '"seat": 1', '"seat": 0')),
    "a first player the table cannot draw": Mistake(
        2, "IMPOSSIBLE_ROLL", "from 0 to 1", at(2, '"first_player": 0', '"first_player": 2')
    ),
    "a card recorded twice": Mistake(
        13, "CARD_NOT_AVAILABLE", "both copies", at(13, '"A-0", "A-2", "10-1"', '"A-0", "A-0", "A-0"')
    ),
    "a card recorded twice in the deal": Mistake(
        2, "CARD_NOT_AVAILABLE", "cannot be a K-0", at(2, '"6-1", "8-1"', '"K-0", "K-0"')
    ),
    "a missing line": Mistake(7, "NOT_TO_ACT", "line missing", whole(6, "# (the arbiter forgot this line)")),
    "an illegal move the table allowed": Mistake(
        11, "MIXED_SUITS", "share one suit", at(11, '["6-1", "8-1"]', '["6-1", "10-3"]')
    ),
    "a card that is not in the game": Mistake(13, "CARD_NOT_IN_GAME", "'B-7'", at(13, '"10-1"', '"B-7"')),
    "a card played that the player never had": Mistake(
        4, "CARD_NOT_HELD", "cannot play a A-3", at(4, '"Q-2", "Q-1"]', '"Q-2", "A-3"]')
    ),
    "a malformed line": Mistake(16, "MALFORMED_LINE", "not JSON", at(16, "]}}", "]}")),
    "too few cards drawn": Mistake(
        9, "WRONG_DRAW_COUNT", "the rules draw 4", at(9, '"unknown", "unknown"]', '"unknown"]')
    ),
    "draws not written down": Mistake(
        11, "MISSING_DRAW", 'write them in "drew"', at(11, ', "drew": ["unknown", "unknown"]', "")
    ),
    "a robbery with the wrong number of cards": Mistake(
        4, "WRONG_CARD_COUNT", "exactly 2 cards", at(4, '"Q-2", "Q-1"]', '"Q-2", "Q-1", "9-0"]')
    ),
    "a command the game does not have": Mistake(
        17, "BAD_COMMAND", "unknown kind 'pass'", at(17, "stay_put", "pass")
    ),
    "a table option out of range": Mistake(
        2, "BAD_OPTIONS", "max_turns", at(2, '"max_turns": 20', '"max_turns": 0')
    ),
    "a hand dealt short": Mistake(
        2, "WRONG_DRAW_COUNT", "the rules draw 10", at(2, '"8-1", "10-3"]', '"8-1"]')
    ),
    "a line after the end": Mistake(
        last_line("most-wanted"),
        "GAME_OVER",
        "already over",
        appended('{"seat": 0, "command": {"kind": "stay_put"}}'),
    ),
}
