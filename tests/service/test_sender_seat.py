"""`sender_seat` answers as the two checks it stands for, one after the other, for any caller."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.core.auth import Caller, authenticate, seat_of, sender_seat, token_hash
from service.core.errors import ServiceError

TOKENS = ["seat-a", "seat-b", "seat-c", "organiser", "stranger"]


def both_checks(caller: Caller, hashes: list[str]) -> int | tuple[type, str]:
    try:
        seat = seat_of(authenticate(caller, hashes), hashes, required=True)
    except ServiceError as refused:
        return type(refused), refused.reason
    assert seat is not None
    return seat


def one_check(caller: Caller, hashes: list[str]) -> int | tuple[type, str]:
    try:
        return sender_seat(caller, hashes)
    except ServiceError as refused:
        return type(refused), refused.reason


@given(
    seats=st.lists(st.sampled_from([*TOKENS, ""]), min_size=1, max_size=4),
    token=st.sampled_from([None, *TOKENS]),
    organiser=st.booleans(),
)
def test_sender_seat_gives_the_seat_or_the_refusal_of_authenticate_then_seat_of(
    seats: list[str], token: str | None, organiser: bool
) -> None:
    hashes = [token_hash(t) if t else "" for t in seats]  # "": an open seat
    caller = Caller(token=token, is_organiser=organiser and token is not None)
    assert one_check(caller, hashes) == both_checks(caller, hashes)


def test_every_refusal_is_met() -> None:
    hashes = [token_hash("seat-a"), ""]
    assert one_check(Caller("seat-a"), hashes) == 0
    assert one_check(Caller(None), hashes)[1] == "TOKEN_REQUIRED"  # type: ignore[index]
    assert one_check(Caller("stranger"), hashes)[1] == "UNKNOWN_TOKEN"  # type: ignore[index]
    assert one_check(Caller("organiser", is_organiser=True), hashes)[1] == "NOT_A_SEAT"  # type: ignore[index]
