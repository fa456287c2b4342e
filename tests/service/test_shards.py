"""Games split across two PostgreSQL databases by game id, and reads served by a streaming replica.

Real servers on real ports: the two databases live in the session's PostgreSQL server, the replica
is a standby of it made with pg_basebackup, following it by streaming replication.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import shutil
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import psycopg
import pytest

from service.cli.tournaments import TournamentClient
from service.client import Client, play_bot_game
from service.config import ConfigError, Settings
from service.core.auth import ANYONE
from service.core.idempotency import keyed
from service.core.shards import shard_of
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running, create_server
from tests.conftest import ORGANISER
from tests.servers import Postgres, free_port
from tests.service.helpers import create, play_steps, state
from tests.service.tournaments import helpers as tournaments

GAME = "most-wanted"


def connect(server: Postgres, dbname: str) -> psycopg.Connection[tuple[Any, ...]]:
    return psycopg.connect(
        host="127.0.0.1",
        port=server.port,
        user="frontier",
        password="frontier",
        dbname=dbname,
        autocommit=True,
    )


def new_databases(postgres: Postgres, count: int) -> list[str]:
    """`count` empty databases in the session's server, named for this test alone."""
    names = [f"shard_{uuid4().hex[:12]}_{n}" for n in range(count)]
    with connect(postgres, "postgres") as conn:
        for name in names:
            conn.execute(f"CREATE DATABASE {name}")
    return names


def url(server: Postgres, dbname: str) -> str:
    return f"postgres://frontier:frontier@127.0.0.1:{server.port}/{dbname}"


def start(postgres: Postgres, tmp_path: Path, names: list[str], *replicas: str) -> Running:
    store = ",".join(url(postgres, name) for name in names)
    settings = Settings(
        data=tmp_path, port=0, store=store, store_replicas=replicas, organiser_token=ORGANISER
    )
    return create_server(settings)


def rows_of(server: Postgres, dbname: str, uid: str) -> int:
    with connect(server, dbname) as conn:
        row = conn.execute(
            "SELECT count(*) FROM games_events WHERE originator_id = %s", (UUID(uid),)
        ).fetchone()
    assert row is not None
    return int(row[0])


def listed(client: Client, page_size: int = 1000) -> list[str]:
    """Every game id ListGames gives, page by page."""
    ids: list[str] = []
    token = ""
    while True:
        page = client.call(
            "ListGames",
            frontier_pb2.ListGamesRequest(page_size=page_size, page_token=token),
            token=ORGANISER,
        )
        ids += [g.game_id for g in page.games]
        if not page.next_page_token:
            return ids
        token = page.next_page_token


# -- the shard of a game ---------------------------------------------------------------------------


def test_a_games_shard_is_the_documented_hash_of_its_id_and_spreads_evenly() -> None:
    # Pinned: a change here would send every stored game's reads to the wrong database.
    assert [shard_of(UUID(int=n), 2) for n in range(8)] == [
        int.from_bytes(hashlib.sha256(UUID(int=n).bytes).digest()[:8], "big") % 2 for n in range(8)
    ]
    assert [shard_of(UUID(int=n), 3) for n in range(6)] == [0, 1, 1, 1, 1, 2]
    assert shard_of(UUID(int=7), 1) == 0 and shard_of(str(UUID(int=7)), 3) == shard_of(UUID(int=7), 3)
    counts = [0, 0]
    for _ in range(4000):
        counts[shard_of(uuid4(), 2)] += 1
    assert 1800 < counts[0] < 2200


# -- two databases ---------------------------------------------------------------------------------


@pytest.fixture
def split(postgres: Postgres, tmp_path: Path) -> Iterator[tuple[list[str], Client, Client]]:
    """Two databases, and two servers on them (as two machines of one deployment would be)."""
    names = new_databases(postgres, 2)
    a, b = start(postgres, tmp_path, names), start(postgres, tmp_path, names)
    with Client(f"127.0.0.1:{a.port}") as ca, Client(f"127.0.0.1:{b.port}") as cb:
        yield names, ca, cb
    a.stop()
    b.stop()


def test_each_game_is_stored_in_its_shards_database_alone_and_plays_there(
    postgres: Postgres, split: tuple[list[str], Client, Client]
) -> None:
    names, a, b = split
    # At once, so the servers' committers group saves: a group holds one database's saves only.
    with ThreadPoolExecutor(8) as pool:
        games = list(pool.map(lambda n: create((a, b)[n % 2], GAME), range(24)))
    homes = {shard_of(UUID(g.game_id), 2) for g in games}
    assert homes == {0, 1}  # 2^-23 that 24 random ids share one database
    for game in games:
        home = shard_of(UUID(game.game_id), 2)
        assert rows_of(postgres, names[home], game.game_id) > 0
        assert rows_of(postgres, names[1 - home], game.game_id) == 0
    played, _ = play_bot_game(b, GAME, 3, chooser=random.Random(3))
    assert b.call("Audit", frontier_pb2.AuditRequest(game_id=played)).ok
    assert state(a, played, ORGANISER).status == "finished"


