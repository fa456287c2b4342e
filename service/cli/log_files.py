"""What `frontier` says of a file it was given as a match log but cannot use: one sentence per case.

A missing file is not "a match log that is not valid", and a table's recording needs `frontier
expand` first; every command that reads logs from files says so in the same words.
"""

from __future__ import annotations

from pathlib import Path

from replay.recordings.sniff import expand_hint, is_recording


def cannot_read(path: Path | str, error: OSError) -> str:
    """`FILE: cannot read the file: No such file or directory`, without Python's [Errno 2]."""
    return f"{path}: {why_unreadable(error)}"


def why_unreadable(error: OSError) -> str:
    return f"cannot read the file: {error.strerror or error}"


def not_a_log(path: Path | str, content: bytes, error: object) -> str:
    """A file read but refused as a match log: the hint to expand it when it is a recording."""
    return expand_hint(str(path)) if is_recording(content) else f"{path}: not a valid match log: {error}"
