"""One progress bar for long commands: on a terminal only, and only once there is progress to show.

A log (stderr redirected to a file or a pipe) gets no bar at all, and a command whose first step
fails shows none either: the bar is drawn at the first finished step, never before.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TextIO

from tqdm import tqdm


class Progress:
    """`step()` after each finished item; `say(line)` prints a result line without breaking the bar."""

    def __init__(self, total: int, what: str, unit: str, *, stream: TextIO | None = None) -> None:
        self.total, self.what, self.unit = total, what, unit
        self.stream = sys.stderr if stream is None else stream
        self.shown = self.stream.isatty()
        self._bar: tqdm | None = None

    def step(self) -> None:
        if not self.shown:
            return
        if self._bar is None:
            self._bar = tqdm(total=self.total, desc=self.what, unit=self.unit, file=self.stream)
        self._bar.update(1)

    def say(self, line: str, *, file: TextIO | None = None) -> None:
        out = sys.stdout if file is None else file
        if self._bar is None:
            print(line, file=out, flush=True)
        else:
            tqdm.write(line, file=out)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()
