"""Forgeries of a sealed record, as an adversary holding the source would make them.

Used by the tests and the conformance corpus (`tools.conformance`): each one is
internally consistent -- every hash re-sealed, every later move legal -- so only
the checks that bind a log to its seed and its end can catch it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engines.base import Command, Engine, RuleViolation
from engines.bot import random_command
from engines.codec import Codec, encode
from engines.registry import get_engine
from engines.rng import Draw, ObservedRng, SeededRng
from replay.record import Entry, Header, Line, Trailer, line_salt, state_hash, written_draws
from replay.verify import outcome_json, steps

Record = tuple[Header, Sequence[Line], Trailer | None]
PlainRecord = tuple[Header, list[Entry], Trailer | None]  # a record with commands only


def plain(record: Record) -> PlainRecord:
    """The record, checked to hold no seat or deal line (the forgeries below edit commands)."""
    header, lines, trailer = record
    entries = [line for line in lines if isinstance(line, Entry)]
    if len(entries) != len(lines):
        raise ValueError("this record has seat or deal lines; expected commands only")
    return header, entries, trailer


def reseal(
    header: Header, entries: Sequence[Line], trailer: Trailer | None
) -> tuple[Header, list[Line], Trailer | None]:
    """Re-chain every line after an edit, as a forger who rewrites the hashes would."""
    sealed_header = replace(header, hash="").sealed()
    previous = sealed_header.hash
    chained: list[Line] = []
    for entry in entries:
        sealed = replace(entry, prev=previous, hash="").sealed()
        chained.append(sealed)
        previous = sealed.hash
    closing = None if trailer is None else replace(trailer, prev=previous, hash="").sealed()
    return sealed_header, chained, closing


def reroll(record: Record, *, forger_seed: bytes = b"forger", bot_seed: int = 0) -> tuple[Record, int]:
    """A re-roll: change one die roll, re-play the rest by the rules, re-seal, withhold the seed.

    Returns the forged record and the index (into entries) of the edited entry.
    """
    header, entries, _ = plain(record)
    engine = get_engine(header.game)
    commands = Codec(engine.commands)
    states = [step.state for step in steps(header, entries)]  # states[i] is before entries[i]
    for index, entry in enumerate(entries):
        for d, draw in enumerate(entry.draws):
            if draw.get("op") != "randint":
                continue
            for value in range(1, 7):
                if value == draw.get("value"):
                    continue
                forged_draws: list[Draw] = [
                    *entry.draws[:d],
                    {**draw, "value": value},
                    *entry.draws[d + 1 :],
                ]
                command = commands.decode(entry.command)
                assert isinstance(command, Command)
                observed = ObservedRng(forged_draws)
                try:
                    events = engine.decide(states[index], entry.seat, command, observed)
                    observed.finish()
                except RuleViolation:
                    continue
                forged = replace(entry, draws=tuple(forged_draws), events=tuple(encode(e) for e in events))
                state = states[index]
                for event in events:
                    state = engine.evolve(state, event)
                rest = play_on(engine, state, forged, header.game_id, forger_seed, bot_seed)
                if rest is None:
                    continue
                tail, final = rest
                version = tail[-1].version if tail else forged.version
                trailer = finished_trailer(engine, final, version, None, header.format_version)
                return reseal(header, [*entries[:index], forged, *tail], trailer), index
    raise ValueError("no die roll in this record can be changed and still be legal")


def play_on(
    engine: Engine, state: Any, last: Entry, game_id: str, seed: bytes, bot_seed: int
) -> tuple[list[Entry], Any] | None:
    """Play a game on from `state` with a bot until it is over; None if it gets stuck.

    The forger lacks the server's seed, so its salts are its own (from its seed).
    """
    version = last.version
    chooser = random.Random(bot_seed)
    tail: list[Entry] = []
    for _ in range(100_000):
        if engine.outcome(state) is not None:
            return tail, state
        waiting = engine.seats_to_act(state)
        if not waiting:
            return None
        seat = chooser.choice(waiting)
        command = random_command(engine, state, seat, chooser)
        if command is None:
            return None
        rng = SeededRng(seed, game_id, version)
        events = engine.decide(state, seat, command, rng)
        for event in events:
            state = engine.evolve(state, event)
        version += 1
        tail.append(
            Entry(
                version=version,
                seat=seat,
                command=encode(command),
                draws=tuple(written_draws(rng.draws, last.format_version)),
                events=tuple(encode(e) for e in events),
                prev="",
                format_version=last.format_version,
                salt=line_salt(seed, game_id, version) if last.format_version >= 2 else None,
            )
        )
    return None


def finished_trailer(
    engine: Engine, final: Any, version: int, seed: bytes | None, format_version: int
) -> Trailer:
    """The trailer (unsealed) of a game played on to its end by `play_on`; the seed, if given, revealed."""
    return Trailer(
        version=version,
        status="finished",
        outcome=outcome_json(engine.outcome(final)),
        state_hash=state_hash(engine.view(final, None), format_version),
        seed=None if seed is None else seed.hex(),
        prev="",
        format_version=format_version,
    )


def cut_trailer(record: Record) -> Record:
    """A cut: the same lines with the trailer cut off."""
    header, entries, _ = record
    return header, list(entries), None
