"""Conformance cases of the checkpoint (seeds/CHECKPOINT-FORMAT.md) and of inclusion proofs.

Each one is something a forger without the server's key can do to a signed log or proof: add or
remove a trailer, recompute a seat line's salt once the seed is public, write a checkpoint line a
lenient JSON reader reads otherwise, relabel a hash-only proof. Used by tools/conformance.py,
which passes its own builders in (so this module does not import it).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from replay.forgeries import Record, cut_trailer, reseal
from replay.record import SeatLine, seat_salt
from replay.trust import proofs
from replay.trust.keys import SigningKey

PROOF_FOLDER = "proofs"
PROVEN_VERSION = 6  # the entry the proof cases prove


def checkpoint_cases(seated: Record, text: Callable[..., bytes], case: Any) -> list[Any]:
    """Logs whose rules pass but whose signature must not, and checkpoint lines a reader must refuse.

    `seated` is a short finished game with a seat line (format 3); every case is made from it.
    """
    finished = seated
    cut = cut_trailer(finished)
    header, lines, trailer = seated
    assert trailer is not None and trailer.seed is not None
    seed = bytes.fromhex(trailer.seed)

    def renamed(line: Any) -> Any:
        if not isinstance(line, SeatLine):
            return line
        salt = seat_salt(seed, header.game_id, line.seat, "Mallory", line.client_seed)
        return replace(line, player="Mallory", salt=salt)

    resalted = reseal(header, [renamed(line) for line in lines], trailer)
    cases = [
        case(
            "fail/trailer-added.jsonl",
            "passed",
            None,
            None,
            "a signed log without a trailer, then the rules' own trailer appended: the checkpoint "
            "signs that the log had none (format 2 `trailer_hash`)",
            text(finished, signed_over=cut),
            "invalid",
            "CHECKPOINT_TRAILER_DIFFERS",
        ),
        case(
            "fail/trailer-removed.jsonl",
            "incomplete",
            None,
            None,
            "a signed finished log with its trailer removed: the checkpoint signs the trailer",
            text(cut, signed_over=finished),
            "invalid",
            "CHECKPOINT_TRAILER_DIFFERS",
        ),
        case(
            "fail/seat-renamed-salt-recomputed.jsonl",
            "passed",
            None,
            None,
            "a seat line's name changed, its salt recomputed from the revealed seed and every hash "
            "re-sealed: the rules cannot see it once the seed is public; only the checkpoint can",
            text(resalted, signed_over=seated),
            "invalid",
            "CHECKPOINT_ROOT_DIFFERS",
        ),
    ]
    signed = text(finished).split(b"\n")
    checkpoint_line = len([line for line in signed if line.strip()])
    for name, prefix, about in (
        (
            "checkpoint-duplicate-key",
            b'"imported":true,',
            "the checkpoint line with a key twice (a lenient reader keeps the last, another the first)",
        ),
        ("checkpoint-nan", b'"imported":NaN,', "the checkpoint line with a NaN before the signed value"),
    ):
        edited = list(signed)
        edited[checkpoint_line - 1] = b"{" + prefix + signed[checkpoint_line - 1][1:]
        cases.append(
            case(
                f"unreadable/{name}.jsonl",
                "unreadable",
                "MALFORMED_LINE",
                checkpoint_line,
                about,
                b"\n".join(edited),
                None,
            )
        )
    return cases


def proof_files(finished: Record, key: SigningKey) -> dict[str, bytes]:
    """Inclusion proofs a verifier must judge as their manifest says (`proofs/manifest.json`)."""
    header, entries, _ = finished
    lines = [header.to_json(), *(entry.to_json() for entry in entries)]
    game_id = header.game_id

    def proof(full: bool, version: int = PROVEN_VERSION) -> dict[str, Any]:
        built = proofs.build(key, game_id, PROVEN_VERSION, lines, full=full, imported=False).to_json()
        return {**built, "version": version}

    leaf = PROVEN_VERSION - 1
    size = len(lines)
    made: list[tuple[str, dict[str, Any], str, str | None, str, str]] = [
        (
            "hash-only",
            proof(full=False),
            "verified",
            None,
            f"leaf {leaf} of {size}",
            "a spectator's proof: the line's hash only; it proves the leaf, not which version it creates",
        ),
        (
            "hash-only-relabelled",
            proof(full=False, version=PROVEN_VERSION - 2),
            "verified",
            None,
            f"leaf {leaf} of {size}",
            f"the same proof with version {PROVEN_VERSION} rewritten as {PROVEN_VERSION - 2}: still "
            "leaf {leaf}, and the version it claims is not proven".replace("{leaf}", str(leaf)),
        ),
        (
            "with-line",
            proof(full=True),
            "verified",
            None,
            f"version {PROVEN_VERSION}",
            "a proof carrying its line: the line's own version and type prove the version",
        ),
        (
            "with-line-relabelled",
            proof(full=True, version=PROVEN_VERSION - 2),
            "failed",
            "LINE_VERSION_DIFFERS",
            "nothing",
            "a proof carrying its line, relabelled as another version",
        ),
    ]
    files = {
        f"{PROOF_FOLDER}/{name}.json": (json.dumps(data, indent=2) + "\n").encode() for name, data, *_ in made
    }
    manifest = [
        {
            "file": f"{PROOF_FOLDER}/{name}.json",
            "result": result,
            "code": code,
            "proves": proves,
            "about": about,
        }
        for name, _data, result, code, proves, about in made
    ]
    files[f"{PROOF_FOLDER}/manifest.json"] = (json.dumps(manifest, indent=2) + "\n").encode()
    files[f"{PROOF_FOLDER}/README.md"] = _readme(manifest).encode()
    return files


def _readme(manifest: list[dict[str, Any]]) -> str:
    rows = [
        f"| `{Path(m['file']).name}` | {m['result']} | {_code(m['code'])} | {m['proves']} | {m['about']} |"
        for m in manifest
    ]
    return "\n".join(
        [
            "# Inclusion-proof cases",
            "",
            'Proofs ([`../../CHECKPOINT-FORMAT.md`](../../CHECKPOINT-FORMAT.md), "Inclusion proofs") signed',
            "with the published sample key `../../keys/samples.pub`, and what a verifier must conclude:",
            "`frontier audit --proof FILE --key seeds/keys/samples.pub` exits 0 verified, 1 failed.",
            "A proof without its line proves a leaf, never a version.",
            "Generated by `python -m tools.conformance`.",
            "",
            "| file | result | code | proves | what |",
            "| --- | --- | --- | --- | --- |",
            *rows,
            "",
        ]
    )


def _code(code: str | None) -> str:
    return f"`{code}`" if code else "—"
