"""Classic recording mistakes, each written into the hand-written sample at one line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

SAMPLES = Path(__file__).resolve().parents[3] / "seeds" / "recordings"
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
    "the wrong seat": Mistake(5, "NOT_TO_ACT", "not seat 1 (Ann)", at(5, '"seat": 1', '"seat": 0')),
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


DEADWOOD: dict[str, Mistake] = {
    "the wrong seat": Mistake(9, "NOT_TO_ACT", "not seat 1 (Ann)", at(9, '"seat": 1', '"seat": 0')),
    "a die face the die does not have": Mistake(
        28,
        "IMPOSSIBLE_ROLL",
        "a white die shows 0, 1, 1, 2, 2, 3",
        at(28, '"rolled": [3, 0]', '"rolled": [3, 4]'),
    ),
    "a number no Deadwood die shows": Mistake(
        6, "IMPOSSIBLE_ROLL", "on no Deadwood die", at(6, '"rolled": [5, 3, 2]', '"rolled": [5, 3, 7]')
    ),
    "a safe recorded twice in the deal": Mistake(
        2, "CARD_NOT_AVAILABLE", "cannot be a gun-red", at(2, '["gold-2", "gold-7"]', '["gun-red", "gold-7"]')
    ),
    "a card recorded twice": Mistake(
        30,
        "CARD_NOT_AVAILABLE",
        "cannot be a horse-yellow",
        at(30, '"horse-yellow", "stetson-white"]', '"horse-yellow", "horse-yellow"]'),
    ),
    "a note without its #": Mistake(
        3, "MALFORMED_LINE", "not JSON", whole(3, "Everyone passes one safe to the left.")
    ),
    "an unseen draw that is not in the game": Mistake(
        37,
        "CARD_NOT_IN_GAME",
        "'horse-purple'",
        at(37, '["unknown", "unknown", "unknown"]', '["unknown", "horse-purple", "unknown"]'),
    ),
    "a missing line": Mistake(
        10, "NOT_TO_ACT", "line missing", whole(9, "# (the arbiter forgot Bob's defence)")
    ),
    "an illegal move the table allowed": Mistake(
        8,
        "OWN_SAFE",
        "",
        at(8, '"target": 1, "position": 0}, "safe": "gold-5"', '"target": 0, "position": 0}'),
    ),
    "a card that is not in the game": Mistake(
        24, "CARD_NOT_IN_GAME", "'horse-purple'", at(24, '"horse-red"', '"horse-purple"')
    ),
    "a card played that the player never had": Mistake(
        8, "CARD_NOT_HELD", "cannot play a stetson-white", at(8, '"stetson-black"', '"stetson-white"')
    ),
    "a malformed line": Mistake(12, "MALFORMED_LINE", "not JSON", at(12, "}}", "}")),
    "dice not written down": Mistake(10, "MISSING_ROLL", "roll or pick 2", at(10, '"rolled": [5, 3], ', "")),
    "more dice than were rolled": Mistake(
        20, "IMPOSSIBLE_ROLL", "lists 3", at(20, '"rolled": [4, 2]', '"rolled": [4, 2, 6]')
    ),
    "draws not written down": Mistake(
        24, "MISSING_DRAW", 'write them in "drew"', at(24, ', "drew": ["unknown"]', "")
    ),
    "a robbery of a safe the victim does not hold": Mistake(
        26, "SAFE_NOT_HELD", "holds no gold-6", at(26, '"safe": "gold-7"', '"safe": "gold-6"')
    ),
    "a safe written on a robbery that failed": Mistake(
        39, "NOTHING_TAKEN", "dice of line 41", at(39, '"position": 2}}', '"position": 2}, "safe": "gold-7"}')
    ),
    "starting stars that do not fit the table": Mistake(
        2,
        "BAD_SETUP",
        "1 at bella_union",
        at(2, '"gem_theater", "bella_union", "gem_theater"', '"gem_theater", "gem_theater", "gem_theater"'),
    ),
    "a line after the end": Mistake(
        last_line("deadwood-1876"),
        "GAME_OVER",
        "already over",
        appended('{"seat": 1, "command": {"kind": "decline_badge_turn"}}'),
    ),
}

WESTERN_LEGENDS: dict[str, Mistake] = {
    "the wrong seat": Mistake(9, "NOT_TO_ACT", "not seat 1 (Ann)", at(9, '"seat": 1', '"seat": 0')),
    "a die face the dice do not have": Mistake(
        17, "IMPOSSIBLE_ROLL", "not a prospecting die face", at(17, '["nugget", "blank"]', '["nugget", 7]')
    ),
    "a die written with a word the die does not show": Mistake(
        17,
        "IMPOSSIBLE_ROLL",
        "not a prospecting die face",
        at(17, '["nugget", "blank"]', '["nugget", "gold"]'),
    ),
    "a card recorded twice": Mistake(
        4, "CARD_NOT_AVAILABLE", "'7H' is not in the face-down deck", at(4, '["7H", "QS"]', '["7H", "7H"]')
    ),
    "a missing line": Mistake(
        15, "NOT_TO_ACT", "line missing", whole(14, "# (the arbiter forgot Bob's end)")
    ),
    "an illegal move the table allowed": Mistake(
        12, "OUT_OF_RANGE", "A8", at(12, '"to": "K2"', '"to": "A8"')
    ),
    "a card that is not in the game": Mistake(4, "CARD_NOT_IN_GAME", "'QX'", at(4, '"QS"', '"QX"')),
    "too few cards drawn": Mistake(
        4, "WRONG_DRAW_COUNT", "the rules draw 2", at(4, '["7H", "QS"]', '["7H"]')
    ),
    "draws not written down": Mistake(
        15, "MISSING_DRAW", 'write them in "drew"', at(15, ', "drew": ["unknown", "unknown"]', "")
    ),
    "a malformed line": Mistake(12, "MALFORMED_LINE", "not JSON", at(12, "}}", "}")),
    "a note without its #": Mistake(
        18, "MALFORMED_LINE", "not JSON", whole(18, "Ann's Miner's Map: a reroll")
    ),
    "a re-roll chain written short": Mistake(
        19, "MISSING_ROLL", "roll or pick 2", at(19, '["$10 again", 2]', '["$10 again"]')
    ),
    "a cattle token the ranch does not have": Mistake(
        13, "IMPOSSIBLE_ROLL", "the ranch's tokens", at(13, '"blue $40"', '"blue $50"')
    ),
    "a tied first player not written": Mistake(
        6, "MISSING_ROLL", '"setup.first_player"', at(3, ', "first_player": 1}', "}")
    ),
    "a character not in the game": Mistake(
        3,
        "BAD_SETUP",
        "'buffalo_bill' is not a Western Legends character",
        at(3, '"bloody_knife"', '"buffalo_bill"'),
    ),
    "a line after the end": Mistake(
        last_line("western-legends"),
        "GAME_OVER",
        "already over",
        appended('{"seat": 1, "command": {"kind": "end_actions"}}'),
    ),
}
