"""A transaction's stored events written to the library's SQLite table by one INSERT statement.

The library's SQLite recorder runs `BEGIN`, one `INSERT` per event and `COMMIT`: each call
releases the GIL and takes it back, and on a busy server every release hands the GIL to the
event loop and costs two context switches. One statement in autocommit mode is one implicit
transaction: SQLite stores all of its rows or none, durably (the same `synchronous` setting)
before the call returns. The rows are the ones the recorder writes, in the same order, so each
gets the same rowid (the notification id); and every error is raised as the library's error of
the same kind.

A file store is written through a connection of its own, opened as the library opens its pool's:
the group committer is its only user, one transaction at a time, so the pool's semaphore, writer
lock and conditions (a fifth of a save's Python, measured) buy nothing. SQLite's file locks order
it against the pool's connections as against another process. An in-memory store exists only
in the pool's connections, so it is written through the pool.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from uuid import UUID

from eventsourcing.persistence import (
    ConnectionPoolClosedError,
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
from eventsourcing.sqlite import SQLITE3_DEFAULT_LOCK_TIMEOUT, SQLiteApplicationRecorder

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
    """`insert_events` of an SQLite application recorder, in one statement; `close` when done."""

    def __init__(self, recorder: SQLiteApplicationRecorder) -> None:
        self.recorder = recorder
        self._statements: dict[int, str] = {}
        self._lock = threading.Lock()  # one statement at a time on the connection
        self._connection: sqlite3.Connection | None = None
        self._closed = False

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
        pool = self.recorder.datastore.pool
        if pool.is_sqlite_memory_mode:
            with self.recorder.datastore.get_connection(commit=True) as pooled, pooled.cursor() as cursor:
                _execute(cursor, statement, parameters)
            return
        with self._lock:
            if self._connection is None:
                if self._closed:
                    raise ConnectionPoolClosedError("the store is closed")  # as the library's pool says
                self._connection = _connect(pool.db_name, pool.lock_timeout)
            _execute(self._connection, statement, parameters)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._connection is not None:
                self._connection.close()
                self._connection = None


def _connect(db_name: str, lock_timeout: int | None) -> sqlite3.Connection:
    """A connection as the library's SQLite pool makes one (the journal is WAL already)."""
    try:
        return sqlite3.connect(
            database=db_name,
            uri=True,
            check_same_thread=False,
            isolation_level=None,  # autocommit: each statement is its own transaction
            timeout=lock_timeout or SQLITE3_DEFAULT_LOCK_TIMEOUT,
        )
    except (sqlite3.Error, TypeError) as error:
        raise InterfaceError(error) from error


def _execute(target: sqlite3.Connection | sqlite3.Cursor, statement: str, parameters: list[object]) -> None:
    try:
        target.execute(statement, parameters)
    except sqlite3.Error as error:
        raise _library_error(error) from error


def _library_error(error: sqlite3.Error) -> PersistenceError:
    for kind, library_kind in _ERRORS:
        if isinstance(error, kind):
            return library_kind(error)
    raise AssertionError("every sqlite3 error is an sqlite3.Error")  # pragma: no cover
