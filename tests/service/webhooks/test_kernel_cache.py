"""The webhooks' follower reads the kernel's games but never changes the kernel's cache.

It runs beside the writers: a record it evicted or put could be older than the one a writer just
cached, and the next command would meet a stale game (STALE_VERSION for a legal command). Only
the kernel caches what it stored; the follower folds what it needs from the store on its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

import service.core.webhooks

PACKAGE = Path(service.core.webhooks.__file__).parent
CACHE_WRITES = {"forget", "remember", "put", "store", "stored", "append", "store_new"}


def test_no_webhooks_module_writes_the_kernels_cache_or_store_but_through_its_store_method() -> None:
    found = []
    for module in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                reached = ast.unparse(node.func.value)
                if node.func.attr in CACHE_WRITES and "games" in [p.lstrip("_") for p in reached.split(".")]:
                    found.append(f"{module.name}: {ast.unparse(node.func)}")
    allowed = {"application.py: self._games.store"}  # the webhooks' own events, in the kernel's transactions
    assert set(found) <= allowed, found
