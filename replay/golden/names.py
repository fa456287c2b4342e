"""Seeds and game ids derived from a name, so that every generated game is reproducible.

The corpus, the fuzzer, the samples and the conformance cases each name their games in a
folder of their own (`kind`); the same name always gives the same seed and the same game id.
"""

from __future__ import annotations

import hashlib
import uuid


def named_seed(kind: str, name: str) -> bytes:
    return hashlib.sha256(f"frontier-ledger {kind} {name}".encode()).digest()


def named_game_id(kind: str, name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"https://frontier-ledger.invalid/{kind}/{name}"))


def bot_seed(seed: bytes) -> int:
    """The bots' own seed, from the game's: its first 8 bytes."""
    return int.from_bytes(seed[:8], "big")
