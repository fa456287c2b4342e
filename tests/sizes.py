"""How big the long tests run: quick in a contributor's `./scripts/test`, full in CI.

`FRONTIER_TEST_SIZES=full` (`.ci/run` sets it) plays the kill -9 runs, the long tournaments and
the property tests at the sizes their promises were first checked at; the default plays fewer
of each, enough for every path to run, so the test command stays within ten minutes on two
cores. A size names both, so a reader sees what CI checks.
"""

from __future__ import annotations

import os

FULL = os.environ.get("FRONTIER_TEST_SIZES", "quick") == "full"


def sized(quick: int, full: int) -> int:
    """`full` when CI asks for the full sizes, else `quick`."""
    return full if FULL else quick
