"""Whether a log's checkpoint binds it to a trusted server, in words an organiser can publish."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from trust import keys
from trust.checkpoint import Checkpoint, CheckpointError, check

Status = Literal["verified", "unsigned", "untrusted", "invalid"]


@dataclass(frozen=True)
class SignatureVerdict:
    status: Status
    message: str
    code: str = ""

    @property
    def verified(self) -> bool:
        return self.status == "verified"


def judge(
    game_id: str,
    line_hashes: Sequence[str],
    checkpoint: Checkpoint | None,
    trusted: Sequence[Ed25519PublicKey],
) -> SignatureVerdict:
    """Check `checkpoint` against the lines' hashes (header first) and the trusted keys."""
    if checkpoint is None:
        return SignatureVerdict(
            "unsigned",
            "the log carries no signed checkpoint, so nothing binds it to the server that recorded it",
            "UNSIGNED",
        )
    key = next((k for k in trusted if keys.key_id(k) == checkpoint.key_id), None)
    if key is None:
        given = ", ".join(keys.key_id(k)[:16] + "..." for k in trusted) or "none"
        return SignatureVerdict(
            "untrusted",
            f"the checkpoint is signed by key {checkpoint.key_id[:16]}..., which is not trusted "
            f"(trusted: {given}); give the server's key with --key, fetch it with --server, or pin it",
            "UNTRUSTED_KEY",
        )
    try:
        check(checkpoint, game_id, line_hashes, key)
    except CheckpointError as error:
        return SignatureVerdict("invalid", str(error), error.code)
    imported = " (an imported game: the server re-verified it, it did not see it played)"
    return SignatureVerdict(
        "verified",
        f"signed by key {checkpoint.key_id} at size {checkpoint.tree_size}, "
        f"root {checkpoint.root}{imported if checkpoint.imported else ''}",
    )


def overall(rules_verdict: str, signature: SignatureVerdict) -> str:
    """One log's verdict from its rules verdict and its signature: a failed check first, then an
    untrusted signature, then the rules' own passed or incomplete (`frontier audit`, one or many)."""
    if rules_verdict == "failed" or signature.status == "invalid":
        return "failed"
    if not signature.verified:
        return "untrusted"
    return rules_verdict
