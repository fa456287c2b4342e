"""A server that crashes in native code says where every thread was, on its standard error."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.skipif(sys.platform == "win32", reason="SIGSEGV as a POSIX signal")
def test_a_crashed_server_leaves_the_tracebacks_of_its_threads(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "FRONTIER_DATA": str(tmp_path / "data")},
    )
    assert process.stdout is not None and process.stderr is not None
    assert re.search(r"serving on \S+:\d+", process.stdout.readline())
    process.send_signal(signal.SIGSEGV)  # as a crash in gRPC's or SQLite's C code would raise it
    assert process.wait(timeout=30) == -signal.SIGSEGV
    said = process.stderr.read()
    assert "Fatal Python error: Segmentation fault" in said
    assert "_run_loop" in said  # the event loop's thread, not only the main one
