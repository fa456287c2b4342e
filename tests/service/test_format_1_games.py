"""A game stored in format 1 by an earlier release keeps appending format-1 entries and still verifies."""

from __future__ import annotations

import random
import secrets
from datetime import UTC, datetime
from uuid import uuid4

from engines.codec import encode
from engines.registry import get_engine
from engines.rng import SeededRng, seed_commitment
from replay import logfile
from replay.record import Header, written_draws
from replay.verify import verify
from service.client import Client
from service.core.auth import new_token, token_hash
from service.core.store_events import GameCreated
from service.generated.frontier.v1 import frontier_pb2
from service.server import Running
from tests.conftest import ORGANISER
from tests.service.helpers import Game, legal, state, submit


def store_format_1_game(server: Running, game: str) -> tuple[Game, bytes]:
    """Write a game as the format-1 release did: its header in format 1, hashed with json.dumps."""
    engine = get_engine(game)
    uid, seed = uuid4(), secrets.token_bytes(32)
    rng = SeededRng(seed, str(uid), 0)
    options = engine.options({})
    events = engine.setup(options, 2, rng)
    header = Header(
        game_id=str(uid),
        game=game,
        options=options,
        seats=2,
        players=("Ann", "Bob"),
        tag="old",
        seed_commitment=seed_commitment(seed),
        setup_events=tuple(encode(e) for e in events),
        setup_draws=tuple(written_draws(rng.draws, 1)),  # outcomes only, as format 1 records them
        format_version=1,
    ).sealed()
    tokens = {0: new_token(), 1: new_token()}
    server.app.save(
        GameCreated(
            originator_id=uid,
            originator_version=1,
            timestamp=GameCreated.create_timestamp(),
            header=header.to_json(),
            seed=seed.hex(),
            token_hashes=[token_hash(tokens[0]), token_hash(tokens[1])],
            created_at=datetime.now(UTC).isoformat(timespec="seconds"),
        )
    )
    return Game(str(uid), game, tokens), seed


def test_a_format_1_game_appends_format_1_entries(client: Client, server: Running) -> None:
    g, _ = store_format_1_game(server, "deadwood-1876")
    chooser = random.Random(4)
    current = state(client, g.game_id, ORGANISER)
    while current.version < 12 and current.status != "finished":
        seat = chooser.choice(list(current.seats_to_act))
        submit(client, g, seat, chooser.choice(list(legal(client, g, seat).commands)))
        current = state(client, g.game_id, ORGANISER)
    content = client.call(
        "ExportLog", frontier_pb2.ExportLogRequest(game_id=g.game_id), token=ORGANISER
    ).content
    header, entries, trailer = logfile.read_text(content)
    assert header.format_version == 1 and "salt" not in content
    assert len(entries) == current.version - 1 and all(e.format_version == 1 for e in entries)
    assert verify(header, entries, trailer).problem is None
    report = client.call("Audit", frontier_pb2.AuditRequest(game_id=g.game_id), token=ORGANISER)
    assert report.ok and report.verdict in ("passed", "incomplete"), report.problems
