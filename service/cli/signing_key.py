"""`frontier key`: the server's public signing key and its fingerprint, as `GetSigningKey` gives them.

An organiser publishes the key (or its PEM file) and the signer name before a tournament, so that
readers can check every signed log against it (docs/publishing-results.md); `-o FILE` writes the
PEM file that `frontier audit --key FILE` reads. A key that does not match its own key id is refused:
printing it would publish a fingerprint nobody can check.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from replay.trust import keys, note, tlog
from service.cli.as_json import message_dict
from service.cli.server_option import add_server_argument

EXIT_UNREADABLE = 2  # as `frontier audit`: nothing usable came back


def register(commands: Any) -> None:
    key = commands.add_parser(
        "key",
        help="print the server's public signing key and its fingerprint (the key id), to publish",
        description="Prints the name the server signs as, the key id (the SHA-256 of the key: its "
        "fingerprint), the key in hex and as PEM, as GetSigningKey answers them.",
    )
    add_server_argument(key)
    key.add_argument(
        "-o",
        "--output",
        type=Path,
        metavar="FILE",
        help="also write the PEM public key to FILE, for `frontier audit --key FILE`",
    )
    key.add_argument(
        "--json",
        action="store_true",
        help='print {"key_id", "algorithm", "public_key_hex", "public_key_pem", "signer"}, as the API '
        "answers it",
    )
    key.set_defaults(run=_key)


def _key(args: argparse.Namespace) -> int:
    from service.client import Client
    from service.generated.frontier.v1 import frontier_pb2

    with Client(args.server) as client:
        reply = client.call("GetSigningKey", frontier_pb2.GetSigningKeyRequest())
    try:
        public = keys.parse_public_key(reply.public_key_hex)
    except keys.KeyFileError as error:
        print(f"error: the server {args.server} answered no usable key: {error}", file=sys.stderr)
        return EXIT_UNREADABLE
    if reply.algorithm != keys.ALGORITHM or keys.key_id(public) != reply.key_id:
        print(
            f"error: the server {args.server} answered a key that does not match its own key id; "
            "do not publish it, and ask the server's operator",
            file=sys.stderr,
        )
        return EXIT_UNREADABLE
    if args.output is not None:
        args.output.write_text(keys.public_pem(public), encoding="utf-8")
    if args.json:
        print(json.dumps(message_dict(reply), indent=2))
        return 0
    print(f"signer:      {reply.signer or '(none: a server that names no signer)'}")
    print(f"key id:      {reply.key_id}  (the fingerprint: SHA-256 of the key)")
    print(f"algorithm:   {reply.algorithm}")
    print(f"public key:  {reply.public_key_hex}")
    if reply.signer:  # the service log's key, as signed-note verifiers take it (`frontier log verify --key`)
        print(f"log key:     {note.verifier_key(tlog.origin_for(reply.signer, reply.key_id), public)}")
    print(reply.public_key_pem.rstrip("\n"))
    return 0
