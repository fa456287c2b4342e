"""Whether a log's checkpoint binds it to a trusted server, in words an organiser can publish."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.record import Trailer
from replay.trust import keys
from replay.trust.checkpoint import Checkpoint, CheckpointError, check

Status = Literal["verified", "unsigned", "untrusted", "invalid"]


@dataclass(frozen=True)
class SignatureVerdict:
    status: Status
    message: str
    code: str = ""

    @property
    def verified(self) -> bool:
        return self.status == "verified"


@dataclass(frozen=True)
class TrustedKey:
    """A key the verifier trusts, where it came from, and whose it is.

    `signer` is the name the key is known to sign as (pinned with it, or answered by the server
    with it); when `bound`, a checkpoint that names a signer is trusted only if it names that one,
    so a key trusted for one server does not vouch for a log that names another; when also
    `named_only` (a pinned key, which nothing but the pin ties to a server), a format 1 checkpoint,
    which names none, is not trusted either.
    """

    public: Ed25519PublicKey
    source: str  # "the key file F", "answered by server S", "pinned for server S in F"
    signer: str | None = None
    bound: bool = False
    named_only: bool = False

    def vouches_for(self, checkpoint: Checkpoint) -> bool:
        if checkpoint.signer is None:
            return not self.named_only
        return not self.bound or self.signer == checkpoint.signer


def _trusted(key: TrustedKey | Ed25519PublicKey) -> TrustedKey:
    return key if isinstance(key, TrustedKey) else TrustedKey(key, "a key given to the verifier")


def judge(
    game_id: str,
    line_hashes: Sequence[str],
    checkpoint: Checkpoint | None,
    trusted: Sequence[TrustedKey | Ed25519PublicKey],
    *,
    trailer: Trailer | None,
) -> SignatureVerdict:
    """Check `checkpoint` against the lines' hashes (header first), the trailer and the trusted keys."""
    if checkpoint is None:
        return SignatureVerdict(
            "unsigned",
            "the log carries no signed checkpoint, so nothing binds it to the server that recorded it",
            "UNSIGNED",
        )
    candidates = [k for k in map(_trusted, trusted) if keys.key_id(k.public) == checkpoint.key_id]
    if not candidates:
        given = ", ".join(_listed(_trusted(k)) for k in trusted) or "none"
        return SignatureVerdict(
            "untrusted",
            f"the checkpoint is signed by key {checkpoint.key_id[:16]}..., which is not trusted "
            f"(trusted: {given}); give the server's key with --key, fetch it with --server, or pin it",
            "UNTRUSTED_KEY",
        )
    key = next((k for k in candidates if k.vouches_for(checkpoint)), candidates[0])
    try:
        check(checkpoint, game_id, line_hashes, key.public, trailer=trailer)
    except CheckpointError as error:
        return SignatureVerdict("invalid", str(error), error.code)
    if not key.vouches_for(checkpoint):
        return SignatureVerdict("untrusted", _wrong_signer(checkpoint, candidates), "SIGNER_DIFFERS")
    imported = " (an imported game: the server re-verified it, it did not see it played)"
    tree = f"signed by key {checkpoint.key_id} at size {checkpoint.tree_size}, root {checkpoint.root}"
    return SignatureVerdict(
        "verified",
        f"{_whose(checkpoint, key)}; {tree}{imported if checkpoint.imported else ''}"
        f"{_unsigned_trailer(checkpoint, trailer)}",
    )


def _listed(key: TrustedKey) -> str:
    """A trusted key as the untrusted verdict lists it: its id, and whose it is when known."""
    return keys.key_id(key.public)[:16] + "..." + (f" ({key.signer})" if key.signer else "")


def refuse_signer(checkpoint: Checkpoint, trusted: Sequence[TrustedKey]) -> str | None:
    """Why no trusted key of `checkpoint`'s id vouches for the signer it names (None: one does, or
    none has its id, which the caller's own check reports)."""
    candidates = [k for k in trusted if keys.key_id(k.public) == checkpoint.key_id]
    if not candidates or any(k.vouches_for(checkpoint) for k in candidates):
        return None
    return _wrong_signer(checkpoint, candidates)


def _whose(checkpoint: Checkpoint, key: TrustedKey) -> str:
    """Whose key signed the log, as the verifier knows it."""
    if checkpoint.signer is None:
        return f"signer not named (a format 1 checkpoint); the key is {key.source}"
    if key.bound and key.signer is not None:
        return f"signed by {checkpoint.signer!r}, with the key {key.source}"
    return f"signer {checkpoint.signer!r} as the checkpoint names it (not checked: the key is {key.source})"


def _wrong_signer(checkpoint: Checkpoint, candidates: Sequence[TrustedKey]) -> str:
    pinned = "; ".join(
        f"{k.source} as {k.signer!r}" if k.signer else f"{k.source} before signer names were recorded"
        for k in candidates
    )
    if checkpoint.signer is None:
        return (
            f"the key {checkpoint.key_id[:16]}... is {pinned}, but this format 1 checkpoint names no "
            f"signer, so nothing says the log is that server's; audit it with --key or --server"
        )
    return (
        f"the key {checkpoint.key_id[:16]}... is {pinned}, but the log names signer "
        f"{checkpoint.signer!r}: a key trusted for one server does not vouch for another's log; "
        f"audit it with that server's --key or --server"
    )


def _unsigned_trailer(checkpoint: Checkpoint, trailer: Trailer | None) -> str:
    if checkpoint.format_version >= 2 or trailer is None:
        return ""
    return "; a format 1 checkpoint does not sign the trailer, so the result line is not signed"


def overall(rules_verdict: str, signature: SignatureVerdict) -> str:
    """One log's verdict from its rules verdict and its signature: a failed check first, then an
    untrusted signature, then the rules' own passed or incomplete (`frontier audit`, one or many)."""
    if rules_verdict == "failed" or signature.status == "invalid":
        return "failed"
    if not signature.verified:
        return "untrusted"
    return rules_verdict
