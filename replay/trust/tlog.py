"""The service-wide log in the C2SP formats: checkpoints (c2sp.org/tlog-checkpoint), tiles and entry
bundles (c2sp.org/tlog-tiles), over the RFC 6962 tree of `merkle`.

Pure: the service computes these from its store (service/core/service_log.py) and serves them; a
verifier (the CLI, a witness) fetches and recomputes them. seeds/CHECKPOINT-FORMAT.md, "The service
log", is the format a third party writes from.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.trust import keys, merkle, note

TILE_HEIGHT = 8
TILE_WIDTH = 1 << TILE_HEIGHT  # hashes (or entries) in a full tile (or bundle)
MAX_ENTRY = 0xFFFF  # an entry bundle prefixes each entry with its length as two bytes
_NAME_CHARS = re.compile(r"[^A-Za-z0-9._/-]+")


class LogError(ValueError):
    """A log's checkpoint, tile or bundle that is malformed or does not hold; says why to a person."""


@dataclass(frozen=True)
class LogCheckpoint:
    origin: str
    size: int
    root: bytes

    def text(self) -> str:
        return f"{self.origin}\n{self.size}\n{base64.b64encode(self.root).decode()}\n"


def origin_for(signer: str, key_id: str) -> str:
    """The log's origin (and note key name): the signer's name made a key name, then its key id's
    start, so servers sharing a key share the log and another key names another log."""
    slug = _NAME_CHARS.sub("-", signer).strip("-") or "frontier"
    return f"{slug}/log/{key_id[:16]}"


def sign_checkpoint(checkpoint: LogCheckpoint, key: keys.SigningKey) -> str:
    return note.sign(checkpoint.text(), checkpoint.origin, key)


def parse_checkpoint(text: str) -> LogCheckpoint:
    """The origin, size and root of a checkpoint's text (the note's text, signatures already checked)."""
    lines = text.split("\n")
    if len(lines) < 4 or lines[-1] != "":
        raise LogError("a checkpoint has an origin line, a size line and a root hash line")
    origin, size_text, root_text = lines[:3]
    if not origin:
        raise LogError("the checkpoint's origin line is empty")
    if not re.fullmatch(r"0|[1-9][0-9]{0,18}", size_text):
        raise LogError(f"the checkpoint's size {size_text!r} is not a decimal number without leading zeros")
    try:
        root = base64.b64decode(root_text, validate=True)
    except binascii.Error:
        root = b""
    if len(root) != merkle.HASH_SIZE:
        raise LogError("the checkpoint's root hash is not 32 bytes of base64")
    return LogCheckpoint(origin, int(size_text), root)


def open_checkpoint(signed: str, origin: str, public: Ed25519PublicKey) -> LogCheckpoint:
    """A checkpoint note verified under key name `origin`; LogError saying why it does not hold."""
    try:
        checkpoint = parse_checkpoint(note.open_note(signed, origin, public))
    except note.NoteError as error:
        raise LogError(f"the log checkpoint: {error}") from None
    if checkpoint.origin != origin:
        raise LogError(f"the checkpoint is of log {checkpoint.origin!r}, not {origin!r}")
    return checkpoint


# -- tiles and bundles -------------------------------------------------------------------------


def encode_index(n: int) -> str:
    """A tile index as a path: 3-digit elements, all but the last prefixed "x" (1234067: x001/x234/067)."""
    if n < 0:
        raise ValueError("a tile index is not negative")
    parts = [f"{n % 1000:03d}"]
    n //= 1000
    while n:
        parts.append(f"x{n % 1000:03d}")
        n //= 1000
    return "/".join(reversed(parts))


def tile_path(level: int, index: int, width: int = TILE_WIDTH) -> str:
    """`tile/<L>/<N>[.p/<W>]`, or for level -1, the entry bundle `tile/entries/<N>[.p/<W>]`."""
    if not 0 < width <= TILE_WIDTH:
        raise ValueError(f"a tile holds 1 to {TILE_WIDTH} hashes")
    head = "entries" if level < 0 else str(level)
    return f"tile/{head}/{encode_index(index)}" + (f".p/{width}" if width < TILE_WIDTH else "")


_PATH = re.compile(
    r"tile/(entries|[0-9]|[1-5][0-9]|6[0-3])/((?:x[0-9]{3}/)*[0-9]{3})(?:\.p/([1-9][0-9]{0,2}))?"
)


def parse_tile_path(path: str) -> tuple[int, int, int]:
    """(level, index, width) of a tile path; level -1 for an entry bundle. LogError unless canonical."""
    found = _PATH.fullmatch(path)
    if found is None:
        raise LogError(f"not a tile path: {path!r}")
    level = -1 if found[1] == "entries" else int(found[1])
    index = int("".join(part.lstrip("x") for part in found[2].split("/")))
    width = int(found[3]) if found[3] else TILE_WIDTH
    if width > TILE_WIDTH or tile_path(level, index, width) != path:
        raise LogError(f"not a canonical tile path: {path!r}")
    return level, index, width


def level_hashes(leaf_hashes: Sequence[bytes], level: int) -> list[bytes]:
    """The hashes a tile level holds: the roots of the complete subtrees of 256**level leaves."""
    hashes = list(leaf_hashes)
    for _ in range(level * TILE_HEIGHT):
        hashes = [merkle.node_hash(hashes[i], hashes[i + 1]) for i in range(0, len(hashes) - 1, 2)]
    return hashes


def tiles(leaf_hashes: Sequence[bytes]) -> dict[str, bytes]:
    """Every tile of the tree of `leaf_hashes`, by path: full tiles and each level's partial last one."""
    found: dict[str, bytes] = {}
    level, hashes = 0, list(leaf_hashes)
    while hashes:
        for start in range(0, len(hashes), TILE_WIDTH):
            chunk = hashes[start : start + TILE_WIDTH]
            found[tile_path(level, start // TILE_WIDTH, len(chunk))] = b"".join(chunk)
        level += 1
        hashes = level_hashes(hashes, 1)
    return found


def encode_bundle(entries: Sequence[bytes]) -> bytes:
    for entry in entries:
        if len(entry) > MAX_ENTRY:
            raise ValueError(f"an entry is at most {MAX_ENTRY} bytes")
    return b"".join(len(entry).to_bytes(2, "big") + entry for entry in entries)


def decode_bundle(data: bytes) -> list[bytes]:
    entries, at = [], 0
    while at < len(data):
        if at + 2 > len(data):
            raise LogError("an entry bundle ends inside a length prefix")
        length = int.from_bytes(data[at : at + 2], "big")
        if at + 2 + length > len(data):
            raise LogError("an entry bundle ends inside an entry")
        entries.append(data[at + 2 : at + 2 + length])
        at += 2 + length
    return entries


def tile_hashes(data: bytes, width: int) -> list[bytes]:
    if len(data) != width * merkle.HASH_SIZE:
        raise LogError(f"a tile of width {width} holds {width * merkle.HASH_SIZE} bytes, not {len(data)}")
    return [data[i : i + merkle.HASH_SIZE] for i in range(0, len(data), merkle.HASH_SIZE)]
