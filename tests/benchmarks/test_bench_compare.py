"""The before/after comparison reads "> 1" as "after is better" for rates and for latencies alike."""

from __future__ import annotations

from tools.bench_compare import table


def row(name: str, value: float, unit: str) -> dict[str, object]:
    return {"section": "1 throughput", "name": name, "value": value, "unit": unit}


def test_a_faster_after_reads_above_one_whether_the_figure_is_a_rate_or_a_latency() -> None:
    before = [[row("rate", 100.0, "commands/s"), row("p99", 20.0, "ms p99"), row("rss", 50.0, "KiB/game")]]
    after = [[row("rate", 150.0, "commands/s"), row("p99", 10.0, "ms p99"), row("rss", 100.0, "KiB/game")]]
    text = table({"before": before, "after": after}, "before", "after")
    ratios = {line.split(" | ")[1]: line.split(" | ")[5] for line in text.splitlines()[2:]}
    assert ratios == {"rate": "1.50", "p99": "2.00", "rss": "0.50"}


def test_the_spread_is_each_trees_max_over_min_and_figures_take_the_median_of_the_rounds() -> None:
    before = [[row("rate", v, "commands/s")] for v in (90.0, 100.0, 120.0)]
    after = [[row("rate", v, "commands/s")] for v in (100.0, 100.0, 100.0)]
    (line,) = table({"before": before, "after": after}, "before", "after").splitlines()[2:]
    assert line.split(" | ")[3:7] == ["100", "100", "1.00", "1.33 / 1.00 |"]
