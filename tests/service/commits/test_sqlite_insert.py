"""One INSERT statement stores exactly the rows the library's SQLite recorder stores, or none."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from uuid import UUID, uuid4

import pytest
from eventsourcing.persistence import ConnectionPoolClosedError, IntegrityError, OperationalError, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteFactory
from eventsourcing.utils import Environment
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.commits.sqlite_insert import MAX_ROWS, SingleStatementInsert


def recorder(path: Path | str, lock_timeout: int = 5) -> SQLiteApplicationRecorder:
    env = {"SQLITE_DBNAME": str(path), "CREATE_TABLE": "y", "SQLITE_LOCK_TIMEOUT": str(lock_timeout)}
    made = SQLiteFactory(Environment("Games", env)).application_recorder()
    assert isinstance(made, SQLiteApplicationRecorder)
    return made


def rows(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute("SELECT rowid, * FROM stored_events ORDER BY rowid").fetchall()


def notifications(store: SQLiteApplicationRecorder) -> list[tuple[object, ...]]:
    """Every stored event as the library reads it back, with its notification id."""
    return [
        (n.id, n.originator_id, n.originator_version, n.topic, n.state)
        for n in store.select_notifications(1, 10_000)
    ]


GAMES = [UUID(int=n) for n in range(1, 4)]
STATES = st.binary(max_size=64) | st.text(max_size=20).map(str.encode)
BATCH = st.lists(
    st.tuples(st.sampled_from(GAMES), STATES, st.sampled_from(["a:B", "service.x:Y"])), max_size=6
)


@pytest.mark.parametrize("kind", ["file", "memory"])
@settings(max_examples=40, deadline=None)
@given(batches=st.lists(BATCH, max_size=6))
def test_the_rows_stored_and_the_batches_refused_are_the_recorders(tmp_path_factory, kind, batches) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path_factory.mktemp("stores")
    if kind == "memory":  # written through the pool: its connections are the only ones that see it
        library, ours = recorder(":memory:"), recorder(":memory:")
    else:
        library, ours = recorder(folder / "library.sqlite"), recorder(folder / "ours.sqlite")
    single = SingleStatementInsert(ours)
    versions: dict[UUID, int] = {}
    written = 0
    for batch in batches:
        stored = []
        for game, state, topic in batch:
            versions[game] = versions.get(game, 0) + 1
            stored.append(StoredEvent(game, versions[game], topic, state))
        if stored and len(stored) % 3 == 0:  # now and then a version taken already: all or nothing
            stored.append(StoredEvent(stored[0].originator_id, stored[0].originator_version, "a:B", b"x"))
        outcomes = []
        for insert in (library.insert_events, single.insert_events):
            try:
                insert(stored)
                outcomes.append("stored")
            except IntegrityError:
                outcomes.append("conflict")
        assert outcomes[0] == outcomes[1]
        written += len(stored) if outcomes[0] == "stored" else 0
    assert notifications(ours) == notifications(library)
    assert len(notifications(ours)) == written
    if kind == "file":
        assert rows(folder / "ours.sqlite") == rows(folder / "library.sqlite")
    single.close()
    library.datastore.close()
    ours.datastore.close()


def test_a_save_larger_than_one_statement_takes_goes_through_the_recorder(tmp_path: Path) -> None:
    library, ours = recorder(tmp_path / "library.sqlite"), recorder(tmp_path / "ours.sqlite")
    game = uuid4()
    stored = [StoredEvent(game, v, "a:B", b"%d" % v) for v in range(1, MAX_ROWS + 50)]
    library.insert_events(stored)
    SingleStatementInsert(ours).insert_events(stored)
    assert rows(tmp_path / "ours.sqlite") == rows(tmp_path / "library.sqlite")


def test_a_store_locked_by_another_writer_is_the_librarys_operational_error(tmp_path: Path) -> None:
    ours = recorder(tmp_path / "ours.sqlite", lock_timeout=1)
    other = sqlite3.connect(tmp_path / "ours.sqlite", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # holds the write lock
    try:
        with pytest.raises(OperationalError):
            SingleStatementInsert(ours).insert_events([StoredEvent(uuid4(), 1, "a:B", b"{}")])
    finally:
        other.execute("ROLLBACK")
        other.close()
    SingleStatementInsert(ours).insert_events([StoredEvent(uuid4(), 1, "a:B", b"{}")])  # the pool still works
    assert len(rows(tmp_path / "ours.sqlite")) == 1


def test_a_closed_insert_refuses_as_the_librarys_closed_pool(tmp_path: Path) -> None:
    single = SingleStatementInsert(recorder(tmp_path / "ours.sqlite"))
    single.insert_events([StoredEvent(uuid4(), 1, "a:B", b"{}")])
    single.close()
    with pytest.raises(ConnectionPoolClosedError):
        single.insert_events([StoredEvent(uuid4(), 1, "a:B", b"{}")])
    assert len(rows(tmp_path / "ours.sqlite")) == 1


def test_its_connection_commits_as_durably_as_the_librarys(tmp_path: Path) -> None:
    """Every acknowledged save is on disk before its answer: FULL sync in WAL mode, as the pool's."""
    store = recorder(tmp_path / "ours.sqlite")
    single = SingleStatementInsert(store)
    single.insert_events([StoredEvent(uuid4(), 1, "a:B", b"{}")])
    own = single._connection  # opened by the first write
    assert own is not None
    with store.datastore.get_connection(commit=False) as pooled, pooled.cursor() as cursor:
        cursor.execute("PRAGMA synchronous")
        (pool_sync,) = cursor.fetchone()
    assert own.execute("PRAGMA synchronous").fetchone()[0] == pool_sync == 2  # FULL
    assert own.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert own.isolation_level is None  # autocommit: the statement is the transaction
