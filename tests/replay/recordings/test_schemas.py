"""The published JSON Schemas (seeds/schemas/) accept every sample the project ships and refuse
malformed lines; they follow the engines (command kinds, characters) rather than a copy of them."""

from __future__ import annotations

import contextlib
import copy
import json
import re
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from engines.registry import get_engine
from engines.western_legends.characters import CHARACTER_NAMES
from replay.logfile import write_lines
from replay.record import Entry, RulingLine
from replay.recordings.expand import expand_text
from replay.table import RULINGS
from replay.takebacks import TAKEBACK
from replay.verify import verify
from service.config import Settings
from service.core.auth import Caller
from service.core.commands import submit
from service.core.creation import create_game
from service.core.errors import ServiceError
from service.core.exchange import stored_record
from service.core.games import Games
from service.core.rulings import record_due, resume_clocks, rule
from service.core.takebacks import answer_takeback, request_takeback
from tests.conftest import ORGANISER
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


# -- Clocks, rulings and takebacks, as a real server writes them ----------------------------------


class _FakeClock:
    """The time the application stamps each line with (`Games.now`), moved on by the test."""

    def __init__(self) -> None:
        self.at = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at

    def wait(self, ms: int) -> None:
        self.at += timedelta(milliseconds=ms)


def _move(app: Games, game_id: str, tokens: dict[int, str]) -> None:
    """The first legal command of the first seat to act."""
    current = app.get(game_id)
    seat = current.seats_to_act[0]
    command = current.engine.legal_commands(current.state, seat)[0]
    submit(app, game_id, Caller(token=tokens[seat]), uuid.uuid4().hex, None, command)


def _take_back(app: Games, game_id: str, tokens: dict[int, str], seats: int, organiser: bool) -> None:
    """The last mover asks for its command back; the other seats consent, or the organiser grants."""
    moves = [line for line in app.entries(game_id) if isinstance(line, Entry) and line.by is None]
    asker = moves[-1].seat
    request_takeback(app, game_id, Caller(token=tokens[asker]), None)
    answering = [_ORGANISER] if organiser else [Caller(token=tokens[s]) for s in range(seats) if s != asker]
    for caller in answering:
        with contextlib.suppress(ServiceError):
            answer_takeback(app, game_id, caller, True)


def _played(app: Games, clock: _FakeClock, script: dict[str, Any]) -> list[str]:
    """A game played in `app` as `script` says, audited, as the JSON lines of its export."""
    seats = script["seats"]
    for _attempt in range(8):  # the server's seed is random: a deal may allow no takeback early on
        record, grants = create_game(
            app,
            script["game"],
            seats,
            [f"p{seat}" for seat in range(seats)],
            {},
            "schemas",
            time_control=script.get("time_control", ""),
            timeout_policy=script.get("timeout_policy", ""),
            takeback_policy=script["takeback_policy"],
        )
        game_id, tokens = record.header.game_id, {seat: token for seat, _, token in grants}
        for _ in range(4):
            clock.wait(700)
            _move(app, game_id, tokens)
            with contextlib.suppress(ServiceError):  # refused past a draw or a reveal: no line
                _take_back(app, game_id, tokens, seats, script["takeback_policy"] == "organiser")
        if any(isinstance(line, RulingLine) for line in app.entries(game_id)):
            break
    for action, value in script["then"]:
        if action == "wait":
            clock.wait(value)
        elif action == "timeout":
            assert record_due(app, game_id) is not None
        elif action == "restart":  # the server away `value` ms after its last heartbeat
            kept_until = clock()
            clock.wait(value)
            assert resume_clocks(app, game_id, kept_until) is not None
        elif action == "move":
            _move(app, game_id, tokens)
        elif action == "resign":
            rule(app, game_id, Caller(token=tokens[value]), "resign")
        else:
            rule(app, game_id, _ORGANISER, action, **value)
    header, lines, trailer = stored_record(app, app.get(game_id), reveal_seed=True)
    checked = verify(header, lines, trailer)
    assert checked.ok, checked.problem
    return write_lines(header, lines, trailer)


_ORGANISER = Caller(token=ORGANISER, is_organiser=True)
_SCRIPTS: dict[str, dict[str, Any]] = {
    # A game clock: a takeback by consent, a timeout the server then plays for (autopilot), a
    # resume mark after a restart, a resignation, and the organiser's adjudication.
    "adjudicated": {
        "game": "western-legends",
        "seats": 3,
        "time_control": "3s+1s",
        "timeout_policy": "autopilot",
        "takeback_policy": "consent",
        "then": [
            ("wait", 500),
            ("restart", 95_000),
            ("move", None),
            ("wait", 60_000),
            ("timeout", None),
            ("resign", 1),
            ("adjudicate", {"result": [[2], [0], [1]], "reason": "the hall closes at ten"}),
        ],
    },
    # A time per move, forfeited on time by the last seat but one: the game ends on a timeout.
    "timed-out": {
        "game": "western-legends",
        "seats": 3,
        "time_control": "30s/move",
        "timeout_policy": "forfeit",
        "takeback_policy": "consent",
        "then": [("resign", 0), ("wait", 31_000), ("timeout", None)],
    },
    # No clock: a takeback the organiser grants, then the organiser abandons the game.
    "abandoned": {
        "game": "western-legends",
        "seats": 3,
        "takeback_policy": "organiser",
        "then": [("abandon", {"reason": "a fire alarm"})],
    },
}


@pytest.fixture(scope="module")
def ruled_logs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, list[dict[str, Any]]]]:
    data = tmp_path_factory.mktemp("schemas-rulings")
    app = Games(env=Settings(data=data, port=0, organiser_token=ORGANISER).store_env())
    clock = _FakeClock()
    app.now = clock
    try:
        yield {
            name: [json.loads(line) for line in _played(app, clock, spec)] for name, spec in _SCRIPTS.items()
        }
    finally:
        app.close()


