"""The `frontier audit` (file and proof) and `frontier prove` commands: what the verifier trusts and says.

Exit statuses: 0 passed; 1 a check failed; 2 unreadable input; 3 the log verifies but the game is
not finished (no finished trailer: verdict "incomplete"); 4 the rules pass but no trusted signature
covers the log (unsigned, or signed by a key not trusted), or a pinned key changed.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import grpc
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay import logfile
from replay.audit import build_report
from replay.trust import keys, known_keys, proofs
from replay.trust import signer as signers
from replay.trust.checkpoint import CheckpointError
from replay.trust.report import with_signature
from replay.trust.signed_log import line_hashes, read_signed
from replay.trust.verdict import TrustedKey, judge, overall, refuse_signer
from replay.verify import verify
from service.cli import log_policy
from service.cli.log_files import cannot_read, not_a_log
from service.cli.rpc_errors import said

PASSED, FAILED, UNREADABLE, INCOMPLETE, UNTRUSTED = 0, 1, 2, 3, 4
EXIT = {
    "passed": PASSED,
    "failed": FAILED,
    "unreadable": UNREADABLE,
    "incomplete": INCOMPLETE,
    "untrusted": UNTRUSTED,
}


class Untrusted(Exception):
    """The key to trust could not be settled (a pinned key changed); exit 4."""


def add_trust_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--key", type=Path, help="the server's public key: a PEM file or a file of 64 hex digits"
    )
    parser.add_argument(
        "--known-keys",
        type=Path,
        help="pinned keys file (default $FRONTIER_KNOWN_KEYS or ~/.config/frontier/known_keys)",
    )


def audit_file(args: argparse.Namespace) -> int:
    """Audit a match log file: the rules (replay.verify), then its checkpoint's signature."""
    path = Path(args.target)
    try:
        content = path.read_bytes()
    except OSError as error:
        print(cannot_read(path, error), file=sys.stderr)
        return UNREADABLE
    try:
        header, entries, trailer, checkpoint = read_signed(logfile.decode_lines(content))
    except (logfile.LogFormatError, CheckpointError) as error:
        print(not_a_log(path, content, error), file=sys.stderr)
        return UNREADABLE
    trusted = _trusted(args, checkpoint.key_id if checkpoint else None)
    if isinstance(trusted, int):
        return trusted
    verification = verify(header, entries, trailer)
    signature = judge(header.game_id, line_hashes(header, entries), checkpoint, trusted, trailer=trailer)
    # Whether the game was played live is the verified checkpoint's statement, never the log's.
    signed = checkpoint if checkpoint is not None and signature.verified else None
    report = build_report(
        header,
        entries,
        trailer,
        verification,
        imported=None if signed is None else signed.imported,
        where="the server that signed it" + (f" ({signed.signer})" if signed and signed.signer else ""),
    ).to_markdown()
    print(with_signature(report, signature, rules_ok=verification.ok), end="")
    verdict = overall(verification.verdict, signature)
    if verdict == "untrusted":
        print(f"{path}: not passed: {signature.message}", file=sys.stderr)
    by = [key.public for key in trusted if signed and keys.key_id(key.public) == signed.key_id]
    in_log = log_policy.check(args, signed.to_line() if signed else None, by[0] if by else None)
    return in_log if in_log else EXIT[verdict]


def audit_proof(args: argparse.Namespace) -> int:
    """Check one entry's inclusion proof against a trusted key."""
    path = Path(args.proof)
    try:
        proof = proofs.from_json(logfile.parse_json(_read_text(path)))  # strictly, as every line
    except (ValueError, RecursionError) as error:  # JSON, UTF-8 and ProofCheckError are ValueErrors
        print(f"{path}: not a valid inclusion proof: {error}", file=sys.stderr)
        return UNREADABLE
    trusted = _trusted(args, proof.checkpoint.key_id)
    if isinstance(trusted, int):
        return trusted
    refused = refuse_signer(proof.checkpoint, trusted)
    if refused is not None:
        print(f"Proof NOT verified (SIGNER_DIFFERS): {refused}")
        return UNTRUSTED
    try:
        said = proofs.verify(proof, [key.public for key in trusted])
    except proofs.ProofCheckError as error:
        print(f"Proof NOT verified ({error.code}): {error}")
        return UNTRUSTED if error.code == "UNTRUSTED_KEY" else FAILED
    print(f"Proof verified: {said}.")
    return PASSED


