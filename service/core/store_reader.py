"""The event store's read of one game from SQLite, with fewer layers per stored row.

A rebuild after a cache miss reads every stored event of the game. The library builds a
`StoredEvent` per row, parses the row's game id into a `UUID` again for each, and then looks
up the event's class, its id convertor and its class version once more per row. Here one query
reads the rows, the id is converted once (every row of the read has the queried id), and
each topic's class is looked up once per read; each row's state is decoded by the mapper's
own transcoder and becomes its event exactly as `Mapper.to_domain_event` makes it. Any other
read (newest first, a limit, PostgreSQL, a cipher or compressor, an upcast class) is the library's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any, cast
from uuid import UUID

from eventsourcing.persistence import EventStore, find_id_convertor
from eventsourcing.sqlite import SQLiteApplicationRecorder
from eventsourcing.utils import resolve_topic


class StoreEventStore(EventStore[UUID]):
    """`EventStore` whose ascending read of one SQLite aggregate makes its events in one pass."""

    def get(
        self,
        originator_id: UUID,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Iterator[Any]:
        recorder, mapper = self.recorder, self.mapper
        if not (
            desc
            or limit is not None
            or type(recorder) is not SQLiteApplicationRecorder
            or mapper.cipher is not None
            or mapper.compressor is not None
        ):
            events = _read_sqlite(recorder, mapper.transcoder.decode, originator_id, gt, lte)
            if events is not None:
                return iter(events)
        return super().get(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)


def _read_sqlite(
    recorder: SQLiteApplicationRecorder,
    decode: Callable[[bytes], Any],
    originator_id: UUID,
    gt: int | None,
    lte: int | None,
) -> list[Any] | None:
    """The events `recorder.select_events` then `Mapper.to_domain_event` would make, or None
    where an event's class is upcast (left to the library)."""
    statement = recorder.select_events_statement
    params: list[Any] = [originator_id.hex if isinstance(originator_id, UUID) else originator_id]
    if gt is not None:
        statement += "AND originator_version>? "
        params.append(gt)
    if lte is not None:
        statement += "AND originator_version<=? "
        params.append(lte)
    statement += "ORDER BY originator_version ASC "
    with recorder.datastore.transaction(commit=False) as cursor:
        cursor.execute(statement, params)
        rows = cursor.fetchall()
    events: list[Any] = []
    if not rows:
        return events
    stored_id = recorder.convert_originator_id(rows[0]["originator_id"])  # the same in every row
    classes: dict[str, tuple[type, Any]] = {}  # topic: its class and the id its events hold
    for row in rows:
        topic = row["topic"]
        known = classes.get(topic)
        if known is None:
            cls = resolve_topic(topic)
            if getattr(cls, "class_version", 1) != 1:
                return None
            id_type = cast(Hashable, type(stored_id))
            known = classes[topic] = (cls, find_id_convertor(cls, id_type)(stored_id))
        cls, event_id = known
        state: dict[str, Any] = decode(row["state"])
        if "class_version" in state:
            return None
        state["originator_id"] = event_id
        state["originator_version"] = row["originator_version"]
        event: Any = object.__new__(cls)
        object.__setattr__(event, "__dict__", state)
        events.append(event)
    return events
