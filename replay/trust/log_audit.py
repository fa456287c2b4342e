"""Checking a service log as a reader fetches it: its checkpoint, tiles and entries, against the
checkpoint seen before and against a game's own checkpoint.

Pure: `fetch` (a path under the log's prefix to its bytes) is the caller's, so the CLI, a witness
or a test can read the log over HTTP or from anywhere else. Each failure is a LogError whose
message says what a person has caught: an edited tile, a rollback, a fork, a game not in the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.trust import cosignature, keys, merkle, note, tlog
from replay.trust.tlog import LogCheckpoint, LogError

Fetch = Callable[[str], bytes]


@dataclass(frozen=True)
class LogKey:
    """Whose log to trust: the key, and the origin (note key name) it signs as; None: any origin
    that names this key (origin_for's form, ending in the key id's first 16 hex digits)."""

    public: Ed25519PublicKey
    origin: str | None = None


@dataclass(frozen=True)
class Checked:
    checkpoint: LogCheckpoint
    note: str
    entries: list[bytes]


def parse_key(text: str) -> LogKey:
    """A signed-note verifier key (name+hash+base64 key); NoteError if it is not one."""
    name, public = note.parse_verifier_key(text)
    return LogKey(public, name)


def check_log(fetch: Fetch, key: LogKey, seen: LogCheckpoint | None = None) -> Checked:
    """Fetch and check the whole log: LogError unless its checkpoint is signed by `key`, every tile
    and bundle agrees with the signed root, and it extends `seen` (the checkpoint seen before)."""
    signed = fetch("checkpoint").decode("utf-8", "replace")
    checkpoint = tlog.open_checkpoint(signed, origin_of(signed, key), key.public)
    entries = fetch_entries(fetch, checkpoint.size)
    hashes = [merkle.leaf_hash(entry) for entry in entries]
    if _root(hashes) != checkpoint.root:
        _name_the_edited_entry(fetch, hashes, checkpoint)
    _check_tiles(fetch, hashes)
    if seen is not None:
        check_extends(seen, checkpoint, hashes)
    return Checked(checkpoint, signed, entries)


def check_extends(seen: LogCheckpoint, now: LogCheckpoint, hashes: list[bytes]) -> None:
    """LogError unless `now` (whose leaves are `hashes`) extends `seen`: a smaller size is a
    rollback; a tree that does not contain `seen` is a fork."""
    if seen.origin != now.origin:
        raise LogError(f"the checkpoint is of log {now.origin!r}; the one seen before of {seen.origin!r}")
    if now.size < seen.size:
        raise LogError(
            f"rollback: the log's checkpoint is at size {now.size}, smaller than size {seen.size} "
            "seen before: entries were removed"
        )
    if seen.size == 0:
        return
    try:
        merkle.verify_consistency(
            seen.size, now.size, seen.root, now.root, merkle.consistency_proof(hashes, seen.size)
        )
    except merkle.ProofError as error:
        raise LogError(
            f"fork: {error} (the checkpoint seen before is at size {seen.size}, the log's now at size "
            f"{now.size})"
        ) from None


def check_game(entries: list[bytes], checkpoint: LogCheckpoint, game_checkpoint_line: str) -> int:
    """The index of a game's checkpoint line among the log's entries, proven by an inclusion path
    to the signed root; LogError if the log does not hold it."""
    wanted = game_checkpoint_line.strip().encode()
    if wanted not in entries:
        raise LogError(
            f"the game's checkpoint is not among the log's {len(entries)} entries: the log never "
            "published this record of the game (or not yet: a game in play is logged once it ends)"
        )
    index = entries.index(wanted)
    path = merkle.inclusion_path(entries, index)
    try:
        merkle.verify_inclusion(wanted, index, checkpoint.size, path, checkpoint.root)
    except merkle.ProofError as error:
        raise LogError(str(error)) from None
    return index


def _root(hashes: list[bytes]) -> bytes:
    return merkle.subtree_root(hashes) if hashes else merkle.EMPTY_ROOT


def _name_the_edited_entry(fetch: Fetch, hashes: list[bytes], checkpoint: LogCheckpoint) -> None:
    """Raise LogError naming the entry that does not hash to the signed tree, when the level-0 tiles
    do (so the bundle, not the tiles, was edited); else saying that the entries do not."""
    tiled: list[bytes] = []
    for start in range(0, len(hashes), tlog.TILE_WIDTH):
        width = min(tlog.TILE_WIDTH, len(hashes) - start)
        tiled += tlog.tile_hashes(fetch(tlog.tile_path(0, start // tlog.TILE_WIDTH, width)), width)
    if _root(tiled) == checkpoint.root:
        index = next(i for i, (a, b) in enumerate(zip(hashes, tiled, strict=True)) if a != b)
        bundle = tlog.tile_path(
            -1,
            index // tlog.TILE_WIDTH,
            min(tlog.TILE_WIDTH, len(hashes) - index // tlog.TILE_WIDTH * tlog.TILE_WIDTH),
        )
        raise LogError(
            f"entry {index} of {bundle} does not hash to the tree its checkpoint signs: the entry "
            "bundle was edited"
        )
    raise LogError(
        f"the log's entries do not hash to the root its checkpoint signs at size {checkpoint.size}"
    )


def origin_of(signed: str, key: LogKey) -> str:
    if key.origin is not None:
        return key.origin
    origin = signed.split("\n", 1)[0]
    if not origin.endswith("/log/" + keys.key_id(key.public)[:16]):
        raise LogError(f"the log {origin!r} does not name the key given; pass its verifier key instead")
    return origin


def fetch_entries(fetch: Fetch, size: int) -> list[bytes]:
    entries: list[bytes] = []
    for index in range(0, size, tlog.TILE_WIDTH):
        width = min(tlog.TILE_WIDTH, size - index)
        path = tlog.tile_path(-1, index // tlog.TILE_WIDTH, width)
        bundle = tlog.decode_bundle(fetch(path))
        if len(bundle) != width:
            raise LogError(f"{path} holds {len(bundle)} entries, not {width}")
        entries.extend(bundle)
    return entries


def _check_tiles(fetch: Fetch, hashes: list[bytes]) -> None:
    for path, expected in tlog.tiles(hashes).items():
        level, _index, width = tlog.parse_tile_path(path)
        got = fetch(path)
        if got != expected:
            tlog.tile_hashes(got, width)  # a wrong length says so first
            raise LogError(
                f"{path} (level {level}) does not hold the hashes of the log's entries: the tile was edited"
            )


def check_cosigned(
    cosigned: str, key: LogKey, witnesses: list[tuple[str, Ed25519PublicKey]], quorum: int
) -> tuple[LogCheckpoint, list[str]]:
    """A checkpoint note signed by the log and cosigned by at least `quorum` of `witnesses`: the
    checkpoint and the names of those that cosigned it; LogError saying who did and who did not."""
    checkpoint = tlog.open_checkpoint(cosigned, origin_of(cosigned, key), key.public)
    signed, missing = [], []
    for name, public in witnesses:
        try:
            cosignature.check(cosigned, name, public)
        except note.NoteError as error:
            missing.append(f"{name} ({error})")
        else:
            signed.append(name)
    if len(signed) < quorum:
        raise LogError(
            f"the checkpoint at size {checkpoint.size} is cosigned by {len(signed)} of the witnesses "
            f"({', '.join(signed) or 'none'}), fewer than the {quorum} required; not by: {'; '.join(missing)}"
        )
    return checkpoint, signed
