"""Rewrite a verified format-1, 2 or 3 match log in the newest format (5).

    python -m replay.migrate OLD.jsonl NEW.jsonl

Format 1 -> 2 adds RFC 8785 hashes and salted lines; 2 -> 3 adds the header's
`player_entropy` (false: an old game was dealt at creation); 3 -> 5 writes into each draw
the question the rules asked (a roll's range, a shuffle's items), found by re-running the
rules on the recorded outcomes. A migrated log has no seat lines: a name claimed after
creation was never in the old record.

Only a log that verifies is migrated, and only one whose seed is revealed (the
salts derive from it) or a tabletop log (no seed: its salts are drawn at random,
as any writer of a tabletop log may). Every hash changes, so the new file is a new
record of the same game; keep the old one if it was published or signed.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from engines.base import options_for_log
from engines.registry import get_engine
from engines.rng import SEEDED_RNG_ID, Draw, ObservedRng
from replay import logfile
from replay.forgeries import Record, reseal
from replay.record import DealLine, Entry, SeatLine, line_salt, state_hash
from replay.verify import Verification, steps, verify

T = TypeVar("T")


class CannotMigrate(ValueError):
    """The log does not verify, or its salts cannot be derived."""


def _verified(record: Record, format_version: int) -> Verification:
    """The verification of `record`, which must be a log in `format_version` that verifies."""
    header, entries, trailer = record
    if header.format_version != format_version:
        raise CannotMigrate(f"the log is in format {header.format_version}, not {format_version}")
    result = verify(header, entries, trailer)
    if result.problem is not None:
        raise CannotMigrate(f"the log does not verify: {result.problem}")
    return result


def to_format_2(record: Record) -> Record:
    header, entries, trailer = record
    result = _verified(record, 1)
    if header.seed_commitment is not None and (trailer is None or trailer.seed is None):
        raise CannotMigrate("the seed is not revealed, so the salts cannot be derived")
    seed = bytes.fromhex(trailer.seed) if trailer is not None and trailer.seed else None

    def salt(version: int) -> str:
        return line_salt(seed, header.game_id, version) if seed else secrets.token_hex(32)

    engine = get_engine(header.game)
    # A format 1 log predates rules versions and was recorded under <game>/1 (engines.base.options_for_log).
    new_header = replace(
        header, format_version=2, rules_version=f"{engine.game_id}/1", rng=SEEDED_RNG_ID, salt=salt(1)
    )
    new_entries = [replace(e, format_version=2, salt=salt(e.version)) for e in entries]
    new_trailer = None
    if trailer is not None:
        final = state_hash(engine.view(result.state, None), 2)
        new_trailer = replace(trailer, format_version=2, state_hash=final)
    return reseal(new_header, new_entries, new_trailer)


def to_format_3(record: Record) -> Record:
    """A verified format-2 log in format 3: the same lines, `player_entropy: false`, re-sealed."""
    header, entries, trailer = record
    _verified(record, 2)
    new_header = replace(header, format_version=3, player_entropy=False)
    new_entries = [replace(e, format_version=3) for e in entries]
    new_trailer = None if trailer is None else replace(trailer, format_version=3)
    return reseal(new_header, new_entries, new_trailer)


class _Asked(ObservedRng):
    """Serves a log's recorded outcomes to the rules and notes what the rules asked for each."""

    def __init__(self, draws: Sequence[Draw]) -> None:
        super().__init__(draws)
        self.asked: list[Draw] = []

    def randint(self, low: int, high: int) -> int:
        value = super().randint(low, high)
        self.asked.append({"op": "randint", "low": low, "high": high, "value": value})
        return value

    def shuffle(self, items: Sequence[T]) -> tuple[T, ...]:
        order = super().shuffle(items)
        self.asked.append({"op": "shuffle", "items": list(items), "value": list(order)})
        return order


def to_format_5(record: Record) -> Record:
    """A verified format-3 log without seat lines in format 5: each draw with the rules' question."""
    header, entries, trailer = record
    _verified(record, 3)
    if header.player_entropy or any(isinstance(line, (SeatLine, DealLine)) for line in entries):
        raise CannotMigrate("a log with seat or deal lines is not migrated: its seats' claims are its own")
    engine = get_engine(header.game)
    setup = _Asked(header.setup_draws)
    engine.setup(options_for_log(engine, header.options, header.rules_version), header.seats, setup)
    asked: dict[int, list[Draw]] = {}
    before = None
    for step in steps(header, entries):
        if step.command is not None and step.seat is not None:
            entry = next(e for e in entries if isinstance(e, Entry) and e.version == step.version)
            rng = _Asked(entry.draws)
            engine.decide(before, step.seat, step.command, rng)
            asked[step.version] = rng.asked
        before = step.state
    new_entries = [
        replace(line, format_version=5, draws=tuple(asked[line.version]))
        if isinstance(line, Entry)
        else replace(line, format_version=5)
        for line in entries
    ]
    new_header = replace(header, format_version=5, setup_draws=tuple(setup.asked))
    new_trailer = None if trailer is None else replace(trailer, format_version=5)
    return reseal(new_header, new_entries, new_trailer)


def to_newest(record: Record) -> Record:
    """Migrate a log of any earlier format to FORMAT_VERSION, one format at a time."""
    if record[0].format_version >= 4:
        raise CannotMigrate(f"the log is in format {record[0].format_version}; formats 1 to 3 are migrated")
    if record[0].format_version == 1:
        record = to_format_2(record)
    if record[0].format_version == 2:
        record = to_format_3(record)
    return to_format_5(record)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m replay.migrate", description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    args = parser.parse_args(argv)
    try:
        record = logfile.read(args.old)
        logfile.write(args.new, *to_newest(record))
    except (logfile.LogFormatError, CannotMigrate, OSError) as error:
        print(f"{args.old}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
