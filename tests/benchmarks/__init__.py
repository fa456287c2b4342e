"""The benchmark suite: `./scripts/bench` (short) or `./scripts/bench --full`; see docs/benchmarks.md.

Modules are named `bench_*.py` so pytest never collects them.
"""