def test_the_listing_merges_both_databases_in_one_stable_order_that_pages_alike(
    split: tuple[list[str], Client, Client],
) -> None:
    _, a, b = split
    made = {create((a, b)[n % 2], GAME).game_id for n in range(12)}
    whole = listed(a)
    assert set(whole) == made and len(whole) == len(made)
    assert listed(b) == whole  # another server of the deployment lists them in the same order
    assert listed(a, page_size=5) == whole  # paging with the tokens misses and repeats nothing
    more = create(a, GAME).game_id
    again = listed(b)
    assert [g for g in again if g != more] == whole  # a new game leaves the others where they were


def test_a_keyed_create_stores_its_key_with_its_game_and_a_retry_on_another_server_answers_it(
    postgres: Postgres, split: tuple[list[str], Client, Client]
) -> None:
    names, a, b = split
    for _ in range(8):
        key = secrets.token_urlsafe(16)
        request = frontier_pb2.CreateGameRequest(
            game=GAME, seats=3, players=["A", "B", "C"], idempotency_key=key
        )
        first = a.call("CreateGame", request)
        again = b.call("CreateGame", request)
        assert again.game_id == first.game_id
        # The game is placed on its key's database (2^-8 that eight of them land there by chance),
        # so two calls with one key meet in one database, and the key is stored with its game.
        made = keyed(ANYONE, key, "CreateGame", b"")
        assert made is not None
        key_id = made.uid
        home = shard_of(UUID(first.game_id), 2)
        assert home == shard_of(key_id, 2)
        assert rows_of(postgres, names[home], str(key_id)) == 1
    assert len(listed(a)) == 8


def test_tournaments_are_found_and_played_whichever_database_holds_them(
    postgres: Postgres, tmp_path: Path
) -> None:
    names = new_databases(postgres, 2)
    a, b = start(postgres, tmp_path, names), start(postgres, tmp_path, names)
    try:
        with (
            TournamentClient(f"127.0.0.1:{a.port}", token=ORGANISER) as ta,
            TournamentClient(f"127.0.0.1:{b.port}", token=ORGANISER) as tb,
        ):
            made = [tournaments.create(ta, players=4, rounds=1).tournament_id for _ in range(4)]
            for tournament_id in made:
                assert tournaments.get(tb, tournament_id).tournament_id == tournament_id
            tournaments.run(tb, made[0], rounds=1)
            assert len(tournaments.get(ta, made[0]).rounds) == 1
    finally:
        a.stop()
        b.stop()


def test_databases_listed_in_another_order_or_number_refuse_to_start(
    postgres: Postgres, tmp_path: Path
) -> None:
    names = new_databases(postgres, 3)
    start(postgres, tmp_path, names[:2]).stop()
    with pytest.raises(ConfigError, match="must keep its order and length"):
        start(postgres, tmp_path, names[1::-1])
    with pytest.raises(ConfigError, match="must keep its order and length"):
        start(postgres, tmp_path, names)
    start(postgres, tmp_path, names[:2]).stop()  # the same list still starts
    alone = new_databases(postgres, 2)
    used_alone = create_server(Settings(data=tmp_path, port=0, store=url(postgres, alone[0])))
    with Client(f"127.0.0.1:{used_alone.port}") as client:
        create(client, GAME)
    used_alone.stop()
    with pytest.raises(ConfigError, match="already holds games stored while it was used alone"):
        start(postgres, tmp_path, alone)


def test_bad_split_store_settings_are_clear_errors(postgres: Postgres, tmp_path: Path) -> None:
    one = url(postgres, "frontier")
    with pytest.raises(ConfigError, match="listed twice"):
        Settings(store=f"{one},{one}").store_env()
    with pytest.raises(ConfigError, match="postgres:// URLs only"):
        Settings(store="sqlite,sqlite").store_env()
    with pytest.raises(ConfigError, match="one per database"):
        Settings(store=f"{one},{one}x", store_replicas=(one, one, one)).store_env()
    # A new first database: the session's may hold games stored alone, refused before the second.
    fresh = url(postgres, new_databases(postgres, 1)[0])
    with pytest.raises(ConfigError, match="cannot use the event store") as refused:
        create_server(
            Settings(data=tmp_path, port=0, store=f"{fresh},postgres://u:s3cret@127.0.0.1:{free_port()}/x")
        )
    assert "s3cret" not in str(refused.value)


