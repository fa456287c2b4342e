"""A transaction's stored events written to the library's SQLite table by one INSERT statement.

The library's SQLite recorder runs `BEGIN`, one `INSERT` per event and `COMMIT`: each call
releases the GIL and takes it back, and on a busy server every release hands the GIL to the
event loop and costs two context switches. One statement in autocommit mode is one implicit
transaction: SQLite stores all of its rows or none, durably (the same `synchronous` setting)
before the call returns, through the library's own connection pool and its writer lock. The
rows are the ones the recorder writes, in the same order, so each gets the same rowid (the
notification id); and every error is raised as the library's error of the same kind.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from uuid import UUID

from eventsourcing.persistence import (
    DatabaseError,
    DataError,
    IntegrityError,
    InterfaceError,
    InternalError,
    NotSupportedError,
    OperationalError,
    PersistenceError,
    ProgrammingError,
    StoredEvent,
)
from eventsourcing.sqlite import SQLiteApplicationRecorder

# Four parameters a row, under the 999 parameters of a statement that older SQLite builds allow;
# a larger save (a long imported game) goes through the library's recorder as before.
MAX_ROWS = 200

# As the library's SQLite transaction maps them (most specific first: later ones are bases).
_ERRORS: tuple[tuple[type[sqlite3.Error], type[PersistenceError]], ...] = (
    (sqlite3.InterfaceError, InterfaceError),
    (sqlite3.DataError, DataError),
    (sqlite3.OperationalError, OperationalError),
    (sqlite3.IntegrityError, IntegrityError),
    (sqlite3.InternalError, InternalError),
    (sqlite3.ProgrammingError, ProgrammingError),
    (sqlite3.NotSupportedError, NotSupportedError),
    (sqlite3.DatabaseError, DatabaseError),
    (sqlite3.Error, PersistenceError),
)


class SingleStatementInsert:
    """`insert_events` of an SQLite application recorder, in one statement."""

    def __init__(self, recorder: SQLiteApplicationRecorder) -> None:
        self.recorder = recorder
        self._statements: dict[int, str] = {}

    def insert_events(self, stored: Sequence[StoredEvent]) -> None:
        if not stored or len(stored) > MAX_ROWS:
            self.recorder.insert_events(stored)
            return
        statement = self._statements.get(len(stored))
        if statement is None:
            rows = ",".join(["(?,?,?,?)"] * len(stored))
            statement = f"INSERT INTO {self.recorder.events_table_name} VALUES {rows}"
            self._statements[len(stored)] = statement
        parameters: list[object] = []
        for event in stored:
            originator = event.originator_id
            parameters += (
                originator.hex if isinstance(originator, UUID) else originator,
                event.originator_version,
                event.topic,
                event.state,
            )
        with self.recorder.datastore.get_connection(commit=True) as connection, connection.cursor() as cursor:
            try:
                cursor.execute(statement, parameters)
            except sqlite3.Error as error:
                raise _library_error(error) from error


def _library_error(error: sqlite3.Error) -> PersistenceError:
    for kind, library_kind in _ERRORS:
        if isinstance(error, kind):
            return library_kind(error)
    raise AssertionError("every sqlite3 error is an sqlite3.Error")  # pragma: no cover
