"""The server's threads named for the operating system too, so `top -H`, `ps -L` and /proc tell
the event loop from the worker pools (a profile's CPU per thread says whose work it is)."""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import sys
import threading
from typing import Any

_PR_SET_NAME = 15  # prctl(2): the calling thread's name, at most 15 bytes
_LIMIT = 15


@functools.cache
def _prctl() -> Any:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True).prctl
    except (OSError, AttributeError):
        return None


def name_os_thread() -> None:
    """Give the calling thread its Python name (cut to 15 bytes) where the system keeps one; else nothing."""
    prctl = _prctl()
    if prctl is not None:
        name = threading.current_thread().name.encode("ascii", "replace")[:_LIMIT]
        prctl(_PR_SET_NAME, ctypes.c_char_p(name), 0, 0, 0)
