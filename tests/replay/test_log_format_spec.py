"""seeds/LOG-FORMAT.md is precise enough to re-implement: the salt, commitment and generator written
from the document alone agree with the reference code."""

from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path

import rfc8785
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.rng import SeededRng, seed_commitment
from replay.entropy import client_commitment, seat_salt_4
from replay.record import line_salt, mixed_seed

DOC = (Path(__file__).resolve().parents[2] / "seeds" / "LOG-FORMAT.md").read_text(encoding="utf-8")


class DocumentedRng:
    """frontier-sha256-v1 exactly as the document states it."""

    def __init__(self, seed: bytes, game_id: str, counter: int) -> None:
        self.prefix = (
            b"frontier-rng-v1:" + seed + b"\x00" + game_id.encode() + b"\x00" + str(counter).encode()
        )
        self.k = 0

    def _words(self) -> object:
        k, self.k = self.k, self.k + 1  # every call takes a stream, even one that draws no word
        return self._stream(k)

    def _stream(self, k: int) -> object:
        b = 0
        while True:
            block = hashlib.sha256(
                self.prefix + b"\x00" + str(k).encode() + b"\x00" + str(b).encode()
            ).digest()
            words = [int.from_bytes(block[i : i + 8], "big") for i in range(0, 32, 8)]
            yield from reversed(words)
            b += 1

    @staticmethod
    def _below(words: object, n: int) -> int:
        limit = 2**64 - 2**64 % n
        for word in words:  # type: ignore[attr-defined]
            if word < limit:
                return int(word % n)
        raise AssertionError

    def randint(self, low: int, high: int) -> int:
        return low + self._below(self._words(), high - low + 1)

    def shuffle(self, items: list[int]) -> list[int]:
        words, order = self._words(), list(items)
        for i in range(len(order) - 1, 0, -1):
            j = self._below(words, i + 1)
            order[i], order[j] = order[j], order[i]
        return order


@settings(max_examples=200, deadline=None)
@given(
    seed=st.binary(min_size=1, max_size=40),
    game_id=st.text(max_size=20),
    counter=st.integers(0, 10_000),
    calls=st.lists(st.tuples(st.booleans(), st.integers(1, 200)), max_size=6),
)
def test_the_documented_generator_is_the_released_one(
    seed: bytes, game_id: str, counter: int, calls: list[tuple[bool, int]]
) -> None:
    ours, theirs = SeededRng(seed, game_id, counter), DocumentedRng(seed, game_id, counter)
    for is_roll, size in calls:
        if is_roll:
            assert ours.randint(1, size) == theirs.randint(1, size)
        else:
            assert list(ours.shuffle(range(size))) == theirs.shuffle(list(range(size)))


def test_the_documented_salt_and_commitment_example() -> None:
    game_id = re.search(r"`game_id`\s+`([0-9a-f-]{36})`", DOC)
    salt = re.search(r"header salt\s+`([0-9a-f]{64})`", DOC)
    commitment = re.search(r"the commitment\s+`([0-9a-f]{64})`", DOC)
    assert game_id and salt and commitment
    seed = b"example-seed"
    by_the_doc = hmac.new(seed, f"frontier-log/v2/salt/{game_id[1]}/1".encode(), hashlib.sha256).hexdigest()
    assert salt[1] == by_the_doc == line_salt(seed, game_id[1], 1)
    assert commitment[1] == hashlib.sha256(b"frontier-seed-v1:" + seed).hexdigest() == seed_commitment(seed)


def test_the_documented_commit_reveal_example() -> None:
    commitment = re.search(r"client seed `bob-seed` give the commitment\s+`([0-9a-f]{64})`", DOC)
    salt = re.search(r"and the seat salt `([0-9a-f]{64})`", DOC)
    mixed = re.search(r'\[null,"bob-seed"\]\]` and the mixed seed\s+`([0-9a-f]{64})`', DOC)
    assert commitment and salt and mixed
    by_the_doc = hashlib.sha256(b"frontier-client-seed-v1:bob-seed").hexdigest()
    assert commitment[1] == by_the_doc == client_commitment("bob-seed")
    game_id = "7f0c1d2e-0000-4000-8000-000000000001"
    claim = rfc8785.dumps({"client_commitment": by_the_doc, "game_id": game_id, "player": "Bob", "seat": 1})
    assert f"`{claim.decode()}`" in DOC
    expected = hmac.new(b"example-seed", b"frontier-log/v4/seat/" + claim, hashlib.sha256).hexdigest()
    assert salt[1] == expected == seat_salt_4(b"example-seed", game_id, 1, "Bob", by_the_doc)
    assert mixed[1] == mixed_seed(b"example-seed", [None, "bob-seed"]).hex()
