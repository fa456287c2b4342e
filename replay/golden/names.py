"""Seeds and game ids derived from a name, so that every generated game is reproducible.

The corpus, the fuzzer, the samples and the conformance cases each name their games in a
folder of their own; the same name always gives the same seed and the same game id.
"""

from __future__ import annotations

import hashlib
import uuid
from typing import ClassVar


def named_seed(folder: str, name: str) -> bytes:
    return hashlib.sha256(f"frontier-ledger {folder} {name}".encode()).digest()


def named_game_id(folder: str, name: str) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"https://frontier-ledger.invalid/{folder}/{name}"))


def bot_seed(seed: bytes) -> int:
    """The bots' own seed, from the game's: its first 8 bytes."""
    return int.from_bytes(seed[:8], "big")


class NamedGame:
    """A generated game whose seed and game id both come from its `name` in its `folder`."""

    folder: ClassVar[str]

    @property
    def name(self) -> str:
        raise NotImplementedError

    @property
    def seed(self) -> bytes:
        return named_seed(self.folder, self.name)

    @property
    def game_id(self) -> str:
        return named_game_id(self.folder, self.name)
