"""The garbage collector tuned for a long-running server.

Profiled under Play (tests/benchmarks/profile_move.py), CPython's default thresholds ran a
young-generation collection every few moves, each walking every object created since, and now
and then a full one over every record, stream and cache the server holds: about 26 µs of a Most
Wanted move's CPU, and a pause for every stream when a full collection comes. The server's own
objects from start-up (modules, engines, tables) never become garbage, so they are frozen out of
every collection, and the young generation is collected every 100,000 allocations rather than 700.
Full collections still come (every 500 young ones), so cyclic garbage cannot pile up without bound.
"""

from __future__ import annotations

import gc

YOUNG = 100_000  # allocations between young collections (CPython's default: 700)
MIDDLE = 50  # young collections between middle ones (default: 10)
OLD = 10  # middle collections between full ones (default: 10)


def tune_collector() -> None:
    """Freeze what exists now (start-up's objects) and collect less often; call once, before serving."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
