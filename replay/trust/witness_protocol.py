"""The witness protocol (c2sp.org/tlog-witness): a log asks a witness to cosign a checkpoint.

`POST <witness>/add-checkpoint` carries `old <size>` (the size of the checkpoint the log believes
the witness cosigned last, 0 for none), one base64 hash a line of the consistency proof from that
size to the new one, an empty line, then the log's signed checkpoint note. The witness answers 200
with its cosignature lines, or refuses with a status that says why: 400 a malformed request (or an
old size above the new one), 403 a checkpoint the log's key did not sign, 404 a log it does not
witness, 409 an old size that is not the one it cosigned (its body, `text/x.tlog.size`, is that
size; the log retries from there) or another tree of the very size it cosigned (a split view),
and 422 a proof that does not lead from the tree it cosigned to the new one (a fork, or a bad proof).

Pure: the witness (service/cli/witness_serve.py) and the log's side (service/core/witnessing.py)
both build and read these messages here.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from dataclasses import dataclass

from replay.trust import merkle
from replay.trust.tlog import LogCheckpoint

PATH = "/add-checkpoint"
SIZE_MEDIA_TYPE = "text/x.tlog.size"
MAX_PROOF = 63  # hashes: a proof between two trees of fewer than 2^63 leaves needs no more
MAX_BODY = 64 * 1024  # a checkpoint note with its proof is well under 10 kB


class Refusal(ValueError):
    """The witness does not cosign: the HTTP status to answer, a message a person understands, and
    the body the protocol asks for (a 409 carries the witness's size)."""

    def __init__(self, status: int, message: str, body: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.body = message + "\n" if body is None else body
        self.split_view = False


@dataclass(frozen=True)
class Request:
    old_size: int
    proof: list[bytes]
    note: str


def encode(old_size: int, proof: Sequence[bytes], signed_note: str) -> bytes:
    lines = [f"old {old_size}", *(base64.b64encode(node).decode() for node in proof)]
    return ("\n".join(lines) + "\n\n" + signed_note).encode()


def decode(body: bytes) -> Request:
    """The request's parts; Refusal 400 naming what is malformed."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise Refusal(400, "the request is not UTF-8 text") from None
    head, blank, note = text.partition("\n\n")
    lines = head.split("\n")
    if not blank or not lines[0].startswith("old "):
        raise Refusal(400, "the request starts with `old <size>`, the proof's lines, then an empty line")
    size_text = lines[0][4:]
    if not size_text.isdigit() or (size_text != "0" and size_text.startswith("0")) or len(size_text) > 19:
        raise Refusal(400, f"the old size {size_text!r} is not a decimal number without leading zeros")
    if len(lines) - 1 > MAX_PROOF:
        raise Refusal(400, f"the consistency proof has {len(lines) - 1} hashes, more than {MAX_PROOF}")
    proof = []
    for line in lines[1:]:
        try:
            node = base64.b64decode(line, validate=True)
        except binascii.Error:
            node = b""
        if len(node) != merkle.HASH_SIZE:
            raise Refusal(400, "each line of the consistency proof is a 32-byte hash in base64")
        proof.append(node)
    return Request(int(size_text), proof, note)


def check(cosigned: LogCheckpoint | None, request: Request, new: LogCheckpoint) -> None:
    """Refusal unless `new` (already verified as the log's) extends `cosigned`, the last checkpoint
    this witness cosigned of that log (None: none yet), by the request's proof."""
    had = 0 if cosigned is None else cosigned.size
    if request.old_size > new.size:
        raise Refusal(400, f"the old size {request.old_size} is above the checkpoint's size {new.size}")
    if request.old_size != had:
        raise Refusal(409, f"this witness last cosigned size {had}, not {request.old_size}", f"{had}\n")
    if cosigned is None or had == 0:
        if request.proof:
            raise Refusal(422, "a proof from the empty tree must be empty")
        if new.size == 0 and new.root != merkle.EMPTY_ROOT:
            raise Refusal(422, "a checkpoint of size 0 must carry the empty tree's root")
        return
    if had == new.size and cosigned.root != new.root:
        refusal = Refusal(
            409,
            f"SPLIT VIEW: this witness cosigned another tree of the same size {had} of log "
            f"{new.origin}: the log forked",
            f"{had}\n",
        )
        refusal.split_view = True
        raise refusal
    try:
        merkle.verify_consistency(had, new.size, cosigned.root, new.root, request.proof)
    except merkle.ProofError as error:
        refusal = Refusal(
            422,
            f"SPLIT VIEW or a wrong proof: the checkpoint at size {new.size} is not shown to extend the "
            f"one this witness cosigned at size {had}: {error}",
        )
        refusal.split_view = True
        raise refusal from None
