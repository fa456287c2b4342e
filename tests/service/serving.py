"""`frontier serve --port 0` in a process of its own, as a user starts it: the tests of the CLI."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def frontier_serving(data: Path, organiser_token: str | None = None, *options: str) -> Iterator[str]:
    """Serve with its store in `data` (and `organiser_token` and `serve`'s `options` if given); yields
    HOST:PORT, then stops the server with SIGTERM and requires a clean exit."""
    env = {**os.environ, "FRONTIER_DATA": str(data)}
    if organiser_token is not None:
        env["FRONTIER_ORGANISER_TOKEN"] = organiser_token
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    match = re.search(r"serving on (\S+:\d+)", line)
    assert match, f"no address printed: {line!r} {process.stderr.read() if process.stderr else ''}"
    yield match.group(1)
    process.send_signal(signal.SIGTERM)
    code = process.wait(timeout=20)
    # A server that died early says why on its standard error (a crash: faulthandler's tracebacks).
    assert code == 0, f"the server exited {code}: {process.stderr.read() if process.stderr else ''}"


def frontier_run(
    *args: str, server: str | None = None, token: str | None = None, check: bool = True, timeout: float = 900
) -> subprocess.CompletedProcess[str]:
    """`frontier ARGS` in a process of its own, with $FRONTIER_SERVER = `server` and $FRONTIER_TOKEN =
    `token` (each unset if None); `check`: a non-zero exit fails with what the command printed."""
    env = {k: v for k, v in os.environ.items() if k not in ("FRONTIER_SERVER", "FRONTIER_TOKEN")}
    if server is not None:
        env["FRONTIER_SERVER"] = server
    if token is not None:
        env["FRONTIER_TOKEN"] = token
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", *args], capture_output=True, text=True, timeout=timeout, env=env
    )
    if check and done.returncode != 0:
        raise AssertionError(
            f"frontier {' '.join(args)} exited {done.returncode}: {done.stderr}{done.stdout}"
        )
    return done
