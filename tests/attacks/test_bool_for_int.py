"""Attack: an edited log spells a number 0 or 1 as `false` or `true` (or a boolean as 0 or 1).

Python's == holds `True == 1`, JSON does not: without care an audit compared the recorded
values with the rules' own by ==, and a re-sealed log whose seat 1 read `true` (in a command,
a draw, an event, the header's setup or the trailer's result) audited as the rules' record.
Two different files would then prove the same game, and a reader in another language would
read another. Every such edit must be refused, on the line it was made.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import grpc
import pytest

from replay.forgeries import Record, reseal
from replay.logfile import read_text, write_lines
from replay.record import Entry
from replay.verify import verify
from service.client import Client
from service.generated.frontier.v1 import frontier_pb2
from tests.conftest import ORGANISER
from tests.service.helpers import failure, state

GOOD = Path(__file__).parents[2] / "seeds" / "conformance" / "good"

Path_ = tuple[str | int, ...]


def flippable(value: Any, path: Path_ = ()) -> Iterator[Path_]:
    """The paths to every 0, 1, true and false inside a JSON value."""
    if type(value) is bool or (type(value) is int and value in (0, 1)):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from flippable(item, (*path, key))
    elif isinstance(value, list | tuple):
        for index, item in enumerate(value):
            yield from flippable(item, (*path, index))


def flipped(value: Any, path: Path_) -> Any:
    """`value` with the number at `path` spelled as a boolean, or the boolean as a number."""
    if not path:
        return int(value) if type(value) is bool else bool(value)
    key, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {**value, key: flipped(value[key], rest)}
    assert isinstance(key, int)
    items = list(value)
    items[key] = flipped(items[key], rest)
    return tuple(items) if isinstance(value, tuple) else items


def as_imported(record: Record) -> Record:
    """Re-sealed as a forger would, then written and read back as an importer's file is."""
    text = "".join(line + "\n" for line in write_lines(*reseal(*record)))
    header, entries, trailer = read_text(text)[:3]
    return header, entries, trailer


def edits(record: Record, per_part: int = 3, entries_read: int = 12) -> Iterator[tuple[str, int, Record]]:
    """(what was edited, the file line it is on, the edited record) for a sample of each part."""
    header, entries, trailer = record
    for part in ("setup_events", "setup_draws"):
        for path in list(flippable(getattr(header, part)))[:per_part]:
            yield (
                f"header {part} {path}",
                1,
                (replace(header, **{part: flipped(getattr(header, part), path)}), entries, trailer),
            )
    for index, entry in enumerate(entries[:entries_read]):
        if not isinstance(entry, Entry):
            continue
        for part in ("command", "draws", "events"):
            for path in list(flippable(getattr(entry, part)))[:per_part]:
                edited = list(entries)
                edited[index] = replace(entry, **{part: flipped(getattr(entry, part), path)})
                yield f"version {entry.version} {part} {path}", index + 2, (header, edited, trailer)
    if trailer is not None:
        for path in list(flippable(trailer.outcome))[:per_part]:
            edited_trailer = replace(trailer, outcome=flipped(trailer.outcome, path))
            yield f"trailer outcome {path}", len(entries) + 2, (header, entries, edited_trailer)


def good_logs() -> list[str]:
    """The corpus's good logs that hold something to edit (a game still waiting holds nothing)."""
    names = []
    for path in sorted(GOOD.glob("*.jsonl")):
        record = read_text(path.read_text())[:3]
        if verify(*record).ok and next(edits(record), None) is not None:
            names.append(path.name)
    return names


@pytest.mark.parametrize("name", good_logs())
def test_a_number_spelled_as_a_boolean_is_refused_on_its_line(name: str) -> None:
    header, entries, trailer = read_text((GOOD / name).read_text())[:3]
    tried = 0
    for what, line, record in edits((header, entries, trailer)):
        try:
            imported = as_imported(record)
        except ValueError:
            tried += 1  # the reader refuses it: refused too
            continue
        result = verify(*imported)
        assert not result.ok, f"{name}: {what} audited as the rules' record"
        assert result.problem is not None and result.problem.line == line, (what, result.problem)
        tried += 1
    assert tried > 0


def test_an_import_spelling_a_number_as_a_boolean_is_refused_and_stores_nothing(client: Client) -> None:
    forged = (GOOD.parent / "fail" / "event-number-as-boolean.jsonl").read_text(encoding="utf-8")
    request = frontier_pb2.ImportLogRequest(content=forged)
    refused = failure(lambda: client.call("ImportLog", request, token=ORGANISER))
    assert refused.code == grpc.StatusCode.FAILED_PRECONDITION and refused.reason == "LOG_REJECTED"
    assert refused.metadata["code"] == "EVENTS_DIFFER" and refused.metadata["line"] == "2"
    game_id = read_text(forged)[0].game_id
    assert failure(lambda: state(client, game_id, ORGANISER)).code == grpc.StatusCode.NOT_FOUND
