"""Sealing an expanded game as a format-2 tabletop match log (seeds/LOG-FORMAT.md)."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engines.base import Engine, Event, JsonValue
from engines.codec import encode
from engines.rng import SEEDED_RNG_ID, Draw
from replay.record import FORMAT_VERSION, GENESIS, Entry, Header, Trailer, state_hash
from replay.recordings.format import Recording
from replay.verify import outcome_json


@dataclass
class Step:
    line: int
    seat: int | None
    command: dict[str, JsonValue] | None
    events: list[Event]
    draws: list[Draw]
    state: Any
    unseen: tuple[str, ...] = ()  # the items its events name that nobody at the table saw


@dataclass
class Expansion:
    header: Header
    entries: list[Entry]
    trailer: Trailer


def seal(engine: Engine, recording: Recording, steps: Sequence[Step], game_id: str | None) -> Expansion:
    """The tabletop log: no seed commitment, random salts, observed outcomes as draws, and on each line
    the items it names that nobody at the table saw (`Step.unseen`)."""
    header_data = recording.header
    assert header_data is not None
    setup = steps[0]
    header = Header(
        game_id=game_id or header_data.game_id or recording_game_id(recording),
        game=header_data.game,
        options=engine.options(header_data.options),
        seats=len(header_data.players),
        players=header_data.players,
        tag=header_data.tag,
        seed_commitment=None,
        setup_events=tuple(encode(e) for e in setup.events),
        setup_draws=tuple(setup.draws),
        prev=GENESIS,
        format_version=FORMAT_VERSION,
        rules_version=engine.rules_version,
        rng=SEEDED_RNG_ID,
        salt=secrets.token_hex(32),
        unseen=setup.unseen,
    ).sealed()
    entries: list[Entry] = []
    previous = header.hash
    for version, step in enumerate(steps[1:], start=2):
        assert step.command is not None and step.seat is not None
        entry = Entry(
            version=version,
            seat=step.seat,
            command=step.command,
            draws=tuple(step.draws),
            events=tuple(encode(e) for e in step.events),
            prev=previous,
            format_version=FORMAT_VERSION,
            salt=secrets.token_hex(32),
            unseen=step.unseen,
        ).sealed()
        entries.append(entry)
        previous = entry.hash
    final = steps[-1].state
    outcome = engine.outcome(final)
    trailer = Trailer(
        version=len(steps),
        status="in_progress" if outcome is None else "finished",
        outcome=outcome_json(outcome),
        state_hash=state_hash(engine.view(final, None), FORMAT_VERSION),
        seed=None,
        prev=previous,
        format_version=FORMAT_VERSION,
    ).sealed()
    return Expansion(header, entries, trailer)


# The namespace of game ids derived from a recording's text (uuid5 of its SHA-256).
RECORDING_NAMESPACE = uuid.UUID("6f3c1b52-8a4e-5d21-9a0b-3e7d2c1f0a64")


def recording_game_id(recording: Recording) -> str:
    """The same recording always gives the same game: expanding it twice cannot store it twice."""
    return str(uuid.uuid5(RECORDING_NAMESPACE, recording.digest))
