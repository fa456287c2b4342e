"""The `frontier` command's entry point: a Ctrl-C while the command is still starting is one line too.

Loading the commands (gRPC, the engines, the recordings) takes a noticeable moment. A
KeyboardInterrupt raised while Python imports them ended in a long traceback, and one raised inside
a C extension's call back into Python (msgspec hashing a type while it builds a decoder) was
swallowed there, so the command went on as if never stopped. Until the commands are loaded, Ctrl-C
therefore only says "interrupted" and is noted; once they are, the process exits 130 without
running the command (nothing has been done yet that needs undoing). From then on
service/cli/main.py turns Ctrl-C into one line that says what the interruption left behind.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Sequence
from types import FrameType

from service.cli.interrupted import EXIT_INTERRUPTED

_stopped = threading.Event()  # Ctrl-C came while the commands were loading


def _note_stop(signum: int, frame: FrameType | None) -> None:
    # No exception: one raised here may land where a C extension drops it.
    if not _stopped.is_set():
        _stopped.set()
        sys.stderr.write("interrupted\n")
        sys.stderr.flush()


def main(argv: Sequence[str] | None = None) -> int:
    starting = signal.getsignal(signal.SIGINT) is signal.default_int_handler  # else: the caller's choice
    if starting:
        signal.signal(signal.SIGINT, _note_stop)
    from service.cli.main import main as run

    if starting:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if _stopped.is_set():
        return EXIT_INTERRUPTED
    return run(argv)
