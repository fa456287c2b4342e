"""Whether a file is a table's recording (seeds/RECORDING.md) rather than a match log, to say so."""

from __future__ import annotations

import json

from replay.recordings.format import FORMAT


def is_recording(content: bytes) -> bool:
    """True if the first line that is not a note or blank is a recording's header line."""
    for raw in content.splitlines():
        line = raw.decode("utf-8", errors="replace").strip()
        if not line or line.startswith("#"):
            continue
        try:
            first = json.loads(line)
        except ValueError:
            return False
        return isinstance(first, dict) and first.get("recording") == FORMAT
    return False


def expand_hint(path: str) -> str:
    """What to say for a recording given where a match log was expected: the command that makes one."""
    return (
        f"{path} is a table's recording, not a match log: make one with `frontier expand {path} -o GAME.log`"
    )
