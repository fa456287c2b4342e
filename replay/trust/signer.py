"""The signer's name: which server or organiser a checkpoint says signed it.

A key id tells keys apart, not people: a name is what lets a verifier who pinned a key for one
server refuse that key's signature on a log that claims to be another's. Servers that share a
key (scale-out behind one address) share the name too.
"""

from __future__ import annotations

import socket
import unicodedata

MAX_LENGTH = 100
# The name the published sample key (seeds/keys/samples.pem) signs the corpus and samples as.
SAMPLES = "Frontier Ledger samples"


class SignerNameError(ValueError):
    """A name that cannot be a signer's; the message says why."""


def default_name() -> str:
    """This machine's host name: what a user would call the server if nobody named it."""
    return check_name(socket.gethostname() or "frontier")


def check_name(name: str) -> str:
    """`name` if it can be a signer's name: 1 to 100 characters, printable, no space at either end
    (the known-keys file keeps it as the rest of a line)."""
    if not name or len(name) > MAX_LENGTH:
        raise SignerNameError(f"a signer name has 1 to {MAX_LENGTH} characters, not {len(name)}")
    if name != name.strip() or not name.isprintable():
        raise SignerNameError(
            f"the signer name {name!r} must be printable, without spaces at either end or line breaks"
        )
    return name


def as_read(name: str) -> str:
    """`name` as a reader tells names apart: case, compatibility forms and runs of spaces aside, so
    "Spring  Open" or "spring open" is the same signer as "Spring Open"."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())
