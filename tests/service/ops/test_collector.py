"""A served process collects garbage less often, and never walks what start-up left behind."""

from __future__ import annotations

import json
import subprocess
import sys

from service.ops import collector

PROBE = """
import gc, json
from service.ops.collector import tune_collector
before = gc.get_threshold()
leftover = [[i] for i in range(1000)]  # start-up's objects, as the engines' tables are
tune_collector()
print(json.dumps({"before": before, "after": gc.get_threshold(), "frozen": gc.get_freeze_count()}))
"""


def test_tuning_freezes_start_up_objects_and_raises_the_thresholds() -> None:
    # In a process of its own: freezing would otherwise keep this test run's objects for ever.
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True).stdout
    seen = json.loads(out)
    assert seen["before"] == [700, 10, 10]  # CPython's defaults, so the change is ours
    assert seen["after"] == [collector.YOUNG, collector.MIDDLE, collector.OLD]
    assert seen["frozen"] >= 1000