# -- a streaming replica ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def primary() -> Iterator[Postgres]:
    """A server of the replica tests' own: a standby streams from it, and the session's server
    (which other tests stop and start again) must never have one attached."""
    folder = Path(tempfile.mkdtemp(prefix="frontier-primary-"))
    server = Postgres(folder / "cluster", free_port()).init().start()
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def standby(primary: Postgres) -> Iterator[Postgres]:
    """A streaming replica of `primary`: it holds every database the tests make there."""
    folder = Path(tempfile.mkdtemp(prefix="frontier-standby-"))
    replica = primary.standby(folder / "cluster", free_port())
    yield replica
    replica.stop()
    shutil.rmtree(folder, ignore_errors=True)


def replica_reads(standby: Postgres, dbname: str) -> int:
    """Rows the replica has handed out of the games' table: a read served there raises it.

    A backend reports its counts at its exit at the latest, so the server's pooled connections to
    the replica are ended first (its pool opens new ones when next asked).
    """
    with connect(standby, "postgres") as conn:
        others = "datname = %s AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
        conn.execute(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE {others}", (dbname,))
        for _ in range(100):
            row = conn.execute(f"SELECT count(*) FROM pg_stat_activity WHERE {others}", (dbname,)).fetchone()
            if row is not None and row[0] == 0:
                break
            conn.execute("SELECT pg_sleep(0.02)")
    with connect(standby, dbname) as conn:
        row = conn.execute(
            "SELECT coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0) FROM pg_stat_user_tables "
            "WHERE relname = 'games_events'"
        ).fetchone()
    return int(row[0]) if row else 0


def caught_up(primary: Postgres, standby: Postgres) -> None:
    with connect(primary, "postgres") as conn:
        row = conn.execute("SELECT pg_current_wal_lsn()").fetchone()
    assert row is not None
    with connect(standby, "postgres") as conn:
        for _ in range(200):
            done = conn.execute("SELECT pg_last_wal_replay_lsn() >= %s::pg_lsn", (row[0],)).fetchone()
            if done and done[0]:
                return
            conn.execute("SELECT pg_sleep(0.05)")
    raise TimeoutError("the replica did not catch up")


def answers(client: Client, game_id: str) -> tuple[str, bool, list[int], int]:
    export = client.call("ExportLog", frontier_pb2.ExportLogRequest(game_id=game_id), token=ORGANISER)
    audit = client.call("Audit", frontier_pb2.AuditRequest(game_id=game_id), token=ORGANISER)
    replay = client.stub.Replay(
        frontier_pb2.ReplayRequest(game_id=game_id), metadata=client.metadata(ORGANISER)
    )
    steps = [step.version for step in replay]
    proof = client.call(
        "ProveInclusion",
        frontier_pb2.ProveInclusionRequest(game_id=game_id, version=steps[-1]),
        token=ORGANISER,
    )
    return export.content, audit.ok, steps, proof.version


def test_replays_exports_audits_and_proofs_are_read_from_a_caught_up_replica(
    primary: Postgres, standby: Postgres, tmp_path: Path
) -> None:
    names = new_databases(primary, 2)
    server = start(primary, tmp_path, names, url(standby, "postgres"))
    try:
        with Client(f"127.0.0.1:{server.port}") as client:
            game = create(client, GAME)
            play_steps(client, game, 6, random.Random(5))
            game_id = game.game_id
            home = names[shard_of(UUID(game_id), 2)]
            caught_up(primary, standby)
            content, ok, steps, _ = answers(client, game_id)
            assert ok and steps[0] == 1 and content.count("\n") >= len(steps)
            assert replica_reads(standby, home) > 0  # served by the replica (a new database: 0 before)
    finally:
        server.stop()


def test_a_lagging_replica_never_serves_a_state_older_than_the_callers_last_answer(
    primary: Postgres, standby: Postgres, tmp_path: Path
) -> None:
    names = new_databases(primary, 1)
    server = start(primary, tmp_path, names, url(standby, names[0]))  # one database, its replica
    paused = connect(standby, "postgres")
    try:
        with Client(f"127.0.0.1:{server.port}") as client:
            game = create(client, GAME)
            play_steps(client, game, 2, random.Random(6))
            caught_up(primary, standby)
            paused.execute("SELECT pg_wal_replay_pause()")
            play_steps(client, game, 3, random.Random(7))  # acknowledged, not yet on the replica
            latest = state(client, game.game_id, ORGANISER)
            content, ok, steps, proved = answers(client, game.game_id)
            assert ok and steps[-1] == latest.version and proved == latest.version
            assert f'"version":{latest.version}' in content.replace(" ", "")
            paused.execute("SELECT pg_wal_replay_resume()")
            caught_up(primary, standby)
            assert answers(client, game.game_id)[:3] == (content, ok, steps)
    finally:
        paused.execute("SELECT pg_wal_replay_resume()")
        paused.close()
        server.stop()