def prove(args: argparse.Namespace, token: str | None) -> int:
    """Fetch an inclusion proof for one version of a game and write it as a proof file."""
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    with Client(args.server, token=token) as client:
        reply = client.call(
            "ProveInclusion", frontier_pb2.ProveInclusionRequest(game_id=args.game_id, version=args.version)
        )
    data = {
        "type": proofs.TYPE,
        "format_version": proofs.FORMAT_VERSION,
        "game_id": reply.game_id,
        "version": reply.version,
        "line": reply.line or None,
        "line_hash": reply.line_hash,
        "leaf_index": reply.leaf_index,
        "tree_size": reply.tree_size,
        "audit_path": list(reply.audit_path),
        "checkpoint": logfile.parse_json(reply.checkpoint),
    }
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    if not reply.line:
        print(
            "note: the line itself is withheld until the game is over; the proof covers its hash",
            file=sys.stderr,
        )
    return PASSED


def _trusted(args: argparse.Namespace, wanted_key_id: str | None) -> list[TrustedKey] | int:
    """The keys to trust, or the exit status after saying why there are none."""
    try:
        return trusted_keys(args, wanted_key_id)
    except keys.KeyFileError as error:
        print(f"error: {error}", file=sys.stderr)
        return UNREADABLE
    except Untrusted as error:
        print(f"error: {error}", file=sys.stderr)
        return UNTRUSTED


def trusted_keys(args: argparse.Namespace, wanted_key_id: str | None) -> list[TrustedKey]:
    """The keys this audit trusts: --key, else the --server's key (pinned on first use, with the name
    it signs as), else every pinned key, each for its pinned signer only (only the key the
    checkpoint names can vouch for it; the others are listed as what is trusted)."""
    pins = args.known_keys or known_keys.default_path()
    if args.key:
        return [TrustedKey(keys.load_public_key(args.key), f"from the key file {args.key}")]
    if args.server:
        public, signer = fetch_server_key(args.server)
        try:
            newly = known_keys.pin(pins, args.server, public, signer)
        except known_keys.NameClaimed as error:
            raise Untrusted(f"TWO KEYS CLAIM ONE NAME. {error}") from None
        except known_keys.KeyChanged as error:
            raise Untrusted(f"THE SERVER'S KEY HAS CHANGED. {error}") from None
        print(_pinned_news(pins, args.server, public, signer, newly), file=sys.stderr)
        # The user named the server: its format 1 checkpoints (no signer) are its own too.
        return [TrustedKey(public, f"answered by the server {args.server}", signer, bound=True)]
    del wanted_key_id  # every pin is listed; the checkpoint's key id picks the one that may vouch
    try:
        pinned_keys = known_keys.read(pins)
    except known_keys.NameClaimed as error:
        raise Untrusted(f"TWO KEYS CLAIM ONE NAME. {error}") from None
    return [
        TrustedKey(
            pinned.public,
            f"pinned for the server {pinned.server} in {pins}",
            pinned.signer,
            bound=True,
            named_only=True,
        )
        for pinned in pinned_keys
    ]


def _pinned_news(pins: Path, server: str, public: Ed25519PublicKey, signer: str | None, newly: bool) -> str:
    """What the audit trusts from `server`, and where that trust is kept."""
    kid = keys.key_id(public)
    who = f"the key {kid} of {server} (signs as {signer or 'no name'})"
    if newly:
        return f"pinned {who} in {pins}: audits without --server trust it from now on"
    first = next((known.server for known in known_keys.find_all(pins, kid)), server)
    seen = "" if first == server else f", first fetched from {first}"
    return f"trusting {who}, pinned in {pins}{seen}"


def fetch_server_key(server: str) -> tuple[Ed25519PublicKey, str | None]:
    """The server's public key and the name it signs checkpoints as (None: a server older than
    signer names, which signs format 1 checkpoints)."""
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    try:
        with Client(server) as client:
            reply = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest())
    except grpc.RpcError as error:  # nothing was checked: not the "a check failed" status
        raise keys.KeyFileError(f"cannot fetch the signing key of {server}: {said(error, server)}") from None
    public = keys.parse_public_key(reply.public_key_hex)
    if reply.algorithm != keys.ALGORITHM or keys.key_id(public) != reply.key_id:
        raise keys.KeyFileError(f"the server {server} answered a key that does not match its own key id")
    if not reply.signer:
        return public, None
    try:
        signer = signers.check_name(reply.signer)
    except signers.SignerNameError as error:
        raise keys.KeyFileError(f"the server {server} answered no usable signer name: {error}") from None
    return public, signer


def _read_text(path: Path) -> str:
    return path.read_bytes().decode("utf-8")
