"""The `frontier` command's entry point: a Ctrl-C while the command is still starting is one line too.

Loading the commands (gRPC, the engines, the recordings) takes a noticeable moment. A
KeyboardInterrupt raised while Python imports them ended in a long traceback, and one raised inside
a library's import could be swallowed there, so the command went on as if never stopped. Until the
commands are loaded, Ctrl-C therefore ends the process at once with one line (nothing has been done
yet that needs undoing); from then on service/cli/main.py turns it into one line that says what the
interruption left behind.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Sequence
from types import FrameType

from service.cli.interrupted import EXIT_INTERRUPTED


def _stop_while_starting(signum: int, frame: FrameType | None) -> None:
    sys.stderr.write("interrupted\n")
    sys.stderr.flush()
    os._exit(EXIT_INTERRUPTED)  # no exception: no library's import can swallow it


def main(argv: Sequence[str] | None = None) -> int:
    starting = signal.getsignal(signal.SIGINT) is signal.default_int_handler  # else: the caller's choice
    if starting:
        signal.signal(signal.SIGINT, _stop_while_starting)
    from service.cli.main import main as run

    if starting:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    return run(argv)
