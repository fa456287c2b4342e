"""The published JSON Schemas (seeds/schemas/) accept every sample the project ships and refuse
malformed lines; they follow the engines (command kinds, characters) rather than a copy of them."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from engines.registry import get_engine
from engines.western_legends.characters import CHARACTER_NAMES
from replay.logfile import write_lines
from replay.recordings.expand import expand_text
from tests.replay.recordings.mistakes import sample_lines

SEEDS = Path(__file__).resolve().parents[3] / "seeds"
GAMES = ("most-wanted", "deadwood-1876", "western-legends")


def _validator(name: str) -> Draft202012Validator:
    schema = json.loads((SEEDS / "schemas" / f"{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


RECORDING = _validator("recording")
MATCH_LOG = _validator("match-log")


def _json_lines(text: str) -> list[dict[str, Any]]:
    return [
        json.loads(line) for line in text.split("\n") if line.strip() and not line.lstrip().startswith("#")
    ]


def _errors(validator: Draft202012Validator, line: dict[str, Any]) -> list[str]:
    return [error.message for error in validator.iter_errors(line)]


RECORDINGS = sorted((SEEDS / "recordings").glob("*.rec"))
LOGS = sorted((SEEDS / "logs").glob("*/*.jsonl")) + sorted((SEEDS / "conformance" / "good").glob("*.jsonl"))


@pytest.mark.parametrize("path", RECORDINGS, ids=lambda p: p.name)
def test_every_line_of_every_sample_recording_validates(path: Path) -> None:
    lines = _json_lines(path.read_text(encoding="utf-8"))
    assert len(lines) > 30
    for number, line in enumerate(lines, start=1):
        assert _errors(RECORDING, line) == [], (path.name, number)


def test_the_documented_recording_example_validates() -> None:
    example = re.search(r"```jsonl\n(.*?)```", (SEEDS / "RECORDING.md").read_text(encoding="utf-8"), re.S)
    assert example is not None
    for line in _json_lines(example.group(1)):
        assert _errors(RECORDING, line) == []


@pytest.mark.parametrize("path", LOGS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_line_of_every_sample_match_log_validates(path: Path) -> None:
    lines = _json_lines(path.read_text(encoding="utf-8"))
    assert lines
    for number, line in enumerate(lines, start=1):
        assert _errors(MATCH_LOG, line) == [], (path.name, number)


@pytest.mark.parametrize("game", GAMES)
def test_the_log_a_recording_expands_into_validates(game: str) -> None:
    expansion = expand_text("\n".join(sample_lines(game)))
    for line in write_lines(expansion.header, expansion.entries, expansion.trailer):
        assert _errors(MATCH_LOG, json.loads(line)) == []


def test_the_schemas_name_the_commands_and_characters_the_engines_have() -> None:
    defs = RECORDING.schema["$defs"]
    kinds = set(defs["command_line"]["properties"]["command"]["properties"]["kind"]["enum"])
    assert kinds == {command.kind for game in GAMES for command in get_engine(game).commands}
    assert defs["character"]["enum"] == list(CHARACTER_NAMES)


def _sample(game: str, index: int) -> dict[str, Any]:
    return _json_lines("\n".join(sample_lines(game)))[index]


def _changed(line: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(line)
    target: Any = changed
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return changed


_DELETE = object()
BAD_RECORDING_LINES = {
    "a header without players": ("deadwood-1876", 0, ("players",), _DELETE),
    "a header of another version": ("western-legends", 0, ("version",), 2),
    "Deadwood stars at a place that is not in the game": (
        "deadwood-1876",
        0,
        ("setup", "stars", 0),
        "the_saloon",
    ),
    "a Western Legends character not in the game": (
        "western-legends",
        0,
        ("setup", "offered", 0, 1),
        "buffalo_bill",
    ),
    "a negative seat": ("deadwood-1876", 1, ("seat",), -1),
    "a command the games do not have": ("deadwood-1876", 1, ("command", "kind"), "pass"),
    "a die face above six": ("deadwood-1876", 3, ("rolled", 2), 7),
    "a drawn card written as a number": ("deadwood-1876", 6, ("drew", 0), 5),
    "an unknown field": ("western-legends", 2, ("drawn",), ["7H"]),
    "a safe that is not printed": ("deadwood-1876", 4, ("safe",), "gold-9"),
}


@pytest.mark.parametrize("name", sorted(BAD_RECORDING_LINES))
def test_a_malformed_recording_line_does_not_validate(name: str) -> None:
    game, index, path, value = BAD_RECORDING_LINES[name]
    good = _sample(game, index)
    assert _errors(RECORDING, good) == []
    assert _errors(RECORDING, _changed(good, path, value)) != []


def _log_lines() -> list[dict[str, Any]]:
    return _json_lines((SEEDS / "conformance" / "good" / "deadwood-1876-finished.jsonl").read_text("utf-8"))


BAD_LOG_LINES = {
    "a header of an unknown format version": ("header", ("format_version",), 9),
    "a format-2 header without its salt": ("header", ("salt",), _DELETE),
    "an entry whose hash is cut short": ("entry", ("hash",), "ab12"),
    "an entry with a draw the generator cannot make": ("entry", ("draws",), [{"op": "coin", "value": 1}]),
    "an entry at version 1": ("entry", ("version",), 1),
    "a finished trailer without an outcome": ("trailer", ("outcome",), None),
    "a trailer with an unknown status": ("trailer", ("status",), "abandoned"),
    "a checkpoint with a short signature": ("checkpoint", ("signature",), "00ff"),
    "a line of a type the format does not have": ("entry", ("type",), "comment"),
}


@pytest.mark.parametrize("name", sorted(BAD_LOG_LINES))
def test_a_malformed_match_log_line_does_not_validate(name: str) -> None:
    kind, path, value = BAD_LOG_LINES[name]
    good = next(line for line in _log_lines() if line["type"] == kind and line.get("draws") != [])
    assert _errors(MATCH_LOG, good) == []
    assert _errors(MATCH_LOG, _changed(good, path, value)) != []


# Format 3's lines and the header fields merged with it: (sample, line type, path, value).
BAD_FORMAT_3_LINES = {
    "a seat line whose client seed is over 128 characters": (
        "deadwood-1876-player-entropy", "seat", ("client_seed",), "x" * 129,
    ),
    "a seat line without its player's name": ("most-wanted-seat-line", "seat", ("player",), _DELETE),
    "a seat line with a field the format does not have": (
        "most-wanted-seat-line", "seat", ("command",), {"kind": "stay_put", "v": 1},
    ),
    "a deal line at version 2": ("deadwood-1876-player-entropy", "deal", ("version",), 2),
    "a deal line without its salt": ("deadwood-1876-player-entropy", "deal", ("salt",), _DELETE),
    "a format-3 header without player_entropy": (
        "deadwood-1876-player-entropy", "header", ("player_entropy",), _DELETE,
    ),
    "a player-entropy header that deals in the header": (
        "deadwood-1876-player-entropy", "header", ("events",), [{"kind": "cards_drawn", "v": 1}],
    ),
    "a format-1 header with a duplicate deal's key": (
        "deadwood-1876-format-1", "header", ("deal",), "cup/round-1/4-seats",
    ),
    "a duplicate deal's key of 201 characters": ("most-wanted-deal-table-1", "header", ("deal",), "k" * 201),
    "a fork's origin without the source's state hash": (
        "most-wanted-fork", "header", ("forked_from", "state_hash"), _DELETE,
    ),
    "a fork's origin copying no events": ("most-wanted-fork", "header", ("forked_from", "events"), 0),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(BAD_FORMAT_3_LINES))
def test_a_malformed_format_3_line_does_not_validate(name: str) -> None:
    sample, kind, path, value = BAD_FORMAT_3_LINES[name]
    lines = _json_lines((SEEDS / "conformance" / "good" / f"{sample}.jsonl").read_text("utf-8"))
    good = next(line for line in lines if line["type"] == kind)
    assert _errors(MATCH_LOG, good) == []
    assert _errors(MATCH_LOG, _changed(good, path, value)) != []


def test_a_fight_card_written_as_a_poker_card_does_not_validate() -> None:
    lines = _json_lines((SEEDS / "recordings" / "western-legends.rec").read_text(encoding="utf-8"))
    fight = next(line for line in lines if "fight_cards" in line)
    assert _errors(RECORDING, fight) == []
    assert _errors(RECORDING, _changed(fight, ("fight_cards", 0), "9S")) != []
    assert _errors(RECORDING, _changed(fight, ("fight_cards",), "9")) != []
