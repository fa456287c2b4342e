"""A problem in a recording: its line, a stable rule code and a sentence a person can act on."""

from __future__ import annotations

from dataclasses import dataclass

RECORDING_VERSION = 1  # the version of seeds/RECORDING.md this package reads


@dataclass(frozen=True)
class Problem:
    line: int  # 1-based line of the recording file
    code: str  # stable, upper-case: MALFORMED_LINE, WRONG_DRAW, NOT_TO_ACT, an engine code, ...
    message: str
    version: int = 0  # the game version the line would create (1: the header); 0 if it never read
    after: int = 0  # lenient expansion: the line of an earlier problem this one may follow from (0: none)

    def __str__(self) -> str:
        return f"line {self.line}: {self.code}: {self.message}"


class RecordingRejected(ValueError):
    """The recording has problems (one in strict mode, every one found in lenient mode)."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(map(str, problems)))
        self.problems = problems
