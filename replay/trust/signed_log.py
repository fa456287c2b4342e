"""Reading a match log that may end in a signed checkpoint, and the hashes the checkpoint covers."""

from __future__ import annotations

from collections.abc import Sequence

from replay import logfile
from replay.record import Header, Line, Trailer
from replay.trust.checkpoint import Checkpoint, split_checkpoint


def read_signed(lines: Sequence[str]) -> tuple[Header, list[Line], Trailer | None, Checkpoint | None]:
    """The log's records and its checkpoint (None when unsigned).

    Raises logfile.LogFormatError for a malformed log, CheckpointError for a malformed checkpoint.
    """
    body, checkpoint = split_checkpoint(lines)
    # Only one checkpoint, the last line: another one before it is a malformed line.
    header, entries, trailer = logfile.read_lines(body, checkpoint_allowed=False)
    return header, entries, trailer, checkpoint


def line_hashes(header: Header, entries: Sequence[Line]) -> list[str]:
    """The Merkle leaves' data, as hex: the header's hash, then every later line's but the trailer's
    (entries, seat lines and the deal, in file order)."""
    return [header.hash, *(entry.hash for entry in entries)]
