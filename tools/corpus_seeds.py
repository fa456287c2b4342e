"""The conformance corpus's seeds, derived from a name, so every generated case is reproducible."""

from __future__ import annotations

import hashlib


def corpus_seed(name: str) -> bytes:
    return hashlib.sha256(f"frontier-ledger conformance {name}".encode()).digest()
