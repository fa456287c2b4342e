"""trust.merkle against RFC 9162 section 2.1, written out a second time as plainly as the RFC reads."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from replay.trust import merkle


def _sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def rfc_mth(d: list[bytes]) -> bytes:
    """MTH(D[n]) exactly as RFC 9162 2.1.1 states it (recursive split at the largest power of two < n)."""
    n = len(d)
    if n == 0:
        return _sha(b"")
    if n == 1:
        return _sha(b"\x00" + d[0])
    k = 1
    while k * 2 < n:
        k *= 2
    return _sha(b"\x01" + rfc_mth(d[:k]) + rfc_mth(d[k:]))


def rfc_path(m: int, d: list[bytes]) -> list[bytes]:
    """PATH(m, D[n]) as RFC 9162 2.1.3.1 states it."""
    n = len(d)
    if n == 1:
        return []
    k = 1
    while k * 2 < n:
        k *= 2
    if m < k:
        return rfc_path(m, d[:k]) + [rfc_mth(d[k:n])]
    return rfc_path(m - k, d[k:n]) + [rfc_mth(d[0:k])]


def leaves(n: int) -> list[bytes]:
    return [hashlib.sha256(f"line {i}".encode()).digest() for i in range(n)]


def test_empty_tree_is_the_hash_of_nothing() -> None:
    assert merkle.root([]).hex() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"


def test_known_answers_one_and_two_leaves() -> None:
    a, b = b"\x11" * 32, b"\x22" * 32
    assert merkle.root([a]) == _sha(b"\x00" + a)
    assert merkle.root([a, b]) == _sha(b"\x01" + _sha(b"\x00" + a) + _sha(b"\x00" + b))


@pytest.mark.parametrize("n", [*range(1, 40), 63, 64, 65, 127, 128, 129, 1000])
def test_root_and_every_path_match_the_rfc(n: int) -> None:
    data = leaves(n)
    expected = rfc_mth(data)
    assert merkle.root(data) == expected
    for m in range(n):
        path = merkle.inclusion_path(data, m)
        assert path == rfc_path(m, data)
        merkle.verify_inclusion(data[m], m, n, path, expected)


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(1, 300),
    pick=st.integers(0, 10**6),
    flip=st.integers(0, 255),
    salt=st.binary(min_size=1, max_size=8),
)
def test_proofs_hold_and_any_change_breaks_them(n: int, pick: int, flip: int, salt: bytes) -> None:
    data = [hashlib.sha256(salt + i.to_bytes(4, "big")).digest() for i in range(n)]
    root = merkle.root(data)
    m = pick % n
    path = merkle.inclusion_path(data, m)
    merkle.verify_inclusion(data[m], m, n, path, root)

    changed_leaf = bytes([data[m][0] ^ (flip or 1)]) + data[m][1:]
    with pytest.raises(merkle.ProofError):
        merkle.verify_inclusion(changed_leaf, m, n, path, root)
    if n > 1:
        other = (m + 1 + pick % (n - 1)) % n
        with pytest.raises(merkle.ProofError):
            merkle.verify_inclusion(data[m], other, n, path, root)
    # A proof alone cannot tell sizes whose paths have the same shape apart (n=3 and n=4 for leaf 0):
    # the signed checkpoint binds the size. Every size whose path has another length must fail.
    for size in {n - 1, n + 1, 2 * n + 1} - {0}:
        if m < size and len(rfc_path(m, leaves(size))) == len(path):
            continue
        with pytest.raises(merkle.ProofError):
            merkle.verify_inclusion(data[m], m, size, path, root)
    if path:
        j = pick % len(path)
        bent = [*path[:j], bytes([path[j][0] ^ (flip or 1)]) + path[j][1:], *path[j + 1 :]]
        with pytest.raises(merkle.ProofError):
            merkle.verify_inclusion(data[m], m, n, bent, root)
        with pytest.raises(merkle.ProofError):
            merkle.verify_inclusion(data[m], m, n, path[:-1], root)
    with pytest.raises(merkle.ProofError):
        merkle.verify_inclusion(data[m], m, n, [*path, root], root)


def test_index_outside_the_tree_is_refused() -> None:
    data = leaves(5)
    with pytest.raises(merkle.ProofError, match="outside"):
        merkle.root_from_inclusion(data[0], 5, 5, [])
    with pytest.raises(ValueError, match="outside"):
        merkle.inclusion_path(data, 5)
