"""The Merkle tree hash of a game's lines, as RFC 6962 / RFC 9162 (section 2.1) define it.

Leaf data is the raw 32 bytes of each line's `hash`: the header first, then every entry
in version order, so the line of version v is leaf v - 1. Leaves are hashed with a 0x00
prefix and inner nodes with 0x01, which keeps a leaf from passing for a node.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

HASH_SIZE = 32
EMPTY_ROOT = hashlib.sha256(b"").digest()


class ProofError(ValueError):
    """An inclusion proof that does not prove what it claims; says why."""


def leaf_hash(data: bytes) -> bytes:
    return hashlib.sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    return hashlib.sha256(b"\x01" + left + right).digest()


def line_leaf(line_hash_hex: str) -> bytes:
    """The leaf data of one log line: the 32 bytes its 64-hex `hash` field spells."""
    data = bytes.fromhex(line_hash_hex)
    if len(data) != HASH_SIZE:
        raise ValueError(f"a line hash must be {HASH_SIZE * 2} hex digits, found {line_hash_hex!r}")
    return data


def root(leaves: Sequence[bytes]) -> bytes:
    """MTH(D[n]). Built bottom-up: a level's odd last node moves up unchanged, which is
    the same tree as the RFC's split at the largest power of two below n."""
    if not leaves:
        return EMPTY_ROOT
    level = [leaf_hash(data) for data in leaves]
    while len(level) > 1:
        paired = [node_hash(level[i], level[i + 1]) for i in range(0, len(level) - 1, 2)]
        if len(level) % 2:
            paired.append(level[-1])
        level = paired
    return level[0]


def _split(n: int) -> int:
    """The largest power of two smaller than n (n > 1)."""
    return 1 << ((n - 1).bit_length() - 1)


def _subtree_root(hashes: Sequence[bytes]) -> bytes:
    if len(hashes) == 1:
        return hashes[0]
    k = _split(len(hashes))
    return node_hash(_subtree_root(hashes[:k]), _subtree_root(hashes[k:]))


def inclusion_path(leaves: Sequence[bytes], index: int) -> list[bytes]:
    """PATH(m, D[n]) of RFC 9162 section 2.1.3.1: the sibling hashes from leaf `index` up."""
    if not 0 <= index < len(leaves):
        raise ValueError(f"leaf index {index} is outside a tree of {len(leaves)} leaves")
    hashes = [leaf_hash(data) for data in leaves]
    path: list[bytes] = []
    while len(hashes) > 1:
        k = _split(len(hashes))
        if index < k:
            path.append(_subtree_root(hashes[k:]))
            hashes = hashes[:k]
        else:
            path.append(_subtree_root(hashes[:k]))
            hashes = hashes[k:]
            index -= k
    path.reverse()  # the RFC lists the path from the leaf up
    return path


def root_from_inclusion(leaf: bytes, index: int, size: int, path: Sequence[bytes]) -> bytes:
    """The root that `path` proves for leaf data `leaf` at `index` (RFC 9162 section 2.1.3.2).

    Raises ProofError when the path cannot belong to a tree of `size` leaves.
    """
    if not 0 <= index < size:
        raise ProofError(f"leaf index {index} is outside a tree of size {size}")
    fn, sn = index, size - 1
    r = leaf_hash(leaf)
    for p in path:
        if len(p) != HASH_SIZE:
            raise ProofError(f"an audit path hash must be {HASH_SIZE} bytes, found {len(p)}")
        if sn == 0:
            raise ProofError(f"the audit path is longer than a tree of size {size} allows")
        if fn & 1 or fn == sn:
            r = node_hash(p, r)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = node_hash(r, p)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError(f"the audit path is shorter than a tree of size {size} needs")
    return r


def verify_inclusion(leaf: bytes, index: int, size: int, path: Sequence[bytes], expected_root: bytes) -> None:
    """Raise ProofError unless `path` proves `leaf` at `index` in the tree of `size` with `expected_root`."""
    if root_from_inclusion(leaf, index, size, path) != expected_root:
        raise ProofError(f"the audit path for leaf {index} does not lead to the signed root")


def subtree_root(hashes: Sequence[bytes]) -> bytes:
    """MTH over leaves already hashed (`leaf_hash`): the root of `hashes`, at least one."""
    return _subtree_root(hashes)


def consistency_proof(hashes: Sequence[bytes], old_size: int) -> list[bytes]:
    """PROOF(m, D[n]) of RFC 9162 section 2.1.4.1 over leaves already hashed: what shows that the
    tree of the first `old_size` leaves is a prefix of the tree of all of `hashes`."""
    if not 0 < old_size <= len(hashes):
        raise ValueError(f"no consistency proof from size {old_size} to size {len(hashes)}")
    proof: list[bytes] = []
    complete = True  # SUBPROOF's b: the old tree is a complete subtree of the current one
    m, leaves = old_size, list(hashes)
    while m != len(leaves):
        k = _split(len(leaves))
        if m <= k:
            proof.append(_subtree_root(leaves[k:]))
            leaves = leaves[:k]
        else:
            proof.append(_subtree_root(leaves[:k]))
            leaves = leaves[k:]
            m -= k
            complete = False
    if not complete:
        proof.append(_subtree_root(leaves))
    proof.reverse()  # the RFC lists the proof from the bottom up
    return proof


def verify_consistency(
    old_size: int, new_size: int, old_root: bytes, new_root: bytes, proof: Sequence[bytes]
) -> None:
    """Raise ProofError unless `proof` shows the tree (old_size, old_root) is a prefix of
    (new_size, new_root): RFC 9162 section 2.1.4.2."""
    if not 0 < old_size <= new_size:
        raise ProofError(f"a tree of size {new_size} cannot extend one of size {old_size}")
    if any(len(p) != HASH_SIZE for p in proof):
        raise ProofError(f"a consistency proof hash must be {HASH_SIZE} bytes")
    if old_size == new_size:
        if proof:
            raise ProofError("a consistency proof between equal sizes must be empty")
        if old_root != new_root:
            raise ProofError(f"two different roots for the same size {old_size}: the log forked")
        return
    path = list(proof)
    if old_size & (old_size - 1) == 0:  # a power of two: the old root is the proof's first node
        path.insert(0, old_root)
    if not path:
        raise ProofError("the consistency proof is empty")
    fn, sn = old_size - 1, new_size - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    for c in path[1:]:
        if sn == 0:
            raise ProofError("the consistency proof is longer than the sizes allow")
        if fn & 1 or fn == sn:
            fr, sr = node_hash(c, fr), node_hash(c, sr)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            sr = node_hash(sr, c)
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ProofError("the consistency proof is shorter than the sizes need")
    if fr != old_root:
        raise ProofError(
            f"the log's tree at size {new_size} does not contain the checkpoint seen at size {old_size}: "
            "it was rewritten"
        )
    if sr != new_root:
        raise ProofError(f"the consistency proof does not lead to the root signed at size {new_size}")
