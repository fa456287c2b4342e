"""Reading a recording (seeds/RECORDING.md): a header line, then one line per command.

Lines starting with `#` are the arbiter's notes and blank lines are allowed
anywhere; both are skipped but keep their line numbers, so every problem names
the line a person sees in their editor.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from engines.base import JsonValue
from replay.logfile import parse_json
from replay.recordings.problems import RECORDING_VERSION, Problem

FORMAT = "frontier-recording"
HEADER_FIELDS = {
    "recording",
    "version",
    "game",
    "options",
    "players",
    "event",
    "round",
    "table",
    "date",
    "setup",
}
OPTIONAL_HEADER_FIELDS = {"tag", "game_id"}
LINE_FIELDS = {"seat", "command"}
OPTIONAL_LINE_FIELDS = {"drew", "rolled", "picked", "fight_cards", "safe", "note"}


@dataclass(frozen=True)
class Header:
    line: int
    game: str
    options: dict[str, JsonValue]
    players: tuple[str, ...]
    setup: dict[str, JsonValue]
    meta: dict[str, JsonValue]  # event, round, table, date: kept for people, not for the rules
    tag: str = ""
    game_id: str | None = None


@dataclass(frozen=True)
class Line:
    line: int
    seat: int
    command: dict[str, JsonValue]
    drew: list[JsonValue] | None  # None: the line says nothing about cards drawn
    rolled: list[JsonValue] | None = None  # dice as printed on the faces, in the order rolled
    picked: list[JsonValue] | None = None  # other chance results as seen (a stolen card, a token...)
    safe: JsonValue = None  # Deadwood: the safe a pass, robbery or give-away moves out of a face-down row
    fight_cards: list[JsonValue] | None = None  # Western Legends: NPC fight cards drawn, as the chooser saw


@dataclass
class Recording:
    header: Header | None
    lines: list[Line] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)  # lines that could not be read
    digest: str = ""  # SHA-256 of the text as read: names the game when the header gives no id


def parse(text: str) -> Recording:
    """Every line that reads, and a problem for every line that does not."""
    text = text.removeprefix("\ufeff")  # a byte-order mark, as some editors write one
    recording = Recording(
        header=None, digest=hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    )
    for number, raw in enumerate(text.split("\n"), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            data = parse_json(stripped)
        except ValueError as error:
            recording.problems.append(Problem(number, "MALFORMED_LINE", f"this line is {error}"))
            continue
        if not isinstance(data, dict):
            recording.problems.append(Problem(number, "MALFORMED_LINE", "each line is one JSON object {...}"))
            continue
        if recording.header is None and not recording.problems and "recording" in data:
            _read_header(recording, number, data)
        elif recording.header is None and not recording.problems:
            recording.problems.append(
                Problem(
                    number,
                    "MISSING_HEADER",
                    f'the first line must be the header {{"recording": "{FORMAT}", ...}}',
                )
            )
        else:
            _read_line(recording, number, data)
    if recording.header is None and not recording.problems:
        recording.problems.append(Problem(1, "MISSING_HEADER", "the file has no header line"))
    return recording


def _unexpected(data: dict[str, JsonValue], known: set[str], optional: set[str]) -> str | None:
    missing = sorted(known - set(data))
    if missing:
        return f"the field {missing[0]!r} is missing"
    extra = sorted(set(data) - known - optional)
    if extra:
        return f"unknown field {extra[0]!r} (known: {', '.join(sorted(known | optional))})"
    return None


def _read_header(recording: Recording, number: int, data: dict[str, JsonValue]) -> None:
    def bad(message: str) -> None:
        recording.problems.append(Problem(number, "BAD_HEADER", message))

    if (problem := _unexpected(data, HEADER_FIELDS, OPTIONAL_HEADER_FIELDS)) is not None:
        return bad(problem)
    if data["recording"] != FORMAT:
        return bad(f'"recording" must be "{FORMAT}"')
    if data["version"] != RECORDING_VERSION:
        return bad(f"this reader knows recording version {RECORDING_VERSION}, not {data['version']!r}")
    game, options, players, setup = data["game"], data["options"], data["players"], data["setup"]
    if not isinstance(game, str):
        return bad('"game" must be a game id such as "most-wanted"')
    if not isinstance(options, dict) or not isinstance(setup, dict):
        return bad('"options" and "setup" must be objects ({} if nothing)')
    if not isinstance(players, list) or not players or not all(isinstance(p, str) for p in players):
        return bad('"players" must list one name per seat, the first seat first')
    tag, game_id = data.get("tag", ""), data.get("game_id")
    if not isinstance(tag, str) or not (game_id is None or isinstance(game_id, str)):
        return bad('"tag" and "game_id" must be strings')
    meta = {name: data[name] for name in ("event", "round", "table", "date")}
    recording.header = Header(number, game, options, tuple(players), setup, meta, tag, game_id)


def _read_line(recording: Recording, number: int, data: dict[str, JsonValue]) -> None:
    def bad(message: str) -> None:
        recording.problems.append(Problem(number, "MALFORMED_LINE", message))

    if (problem := _unexpected(data, LINE_FIELDS, OPTIONAL_LINE_FIELDS)) is not None:
        return bad(problem)
    seat, command, drew = data["seat"], data["command"], data.get("drew")
    if type(seat) is not int:
        return bad('"seat" must be the 0-based seat number of the player who acted')
    if not isinstance(command, dict) or not isinstance(command.get("kind"), str):
        return bad('"command" must be an object with a "kind", e.g. {"kind": "stay_put"}')
    if drew is not None and not isinstance(drew, list):
        return bad('"drew" must list the cards drawn, e.g. ["Q-2", "unknown"]')
    rolled, picked = data.get("rolled"), data.get("picked")
    if rolled is not None and not isinstance(rolled, list):
        return bad('"rolled" must list the dice as they came up, e.g. [3, 0]')
    if picked is not None and not isinstance(picked, list):
        return bad('"picked" must list what chance picked, as seen, e.g. ["KS"]')
    fight_cards = data.get("fight_cards")
    if fight_cards is not None and not isinstance(fight_cards, list):
        return bad('"fight_cards" must list the fight cards drawn, by rank, e.g. ["7", "K"]')
    recording.lines.append(Line(number, seat, command, drew, rolled, picked, data.get("safe"), fight_cards))
