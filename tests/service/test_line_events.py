"""A record line stored as its JSON alone is a `LineStored` event, read back by one table."""

from __future__ import annotations

import ast
from pathlib import Path
from uuid import uuid4

from eventsourcing.domain import DomainEvent

from service.core import records
from service.core.store_events import GameDealt, LineStored, RulesUpgraded, RulingMade, event_at

KINDS: set[type[DomainEvent]] = {GameDealt, RulingMade, RulesUpgraded}


def test_every_line_event_is_read_by_the_table() -> None:
    assert set[type](LineStored.__subclasses__()) == KINDS == set[type](records.READ_AS)
    assert not issubclass(LineStored, DomainEvent)  # never stored itself


def test_a_line_event_stores_its_line_after_the_event_fields_as_before() -> None:
    for kind in KINDS:
        event = event_at(kind, uuid4(), 3, line={"version": 3})
        assert list(event.__dict__) == ["originator_id", "originator_version", "timestamp", "line"]


def test_a_ruling_or_upgrade_moves_the_record_on_in_one_place() -> None:
    # records._chained alone reads a parsed line's version and hash into the record.
    source = ast.parse(Path(records.__file__).read_text(encoding="utf-8"))
    movers = {
        function.name
        for function in ast.walk(source)
        if isinstance(function, ast.FunctionDef)
        for keyword in ast.walk(function)
        if isinstance(keyword, ast.keyword)
        and ast.unparse(keyword) in ("game_version=line.version", "head=line.hash")
    }
    assert movers == {"_chained"}
