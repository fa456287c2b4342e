"""Conformance cases of the service log (seeds/CHECKPOINT-FORMAT.md, "The service log"): logs laid out as
a web viewer serves them, each with the checkpoint a reader saw before, and the verdict a monitor or
witness must give.

Each case is a folder: `log/checkpoint` and `log/tile/...` as served under `/log/`, and `seen.json`, the
state file of `frontier log verify` (the last checkpoint seen of the log), absent for a first look.
The entries are opaque bytes (`entry 0`, `entry 1`, ...): the log's checks do not read them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from replay.trust import merkle, note, tlog
from replay.trust.keys import SigningKey

FOLDER = "log"
SIZE, SEEN = 12, 8  # small: the corpus is read by people; tools/tiles are tested on larger trees


def _entries(size: int, edited: int | None = None) -> list[bytes]:
    return [b"another entry" if i == edited else f"entry {i}".encode() for i in range(size)]


def _served(key: SigningKey, entries: list[bytes]) -> dict[str, bytes]:
    hashes = [merkle.leaf_hash(entry) for entry in entries]
    files = {f"log/{path}": data for path, data in tlog.tiles(hashes).items()}
    for start in range(0, len(entries), tlog.TILE_WIDTH):
        chunk = entries[start : start + tlog.TILE_WIDTH]
        files[f"log/{tlog.tile_path(-1, start // tlog.TILE_WIDTH, len(chunk))}"] = tlog.encode_bundle(chunk)
    files["log/checkpoint"] = _note(key, entries).encode()
    return files


def _note(key: SigningKey, entries: list[bytes]) -> str:
    checkpoint = tlog.LogCheckpoint(origin(key), len(entries), merkle.root(entries))
    return tlog.sign_checkpoint(checkpoint, key)


def origin(key: SigningKey) -> str:
    return tlog.origin_for(key.signer, key.key_id)


def _flip(files: dict[str, bytes], path: str, at: int) -> dict[str, bytes]:
    data = bytearray(files[path])
    data[at] ^= 1
    return {**files, path: bytes(data)}


def log_files(key: SigningKey) -> dict[str, bytes]:
    """Every file of the log cases, by path under the corpus folder, with their manifest and README."""
    good = _served(key, _entries(SIZE))
    seen = _note(key, _entries(SEEN))
    other_seen = _note(key, _entries(SEEN, edited=3))
    altered = good["log/checkpoint"].replace(f"\n{SIZE}\n".encode(), f"\n{SIZE + 1}\n".encode())
    made: list[tuple[str, dict[str, bytes], str | None, str, str, str]] = [
        ("first-look", good, None, "passed", "first checkpoint seen", "a log seen for the first time"),
        ("extends", good, seen, "passed", f"extends the checkpoint seen before at size {SEEN}",
         f"grew from {SEEN}"),
        ("tile-edited", _flip(good, f"log/tile/0/000.p/{SIZE}", 40), seen, "failed", "the tile was edited",
         "one bit of a level-0 tile's second hash flipped"),
        ("bundle-edited", _flip(good, f"log/tile/entries/000.p/{SIZE}", 3), seen, "failed",
         "the entry bundle was edited", "one bit of entry 0 flipped in its bundle"),
        ("rollback", _served(key, _entries(SEEN - 2)), seen, "failed", "rollback",
         f"the log now ends at {SEEN - 2} entries, after {SEEN} were seen"),
        ("fork", _served(key, _entries(SIZE, edited=3)), seen, "failed", "fork",
         "entry 3 replaced: the new tree does not contain the one seen"),
        ("split-view", _served(key, _entries(SEEN)), other_seen, "failed",
         f"two different roots for the same size {SEEN}", "two checkpoints of one size, different roots"),
        ("checkpoint-altered", {**good, "log/checkpoint": altered}, seen, "failed", "the note was altered",
         "the size line changed after signing"),
    ]  # fmt: skip
    files: dict[str, bytes] = {}
    manifest: list[dict[str, Any]] = []
    for name, served, seen_note, verdict, says, about in made:
        for path, data in served.items():
            files[f"{FOLDER}/{name}/{path}"] = data
        if seen_note is not None:
            state = {origin(key): seen_note}
            files[f"{FOLDER}/{name}/seen.json"] = (json.dumps(state, indent=2) + "\n").encode()
        manifest.append({"case": f"{FOLDER}/{name}", "verdict": verdict, "says": says, "about": about})
    files[f"{FOLDER}/manifest.json"] = (json.dumps(manifest, indent=2) + "\n").encode()
    files[f"{FOLDER}/README.md"] = _readme(manifest, note.verifier_key(origin(key), key.public)).encode()
    return files


def _readme(manifest: list[dict[str, Any]], verifier_key: str) -> str:
    row: Callable[[dict[str, Any]], str] = lambda m: (  # noqa: E731
        f"| `{Path(m['case']).name}/` | {m['verdict']} | {m['says']} | {m['about']} |"
    )
    return "\n".join(
        [
            "# Service log cases",
            "",
            "Logs as a web viewer serves them under `/log/`",
            '([`../../CHECKPOINT-FORMAT.md`](../../CHECKPOINT-FORMAT.md), "The service log"), signed by the',
            "published sample key, each with `seen.json`: the checkpoint a reader kept before. A monitor",
            "or witness must give the verdict shown, saying what is quoted:",
            "",
            f"    frontier log verify file://$PWD/CASE --key {verifier_key} --state COPY_OF_seen.json",
            "",
            "exits 0 passed, 1 failed. Generated by `python -m tools.conformance`.",
            "",
            "| case | verdict | says | what |",
            "| --- | --- | --- | --- |",
            *map(row, manifest),
            "",
        ]
    )
