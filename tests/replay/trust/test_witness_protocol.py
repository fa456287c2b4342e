"""The witness protocol's decisions (c2sp.org/tlog-witness): each refusal and its status."""

from __future__ import annotations

import pytest

from replay.trust import merkle
from replay.trust import witness_protocol as protocol
from replay.trust.tlog import LogCheckpoint

LEAVES = [merkle.leaf_hash(bytes([n])) for n in range(7)]


def at(size: int, leaves: list[bytes] = LEAVES) -> LogCheckpoint:
    return LogCheckpoint(
        "example.org/log", size, merkle.subtree_root(leaves[:size]) if size else merkle.EMPTY_ROOT
    )


def request(old: int, new: int, proof: list[bytes] | None = None) -> protocol.Request:
    wanted = merkle.consistency_proof(LEAVES[:new], old) if proof is None and 0 < old < new else proof or []
    return protocol.decode(protocol.encode(old, wanted, "note"))


def refused(cosigned: LogCheckpoint | None, asked: protocol.Request, new: LogCheckpoint) -> protocol.Refusal:
    with pytest.raises(protocol.Refusal) as caught:
        protocol.check(cosigned, asked, new)
    return caught.value


def test_a_checkpoint_extending_the_one_cosigned_by_its_proof_is_accepted() -> None:
    protocol.check(None, request(0, 3), at(3))
    protocol.check(at(3), request(3, 7), at(7))
    protocol.check(at(3), request(3, 3), at(3))  # the same tree again: cosigned anew


def test_an_old_size_other_than_the_witness_s_is_a_409_carrying_its_size() -> None:
    stale = refused(at(5), request(3, 7), at(7))
    assert (stale.status, stale.body, stale.split_view) == (409, "5\n", False)


def test_another_tree_of_the_size_cosigned_is_a_409_split_view() -> None:
    other = [merkle.leaf_hash(b"x"), *LEAVES[1:]]
    split = refused(at(3), request(3, 3), at(3, other))
    assert (split.status, split.body, split.split_view) == (409, "3\n", True)
    assert "SPLIT VIEW" in str(split)


def test_a_proof_that_does_not_lead_from_the_cosigned_tree_is_a_422() -> None:
    other = [merkle.leaf_hash(b"x"), *LEAVES[1:]]
    forked = refused(at(3), request(3, 7), at(7, other))
    assert forked.status == 422 and forked.split_view
    assert refused(None, request(0, 3, [LEAVES[0]]), at(3)).status == 422  # from nothing: no proof


def test_malformed_requests_and_an_old_size_above_the_new_are_400() -> None:
    assert refused(at(7), request(7, 3), at(3)).status == 400
    for body, said in (
        (b"old 01\n\nnote", "leading zeros"),
        (b"old 1\nnot base64!\n\nnote", "32-byte hash"),
        (b"new 1\n\nnote", "starts with `old <size>`"),
        (b"old 1\n" + b"AAAA\n" * 64 + b"\nnote", "more than 63"),
    ):
        with pytest.raises(protocol.Refusal) as caught:
            protocol.decode(body)
        assert caught.value.status == 400 and said in str(caught.value)
