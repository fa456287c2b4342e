"""LineSalts keys the salt HMAC once per game and gives, for every line, the very
salt `line_salt` gives (the definition, seeds/LOG-FORMAT.md); another seed or game id gives
other salts."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from replay.record import LineSalts, line_salt

seeds = st.binary(min_size=0, max_size=100)  # beyond the 64-byte HMAC block too
game_ids = st.text(max_size=40)
versions = st.lists(st.integers(0, 2**53 - 1), min_size=1, max_size=20)


@settings(max_examples=300, deadline=None)
@given(seeds, game_ids, versions)
def test_line_salts_are_the_salts_line_salt_gives(seed: bytes, game_id: str, numbers: list[int]) -> None:
    salts = LineSalts(seed, game_id)
    for version in numbers:
        assert salts(version) == line_salt(seed, game_id, version)
    # Asking again, in another order, gives the same: no state carries from one line to the next.
    for version in reversed(numbers):
        assert salts(version) == line_salt(seed, game_id, version)


# Two seeds of one length, as every seed of a log is (32 bytes): HMAC pads a short key with zero
# bytes, so b"" and b"\x00" are one key, and seeds of different lengths are not what a log holds.
seed_pairs = st.integers(0, 100).flatmap(lambda n: st.tuples(*[st.binary(min_size=n, max_size=n)] * 2))


@settings(max_examples=100, deadline=None)
@given(seed_pairs, game_ids, st.integers(1, 10_000))
def test_another_seed_gives_other_salts(pair: tuple[bytes, bytes], game_id: str, version: int) -> None:
    seed, other = pair
    if seed != other:
        assert LineSalts(seed, game_id)(version) != LineSalts(other, game_id)(version)


def test_the_game_id_and_version_are_both_in_the_salt() -> None:
    salts = LineSalts(b"s" * 32, "game-1")
    assert salts(2) != salts(3)
    assert salts(12) != LineSalts(b"s" * 32, "game-11")(2)  # ".../game-1/12" and ".../game-11/2"
    assert len(salts(2)) == 64 and int(salts(2), 16) >= 0


def test_keys_at_the_hmac_block_edge() -> None:
    """A key of 64 bytes is padded; one byte longer, it is hashed first (RFC 2104)."""
    for length in (0, 63, 64, 65, 200):
        seed = bytes(range(length))
        assert LineSalts(seed, "g")(7) == line_salt(seed, "g", 7)
