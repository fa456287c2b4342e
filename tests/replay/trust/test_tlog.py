"""The service log's formats against the specifications' and the reference implementations' own values:
RFC 6962 / RFC 9162 consistency proofs (Certificate Transparency's test tree), c2sp.org/signed-note
(Go's golang.org/x/mod/sumdb/note example, byte for byte), c2sp.org/tlog-checkpoint and tlog-tiles."""

from __future__ import annotations

import base64
import hashlib

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from replay.trust import cosignature, keys, log_audit, merkle, note, tlog

# Certificate Transparency's test tree (RFC 6962 reference code): 8 leaves, the root at each size,
# and its consistency proofs.
CT_LEAVES = [bytes.fromhex(h) for h in (
    "", "00", "10", "2021", "3031", "40414243", "5051525354555657", "606162636465666768696a6b6c6d6e6f",
)]  # fmt: skip
CT_ROOTS = [
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]
CT_CONSISTENCY = {
    (1, 1): [],
    (1, 8): [
        "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
        "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
        "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ],
    (6, 8): [
        "0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a",
        "ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0",
        "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    ],
    (2, 5): [
        "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
        "bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b",
    ],
}
# golang.org/x/mod/sumdb/note's example: its private key (0x01 || Ed25519 seed), text and note.
GO_SKEY = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz"
GO_VKEY = "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
GO_TEXT = (
    "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n"
)
GO_NOTE = (
    GO_TEXT + "\n\u2014 PeterNeumann "
    "x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n"
)


def _go_key() -> keys.SigningKey:
    seed = base64.b64decode(GO_SKEY.split("+", 4)[4])  # the key material may hold "+"
    assert seed[0] == note.ALG_ED25519
    return keys.SigningKey(Ed25519PrivateKey.from_private_bytes(seed[1:]), signer="PeterNeumann")


def _hashes(n: int) -> list[bytes]:
    return [merkle.leaf_hash(leaf) for leaf in CT_LEAVES[:n]]


def test_consistency_proofs_are_the_rfc_6962_reference_trees() -> None:
    assert [merkle.root(CT_LEAVES[:n]).hex() for n in range(1, 9)] == CT_ROOTS
    for (old, new), proof in CT_CONSISTENCY.items():
        made = merkle.consistency_proof(_hashes(new), old)
        assert [p.hex() for p in made] == proof
        merkle.verify_consistency(
            old, new, bytes.fromhex(CT_ROOTS[old - 1]), bytes.fromhex(CT_ROOTS[new - 1]), made
        )


def test_every_consistency_proof_verifies_and_a_rewritten_history_is_caught() -> None:
    for new in range(1, 9):
        for old in range(1, new + 1):
            proof = merkle.consistency_proof(_hashes(new), old)
            merkle.verify_consistency(
                old, new, merkle.root(CT_LEAVES[:old]), merkle.root(CT_LEAVES[:new]), proof
            )
    # A checkpoint seen at size 3, then leaf 1 rewritten: the new tree does not contain the old one.
    edited = [*CT_LEAVES[:1], b"edited", *CT_LEAVES[2:]]
    proof = merkle.consistency_proof([merkle.leaf_hash(x) for x in edited], 3)
    with pytest.raises(merkle.ProofError, match="does not contain the checkpoint seen at size 3"):
        merkle.verify_consistency(3, 8, merkle.root(CT_LEAVES[:3]), merkle.root(edited), proof)
    with pytest.raises(merkle.ProofError, match="the log forked"):
        merkle.verify_consistency(8, 8, merkle.root(CT_LEAVES), merkle.root(edited), [])


def test_signed_notes_are_gos_byte_for_byte() -> None:
    key = _go_key()
    assert note.verifier_key("PeterNeumann", key.public) == GO_VKEY
    assert note.sign(GO_TEXT, "PeterNeumann", key) == GO_NOTE  # Ed25519 signs deterministically
    name, public = note.parse_verifier_key(GO_VKEY)
    assert note.open_note(GO_NOTE, name, public) == GO_TEXT
    with pytest.raises(note.NoteError, match="altered"):
        note.open_note(GO_NOTE.replace("cryptography", "cryptographY"), name, public)
    with pytest.raises(note.NoteError, match="not signed by key Other"):
        note.open_note(GO_NOTE, "Other", public)


def test_a_log_checkpoint_is_the_specs_byte_layout() -> None:
    """c2sp.org/tlog-checkpoint: origin, decimal size, base64 root, each ending in a newline; then a
    blank line and `— <name> base64(key hash[4] || signature[64])`, the key hash being
    SHA-256(name || 0x0A || 0x01 || public key)[:4] (c2sp.org/signed-note)."""
    key = _go_key()
    root = bytes.fromhex(CT_ROOTS[7])
    signed = tlog.sign_checkpoint(tlog.LogCheckpoint("example.com/log", 8, root), key)
    text, signature_line, end = signed.split("\n\n")[0] + "\n", signed.split("\n\n")[1], signed[-1]
    assert text == f"example.com/log\n8\n{base64.b64encode(root).decode()}\n"
    assert end == "\n"
    dash, name, blob64 = signature_line.rstrip("\n").split(" ")
    assert (dash, name) == ("\u2014", "example.com/log")
    blob = base64.b64decode(blob64)
    raw = keys.raw_public(key.public)
    assert blob[:4] == hashlib.sha256(b"example.com/log\n\x01" + raw).digest()[:4]
    key.public.verify(blob[4:], text.encode())
    assert tlog.open_checkpoint(signed, "example.com/log", key.public) == tlog.LogCheckpoint(
        "example.com/log", 8, root
    )


def test_tile_paths_are_spelled_as_tlog_tiles_says() -> None:
    assert tlog.encode_index(1234067) == "x001/x234/067"  # the spec's own example
    assert tlog.tile_path(0, 1234067) == "tile/0/x001/x234/067"
    assert tlog.tile_path(1, 0, 5) == "tile/1/000.p/5"
    assert tlog.tile_path(-1, 2, 255) == "tile/entries/002.p/255"
    assert tlog.parse_tile_path("tile/entries/x001/x234/067.p/8") == (-1, 1234067, 8)
    for wrong in ("tile/0/1", "tile/0/x000/001", "tile/0/000.p/256", "tile/0/000.p/0", "tile/0/000.p/08",
                  "tile/64/000", "tile/0/../000", "tile/entries/000/"):  # fmt: skip
        with pytest.raises(tlog.LogError):
            tlog.parse_tile_path(wrong)


def test_tiles_hold_the_trees_hashes_level_by_level() -> None:
    leaves = [f"entry {i}".encode() for i in range(600)]
    hashes = [merkle.leaf_hash(x) for x in leaves]
    found = tlog.tiles(hashes)
    assert sorted(found) == ["tile/0/000", "tile/0/001", "tile/0/002.p/88", "tile/1/000.p/2"]
    assert tlog.tile_hashes(found["tile/0/002.p/88"], 88) == hashes[512:]
    # A level-1 hash is the root of 256 leaves.
    assert tlog.tile_hashes(found["tile/1/000.p/2"], 2) == [
        merkle.root(leaves[:256]),
        merkle.root(leaves[256:512]),
    ]
    assert tlog.decode_bundle(tlog.encode_bundle(leaves[:3])) == leaves[:3]
    assert tlog.encode_bundle([b"ab"]) == b"\x00\x02ab"


class FakeLog:
    """A log served from memory, with its bytes at hand to edit (the pure verifier's input)."""

    def __init__(self, key: keys.SigningKey, entries: list[bytes]) -> None:
        hashes = [merkle.leaf_hash(x) for x in entries]
        self.files = dict(tlog.tiles(hashes))
        for start in range(0, len(entries), tlog.TILE_WIDTH):
            chunk = entries[start : start + tlog.TILE_WIDTH]
            self.files[tlog.tile_path(-1, start // tlog.TILE_WIDTH, len(chunk))] = tlog.encode_bundle(chunk)
        self.checkpoint = tlog.LogCheckpoint("example.com/log", len(entries), merkle.root(entries))
        self.files["checkpoint"] = tlog.sign_checkpoint(self.checkpoint, key).encode()

    def fetch(self, path: str) -> bytes:
        return self.files[path]


def test_the_verifier_catches_an_edited_tile_a_rollback_and_a_fork() -> None:
    key = _go_key()
    log_key = log_audit.LogKey(key.public, "example.com/log")
    entries = [f"entry {i}".encode() for i in range(300)]
    seen = log_audit.check_log(FakeLog(key, entries[:200]).fetch, log_key).checkpoint
    log_audit.check_log(FakeLog(key, entries).fetch, log_key, seen)
    edited = FakeLog(key, entries)
    tile = bytearray(edited.files["tile/0/000"])
    tile[5] ^= 1
    edited.files["tile/0/000"] = bytes(tile)
    with pytest.raises(tlog.LogError, match=r"tile/0/000 .* the tile was edited"):
        log_audit.check_log(edited.fetch, log_key, seen)
    with pytest.raises(tlog.LogError, match="rollback: .* size 150, smaller than size 200"):
        log_audit.check_log(FakeLog(key, entries[:150]).fetch, log_key, seen)
    forked = [*entries[:10], b"another game", *entries[11:]]
    with pytest.raises(tlog.LogError, match="fork: .* does not contain the checkpoint seen at size 200"):
        log_audit.check_log(FakeLog(key, forked).fetch, log_key, seen)


# c2sp.org/tlog-cosignature's own example: a checkpoint cosigned at `time 1679315147`.
SPEC_COSIGNATURE = (
    "jWbPPwAAAABkGFDLEZMHwSRaJNiIDoe9DYn/zXcrtPHeolMI5OWXEhZCB9dlrDJsX3b2oyin1nPZqhf5nNo0xUe+mbIUBkBIfZ+qnA=="
)


def test_a_cosignature_is_the_specs_layout_and_covers_one_checkpoint_only() -> None:
    blob = base64.b64decode(SPEC_COSIGNATURE)
    assert len(blob) == 4 + 8 + 64 and int.from_bytes(blob[4:12], "big") == 1679315147
    witness = _go_key()
    raw = keys.raw_public(witness.public)
    assert (
        cosignature.key_id("example.org/w1", witness.public)
        == hashlib.sha256(b"example.org/w1\n\x04" + raw).digest()[:4]
    )
    log = tlog.sign_checkpoint(tlog.LogCheckpoint("example.com/log", 8, bytes.fromhex(CT_ROOTS[7])), witness)
    cosigned = cosignature.cosign(log, "example.org/w1", witness, 1679315147)
    line = cosigned.splitlines()[-1]
    made = base64.b64decode(line.split(" ")[-1])
    assert line.startswith("\u2014 example.org/w1 ") and made[4:12] == blob[4:12]
    text = log.split("\n\n")[0] + "\n"
    witness.public.verify(made[12:], f"cosignature/v1\ntime 1679315147\n{text}".encode())
    assert cosignature.check(cosigned, "example.org/w1", witness.public).timestamp == 1679315147
    # The log's own signature still verifies beside it.
    assert tlog.open_checkpoint(cosigned, "example.com/log", witness.public).size == 8
    # A cosignature moved onto another tree's checkpoint does not verify.
    other = tlog.sign_checkpoint(
        tlog.LogCheckpoint("example.com/log", 7, bytes.fromhex(CT_ROOTS[6])), witness
    )
    with pytest.raises(note.NoteError, match="over another checkpoint"):
        cosignature.check(other + line + "\n", "example.org/w1", witness.public)
    with pytest.raises(note.NoteError, match="no cosignature of witness example.org/w2"):
        cosignature.check(cosigned, "example.org/w2", witness.public)
