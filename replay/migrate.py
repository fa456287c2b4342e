"""Rewrite a verified format-1 or format-2 match log in format 3 (see MIGRATED_FORMAT).

    python -m replay.migrate OLD.jsonl NEW.jsonl

Format 1 -> 2 adds RFC 8785 hashes and salted lines; 2 -> 3 adds the header's
`player_entropy` (false: an old game was dealt at creation). A migrated log has no
seat lines: a name claimed after creation was never in the old record.

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
from replay.verify import Verification, verify

# Format 5's draws name the range or items the rules asked for, which only a re-run of the rules
# knows: a log is migrated up to format 3, the last format whose lines need nothing more.
MIGRATED_FORMAT = 3


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


def to_newest(record: Record) -> Record:
    """Migrate a log of format 1 or 2 to MIGRATED_FORMAT, one format at a time."""
    if record[0].format_version >= MIGRATED_FORMAT:
        raise CannotMigrate(
            f"the log is in format {record[0].format_version}; "
            f"logs are migrated up to format {MIGRATED_FORMAT}"
        )
    if record[0].format_version == 1:
        record = to_format_2(record)
    if record[0].format_version == 2:
        record = to_format_3(record)
    return record


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