def test_clocked_ruled_and_taken_back_lines_a_server_writes_validate(
    ruled_logs: dict[str, list[dict[str, Any]]],
) -> None:
    lines = [line for log in ruled_logs.values() for line in log]
    for line in lines:
        assert _errors(MATCH_LOG, line) == [], line
    rulings = [line for line in lines if line["type"] == "ruling"]
    assert {line["ruling"] for line in rulings} == {*RULINGS, TAKEBACK}
    granted = {str(line["granted_by"]) for line in rulings if line["ruling"] == "takeback"}
    assert "organiser" in granted and any(grant.startswith("[") for grant in granted)
    (resume,) = [line for line in rulings if line["ruling"] == "resume"]
    assert set(resume["clock"]) == {"elapsed_ms", "stopped_ms", "left_ms"}
    assert [line for line in lines if line["type"] == "entry" and line.get("by") == "autopilot"]
    assert [line for line in lines if line["type"] == "entry" and "used_ms" in line.get("clock", {})]
    assert {line["takeback_policy"] for line in lines if line["type"] == "header"} == {"consent", "organiser"}
    ended = {line["outcome"].get("ended") for line in lines if line["type"] == "trailer"}
    assert ended == {"adjudicated", "timeout", "abandoned"}


def _line(lines: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    """The first header, clocked entry or trailer, or the first ruling of kind `kind`."""
    if kind in ("header", "trailer"):
        return next(line for line in lines if line["type"] == kind)
    if kind == "entry":
        return next(line for line in lines if line["type"] == "entry" and "clock" in line)
    return next(line for line in lines if line.get("ruling") == kind)


# Edits of real lines the format does not allow: (log, which line, path, value).
BAD_CLOCKED_LINES = {
    "an unknown field in a header's clock": ("adjudicated", "header", ("clock", "increment_ms"), 1000),
    "a header's clock without its timeout policy": (
        "timed-out", "header", ("clock", "timeout_policy"), _DELETE,
    ),
    "a timeout policy the server does not have": ("timed-out", "header", ("clock", "timeout_policy"), "flag"),
    "a time control not spelled as the header records it": (
        "adjudicated", "header", ("clock", "time_control"), "3 minutes",
    ),
    "a takeback policy of off, written": ("abandoned", "header", ("takeback_policy",), "off"),
    "an unknown field in an entry's clock": ("adjudicated", "entry", ("clock", "think_ms"), 5),
    "an entry's clock with stopped_ms": ("adjudicated", "entry", ("clock", "stopped_ms"), 10),
    "an entry's clock without the seats' time left": ("adjudicated", "entry", ("clock", "left_ms"), _DELETE),
    "a negative elapsed time": ("adjudicated", "entry", ("clock", "elapsed_ms"), -1),
    "a time left in seconds with a fraction": ("adjudicated", "entry", ("clock", "left_ms", 0), 2.5),
    "an entry played by the organiser": ("adjudicated", "entry", ("by",), "organiser"),
    "an unknown field in a resume line's clock": ("adjudicated", "resume", ("clock", "paused_ms"), 0),
    "a resume line's clock without stopped_ms": ("adjudicated", "resume", ("clock", "stopped_ms"), _DELETE),
    "a resume line's clock with used_ms": ("adjudicated", "resume", ("clock", "used_ms"), 10),
    "a resume line for a seat": ("adjudicated", "resume", ("seat",), 0),
    "an unknown field in a timeout's clock": ("timed-out", "timeout", ("clock", "late_ms"), 0),
    "a timeout's clock with stopped_ms": ("timed-out", "timeout", ("clock", "stopped_ms"), 0),
    "a timeout without the think that ran out": ("timed-out", "timeout", ("clock", "used_ms"), _DELETE),
    "a timeout by the organiser": ("timed-out", "timeout", ("by",), "organiser"),
    "a resignation with a result": ("adjudicated", "resign", ("result",), [[0], [2], [1]]),
    "a resignation with a to_version": ("adjudicated", "resign", ("to_version",), 2),
    "an adjudication without a reason": ("adjudicated", "adjudicate", ("reason",), " "),
    "an adjudication without a result": ("adjudicated", "adjudicate", ("result",), None),
    "a reason of 501 characters": ("adjudicated", "adjudicate", ("reason",), "r" * 501),
    "an abandonment with a result": ("abandoned", "abandon", ("result",), [[0], [1], [2]]),
    "a ruling the format does not have": ("abandoned", "abandon", ("ruling",), "forfeit"),
    "an unknown field in a ruling": ("abandoned", "abandon", ("note",), "x"),
    "a takeback without granted_by": ("abandoned", "takeback", ("granted_by",), _DELETE),
    "a takeback granted by a spectator": ("abandoned", "takeback", ("granted_by",), "spectator"),
    "a takeback to version 0": ("adjudicated", "takeback", ("to_version",), 0),
    "a takeback with a reason": ("adjudicated", "takeback", ("reason",), "misclick"),
    "an outcome ended by an unknown ruling": ("abandoned", "trailer", ("outcome", "ended"), "walked_out"),
}  # fmt: skip


@pytest.mark.parametrize("name", sorted(BAD_CLOCKED_LINES))
def test_a_malformed_clocked_or_ruled_line_does_not_validate(
    ruled_logs: dict[str, list[dict[str, Any]]], name: str
) -> None:
    log, kind, path, value = BAD_CLOCKED_LINES[name]
    good = _line(ruled_logs[log], kind)
    assert _errors(MATCH_LOG, good) == []
    assert _errors(MATCH_LOG, _changed(good, path, value)) != []
