"""Keys pinned on first use, as ssh's known_hosts does: one server, one key, until told otherwise.

The file ($FRONTIER_KNOWN_KEYS, else ~/.config/frontier/known_keys) holds one line per key:
`ADDRESS KEY_ID PUBLIC_KEY_HEX SIGNER`, the address being where the key was first fetched (files
from before keys were pinned once each may hold a line per address), the signer being the name the
server signs its checkpoints as (the rest of the line; lines pinned before names were recorded have
three fields and no name). A server that later answers with another key or name is refused, never
re-pinned silently: a changed key is what a forger holding the server's address would show. A name is
vouched for by one key only: a new key signing as a name already pinned for another key, or a file
pinning one name for two keys (edited, or written by an older version), is refused the same way, since
anyone can run a server that signs as "Spring Open".
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.trust import keys
from replay.trust import signer as signers


class KeyChanged(Exception):
    """The server now presents a key (or a signer name) other than the one pinned for it."""


class NameClaimed(KeyChanged):
    """A signer name pinned for one key is claimed by another key."""


@dataclass(frozen=True)
class Pinned:
    server: str
    key_id: str
    public_hex: str
    signer: str | None = None  # None: pinned before signer names were recorded

    @property
    def public(self) -> Ed25519PublicKey:
        return keys.parse_public_key(self.public_hex)

    def line(self) -> str:
        return " ".join(part for part in (self.server, self.key_id, self.public_hex, self.signer) if part)


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
        parts = line.strip().split(maxsplit=3)
        if len(parts) not in (3, 4):
            raise keys.KeyFileError(f"{path} line {number}: expected 'ADDRESS KEY_ID PUBLIC_KEY_HEX SIGNER'")
        if len(parts) == 4:
            try:
                signers.check_name(parts[3])
            except signers.SignerNameError as error:
                raise keys.KeyFileError(f"{path} line {number}: {error}") from None
        pinned.append(Pinned(*parts))
    _one_key_per_name(path, pinned)
    return pinned


def _one_key_per_name(path: Path, pinned: list[Pinned]) -> None:
    """Raise NameClaimed if the file pins one signer name (as a reader tells names apart) for two keys."""
    first: dict[str, Pinned] = {}
    for known in pinned:
        if known.signer is None:
            continue
        earlier = first.setdefault(signers.as_read(known.signer), known)
        if earlier.key_id != known.key_id:
            raise NameClaimed(
                f"{path} pins the signer name {known.signer!r} for two keys: {earlier.key_id} "
                f"(of {earlier.server}, as {earlier.signer!r}) and {known.key_id} (of {known.server}). "
                "A name is vouched for by one key only, and anyone can run a server signing as "
                f"{known.signer!r}: remove the line of the key you do not trust, checking the key id "
                "with the organiser."
            )


def _name_free(path: Path, pinned: list[Pinned], server: str, kid: str, signer: str) -> None:
    """Raise NameClaimed if `signer` is pinned for a key other than `kid`."""
    for known in pinned:
        if (
            known.signer is not None
            and known.key_id != kid
            and signers.as_read(known.signer) == signers.as_read(signer)
        ):
            raise NameClaimed(
                f"the server {server} signs as {signer!r} with key {kid}, but that name is pinned for "
                f"key {known.key_id} of {known.server} in {path}. Someone may be impersonating "
                f"{known.signer!r}: a name is vouched for by one key only. If the organiser replaced "
                "the key, remove that line and check the new key id with them."
            )


def pin(path: Path, server: str, public: Ed25519PublicKey, signer: str | None) -> bool:
    """Trust `public` for `server`, signing as `signer`; True if it was newly pinned.

    Pins are by key id: a key already pinned (from any address: a server moved to another port)
    adds no line. Raises KeyChanged on a pinned key answering another name, or on an address
    pinned with another key; NameClaimed on a name pinned for another key. A line pinned before
    names were recorded gets the server's name added (the key is the one pinned, so nothing new is
    trusted but the name). `signer` is None for a server older than signer names: its pin has no name.
    """
    kid = keys.key_id(public)
    pinned = read(path)
    same_key = [known for known in pinned if known.key_id == kid]
    if signer is not None:
        _name_free(path, pinned, server, kid, signer)
    for known in same_key:
        if known.signer is None:
            if signer is not None:
                _add_name(path, known, signer)
        elif known.signer != signer:
            raise KeyChanged(
                f"the server {server} now signs as {signer or 'no name'!r}, but its key {kid} is pinned "
                f"as {known.signer!r} in {path}. If the organiser renamed the server, remove that line "
                "and audit again."
            )
    if same_key:
        return False
    for known in pinned:
        if known.server == server:
            raise KeyChanged(
                f"the server {server} now signs with key {kid}, but key {known.key_id} is pinned for it "
                f"in {path}. Someone may be impersonating the server. If the organiser replaced the key, "
                f"remove that line and check the new key id with them."
            )
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as file:
        file.write(Pinned(server, kid, keys.raw_public(public).hex(), signer).line() + "\n")
    return True


def _add_name(path: Path, known: Pinned, signer: str) -> None:
    """Add the signer's name to a three-field pin, leaving every other line as it is."""
    lines = path.read_text(encoding="utf-8").splitlines()
    named = Pinned(known.server, known.key_id, known.public_hex, signer).line()
    lines = [
        named if line.split() == [known.server, known.key_id, known.public_hex] else line for line in lines
    ]
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    temporary.replace(path)


def find_all(path: Path, key_id: str) -> list[Pinned]:
    """Every pin of the key with this id (servers sharing a key each have their line)."""
    return [known for known in read(path) if known.key_id == key_id]
