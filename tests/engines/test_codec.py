"""The JSON codec: round trips, and a clear error naming the field for every malformed message."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from engines.base import Event
from engines.codec import Codec, DecodeError, encode


@dataclass(frozen=True)
class Hand:
    cards: tuple[str, ...]
    size: int


@dataclass(frozen=True)
class Dealt(Event):
    kind: ClassVar[str] = "dealt"
    seat: int
    faces: tuple[int, ...]
    hand: Hand
    mode: Literal["open", "closed"] = "open"
    note: str | None = None


CODEC = Codec([Dealt])
GOOD = Dealt(seat=2, faces=(1, 6), hand=Hand(cards=("A", "K"), size=2), mode="closed", note=None)


def test_a_message_survives_encode_and_decode() -> None:
    assert CODEC.decode(encode(GOOD)) == GOOD
    assert CODEC.decode({"kind": "dealt", "seat": 0, "faces": [], "hand": {"cards": [], "size": 0}}) == Dealt(
        0, (), Hand((), 0)
    )


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"seat": True}, "dealt.seat: expected int"),  # a bool is not an int
        ({"seat": "2"}, "dealt.seat: expected int"),
        ({"faces": [1, True]}, "dealt.faces[1]: expected int"),
        ({"faces": "16"}, "dealt.faces: expected a list"),
        ({"hand": {"cards": ["A", 3], "size": 2}}, "dealt.hand.cards[1]: expected str"),
        ({"hand": {"cards": [], "size": 0, "extra": 1}}, "dealt.hand: unknown field(s) ['extra']"),
        ({"mode": "shut"}, "dealt.mode: 'shut' is not one of"),
        ({"note": 5}, "dealt.note: 5 matches none of"),
        ({"extra": 1}, "dealt: unknown field(s) ['extra']"),
        ({"v": 2}, "dealt version 2 is not supported"),
        ({"kind": "dealtt"}, "unknown kind 'dealtt'"),
    ],
)
def test_a_malformed_message_is_refused_naming_the_field(change: dict[str, object], named: str) -> None:
    with pytest.raises(DecodeError) as error:
        CODEC.decode({**encode(GOOD), **change})
    assert named in str(error.value)


def test_a_missing_required_field_is_refused() -> None:
    data = encode(GOOD)
    del data["seat"]
    with pytest.raises(DecodeError, match="dealt: .*seat"):
        CODEC.decode(data)
