"""Keys pinned on first use, as ssh's known_hosts does: one server, one key, until told otherwise.

The file ($FRONTIER_KNOWN_KEYS, else ~/.config/frontier/known_keys) holds one line per server:
`ADDRESS KEY_ID PUBLIC_KEY_HEX`. A server that later answers with another key is refused, never
re-pinned silently: a changed key is what a forger holding the server's address would show.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from trust import keys


class KeyChanged(Exception):
    """The server now presents a key other than the one pinned for it."""


@dataclass(frozen=True)
class Pinned:
    server: str
    key_id: str
    public_hex: str

    @property
    def public(self) -> Ed25519PublicKey:
        return keys.parse_public_key(self.public_hex)


def default_path(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    if env.get("FRONTIER_KNOWN_KEYS"):
        return Path(env["FRONTIER_KNOWN_KEYS"])
    return Path(env.get("HOME", "~")).expanduser() / ".config" / "frontier" / "known_keys"


def read(path: Path) -> list[Pinned]:
    """The pinned keys; lines that are blank or start with # are skipped."""
    if not path.exists():
        return []
    pinned = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        parts = line.split()
        if len(parts) != 3:
            raise keys.KeyFileError(f"{path} line {number}: expected 'ADDRESS KEY_ID PUBLIC_KEY_HEX'")
        pinned.append(Pinned(*parts))
    return pinned


def pin(path: Path, server: str, public: Ed25519PublicKey) -> bool:
    """Trust `public` for `server`; True if it was newly pinned. Raises KeyChanged on a different key."""
    kid = keys.key_id(public)
    for known in read(path):
        if known.server == server:
            if known.key_id != kid:
                raise KeyChanged(
                    f"the server {server} now signs with key {kid}, but key {known.key_id} is pinned for it "
                    f"in {path}. Someone may be impersonating the server. If the organiser replaced the key, "
                    f"remove that line and check the new key id with them."
                )
            return False
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as file:
        file.write(f"{server} {kid} {keys.raw_public(public).hex()}\n")
    return True


def find(path: Path, key_id: str) -> Pinned | None:
    """A pinned key with this id, whichever server it was pinned for."""
    return next((known for known in read(path) if known.key_id == key_id), None)
