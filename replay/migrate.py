"""Rewrite a verified format-1 match log in format 2 (RFC 8785 hashes, salted lines).

    python -m replay.migrate OLD.jsonl NEW.jsonl

Only a log that verifies is migrated, and only one whose seed is revealed (the
salts derive from it) or a tabletop log (no seed: its salts are drawn at random,
as any writer of a tabletop log may). Every hash changes, so the new file is a new
record of the same game; keep the old one if it was published or signed.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from dataclasses import replace
from pathlib import Path

from engines.registry import get_engine
from engines.rng import SEEDED_RNG_ID
from replay import logfile
from replay.forgeries import Record, reseal
from replay.record import line_salt, state_hash
from replay.verify import verify


class CannotMigrate(ValueError):
    """The log does not verify, or its salts cannot be derived."""


def to_format_2(record: Record) -> Record:
    header, entries, trailer = record
    if header.format_version != 1:
        raise CannotMigrate(f"the log is in format {header.format_version}, not 1")
    result = verify(header, entries, trailer)
    if result.problem is not None:
        raise CannotMigrate(f"the log does not verify: {result.problem}")
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m replay.migrate", description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    args = parser.parse_args(argv)
    try:
        record = logfile.read(args.old)
        logfile.write(args.new, *to_format_2(record))
    except (logfile.LogFormatError, CannotMigrate, OSError) as error:
        print(f"{args.old}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
